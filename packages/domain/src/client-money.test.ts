import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  bacsReference,
  caseNet,
  CLIENT_MONEY_MESSAGES,
  ledgerBalancesOf,
  moneyOutOf,
  payoutDueOn,
  payoutPosting,
  payoutProblem,
  postingProblem,
  receiptOf,
  transfer,
  type LedgerEntry,
} from './client-money.ts';
import { calculateFee } from './fees.ts';
import { clientMoneyReceiptSchema, moneyOutSchema } from './client-money-schemas.ts';

// D41 (with D29): client money in a double-entry ledger that always balances, per case and overall;
// payouts never above what is held, never twice, a set number of working days after receipt.

describe('postingProblem (D41: every posting balances)', () => {
  it.each<[string, LedgerEntry[], string | null]>([
    ['a transfer', transfer('c', 'hmrc', 'held', 45_000), null],
    [
      'three entries adding up to zero',
      [
        { caseId: 'c', account: 'hmrc', pence: -45_000 },
        { caseId: 'c', account: 'held', pence: 36_000 },
        { caseId: 'c', account: 'fee-income', pence: 9_000 },
      ],
      null,
    ],
    [
      'a penny out',
      [
        { caseId: 'c', account: 'hmrc', pence: -45_000 },
        { caseId: 'c', account: 'held', pence: 44_999 },
      ],
      CLIENT_MONEY_MESSAGES.unbalanced,
    ],
    ['one entry', [{ caseId: 'c', account: 'held', pence: 0 }], 'A posting needs at least two entries'],
    ['a zero entry', transfer('c', 'hmrc', 'held', 0), 'Every entry is a whole number of pence other than 0'],
    [
      'a fraction of a penny',
      transfer('c', 'hmrc', 'held', 0.5),
      'Every entry is a whole number of pence other than 0',
    ],
  ])('%s', (_name, entries, problem) => {
    expect(postingProblem(entries)).toBe(problem);
  });
});

describe('receiptOf (D41: HMRC’s money in, the fee kept, the rest held for the claimant)', () => {
  const fee = calculateFee(45_000, { percent: 20, minimumPence: 0, vatPercent: 0 });
  const base = {
    caseId: 'c',
    repaidPence: 45_000,
    caseFeePence: fee.totalFeePence,
    receivedPence: 0,
    feeKeptPence: 0,
  };

  it.each([
    ['£450 in one payment: £90 kept, £360 to pay out', { amountPence: 45_000 }, 9_000, 36_000],
    ['£50 first: all of it is fee', { amountPence: 5_000 }, 5_000, 0],
    [
      '£400 after £50: the fee’s last £40 kept',
      { amountPence: 40_000, receivedPence: 5_000, feeKeptPence: 5_000 },
      4_000,
      36_000,
    ],
    ['no fee set: all of it to pay out', { amountPence: 45_000, caseFeePence: 0 }, 0, 45_000],
  ])('%s', (_name, input, feePence, payoutPence) => {
    const result = receiptOf({ ...base, ...input });
    if ('errors' in result) throw new Error(JSON.stringify(result.errors));
    expect([result.feePence, result.payoutPence]).toEqual([feePence, payoutPence]);
    expect(postingProblem(result.receipt)).toBeNull();
    if (result.fee) expect(postingProblem(result.fee)).toBeNull();
    else expect(feePence).toBe(0);
  });

  it.each([
    [
      'more than HMRC repaid',
      { amountPence: 45_001 },
      'HMRC’s recorded answers repaid £450.00 on this case and £0.00 has been received already: record HMRC’s answer first',
    ],
    [
      'beyond what is left after a receipt',
      { amountPence: 10_000, receivedPence: 40_000 },
      'HMRC’s recorded answers repaid £450.00 on this case and £400.00 has been received already: record HMRC’s answer first',
    ],
    ['nothing', { amountPence: 0 }, CLIENT_MONEY_MESSAGES.amountNotZero],
  ])('refuses %s', (_name, input, message) => {
    expect(receiptOf({ ...base, ...input })).toEqual({ errors: { amount: message } });
  });
});

