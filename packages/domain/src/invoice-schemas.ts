// D41 (issue 47): the invoice as the API answers it, to operators (with its payments and whether one
// can be issued) and to the claimant (with its download link). Built by invoiceViewOf.
import { z } from 'zod';
import { INVOICE_STATES, PAYMENT_METHODS, type InvoiceView } from './invoices.ts';
import type { SameType } from './schema-basics.ts';

const pence = z.number().int();

export const invoiceViewSchema = z.object({
  number: z.string().describe('As printed: INV-000042'),
  issuedOn: z.string(),
  dueOn: z.string(),
  repaidPence: pence.describe('What HMRC repaid over the case’s years: the fee’s base (D40)'),
  taxCodePence: pence.describe('Tax-code relief the fee was charged on too; 0 unless charged (D41)'),
  feePence: pence,
  vatPence: pence,
  totalPence: pence,
  paidPence: pence,
  owedPence: pence.describe('Still owed; 0 once paid, written off or credited'),
  claimantPence: pence.describe('What the claimant keeps of the repayment after the fee'),
  state: z.enum(INVOICE_STATES).describe('Today’s: an open invoice past its due date is overdue'),
  stateLabel: z.string(),
  stateReason: z.string().nullable().describe('A write-off’s or a credit’s reason'),
  howToPay: z.string().nullable().describe('The way to pay what is owed; null when nothing is'),
  version: z.number().int().describe('Send back with a payment, a write-off or a credit'),
});
// Compile-time: the schema says what invoiceViewOf builds.
true satisfies SameType<z.infer<typeof invoiceViewSchema>, InvoiceView>;

/** The claim page's invoice panel: the case's invoice with its payments, or why none can be issued. */
export const operatorInvoiceSchema = z.object({
  invoice: invoiceViewSchema
    .extend({
      payments: z.array(
        z.object({
          amountPence: pence,
          paidOn: z.string(),
          method: z.enum(PAYMENT_METHODS),
          operator: z.string().nullable(),
          createdAt: z.string(),
        }),
      ),
      pdfUrl: z.string(),
    })
    .nullable(),
  /** Null when an invoice can be issued now; else why not (nothing repaid, no fee, one exists). */
  notIssuable: z.string().nullable(),
});
export type OperatorInvoice = z.infer<typeof operatorInvoiceSchema>;

/** The claimant's status page: their invoice, where to download it and whether to offer a card. */
export const claimantInvoiceSchema = invoiceViewSchema.extend({
  downloadUrl: z.string(),
  payByCard: z
    .boolean()
    .describe(
      'Decision 078: a card payment is offered (a payment provider is configured and something is owed)',
    ),
});
