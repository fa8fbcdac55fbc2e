import { describe, expect, it } from 'vitest';
import { calculateFee } from './fees.ts';
import { caseMoneyOf } from './hmrc-answers.ts';
import {
  howToPay,
  INVOICE_MESSAGES,
  invoiceAmountsOf,
  invoiceDueOn,
  invoiceMoveProblem,
  invoiceNumberText,
  invoiceStateOf,
  paymentProblems,
  stateAfterPayment,
  type InvoiceMove,
  type InvoiceState,
} from './invoices.ts';

// The rules of D41 (docs/decisions/product-decisions.md and decision 074): one invoice per case on
// what HMRC repaid, its states and the moves allowed from each.

const FEE_20 = { percent: 20, minimumPence: 0, vatPercent: 0 };
const repaid = (pence: number, givenAs: 'repayment' | 'tax-code' = 'repayment') =>
  ({ decision: 'accepted', pence, givenAs }) as const;

describe('invoiceAmountsOf (D41: the fee on what HMRC repaid)', () => {
  it.each([
    [
      '£450 repaid at 20%',
      [repaid(45_000)],
      FEE_20,
      { repaidPence: 45_000, taxCodePence: 0, feePence: 9_000, vatPence: 0, totalPence: 9_000 },
    ],
    [
      '£450 repaid at 20% plus 20% VAT',
      [repaid(45_000)],
      { ...FEE_20, vatPercent: 20 },
      { repaidPence: 45_000, taxCodePence: 0, feePence: 9_000, vatPence: 1_800, totalPence: 10_800 },
    ],
    [
      'tax-code relief carries no fee',
      [repaid(45_000), repaid(12_000, 'tax-code')],
      FEE_20,
      { repaidPence: 45_000, taxCodePence: 0, feePence: 9_000, vatPence: 0, totalPence: 9_000 },
    ],
    ['nothing repaid', [repaid(12_000, 'tax-code')], FEE_20, { refused: INVOICE_MESSAGES.nothingRepaid }],
    // D41: tax-code relief is charged only when the settings and the signed terms say so
    // (feesChargedOn); then it is invoiced beside the repayment, and alone when nothing was repaid.
    [
      'tax-code relief charged where the terms say so',
      [repaid(45_000), repaid(12_000, 'tax-code')],
      { ...FEE_20, onTaxCode: true },
      { repaidPence: 45_000, taxCodePence: 12_000, feePence: 11_400, vatPence: 0, totalPence: 11_400 },
    ],
    [
      'tax-code relief alone, charged',
      [repaid(12_000, 'tax-code')],
      { ...FEE_20, onTaxCode: true },
      { repaidPence: 0, taxCodePence: 12_000, feePence: 2_400, vatPence: 0, totalPence: 2_400 },
    ],
    [
      'nothing given at all, tax code charged',
      [],
      { ...FEE_20, onTaxCode: true },
      { refused: INVOICE_MESSAGES.nothingGiven },
    ],
    [
      'no fee set',
      [repaid(45_000)],
      { percent: 0, minimumPence: 0, vatPercent: 0 },
      { refused: INVOICE_MESSAGES.noFee },
    ],
  ])('%s', (_name, answers, fees, expected) => {
    expect(invoiceAmountsOf(caseMoneyOf(answers, fees))).toEqual(expected);
  });

  it('never recomputes the fee: the amounts are calculateFee’s', () => {
    const fees = { percent: 17.5, minimumPence: 2_500, vatPercent: 20 };
    const fee = calculateFee(10_001, fees);
    expect(invoiceAmountsOf(caseMoneyOf([repaid(10_001)], fees))).toEqual({
      repaidPence: 10_001,
      taxCodePence: 0,
      feePence: fee.feePence,
      vatPence: fee.vatPence,
      totalPence: fee.totalFeePence,
    });
  });
});