describe('ledgerBalancesOf (D41: per case and overall)', () => {
  it('leaves a case at zero held once its payout is made, and the whole ledger at zero', () => {
    const received = receiptOf({
      caseId: 'a',
      amountPence: 45_000,
      repaidPence: 45_000,
      caseFeePence: 9_000,
      receivedPence: 0,
      feeKeptPence: 0,
    });
    if ('errors' in received) throw new Error('refused');
    const entries = [
      ...received.receipt,
      ...(received.fee ?? []),
      ...payoutPosting('a', received.payoutPence),
      ...transfer('b', 'hmrc', 'held', 12_345),
    ];
    const { cases, totals, net } = ledgerBalancesOf(entries);
    expect(cases.get('a')).toEqual({
      hmrc: -45_000,
      held: 0,
      'fee-income': 9_000,
      'paid-out': 36_000,
      refunded: 0,
      'written-off': 0,
    });
    expect(cases.get('b')?.held).toBe(12_345);
    expect(totals.held).toBe(12_345);
    expect(net).toBe(0);
    expect(caseNet(cases.get('a')!)).toBe(0);
    expect(caseNet(cases.get('b')!)).toBe(0);
  });

  it('shows an unbalanced entry in the net', () => {
    expect(ledgerBalancesOf([{ caseId: 'a', account: 'held', pence: 1 }]).net).toBe(1);
  });
});

describe('payoutProblem (D41: never above what is held, never twice)', () => {
  const due = { state: 'due' as const, amountPence: 36_000, heldPence: 36_000, hasBankDetails: true };
  it.each<[string, Partial<typeof due> | { state: 'made' | 'cancelled' }, string | null]>([
    ['all that is held', {}, null],
    ['less than is held', { heldPence: 40_000 }, null],
    ['above what is held', { heldPence: 35_999 }, 'The payout is more than the £359.99 held for this case'],
    ['made already', { state: 'made' }, CLIENT_MONEY_MESSAGES.alreadyMade],
    ['cancelled by a refund or write-off', { state: 'cancelled' }, CLIENT_MONEY_MESSAGES.cancelled],
    ['without checked bank details', { hasBankDetails: false }, CLIENT_MONEY_MESSAGES.noBankDetails],
  ])('%s', (_name, change, problem) => {
    expect(payoutProblem({ ...due, ...change })).toBe(problem);
  });
});

// D41: the ledger's other ways out of client money held, refunded to HMRC or written off, never
// above what is held; what is due to the claimant is cut (newest payout first) to what is left.
describe('moneyOutOf (D41: refunds to HMRC and write-offs)', () => {
  const held = { caseId: 'c', heldPence: 36_000 };
  const due = [
    { id: 'p2', amountPence: 10_000 },
    { id: 'p1', amountPence: 26_000 },
  ];
  it.each<[string, number, readonly { id: string; amountPence: number }[], unknown]>([
    [
      'a refund of everything held cancels every payout due',
      36_000,
      due,
      [
        { id: 'p2', amountPence: 10_000, state: 'cancelled' },
        { id: 'p1', amountPence: 26_000, state: 'cancelled' },
      ],
    ],
    [
      'part of it cuts the newest payout first',
      12_000,
      due,
      [
        { id: 'p2', amountPence: 10_000, state: 'cancelled' },
        { id: 'p1', amountPence: 24_000, state: 'due' },
      ],
    ],
    [
      'money held beyond what is due leaves the payouts as they are',
      5_000,
      [{ id: 'p1', amountPence: 26_000 }],
      [],
    ],
  ])('%s', (_name, amountPence, duePayouts, payouts) => {
    const out = moneyOutOf({ ...held, kind: 'refund', amountPence, duePayouts });
    expect(out).toEqual({ entries: transfer('c', 'held', 'refunded', amountPence), payouts });
    if ('entries' in out) expect(postingProblem(out.entries)).toBeNull();
  });

  it('writes off into its own account', () => {
    expect(moneyOutOf({ ...held, kind: 'write-off', amountPence: 100, duePayouts: [] })).toEqual({
      entries: transfer('c', 'held', 'written-off', 100),
      payouts: [],
    });
  });

  it.each([
    ['more than is held', 36_001, 'The amount is more than the £360.00 held for this case'],
    ['nothing', 0, CLIENT_MONEY_MESSAGES.amountNotZero],
    ['part of a penny', 1.5, CLIENT_MONEY_MESSAGES.amountNotZero],
  ])('refuses %s', (_name, amountPence, message) => {
    expect(moneyOutOf({ ...held, kind: 'refund', amountPence, duePayouts: due })).toEqual({
      errors: { amount: message },
    });
  });
});

