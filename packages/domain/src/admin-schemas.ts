// Schemas for the operator back-office API (D11, D22), shared by the admin screens and the server.
// Imported by sub-path ('@taxback/domain/admin-schemas'): only the admin bundle carries them.
import { z } from 'zod';
import { CLAIM_STATUSES, reasonRequired } from './claim-status.ts';
import { EMAIL_MAX_LENGTH, isValidEmail } from './email.ts';
import { sanitiseEmail, sanitiseText } from './sanitise.ts';
import { DATE_SUBJECTS, dateRangeProblem, optionalDateField } from './date-rules.ts';
import {
  decisionGivesRelief,
  decisionNeedsReason,
  HMRC_DECISIONS,
  RELIEF_GIVEN_AS,
  YEAR_ANSWER_MESSAGES,
} from './hmrc-answers.ts';
import { isTaxYear, type TaxYear } from './tax-years.ts';
import { INVOICE_MESSAGES, PAYMENT_METHODS } from './invoices.ts';

export const ADMIN_MESSAGES = {
  emailRequired: 'Enter your email address',
  emailInvalid: 'Enter an email address in the correct format, like name@example.com',
  passwordRequired: 'Enter your password',
  codeRequired: 'Enter the 6-digit security code from your authenticator app',
  codeFormat: 'The security code must be 6 digits',
  nameRequired: 'Enter the operator’s full name',
  roleRequired: 'Select a role',
  passwordTooShort: `The password must be at least 12 characters`,
  statusRequired: 'Select the new status',
  reasonRequired: 'Enter the reason for this change',
  versionRequired: 'Reload the claim and try again',
  repaidRequired: 'Enter the amount HMRC repaid, like 123.45',
  repaidInvalid: 'Enter the amount HMRC repaid in pounds and pence, like 123.45',
  noteRequired: 'Enter a note',
  tooLong: (max: number) => `Must be ${max} characters or fewer`,
  actionInvalid: 'Select an action from the list',
  sentMethodRequired: 'Select how the claim was sent to HMRC',
  sentMethodOtherRequired: 'Enter how the claim was sent to HMRC',
  ownerRequired: 'Select a caseworker',
  claimsRequired: 'Select at least one claim to allocate',
  countInvalid: (max: number) => `Enter a number from 1 to ${max}`,
  duplicateAction: 'Select whether to merge the claim or mark it not a duplicate',
  otherClaim: 'Select the claim to merge or dismiss',
} as const;

export const OPERATOR_ROLES = ['caseworker', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export const OPERATOR_PASSWORD_MIN_LENGTH = 12;
export const NOTE_MAX_LENGTH = 2000;

/**
 * Everything the audit trail records (D22, issue 11), in the order the audit page lists them:
 * sign-ins and operator changes, then every view of claimants' personal data and every change.
 */
export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'account-locked',
  'second-factor-failed',
  'second-factor-enrolled',
  'sign-out',
  'operator-created',
  'operator-changed',
  'claims-listed',
  'claim-viewed',
  'ni-revealed',
  'file-downloaded',
  'p87-downloaded',
  'status-changed',
  'note-added',
  'claim-details-corrected',
  'claims-exported',
  'affiliate-report-viewed',
  'call-backs-viewed',
  'call-back-removed',
  'job-retried',
  'claim-allocated',
  'hmrc-record-corrected',
  'thread-read',
  'message-added',
  'information-requested',
  'hmrc-year-answered',
  'claims-merged',
  'duplicate-dismissed',
  'dashboard-exported',
  'invoice-issued',
  'invoice-payment',
  'invoice-write-off',
  'invoice-credit',
  'invoice-downloaded',
  'invoice-card-payment-refused',
  'client-money-received',
  'client-money-refunded',
  'client-money-written-off',
  'bank-details-given',
  'bank-details-changed',
  'payout-file-downloaded',
  'payout-made',
  'reconciliation-downloaded',
  'nomination-signed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const REASON_MAX_LENGTH = 1000;

const cleanText = (v: unknown) => (typeof v === 'string' ? sanitiseText(v) : (v ?? ''));
/**
 * Operators' own words (notes, reasons) keep '<' and '>' ("Also >£2,500"): SPEC.md's stripping is
 * for the claim form (issue 32.3). They are only trimmed, and escaped wherever they are shown
 * (React on screen, escapeHtml in emails).
 */
const operatorWords = (v: unknown) => (typeof v === 'string' ? v.trim() : (v ?? ''));
const reasonWords = z.preprocess(
  operatorWords,
  z.string().max(REASON_MAX_LENGTH, ADMIN_MESSAGES.tooLong(REASON_MAX_LENGTH)),
);
const optionalWords = (max: number) =>
  z.preprocess(operatorWords, z.string().max(max, ADMIN_MESSAGES.tooLong(max))).optional();
/** Issue 44: a list's or a report's end date is not before its start date. */
function checkDateRange(value: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  const problem = dateRangeProblem(value.from, value.to);
  if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
}
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values, { error: message }).optional());

