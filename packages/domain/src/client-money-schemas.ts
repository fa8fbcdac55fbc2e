// D41 with D29 (issue 47): the client-money routes' requests and answers: money received from
// HMRC, the claimant's bank details, the day's payouts, a payout made and the reconciliation.
// Imported by sub-path ('@taxback/domain/client-money-schemas'): the admin bundle and the server.
import { z } from 'zod';
import { ADMIN_MESSAGES, parsePoundsToPence } from './admin-schemas.ts';
import {
  ACCOUNT_NAME_MAX_LENGTH,
  accountNumberFormatProblem,
  BANK_MESSAGES,
  normaliseBankDigits,
  sortCodeFormatProblem,
} from './bank-account.ts';
import { CLIENT_MONEY_MESSAGES, PAYOUT_STATES, POSTING_KINDS } from './client-money.ts';
import { nominationRecordSchema } from './nomination-schemas.ts';
import { DATE_SUBJECTS, dateRangeProblem, optionalDateField } from './date-rules.ts';
import { sanitiseText } from './sanitise.ts';

const pence = z.number().int();
const version = z.number({ error: ADMIN_MESSAGES.versionRequired }).int().min(1);

/**
 * An amount of money typed in pounds and pence: missing, empty or null is `required`, anything that
 * is not pounds and pence is `invalid`. Not optional: an optional key's refinement never runs when
 * it is left out, so a missing amount is the union's own error, told apart from a wrong type by its
 * input.
 */
function poundsField(required: string, invalid: string) {
  return z
    .union([z.string(), z.number(), z.null()], {
      error: (issue) => (issue.input === undefined ? required : invalid),
    })
    .superRefine((raw, ctx) => {
      if (raw === null || raw === '') ctx.addIssue({ code: 'custom', message: required });
      else if (Number.isNaN(parsePoundsToPence(raw))) ctx.addIssue({ code: 'custom', message: invalid });
    })
    .describe('Pounds and pence, like "100.00"');
}

/** Money HMRC paid us for a case: the amount, the day it arrived (today if left out), a retry key. */
export const clientMoneyReceiptSchema = z
  .object({
    amount: poundsField(CLIENT_MONEY_MESSAGES.amountRequired, CLIENT_MONEY_MESSAGES.amountInvalid),
    receivedOn: optionalDateField(DATE_SUBJECTS.receivedOn),
    idempotencyKey: z
      .uuid({ error: 'Reload the page and send it again' })
      .describe('One key per receipt, the same on every retry: a repeat posts nothing more'),
  })
  .transform((v) => ({
    amountPence: parsePoundsToPence(v.amount),
    receivedOn: v.receivedOn ?? null,
    idempotencyKey: v.idempotencyKey,
  }));
export type ClientMoneyReceiptInput = z.output<typeof clientMoneyReceiptSchema>;

const bankField = (problem: (raw: string) => string | null, required: string) =>
  z
    .string({ error: required })
    .superRefine((raw, ctx) => {
      const message = problem(raw);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform(normaliseBankDigits);

/**
 * D29: the claimant's bank account, given under a signed nomination (`signatureId`); `version` is
 * the current details' version as seen (0 when there are none). The modulus check is the server's.
 */
export const bankDetailsSchema = z.object({
  sortCode: bankField(sortCodeFormatProblem, BANK_MESSAGES.sortCodeRequired),
  accountNumber: bankField(accountNumberFormatProblem, BANK_MESSAGES.accountNumberRequired),
  accountName: z
    .string({ error: BANK_MESSAGES.accountNameRequired })
    .transform((s) => sanitiseText(s).trim())
    .pipe(
      z
        .string()
        .min(1, { error: BANK_MESSAGES.accountNameRequired })
        .max(ACCOUNT_NAME_MAX_LENGTH, { error: BANK_MESSAGES.accountNameTooLong }),
    ),
  signatureId: z
    .string({ error: BANK_MESSAGES.signatureRequired })
    .trim()
    .min(1, { error: BANK_MESSAGES.signatureRequired })
    .max(200, { error: ADMIN_MESSAGES.tooLong(200) }),
  version: z.number({ error: ADMIN_MESSAGES.versionRequired }).int().min(0),
});
export type BankDetailsInput = z.output<typeof bankDetailsSchema>;

/**
 * D41: client money held for a case refunded to HMRC or written off: the amount, the reason (kept
 * in the audit and the ledger's record) and a retry key.
 */
export const moneyOutSchema = z
  .object({
    amount: poundsField(CLIENT_MONEY_MESSAGES.outAmountRequired, CLIENT_MONEY_MESSAGES.outAmountInvalid),
    reason: z
      .string({ error: CLIENT_MONEY_MESSAGES.reasonRequired })
      .transform((s) => sanitiseText(s).trim())
      .pipe(
        z
          .string()
          .min(1, { error: CLIENT_MONEY_MESSAGES.reasonRequired })
          .max(500, { error: ADMIN_MESSAGES.tooLong(500) }),
      ),
    idempotencyKey: z
      .uuid({ error: 'Reload the page and send it again' })
      .describe('One key per refund or write-off, the same on every retry: a repeat posts nothing more'),
  })
  .transform((v) => ({
    amountPence: parsePoundsToPence(v.amount),
    reason: v.reason,
    idempotencyKey: v.idempotencyKey,
  }));
export type MoneyOutInput = z.output<typeof moneyOutSchema>;

/** A payout marked made, at the version seen. */
export const payoutMadeSchema = z.object({ version });
export type PayoutMadeInput = z.output<typeof payoutMadeSchema>;

/** The day's payouts: those due on or before `day` (today when left out), and those made or due on it. */
export const payoutDayQuerySchema = z.object({ day: optionalDateField(DATE_SUBJECTS.payoutDay) });
export type PayoutDayQuery = z.output<typeof payoutDayQuerySchema>;

/** The reconciliation's period (the current month when left out). */
export const reconciliationQuerySchema = z
  .object({ from: optionalDateField(DATE_SUBJECTS.from), to: optionalDateField(DATE_SUBJECTS.to) })
  .superRefine((v, ctx) => {
    const problem = dateRangeProblem(v.from, v.to);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['to'] });
  });