describe('payoutDueOn (D41: N working days after receipt, England and Wales bank holidays)', () => {
  it.each([
    ['a Monday + 5', '2026-11-30', 5, '2026-12-07'],
    ['a Friday + 1 skips the weekend', '2026-12-04', 1, '2026-12-07'],
    ['across Christmas and Boxing Day (Monday 28th is the substitute)', '2026-12-23', 2, '2026-12-29'],
    ['across Easter 2027 (Good Friday 26 March, Easter Monday 29 March)', '2027-03-25', 1, '2027-03-30'],
    ['zero days is the day itself', '2026-12-05', 0, '2026-12-05'],
  ])('%s', (_name, from, days, due) => {
    expect(payoutDueOn(from, days)).toBe(due);
    expect(addWorkingDays(from, days)).toBe(due);
  });
});

describe('bacsReference', () => {
  it.each([
    ['TB 4K7 9MX 2QH', 'TB 4K7 9MX 2QH'],
    ['gen-00012345', 'GEN00012345'],
    ['a very long reference beyond eighteen', 'A VERY LONG REFERE'],
  ])('%s → %s', (raw, ref) => expect(bacsReference(raw)).toBe(ref));
});

describe('the amounts an operator types for client money', () => {
  const key = '6f1c1e0a-2b1c-4a8e-9d7e-0b7c9a1d2e3f';
  const amountMessage = (result: {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) => result.error?.issues.find((i) => i.path[0] === 'amount')?.message;

  it.each<[string, unknown, string | undefined]>([
    ['left out', undefined, CLIENT_MONEY_MESSAGES.amountRequired],
    ['empty', '', CLIENT_MONEY_MESSAGES.amountRequired],
    ['null', null, CLIENT_MONEY_MESSAGES.amountRequired],
    ['not pounds and pence', '4.5.0', CLIENT_MONEY_MESSAGES.amountInvalid],
    ['not a string or number', true, CLIENT_MONEY_MESSAGES.amountInvalid],
    ['pounds and pence', '450.00', undefined],
  ])('a receipt’s amount %s', (_name, amount, message) => {
    const input = amount === undefined ? { idempotencyKey: key } : { amount, idempotencyKey: key };
    expect(amountMessage(clientMoneyReceiptSchema.safeParse(input))).toBe(message);
  });

  it.each<[string, unknown, string | undefined]>([
    ['left out', undefined, CLIENT_MONEY_MESSAGES.outAmountRequired],
    ['empty', '', CLIENT_MONEY_MESSAGES.outAmountRequired],
    ['not pounds and pence', 'ten', CLIENT_MONEY_MESSAGES.outAmountInvalid],
    ['pounds and pence', 100, undefined],
  ])('a refund’s amount %s', (_name, amount, message) => {
    const input = {
      reason: 'Sent back to HMRC',
      idempotencyKey: key,
      ...(amount === undefined ? {} : { amount }),
    };
    expect(amountMessage(moneyOutSchema.safeParse(input))).toBe(message);
  });
});