function required(message: string, max: number, clean: (v: unknown) => unknown = cleanText) {
  return z.preprocess(
    clean,
    z
      .string({ error: message })
      .min(1, { error: message, abort: true })
      .max(max, ADMIN_MESSAGES.tooLong(max)),
  );
}

const emailField = z.preprocess(
  (v) => (typeof v === 'string' ? sanitiseEmail(v) : (v ?? '')),
  z
    .string({ error: ADMIN_MESSAGES.emailRequired })
    .min(1, { error: ADMIN_MESSAGES.emailRequired, abort: true })
    .max(EMAIL_MAX_LENGTH, { error: ADMIN_MESSAGES.emailInvalid, abort: true })
    .refine(isValidEmail, ADMIN_MESSAGES.emailInvalid),
);

// Passwords are never trimmed or sanitised: every character counts.
const passwordField = z
  .string({ error: ADMIN_MESSAGES.passwordRequired })
  .min(1, ADMIN_MESSAGES.passwordRequired)
  .max(200, ADMIN_MESSAGES.tooLong(200));

export const adminSignInSchema = z.object({ email: emailField, password: passwordField });
export type AdminSignIn = z.output<typeof adminSignInSchema>;

export const securityCodeSchema = z.object({
  code: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\s+/g, '') : (v ?? '')),
    z
      .string({ error: ADMIN_MESSAGES.codeRequired })
      .min(1, { error: ADMIN_MESSAGES.codeRequired, abort: true })
      .regex(/^\d{6}$/, ADMIN_MESSAGES.codeFormat),
  ),
});
export type SecurityCode = z.output<typeof securityCodeSchema>;

const newPasswordField = z
  .string({ error: ADMIN_MESSAGES.passwordRequired })
  .min(1, { error: ADMIN_MESSAGES.passwordRequired, abort: true })
  .min(OPERATOR_PASSWORD_MIN_LENGTH, { error: ADMIN_MESSAGES.passwordTooShort, abort: true })
  .max(200, ADMIN_MESSAGES.tooLong(200));

export const operatorCreateSchema = z.object({
  email: emailField,
  name: required(ADMIN_MESSAGES.nameRequired, 100),
  role: z.enum(OPERATOR_ROLES, { error: ADMIN_MESSAGES.roleRequired }),
  password: newPasswordField,
});
export type OperatorCreate = z.output<typeof operatorCreateSchema>;

export const operatorChangeSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('disable') }),
    z.object({ action: z.literal('enable') }),
    z.object({ action: z.literal('reset-second-factor') }),
    z.object({ action: z.literal('reset-password'), password: newPasswordField }),
    z.object({
      action: z.literal('set-role'),
      role: z.enum(OPERATOR_ROLES, { error: ADMIN_MESSAGES.roleRequired }),
    }),
  ],
  { error: 'Choose what to change' },
);
export type OperatorChange = z.output<typeof operatorChangeSchema>;

/** The most an operator may enter as an amount: £9,999,999.99 (seven digits of pounds). */
export const MAX_OPERATOR_POUNDS = 9_999_999.99;

/**
 * '123.45', '£1,234.5', '50' → pence; anything else → NaN. One rule whatever the JSON type
 * (issue 32.14): from 0 to £9,999,999.99 with at most two decimals. A number is read as the text
 * JavaScript writes it (123.45 → '123.45'; 1e308, -5 and 0.001 are refused by the same pattern).
 */
