// D41 with D29 (issue 47): with a nomination HMRC pays us, and the claimant's money is client money
// kept in a double-entry ledger that always balances. Pure: pence, ISO dates, no I/O.
//
// A posting is a balanced set of entries: each moves pence into (+) or out of (-) an account, and a
// posting's entries add up to zero, so every balance of every case, and of the whole ledger, adds
// up to zero too. Money received from HMRC for a case leaves `hmrc` (-) and is `held` for the case
// (+); the fee moves from `held` to `fee-income`; the payout from `held` to `paid-out`. Once the
// claimant is paid, the case holds nothing: its `held` balance is zero.
import { formatPence } from './money.ts';
import { addIsoDays } from './dates.ts';
import { isWorkingDay } from './bank-holidays.ts';

export const LEDGER_ACCOUNTS = ['hmrc', 'held', 'fee-income', 'paid-out', 'refunded', 'written-off'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export const LEDGER_ACCOUNT_LABELS: Record<LedgerAccount, string> = {
  hmrc: 'Received from HMRC',
  held: 'Client money held',
  'fee-income': 'Fee income',
  'paid-out': 'Paid out to the claimant',
  refunded: 'Refunded to HMRC',
  'written-off': 'Written off',
};

export const POSTING_KINDS = ['receipt', 'fee', 'payout', 'refund', 'write-off'] as const;
export type PostingKind = (typeof POSTING_KINDS)[number];

export interface LedgerEntry {
  caseId: string;
  account: LedgerAccount;
  /** Pence into (+) or out of (-) the account. */
  pence: number;
}

/** Working days from HMRC's money arriving to the claimant's payout, unless configured. */
export const DEFAULT_PAYOUT_WORKING_DAYS = 5;

export const CLIENT_MONEY_MESSAGES = {
  noNomination:
    'No nomination is configured (NOMINATION is off): HMRC pays claimants directly, so there is no client money.',
  amountRequired: 'Enter the amount HMRC paid us, like 450.00',
  amountInvalid: 'Enter the amount HMRC paid us in pounds and pence, like 450.00',
  amountNotZero: 'Enter an amount more than £0',
  overReceived: (repaid: string, received: string) =>
    `HMRC’s recorded answers repaid ${repaid} on this case and ${received} has been received already: record HMRC’s answer first`,
  overHeld: (held: string) => `The payout is more than the ${held} held for this case`,
  alreadyMade: 'This payout has been made already: the same money is never paid twice.',
  stale: 'This payout was changed by someone else. Check it and try again.',
  noBankDetails: 'The claimant’s checked bank details are needed before the payout can be made.',
  cancelled: 'This payout was cancelled: what was held for it was refunded to HMRC or written off.',
  outAmountRequired: 'Enter the amount, like 450.00',
  outAmountInvalid: 'Enter the amount in pounds and pence, like 450.00',
  outOverHeld: (held: string) => `The amount is more than the ${held} held for this case`,
  reasonRequired: 'Enter the reason',
  writeOffAdminOnly: 'Only an admin can write off client money.',
  unbalanced: 'A posting’s entries must add up to zero',
} as const;

/** Moves `pence` of a case from one account to another: a balanced pair of entries. */
export function transfer(
  caseId: string,
  from: LedgerAccount,
  to: LedgerAccount,
  pence: number,
): LedgerEntry[] {
  return [
    { caseId, account: from, pence: -pence },
    { caseId, account: to, pence },
  ];
}

/** Why a posting cannot be written (null when it can): whole pence, none zero, adding up to zero. */
export function postingProblem(entries: readonly LedgerEntry[]): string | null {
  if (entries.length < 2) return 'A posting needs at least two entries';
  if (entries.some((e) => !Number.isSafeInteger(e.pence) || e.pence === 0))
    return 'Every entry is a whole number of pence other than 0';
  return entries.reduce((sum, e) => sum + e.pence, 0) === 0 ? null : CLIENT_MONEY_MESSAGES.unbalanced;
}

export type AccountBalances = Record<LedgerAccount, number>;
const zeroBalances = (): AccountBalances =>
  Object.fromEntries(LEDGER_ACCOUNTS.map((a) => [a, 0])) as AccountBalances;

export interface LedgerBalances {
  /** Per case, each account's balance. */
  cases: Map<string, AccountBalances>;
  /** Each account's balance over every case. */
  totals: AccountBalances;
  /** The sum of every entry: zero whenever every posting balanced. */
  net: number;
}

/** D41: per-case and overall balances of a set of entries (any order). */
export function ledgerBalancesOf(entries: Iterable<LedgerEntry>): LedgerBalances {
  const cases = new Map<string, AccountBalances>();
  const totals = zeroBalances();
  let net = 0;
  for (const e of entries) {
    const balances = cases.get(e.caseId) ?? zeroBalances();
    balances[e.account] += e.pence;
    cases.set(e.caseId, balances);
    totals[e.account] += e.pence;
    net += e.pence;
  }
  return { cases, totals, net };
}

/** What HMRC has paid in: the `hmrc` account's balance turned round (0, never -0, when nothing). */
export const receivedPenceOf = (balances: AccountBalances): number => 0 - balances.hmrc;

/** The sum of a case's balances: zero when its postings balanced (the reconciliation's check). */
export const caseNet = (balances: AccountBalances): number =>
  LEDGER_ACCOUNTS.reduce((sum, a) => sum + balances[a], 0);

/**
 * D41: money received from HMRC for a case, as two postings: the receipt (HMRC to held) and the
 * fee kept from it (held to fee income). The case's fee is caseMoneyOf's on HMRC's answers
 * (`caseFeePence`); receipts pay it first until it is all kept, and the rest is the claimant's.
 * Refused when more would be received than HMRC's answers say it repaid.
 */
export function receiptOf(input: {
  caseId: string;
  amountPence: number;
  /** What HMRC repaid over the case's years, by its recorded answers (caseMoneyOf). */
  repaidPence: number;
  /** The case's whole fee, VAT included (caseMoneyOf(...).fee.totalFeePence). */
  caseFeePence: number;
  /** Already received from HMRC for the case, and the fee already kept. */
  receivedPence: number;
  feeKeptPence: number;
}):
  | { receipt: LedgerEntry[]; fee: LedgerEntry[] | null; feePence: number; payoutPence: number }
  | { errors: Record<string, string> } {
  const { caseId, amountPence } = input;
  if (!Number.isSafeInteger(amountPence) || amountPence <= 0)
    return { errors: { amount: CLIENT_MONEY_MESSAGES.amountNotZero } };
  if (input.receivedPence + amountPence > input.repaidPence)
    return {
      errors: {
        amount: CLIENT_MONEY_MESSAGES.overReceived(
          formatPence(input.repaidPence),
          formatPence(input.receivedPence),
        ),
      },
    };
  const feePence = Math.min(amountPence, Math.max(0, input.caseFeePence - input.feeKeptPence));
  return {
    receipt: transfer(caseId, 'hmrc', 'held', amountPence),
    fee: feePence > 0 ? transfer(caseId, 'held', 'fee-income', feePence) : null,
    feePence,
    payoutPence: amountPence - feePence,
  };
}

/** `days` working days (England and Wales: no weekends, no bank holidays) after `from`. */
export function addWorkingDays(from: string, days: number): string {
  let day = from;
  for (let left = days; left > 0;) {
    day = addIsoDays(day, 1);
    if (isWorkingDay(day)) left -= 1;
  }
  return day;
}

/** D41: the payout is due within a set number of working days of the money arriving. */
export const payoutDueOn = (receivedOn: string, workingDays: number = DEFAULT_PAYOUT_WORKING_DAYS) =>
  addWorkingDays(receivedOn, workingDays);

export const PAYOUT_STATES = ['due', 'made', 'cancelled'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];
export const PAYOUT_STATE_LABELS: Record<PayoutState, string> = {
  due: 'Due',
  made: 'Made',
  cancelled: 'Cancelled',
};

/**
 * D41: why a payout cannot be made now (null when it can): never twice, never above what is held
 * for the case, and only to checked bank details.
 */
export function payoutProblem(input: {
  state: PayoutState;
  amountPence: number;
  heldPence: number;
  hasBankDetails: boolean;
}): string | null {
  if (input.state === 'made') return CLIENT_MONEY_MESSAGES.alreadyMade;
  if (input.state === 'cancelled') return CLIENT_MONEY_MESSAGES.cancelled;
  if (input.amountPence > input.heldPence)
    return CLIENT_MONEY_MESSAGES.overHeld(formatPence(input.heldPence));
  if (!input.hasBankDetails) return CLIENT_MONEY_MESSAGES.noBankDetails;
  return null;
}

/** The payout's posting: held to paid out. */
export const payoutPosting = (caseId: string, amountPence: number) =>
  transfer(caseId, 'held', 'paid-out', amountPence);

/** Text Bacs can carry in a reference: capitals, digits and spaces, 18 characters at most. */
export const bacsReference = (reference: string): string =>
  reference
    .toUpperCase()
    .replace(/[^A-Z0-9 ]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 18);

/** Money that leaves what is held for a case other than to the claimant (D41). */
export type MoneyOutKind = 'refund' | 'write-off';

/**
 * D41: money held for a case that goes back to HMRC (a refund: HMRC asked for it back, say it
 * repaid in error) or is written off (an admin's decision, with the reason), never more than is
 * held. What is then due to the claimant can be no more than is left: the newest due payouts are
 * cut first, and one cut to nothing is cancelled, so no payout is ever due above what is held.
 */
export function moneyOutOf(input: {
  caseId: string;
  kind: MoneyOutKind;
  amountPence: number;
  heldPence: number;
  /** The case's payouts still due, newest first. */
  duePayouts: readonly { id: string; amountPence: number }[];
}):
  | { entries: LedgerEntry[]; payouts: { id: string; amountPence: number; state: PayoutState }[] }
  | { errors: Record<string, string> } {
  const { caseId, amountPence, heldPence } = input;
  if (!Number.isSafeInteger(amountPence) || amountPence <= 0)
    return { errors: { amount: CLIENT_MONEY_MESSAGES.amountNotZero } };
  if (amountPence > heldPence)
    return { errors: { amount: CLIENT_MONEY_MESSAGES.outOverHeld(formatPence(heldPence)) } };
  const left = heldPence - amountPence;
  let excess = input.duePayouts.reduce((sum, p) => sum + p.amountPence, 0) - left;
  const payouts: { id: string; amountPence: number; state: PayoutState }[] = [];
  for (const p of input.duePayouts) {
    if (excess <= 0) break;
    const cut = Math.min(excess, p.amountPence);
    excess -= cut;
    const rest = p.amountPence - cut;
    // A payout cut to nothing keeps the amount it was for, cancelled; one cut part way is due for the rest.
    payouts.push(
      rest === 0
        ? { id: p.id, amountPence: p.amountPence, state: 'cancelled' }
        : { id: p.id, amountPence: rest, state: 'due' },
    );
  }
  const to = input.kind === 'refund' ? 'refunded' : 'written-off';
  return { entries: transfer(caseId, 'held', to, amountPence), payouts };
}