export type ReconciliationQuery = z.output<typeof reconciliationQuerySchema>;

const maskedAccountSchema = z.object({
  sortCode: z.string().describe('**-**-56'),
  accountNumber: z.string().describe('****5678'),
});

export const payoutViewSchema = z.object({
  id: z.string(),
  caseId: z.string(),
  claimId: z.string().describe('The case’s first claim, for a link to its page'),
  reference: z.string().describe('The Bacs reference: the case’s claim reference'),
  amountPence: pence,
  dueOn: z.string(),
  state: z.enum(PAYOUT_STATES),
  madeOn: z.string().nullable(),
  account: maskedAccountSchema.nullable().describe('The checked bank details, masked; null when none'),
  version: z.number().int(),
});
export type PayoutView = z.infer<typeof payoutViewSchema>;

/** The claim page's client-money panel: the case's balances, postings, payouts and bank details. */
export const caseClientMoneySchema = z.object({
  nomination: z.boolean().describe('Whether a nomination is configured (NOMINATION=on)'),
  balances: z.object({
    receivedPence: pence,
    feePence: pence,
    heldPence: pence.describe('Client money held for the case now'),
    paidOutPence: pence,
    refundedPence: pence.describe('Refunded to HMRC'),
    writtenOffPence: pence,
  }),
  postings: z.array(
    z.object({
      kind: z.enum(POSTING_KINDS),
      amountPence: pence,
      postedOn: z.string(),
      createdAt: z.string(),
    }),
  ),
  payouts: z.array(payoutViewSchema),
  bankDetails: maskedAccountSchema
    .extend({
      accountName: z.string(),
      version: z.number().int(),
      signatureId: z.string(),
      enteredBy: z.enum(['claimant', 'operator']),
      createdAt: z.string(),
    })
    .nullable(),
  nominations: z
    .array(nominationRecordSchema)
    .describe('D29: the signed nominations, oldest first, each with its signed PDF and audit trail'),
});
export type CaseClientMoney = z.infer<typeof caseClientMoneySchema>;

export const payoutDaySchema = z.object({
  day: z.string(),
  payouts: z.array(payoutViewSchema),
  duePence: pence.describe('What is still to pay among them'),
  fileUrl: z.string().describe('The payout file (CSV) of those due with bank details'),
});
export type PayoutDay = z.infer<typeof payoutDaySchema>;

const reconciliationFigures = {
  receivedPence: pence,
  feePence: pence,
  paidOutPence: pence,
  refundedPence: pence,
  writtenOffPence: pence,
  heldPence: pence.describe('Held at the end of the period'),
};
export const reconciliationSchema = z.object({
  from: z.string(),
  to: z.string(),
  cases: z.array(
    z.object({ caseId: z.string(), claimId: z.string(), reference: z.string(), ...reconciliationFigures }),
  ),
  totals: z.object(reconciliationFigures),
  ledgerNetPence: pence.describe('The sum of every entry ever posted: 0 when the ledger balances'),
  csvUrl: z.string(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;