export function parsePoundsToPence(value: unknown): number {
  if (typeof value === 'number')
    return Number.isFinite(value) ? parsePoundsToPence(String(value)) : Number.NaN;
  if (typeof value !== 'string') return Number.NaN;
  const s = value.trim().replace(/^£/, '').replace(/,/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(s)) return Number.NaN;
  const [pounds, pence = ''] = s.split('.');
  return Number(pounds) * 100 + Number(pence.padEnd(2, '0'));
}

/** D35: how a claim went to HMRC. */
export const SENT_METHODS = ['post', 'other'] as const;
export type SentMethod = (typeof SENT_METHODS)[number];
export const SENT_METHOD_LABELS: Record<SentMethod, string> = { post: 'Post', other: 'Another way' };

/**
 * What HMRC repaid, as typed ('£1,234.50') or as a number (issue 44: typed in /api/docs); the
 * amount itself is checked by checkRepaidAmount, which gives its messages.
 */
const repaidAmountField = z
  .union([z.string(), z.number(), z.null()], { error: ADMIN_MESSAGES.repaidInvalid })
  .optional();

function checkRepaidAmount(raw: unknown, ctx: z.RefinementCtx) {
  if (raw === undefined || raw === null || raw === '')
    ctx.addIssue({ code: 'custom', path: ['repaidAmount'], message: ADMIN_MESSAGES.repaidRequired });
  else if (Number.isNaN(parsePoundsToPence(raw)))
    ctx.addIssue({ code: 'custom', path: ['repaidAmount'], message: ADMIN_MESSAGES.repaidInvalid });
}

function checkSentMethod(
  value: { sentMethod?: string | undefined; sentMethodOther?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.sentMethod === undefined)
    ctx.addIssue({ code: 'custom', path: ['sentMethod'], message: ADMIN_MESSAGES.sentMethodRequired });
  else if (value.sentMethod === 'other' && !value.sentMethodOther)
    ctx.addIssue({
      code: 'custom',
      path: ['sentMethodOther'],
      message: ADMIN_MESSAGES.sentMethodOtherRequired,
    });
}

/** D35: the sending's record; `sentOn` left out means today (UK), which the server fills in. */
export interface SentRecord {
  sentOn: string | null;
  method: SentMethod;
  methodOther: string | null;
  tracking: string | null;
}

const sentFields = {
  sentOn: optionalDateField(DATE_SUBJECTS.sentOn),
  sentMethod: optionalEnum(SENT_METHODS, ADMIN_MESSAGES.sentMethodRequired),
  sentMethodOther: optionalWords(200),
  sentTracking: optionalWords(100),
};
const sentRecordOf = (v: {
  sentOn?: string | undefined;
  sentMethod?: SentMethod | undefined;
  sentMethodOther?: string | undefined;
  sentTracking?: string | undefined;
}): SentRecord => ({
  sentOn: v.sentOn ?? null,
  method: v.sentMethod ?? 'post',
  methodOther: v.sentMethod === 'other' ? (v.sentMethodOther ?? null) : null,
  tracking: v.sentTracking ? v.sentTracking : null,
});

export const statusChangeSchema = z
  .object({
    to: z.enum(CLAIM_STATUSES, { error: ADMIN_MESSAGES.statusRequired }),
    reason: reasonWords,
    version: z.number({ error: ADMIN_MESSAGES.versionRequired }).int().min(0),
    repaidAmount: repaidAmountField,
    /** D35: the UK date HMRC repaid (today when left out). */
    repaidOn: optionalDateField(DATE_SUBJECTS.repaidOn),
    ...sentFields,
  })
  .superRefine((value, ctx) => {
    if (reasonRequired(value.to) && value.reason === '')
      ctx.addIssue({ code: 'custom', path: ['reason'], message: ADMIN_MESSAGES.reasonRequired });
    if (value.to === 'repaid') checkRepaidAmount(value.repaidAmount, ctx);
    // Without a method the move is refused after the state machine's check (an illegal move is 409).
    if (value.to === 'sent-to-hmrc' && value.sentMethod !== undefined) checkSentMethod(value, ctx);
  })
  .transform(({ repaidAmount, repaidOn, sentOn, sentMethod, sentMethodOther, sentTracking, ...rest }) => ({
    ...rest,
    repaidPence: rest.to === 'repaid' ? parsePoundsToPence(repaidAmount) : null,
    repaidOn: rest.to === 'repaid' ? (repaidOn ?? null) : null,
    sent:
      rest.to === 'sent-to-hmrc' && sentMethod !== undefined
        ? sentRecordOf({ sentOn, sentMethod, sentMethodOther, sentTracking })
        : null,
  }));