describe('invoiceStateOf (D41: issued, part paid, paid, overdue, written off, credited)', () => {
  const base = { totalPence: 9_000, dueOn: '2026-12-13', today: '2026-12-01' };
  it.each<[InvoiceState, number, string, InvoiceState]>([
    ['issued', 0, '2026-12-01', 'issued'],
    ['issued', 0, '2026-12-13', 'issued'],
    ['issued', 0, '2026-12-14', 'overdue'],
    ['part-paid', 4_000, '2026-12-01', 'part-paid'],
    ['part-paid', 4_000, '2026-12-14', 'overdue'],
    ['overdue', 4_000, '2026-12-20', 'overdue'],
    ['part-paid', 9_000, '2026-12-20', 'paid'],
    ['paid', 9_000, '2027-01-20', 'paid'],
    ['written-off', 4_000, '2027-01-20', 'written-off'],
    ['credited', 0, '2027-01-20', 'credited'],
  ])('stored %s with %i paid on %s is %s', (stored, paidPence, today, expected) => {
    expect(invoiceStateOf({ ...base, stored, paidPence, today })).toBe(expected);
  });
});

describe('invoiceMoveProblem (D41: what each state allows)', () => {
  const closed = (label: string) => INVOICE_MESSAGES.closed(label);
  it.each<[InvoiceMove, InvoiceState, number, boolean, string | null]>([
    ['payment', 'issued', 0, false, null],
    ['payment', 'part-paid', 4_000, false, null],
    ['payment', 'overdue', 0, false, null],
    ['payment', 'paid', 9_000, true, closed('Paid')],
    ['payment', 'written-off', 0, true, closed('Written off')],
    ['payment', 'credited', 0, true, closed('Credited')],
    ['write-off', 'overdue', 4_000, true, null],
    ['write-off', 'issued', 0, false, INVOICE_MESSAGES.writeOffAdminOnly],
    ['write-off', 'paid', 9_000, true, closed('Paid')],
    ['credit', 'issued', 0, false, null],
    ['credit', 'overdue', 0, false, null],
    ['credit', 'part-paid', 4_000, true, INVOICE_MESSAGES.creditAfterPayment],
    ['credit', 'credited', 0, true, closed('Credited')],
  ])('%s on %s (%i paid, admin %s)', (move, state, paidPence, admin, expected) => {
    expect(invoiceMoveProblem(move, { state, paidPence }, { admin })).toBe(expected);
  });
});

describe('paymentProblems and stateAfterPayment (D41: paid or part paid from the payments)', () => {
  const invoice = { totalPence: 9_000, paidPence: 4_000 };
  it.each<[number, Record<string, string>]>([
    [5_000, {}],
    [1, {}],
    [5_001, { amount: INVOICE_MESSAGES.overpaid('£50.00') }],
    [0, { amount: INVOICE_MESSAGES.amountNotZero }],
  ])('%i pence', (amount, expected) => {
    expect(paymentProblems(amount, invoice)).toEqual(expected);
  });
  it.each<[number, InvoiceState]>([
    [4_000, 'part-paid'],
    [8_999, 'part-paid'],
    [9_000, 'paid'],
  ])('%i paid of £90 is %s', (paid, state) => {
    expect(stateAfterPayment(9_000, paid)).toBe(state);
  });
});

describe('numbers, due dates and how to pay', () => {
  it('prints the sequence number with its prefix', () => {
    expect(invoiceNumberText(42)).toBe('INV-000042');
  });
  it('is due the configured days after issue', () => {
    expect(invoiceDueOn('2026-12-30', 14)).toBe('2027-01-13');
  });
  it('says the amount, the date, where to and the reference', () => {
    expect(howToPay({ number: 7, totalPence: 9_000, dueOn: '2027-01-13', payTo: 'Example Ltd ' })).toBe(
      'Pay £90.00 by 13 January 2027 by bank transfer to Example Ltd, quoting the reference INV-000007.',
    );
  });
});
