// D41 (issue 47): without a nomination HMRC repays the claimant and we invoice our fee: one invoice
// per case, numbered in one gapless sequence, VAT where set, with a way to pay. Its state is on the
// record: issued, part paid, paid, overdue, written off (with a reason) or credited. Pure: pence
// and ISO dates; the figures come from caseMoneyOf (hmrc-answers.ts), never from the caller.
import { addIsoDays, formatIsoDate } from './dates.ts';
import type { CaseMoney } from './hmrc-answers.ts';
import { formatPence } from './money.ts';

export const INVOICE_STATES = ['issued', 'part-paid', 'paid', 'overdue', 'written-off', 'credited'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = {
  issued: 'Issued',
  'part-paid': 'Part paid',
  paid: 'Paid',
  overdue: 'Overdue',
  'written-off': 'Written off',
  credited: 'Credited',
};

/** What an operator does to an invoice after issuing it. */
export type InvoiceMove = 'payment' | 'write-off' | 'credit';

export const PAYMENT_METHODS = ['bank-transfer', 'card', 'cheque', 'cash', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  'bank-transfer': 'Bank transfer',
  card: 'Card',
  cheque: 'Cheque',
  cash: 'Cash',
  other: 'Other',
};

/** Days from issue to the due date, unless configured (INVOICE_DUE_DAYS). */
export const DEFAULT_INVOICE_DUE_DAYS = 14;

export const INVOICE_MESSAGES = {
  nothingRepaid:
    'HMRC has not repaid anything on this case yet: record HMRC’s repayment first. Relief through the tax code carries no fee.',
  nothingGiven:
    'HMRC has not given any relief on this case yet: record HMRC’s answer (a repayment or a tax code change) first.',
  noFee: 'No fee is set (FEE_PERCENT is 0), so there is nothing to invoice.',
  exists: 'This case already has an invoice: there is one invoice per case.',
  stale: 'This invoice was changed by someone else. Check it and try again.',
  amountRequired: 'Enter the amount paid, like 90.00',
  amountInvalid: 'Enter the amount paid in pounds and pence, like 90.00',
  amountNotZero: 'Enter an amount more than £0',
  overpaid: (owed: string) => `The amount is more than the ${owed} still owed on this invoice`,
  methodRequired: 'Select how it was paid',
  reasonRequired: 'Enter the reason',
  closed: (state: string) => `This invoice is ${state.toLowerCase()}: nothing more can be recorded on it.`,
  creditAfterPayment:
    'This invoice has payments on it: it cannot be credited. Write off what is still owed instead.',
  writeOffAdminOnly: 'Only an admin can write off an invoice.',
} as const;

/** The number as printed: INV-000042. The sequence is the number; the prefix only reads well. */
export const invoiceNumberText = (n: number): string => `INV-${String(n).padStart(6, '0')}`;

/** Money an invoice is issued for, from the case's money (caseMoneyOf); null when nothing is owed. */
export function invoiceAmountsOf(
  money: CaseMoney,
):
  | { repaidPence: number; taxCodePence: number; feePence: number; vatPence: number; totalPence: number }
  | { refused: string } {
  if (money.feeBasePence <= 0)
    return { refused: money.taxCodeCharged ? INVOICE_MESSAGES.nothingGiven : INVOICE_MESSAGES.nothingRepaid };
  if (money.fee.totalFeePence <= 0) return { refused: INVOICE_MESSAGES.noFee };
  return {
    repaidPence: money.repaidPence,
    /** Tax-code relief the fee is charged on too (0 unless charged, D41). */
    taxCodePence: money.feeBasePence - money.repaidPence,
    feePence: money.fee.feePence,
    vatPence: money.fee.vatPence,
    totalPence: money.fee.totalFeePence,
  };
}

export const invoiceDueOn = (issuedOn: string, dueDays: number = DEFAULT_INVOICE_DUE_DAYS) =>
  addIsoDays(issuedOn, dueDays);

const CLOSED: readonly InvoiceState[] = ['paid', 'written-off', 'credited'];
export const isInvoiceOpen = (state: InvoiceState) => !CLOSED.includes(state);

/**
 * D41: the state an invoice is in today. Paid, written off and credited are final; otherwise the
 * payments decide between issued and part paid, and an open invoice past its due date is overdue.
 */
export function invoiceStateOf(input: {
  stored: InvoiceState;
  totalPence: number;
  paidPence: number;
  dueOn: string;
  today: string;
}): InvoiceState {
  if (!isInvoiceOpen(input.stored)) return input.stored;
  if (input.paidPence >= input.totalPence) return 'paid';
  if (input.today > input.dueOn) return 'overdue';
  return input.paidPence > 0 ? 'part-paid' : 'issued';
}

/**
 * D41: whether `move` is allowed on an invoice in `state` with `paidPence` paid; the refusal's
 * message when not. A payment, a write-off or a credit needs an open invoice; a credit cancels an
 * invoice nobody has paid towards (a paid part would need a refund); a write-off is an admin's.
 */
export function invoiceMoveProblem(
  move: InvoiceMove,
  invoice: { state: InvoiceState; paidPence: number },
  actor: { admin: boolean },
): string | null {
  if (!isInvoiceOpen(invoice.state)) return INVOICE_MESSAGES.closed(INVOICE_STATE_LABELS[invoice.state]);
  if (move === 'write-off' && !actor.admin) return INVOICE_MESSAGES.writeOffAdminOnly;
  if (move === 'credit' && invoice.paidPence > 0) return INVOICE_MESSAGES.creditAfterPayment;
  return null;
}

/** A payment's problem by field: more than £0 and no more than what is still owed. */
export function paymentProblems(
  amountPence: number,
  invoice: { totalPence: number; paidPence: number },
): Record<string, string> {
  const owed = invoice.totalPence - invoice.paidPence;
  if (amountPence <= 0) return { amount: INVOICE_MESSAGES.amountNotZero };
  if (amountPence > owed) return { amount: INVOICE_MESSAGES.overpaid(formatPence(owed)) };
  return {};
}

/** The stored state after a payment: paid once the payments reach the total, else part paid. */
export const stateAfterPayment = (totalPence: number, paidPence: number): InvoiceState =>
  paidPence >= totalPence ? 'paid' : 'part-paid';

/** How to pay, as the email, the status page and the PDF say it (the offline default: a transfer). */
export function howToPay(input: {
  number: number;
  totalPence: number;
  dueOn: string;
  payTo: string;
}): string {
  return `Pay ${formatPence(input.totalPence)} by ${formatIsoDate(input.dueOn)} by bank transfer to ${input.payTo.trim()}, quoting the reference ${invoiceNumberText(input.number)}.`;
}

/** An invoice as stored, in the domain's words (the server maps its row onto it). */
export interface InvoiceRecord {
  number: number;
  issuedOn: string;
  dueOn: string;
  repaidPence: number;
  /** Relief through the tax code the fee was charged on too; 0 unless charged (D41). */
  taxCodePence: number;
  feePence: number;
  vatPence: number;
  totalPence: number;
  /** VAT rate in basis points (2000 = 20%). */
  vatBasisPoints: number;
  paidPence: number;
  state: InvoiceState;
  stateReason: string | null;
  version: number;
}

/** Our details, as configured, for the invoice and its way to pay. */
export interface InvoiceIssuer {
  name: string;
  address: string;
  /** Empty when we are not VAT registered: then no VAT line and no number. */
  vatNumber: string;
  /** Where a bank transfer goes (the offline default's way to pay). */
  payTo: string;
}

/** D41: the invoice as both sides see it today: its state, what is owed and how to pay. */
export function invoiceViewOf(record: InvoiceRecord, today: string, payTo: string) {
  const state = invoiceStateOf({ ...record, stored: record.state, today });
  const owedPence = isInvoiceOpen(state) ? record.totalPence - record.paidPence : 0;
  return {
    number: invoiceNumberText(record.number),
    issuedOn: record.issuedOn,
    dueOn: record.dueOn,
    repaidPence: record.repaidPence,
    taxCodePence: record.taxCodePence,
    feePence: record.feePence,
    vatPence: record.vatPence,
    totalPence: record.totalPence,
    paidPence: record.paidPence,
    owedPence,
    /** What the claimant keeps of HMRC's relief (the repayment, and tax-code relief where charged). */
    claimantPence: record.repaidPence + record.taxCodePence - record.totalPence,
    state,
    stateLabel: INVOICE_STATE_LABELS[state],
    stateReason: record.stateReason,
    howToPay:
      owedPence > 0
        ? howToPay({ number: record.number, totalPence: owedPence, dueOn: record.dueOn, payTo })
        : null,
    version: record.version,
  };
}
export type InvoiceView = ReturnType<typeof invoiceViewOf>;

const percentText = (basisPoints: number) => `${basisPoints / 100}%`;

/** D41 with D20: every line of the invoice's PDF, worked out here and only drawn by the server. */
export function invoiceDocumentOf(
  record: InvoiceRecord,
  input: { issuer: InvoiceIssuer; reference: string; issuedAt: string; today: string },
) {
  const view = invoiceViewOf(record, input.today, input.issuer.payTo);
  const { issuer } = input;
  const vat = issuer.vatNumber.trim();
  const amounts: Array<[string, string]> = [
    ['HMRC repaid you', formatPence(record.repaidPence)],
    ...(record.taxCodePence > 0
      ? [['Relief through your tax code', formatPence(record.taxCodePence)] as [string, string]]
      : []),
    ['Our fee', formatPence(record.feePence)],
    ...(vat || record.vatPence > 0
      ? [[`VAT at ${percentText(record.vatBasisPoints)}`, formatPence(record.vatPence)] as [string, string]]
      : []),
    ['Total', formatPence(record.totalPence)],
    ...(record.paidPence > 0 ? [['Paid', formatPence(record.paidPence)] as [string, string]] : []),
    ...(view.owedPence !== record.totalPence
      ? [['Still owed', formatPence(view.owedPence)] as [string, string]]
      : []),
  ];
  return {
    number: view.number,
    issuedAt: input.issuedAt,
    from: [issuer.name, ...issuer.address.split('\n'), ...(vat ? [`VAT registration number ${vat}`] : [])],
    details: [
      ['Invoice number', view.number],
      ['Date', formatIsoDate(record.issuedOn)],
      ['Due by', formatIsoDate(record.dueOn)],
      ['Your claim reference', input.reference],
      ['State', view.stateLabel],
    ] as Array<[string, string]>,
    amounts,
    notes: [
      ...(view.howToPay ? [view.howToPay] : []),
      record.taxCodePence > 0
        ? `Our fee is worked out on what HMRC repaid you and the relief it gives you through your tax code, as the terms you signed say. You keep ${formatPence(view.claimantPence)}.`
        : `Our fee is worked out on what HMRC repaid you; relief HMRC gives through your tax code carries no fee. You keep ${formatPence(view.claimantPence)}.`,
    ],
  };
}