export type StatusChange = z.output<typeof statusChangeSchema>;

/** D35: an admin corrects the sent or repaid record with a reason; the history keeps each value. */
export const hmrcRecordCorrectionSchema = z.discriminatedUnion(
  'record',
  [
    z
      .object({ record: z.literal('sent'), reason: reasonWords, ...sentFields })
      .superRefine((value, ctx) => {
        if (value.reason === '')
          ctx.addIssue({ code: 'custom', path: ['reason'], message: ADMIN_MESSAGES.reasonRequired });
        checkSentMethod(value, ctx);
      })
      .transform(({ record, reason, ...sent }) => ({ record, reason, sent: sentRecordOf(sent) })),
    z
      .object({
        record: z.literal('repaid'),
        reason: reasonWords,
        repaidAmount: repaidAmountField,
        repaidOn: optionalDateField(DATE_SUBJECTS.repaidOn),
      })
      .superRefine((value, ctx) => {
        if (value.reason === '')
          ctx.addIssue({ code: 'custom', path: ['reason'], message: ADMIN_MESSAGES.reasonRequired });
        checkRepaidAmount(value.repaidAmount, ctx);
      })
      .transform(({ record, reason, repaidAmount, repaidOn }) => ({
        record,
        reason,
        repaidPence: parsePoundsToPence(repaidAmount),
        repaidOn: repaidOn ?? null,
      })),
  ],
  { error: 'Choose the record to correct' },
);
export type HmrcRecordCorrection = z.output<typeof hmrcRecordCorrectionSchema>;

/**
 * D40: HMRC's answer for one tax year of a case, or an admin's correction of it. `version` is the
 * year's answer the operator saw (0 when there was none): a stale one is refused (409). A
 * correction (version 1 or more) needs its reason; the amount and the way it is given belong to
 * an accepted or reduced year only, HMRC's reason to a reduced or refused one.
 */
export const yearAnswerSchema = z
  .object({
    year: z.string({ error: YEAR_ANSWER_MESSAGES.year }).refine(isTaxYear, YEAR_ANSWER_MESSAGES.year),
    decision: z.enum(HMRC_DECISIONS, { error: YEAR_ANSWER_MESSAGES.decision }),
    amount: z
      .union([z.string(), z.number(), z.null()], { error: YEAR_ANSWER_MESSAGES.amountInvalid })
      .optional(),
    givenAs: optionalEnum(RELIEF_GIVEN_AS, YEAR_ANSWER_MESSAGES.givenAsRequired),
    decidedOn: optionalDateField(DATE_SUBJECTS.decidedOn),
    hmrcReason: optionalWords(REASON_MAX_LENGTH),
    correctionReason: optionalWords(REASON_MAX_LENGTH),
    version: z.number({ error: ADMIN_MESSAGES.versionRequired }).int().min(0),
  })
  .superRefine((value, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const gives = decisionGivesRelief(value.decision);
    const raw = value.amount;
    const given = raw !== undefined && raw !== null && raw !== '';
    if (gives) {
      const pence = given ? parsePoundsToPence(raw) : Number.NaN;
      if (!given) issue('amount', YEAR_ANSWER_MESSAGES.amountRequired);
      else if (Number.isNaN(pence)) issue('amount', YEAR_ANSWER_MESSAGES.amountInvalid);
      else if (pence === 0) issue('amount', YEAR_ANSWER_MESSAGES.amountNotZero);
      if (value.givenAs === undefined) issue('givenAs', YEAR_ANSWER_MESSAGES.givenAsRequired);
    }
    if (decisionNeedsReason(value.decision) && !value.hmrcReason)
      issue('hmrcReason', YEAR_ANSWER_MESSAGES.hmrcReasonRequired);
    if (value.version > 0 && !value.correctionReason)
      issue('correctionReason', YEAR_ANSWER_MESSAGES.correctionReasonRequired);
  })
  .transform((v) => {
    const gives = decisionGivesRelief(v.decision);
    return {
      year: v.year as TaxYear,
      decision: v.decision,
      pence: gives ? parsePoundsToPence(v.amount) : null,
      givenAs: gives ? (v.givenAs ?? null) : null,
      decidedOn: v.decidedOn ?? null,
      hmrcReason: v.hmrcReason ?? '',
      correctionReason: v.correctionReason ?? '',
      version: v.version,
    };
  });
export type YearAnswerInput = z.output<typeof yearAnswerSchema>;

/**
 * D41 (issue 47): a payment an operator records against an invoice, as typed ('£90', '90.00');
 * `version` is the invoice's version the operator saw. The amount is checked at its own field, so
 * a wrong method is named beside it; the amount against what is owed is the server's check
 * (paymentProblems), which knows the payments already made.
 */
export const invoicePaymentSchema = z
  .object({
    amount: z
      .union([z.string(), z.number(), z.null()], { error: INVOICE_MESSAGES.amountInvalid })
      .optional()
      .superRefine((raw, ctx) => {
        const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
        if (raw === undefined || raw === null || raw === '') issue(INVOICE_MESSAGES.amountRequired);
        else if (Number.isNaN(parsePoundsToPence(raw))) issue(INVOICE_MESSAGES.amountInvalid);
      }),
    paidOn: optionalDateField(DATE_SUBJECTS.paidOn),
    method: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(PAYMENT_METHODS, { error: INVOICE_MESSAGES.methodRequired }),
    ),
    version: z.number({ error: ADMIN_MESSAGES.versionRequired }).int().min(1),
  })
  .transform((v) => ({
    amountPence: parsePoundsToPence(v.amount),
    paidOn: v.paidOn ?? null,
    method: v.method,
    version: v.version,
  }));
export type InvoicePaymentInput = z.output<typeof invoicePaymentSchema>;

/** D41: an invoice written off (an admin) or credited, with the reason; `version` as seen. */
export const invoiceCloseSchema = z.object({
  reason: required(INVOICE_MESSAGES.reasonRequired, REASON_MAX_LENGTH, operatorWords),
  version: z.number({ error: ADMIN_MESSAGES.versionRequired }).int().min(1),
});
export type InvoiceCloseInput = z.output<typeof invoiceCloseSchema>;

/**
 * D38 (issue 42): an admin's answer to a possible duplicate: merge it into this claim's case, or
 * mark the two not duplicates; either with the reason (audited).
 */
export const duplicateActionSchema = z.object({
  otherId: z.uuid({ error: ADMIN_MESSAGES.otherClaim }),
  action: z.enum(['merge', 'not-duplicate'], { error: ADMIN_MESSAGES.duplicateAction }),
  reason: required(ADMIN_MESSAGES.reasonRequired, REASON_MAX_LENGTH, operatorWords),
});
export type DuplicateAction = z.output<typeof duplicateActionSchema>;

/** D34: an admin gives a claim to an operator, or returns it to the pool (ownerId null), saying why. */
export const claimAllocationSchema = z.object({
  ownerId: z.preprocess(
    (v) => (v === '' ? null : v),
    z.uuid({ error: ADMIN_MESSAGES.ownerRequired }).nullable(),
  ),
  reason: reasonWords,
});
export type ClaimAllocation = z.output<typeof claimAllocationSchema>;

/** The most claims one allocation moves: a page of the list. */
export const ALLOCATE_MAX = 50;

/** D34: the next N claims the admin saw in a filtered pool, to one caseworker, all or nothing. */
export const claimsAllocationSchema = z.object({
  ownerId: z.uuid({ error: ADMIN_MESSAGES.ownerRequired }),
  claimIds: z
    .array(z.uuid(), { error: ADMIN_MESSAGES.claimsRequired })
    .min(1, ADMIN_MESSAGES.claimsRequired)
    .max(ALLOCATE_MAX, ADMIN_MESSAGES.countInvalid(ALLOCATE_MAX)),
  reason: reasonWords,
});
export type ClaimsAllocation = z.output<typeof claimsAllocationSchema>;

export const claimNoteSchema = z.object({
  body: required(ADMIN_MESSAGES.noteRequired, NOTE_MAX_LENGTH, operatorWords),
});

export const CLAIM_LIST_KINDS = ['general', 'mileage'] as const;
export type ClaimListKind = (typeof CLAIM_LIST_KINDS)[number];
export const CLAIM_SORTS = ['submitted', 'name', 'status', 'rebate', 'reference'] as const;
/** D34: the claims page's queues: every claim, the open claims nobody owns, my open claims. */
export const CLAIM_QUEUES = ['all', 'unallocated', 'mine'] as const;

/**
 * Issue 45: the claims list counts each queue up to this many claims; above it the list says
 * "more than" (an exact count walks every claim it counts, tens of milliseconds at a million).
 */
export const CLAIM_COUNT_LIMIT = 10_000;

/**
 * Issue 45 (decision 091): a search counts each queue up to this many claims. A search is for
 * finding a claimant; one that finds more asks to be narrowed, and each claim counted is a read
 * of its row (the trigram index cannot say which claims are in a queue).
 */
export const SEARCH_COUNT_LIMIT = 1_000;

/** The limit the list's counts are given up to: a search's, or any other list's. */
export const countLimitOf = (query: { q?: string | undefined }): number =>
  query.q ? SEARCH_COUNT_LIMIT : CLAIM_COUNT_LIMIT;

/** A list count as the operator reads it: '10,000+' above the limit. */
export function claimCountWords(count: number, limit = CLAIM_COUNT_LIMIT): string {
  return count > limit ? `${limit.toLocaleString('en-GB')}+` : count.toLocaleString('en-GB');
}
export type ClaimQueue = (typeof CLAIM_QUEUES)[number];
export const CLAIM_PAGE_SIZE = 50;

const optionalQuery = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? sanitiseText(v) || undefined : undefined),
    z.string().max(max, ADMIN_MESSAGES.tooLong(max)).optional(),
  );
/** GET /api/admin/claims query: every filter optional; drafts are their own list, never mixed in. */
export const claimListQuerySchema = z
  .object({
    queue: optionalEnum(CLAIM_QUEUES, 'Select a queue from the list').transform((v) => v ?? 'all'),
    status: optionalEnum(CLAIM_STATUSES, 'Select a status from the list'),
    kind: optionalEnum(CLAIM_LIST_KINDS, 'Select a kind from the list'),
    drafts: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()),
    affiliate: optionalQuery(100),
    from: optionalDateField(DATE_SUBJECTS.from),
    to: optionalDateField(DATE_SUBJECTS.to),
    q: optionalQuery(100),
    sort: optionalEnum(CLAIM_SORTS, 'Select a sort from the list').transform((v) => v ?? 'submitted'),
    // Left out: newest first on All, oldest first on the Unallocated and My claims queues (D34).
    dir: optionalEnum(['asc', 'desc'] as const, 'Select a direction'),
    page: z.preprocess(
      (v) => (v === undefined || v === '' ? 1 : Number(v)),
      z.number({ error: 'Enter a page number' }).int('Enter a page number').min(1).max(100_000),
    ),
  })
  .superRefine(checkDateRange);
export type ClaimListQuery = z.output<typeof claimListQuerySchema>;

export const auditQuerySchema = z
  .object({
    actor: optionalQuery(100),
    action: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined),
      z.enum(AUDIT_ACTIONS, { error: ADMIN_MESSAGES.actionInvalid }).optional(),
    ),
    from: optionalDateField(DATE_SUBJECTS.from),
    to: optionalDateField(DATE_SUBJECTS.to),
    page: z.preprocess(
      (v) => (v === undefined || v === '' ? 1 : Number(v)),
      z.number().int().min(1).max(100_000),
    ),
  })
  .superRefine(checkDateRange);
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const affiliateReportQuerySchema = z
  .object({ from: optionalDateField(DATE_SUBJECTS.from), to: optionalDateField(DATE_SUBJECTS.to) })
  .superRefine(checkDateRange);
