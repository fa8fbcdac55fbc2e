// D32, D33 (issue 28): a claim's thread and its requests for information. One schema for the
// operator's request, the claimant's answers and either side's message, used by the web forms and
// the server routes alike. Imported by sub-path ('@taxback/domain/casework').
import { z } from 'zod';
import { isWorkingDay } from './bank-holidays.ts';
import { addIsoDays } from './dates.ts';
import { isTaxYear } from './tax-years.ts';
import { DATE_SUBJECTS, dateMessages, requiredDateField } from './date-rules.ts';
import { sanitiseText } from './sanitise.ts';
import { SIGNED_BY_CHECK, checkSignedBy } from './schema-basics.ts';
import { reviewStepFields } from './step-schemas.ts';
import type { AuthorityDocument } from './authority.ts';

export const INFORMATION_ITEM_KINDS = ['question', 'document', 'amendment'] as const;
export type InformationItemKind = (typeof INFORMATION_ITEM_KINDS)[number];

/** The documents an operator may ask for, in the order the form lists them. */
export const REQUESTED_DOCUMENTS = {
  p60: 'P60',
  payslip: 'Payslip',
  'mileage-log': 'Mileage log',
  'employer-letter': 'Letter from the employer',
  receipts: 'Receipts',
  other: 'Other document',
} as const;
export type RequestedDocument = keyof typeof REQUESTED_DOCUMENTS;
export const REQUESTED_DOCUMENT_KINDS = Object.keys(REQUESTED_DOCUMENTS) as RequestedDocument[];

export const ITEMS_MAX = 10;
export const MESSAGE_MAX_LENGTH = 4000;
export const QUESTION_MAX_LENGTH = 1000;
export const FILES_PER_ANSWER_MAX = 5;
/** D33: a request is due 14 days after it is made, moved on to a working day. */
export const REPLY_DAYS = 14;
/** Issue 44: the latest reply-by date an operator may set, in days from today. */
export const REPLY_BY_MAX_DAYS = 90;
/** D33: reminders go this many days before the reply-by date. */
export const REMINDER_DAYS_BEFORE = [7, 1] as const;

export const CASEWORK_MESSAGES = {
  itemsRequired: 'Add at least one thing you need from the claimant',
  tooManyItems: `Ask for at most ${ITEMS_MAX} things at once`,
  itemKindRequired: 'Select what you need',
  questionRequired: 'Enter the question',
  documentRequired: 'Select the document you need',
  taxYearInvalid: 'Select a tax year like 2024/25',
  amendmentRequired: 'Say what the claimant should change',
  replyByRequired: dateMessages(DATE_SUBJECTS.replyBy).required,
  replyByWorkingDay: 'The reply-by date must be a working day (not a weekend or bank holiday)',
  replyByFuture: 'The reply-by date must be in the future',
  replyByTooFar: `The reply-by date must be within ${REPLY_BY_MAX_DAYS} days of today`,
  taxYearNotClaimed: 'Select a tax year of this claim',
  employmentNotClaimed: 'Select an employment of this claim',
  messageRequired: 'Enter your message',
  answerRequired: 'Enter your answer',
  documentMissing: 'Upload the document, or tell us why you cannot',
  requestClosed: 'This request has already been answered or closed. Reload the page to see the latest.',
  stale: 'Your claim changed since you opened this page. Reload the page, then send your answer again.',
  tooLong: (max: number) => `Must be ${max} characters or fewer`,
  versionRequired: 'Reload the page and try again',
  fileUnknown: 'One of the files was not found. Upload it again.',
} as const;

const words = (v: unknown) => (typeof v === 'string' ? sanitiseText(v).trim() : (v ?? ''));
const text = (max: number) => z.preprocess(words, z.string().max(max, CASEWORK_MESSAGES.tooLong(max)));
const requiredText = (message: string, max: number) =>
  z.preprocess(
    words,
    z
      .string({ error: message })
      .min(1, { error: message, abort: true })
      .max(max, CASEWORK_MESSAGES.tooLong(max)),
  );
const version = z.number({ error: CASEWORK_MESSAGES.versionRequired }).int().min(0);

// ---------------------------------------------------------------------------------------------
// Dates (UK calendar days, ISO text). England and Wales' bank holidays: the service's own.

export { addIsoDays };

export { isWorkingDay };

/** D33: `today` + 14 days, or the next working day after it. */
export function defaultReplyBy(today: string): string {
  let day = addIsoDays(today, REPLY_DAYS);
  while (!isWorkingDay(day)) day = addIsoDays(day, 1);
  return day;
}

/**
 * Issue 44: a reply-by date is from tomorrow to REPLY_BY_MAX_DAYS ahead of `today` (UK days), on a
 * working day; the schema has already checked that it is a real date. Null when it fits.
 */
export function replyByProblem(replyBy: string, today: string): string | null {
  if (replyBy <= today) return CASEWORK_MESSAGES.replyByFuture;
  if (replyBy > addIsoDays(today, REPLY_BY_MAX_DAYS)) return CASEWORK_MESSAGES.replyByTooFar;
  if (!isWorkingDay(replyBy)) return CASEWORK_MESSAGES.replyByWorkingDay;
  return null;
}

/**
 * Issue 44: a request's items ask only about the claim's own tax years and employments. Field
 * errors keyed as the form's fields (`items.<i>.taxYear`, `items.<i>.employmentId`).
 */
export function requestItemProblems(
  items: readonly { taxYear?: string | undefined; employmentId?: string | undefined }[],
  claim: { taxYears: readonly string[]; employmentIds: readonly string[] },
): Record<string, string> {
  const errors: Record<string, string> = {};
  items.forEach((item, i) => {
    if (item.taxYear !== undefined && !claim.taxYears.includes(item.taxYear))
      errors[`items.${i}.taxYear`] = CASEWORK_MESSAGES.taxYearNotClaimed;
    if (item.employmentId !== undefined && !claim.employmentIds.includes(item.employmentId))
      errors[`items.${i}.employmentId`] = CASEWORK_MESSAGES.employmentNotClaimed;
  });
  return errors;
}

/** The days the reminders for a reply-by date go out, those still ahead of `today` only. */
export function reminderDays(replyBy: string, today: string): { day: string; daysBefore: number }[] {
  return REMINDER_DAYS_BEFORE.map((d) => ({ day: addIsoDays(replyBy, -d), daysBefore: d })).filter(
    (r) => r.day > today,
  );
}

/** D33: a claim whose open request's date has passed is overdue. */
export function isOverdue(replyDueOn: string | null, today: string): boolean {
  return replyDueOn !== null && replyDueOn < today;
}

// ---------------------------------------------------------------------------------------------
// The operator's request

const itemSchema = z
  .object({
    kind: z.enum(INFORMATION_ITEM_KINDS, { error: CASEWORK_MESSAGES.itemKindRequired }),
    question: text(QUESTION_MAX_LENGTH).optional(),
    document: z.enum(REQUESTED_DOCUMENT_KINDS, { error: CASEWORK_MESSAGES.documentRequired }).optional(),
    taxYear: z
      .preprocess((v) => (v === '' ? undefined : v), z.string().optional())
      .refine((v) => v === undefined || isTaxYear(v), CASEWORK_MESSAGES.taxYearInvalid),
    employmentId: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(100).optional()),
  })
  .superRefine((item, ctx) => {
    const question = item.question ?? '';
    if (item.kind === 'question' && question === '')
      ctx.addIssue({ code: 'custom', path: ['question'], message: CASEWORK_MESSAGES.questionRequired });
    if (item.kind === 'amendment' && question === '')
      ctx.addIssue({ code: 'custom', path: ['question'], message: CASEWORK_MESSAGES.amendmentRequired });
    if (item.kind === 'document' && item.document === undefined)
      ctx.addIssue({ code: 'custom', path: ['document'], message: CASEWORK_MESSAGES.documentRequired });
  });
export type InformationItemInput = z.output<typeof itemSchema>;

export const informationRequestSchema = z.object({
  version,
  items: z
    .array(itemSchema, { error: CASEWORK_MESSAGES.itemsRequired })
    .min(1, CASEWORK_MESSAGES.itemsRequired)
    .max(ITEMS_MAX, CASEWORK_MESSAGES.tooManyItems),
  // Issue 44: a real date ("abc" was a 500); its bounds and the working day are replyByProblem's,
  // which the server checks against today.
  replyBy: requiredDateField(DATE_SUBJECTS.replyBy),
});
export type InformationRequestInput = z.output<typeof informationRequestSchema>;

/** A message on the thread, from either side; `version` is the claim's as the writer saw it. */
export const threadMessageSchema = z.object({
  version,
  body: requiredText(CASEWORK_MESSAGES.messageRequired, MESSAGE_MAX_LENGTH),
});
export type ThreadMessageInput = z.output<typeof threadMessageSchema>;

/**
 * Issue 44: the claimant's page makes one key per draft message (or set of answers) and sends it
 * with every try, so a message sent twice (a double tap, a retry after a lost answer) is stored once.
 */
const idempotencyKey = z
  .uuid({ error: 'Reload the page and send it again' })
  .optional()
  .describe('One key per draft, the same on every retry: a repeat with it stores nothing more');

/** The claimant's message on the thread, with its draft's key. */
export const claimantMessageSchema = threadMessageSchema.extend({ idempotencyKey });
export type ClaimantMessageInput = z.output<typeof claimantMessageSchema>;

// ---------------------------------------------------------------------------------------------
// The claimant's answers

export const claimantAnswersSchema = z.object({
  version,
  idempotencyKey,
  requestId: z.string().min(1).max(100),
  answers: z
    .array(
      z.object({
        itemId: z.string().min(1).max(100),
        answer: text(MESSAGE_MAX_LENGTH),
        fileIds: z.array(z.string().max(100)).max(FILES_PER_ANSWER_MAX).default([]),
      }),
    )
    .min(1)
    .max(ITEMS_MAX),
});
export type ClaimantAnswersInput = z.output<typeof claimantAnswersSchema>;

/**
 * Field errors for answers that are empty: a question or an amendment needs words, a document
 * needs a file (or words saying why there is none). Keyed `answers.<i>.answer`.
 */
export function emptyAnswerErrors(
  items: readonly { id: string; kind: InformationItemKind }[],
  answers: ClaimantAnswersInput['answers'],
): Record<string, string> {
  const errors: Record<string, string> = {};
  items.forEach((item, i) => {
    const given = answers.find((a) => a.itemId === item.id);
    const words = given?.answer ?? '';
    const files = given?.fileIds.length ?? 0;
    if (item.kind === 'document' ? words === '' && files === 0 : words === '')
      errors[`answers.${i}.answer`] =
        item.kind === 'document' ? CASEWORK_MESSAGES.documentMissing : CASEWORK_MESSAGES.answerRequired;
  });
  return errors;
}

/** What an item asks, in words for either side. */
export function itemTitle(item: {
  kind: InformationItemKind;
  question: string | null;
  document: string | null;
  taxYear: string | null;
}): string {
  if (item.kind === 'document') {
    const name = REQUESTED_DOCUMENTS[item.document as RequestedDocument] ?? 'A document';
    return item.taxYear ? `${name} for ${item.taxYear}` : name;
  }
  if (item.kind === 'amendment') return `Change your claim: ${item.question ?? ''}`;
  return item.question ?? '';
}

// ---------------------------------------------------------------------------------------------
// An amendment (D32): the claimant changes the miles of the claim's years and signs again

export const AMENDMENT_MESSAGES = {
  milesRequired: 'Enter your business miles for the year, like 4000',
  milesWhole: 'Enter whole miles, like 4000',
  milesTooMany: 'Enter no more than 100,000 miles',
  unknownYear: 'That year and job are not in your claim',
  notAmendment: 'This item does not ask you to change your claim',
  mileageOnly: 'Only a mileage claim can be changed here. Reply in words instead.',
  alreadySigned: 'You have already signed this change. Reload the page to see your claim.',
} as const;

/** The miles an amendment changes, and the request item it answers (decision 056: also the preview's body). */
export const amendmentPreviewSchema = z.object({
  version,
  requestId: z.string().min(1).max(100),
  itemId: z.string().min(1).max(100),
  years: z
    .array(
      z.object({
        year: z.string().max(10),
        employmentId: z.string().max(100),
        miles: z
          .number({ error: AMENDMENT_MESSAGES.milesRequired })
          .int(AMENDMENT_MESSAGES.milesWhole)
          .min(0, AMENDMENT_MESSAGES.milesRequired)
          .max(100_000, AMENDMENT_MESSAGES.milesTooMany),
      }),
    )
    .min(1)
    .max(30),
});
export type AmendmentPreviewInput = z.output<typeof amendmentPreviewSchema>;

/** The amendment itself: those miles, signed as the wizard signs (drawn or typed, decision 058). */
export const amendmentSchema = z
  .object({ ...reviewStepFields, ...amendmentPreviewSchema.shape })
  .superRefine(checkSignedBy, SIGNED_BY_CHECK);
export type AmendmentInput = z.output<typeof amendmentSchema>;

const authorityBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('paragraph'), text: z.string() }),
  z.object({ type: z.literal('list'), items: z.array(z.string()) }),
  z.object({
    type: z.literal('rows'),
    caption: z.string().optional(),
    rows: z.array(z.object({ key: z.string(), value: z.string() })),
  }),
]);

/**
 * Decision 056: what POST /api/status/amendment/preview answers, the authority the server would
 * sign for those miles (built as it builds the signed one, not yet signed or dated).
 */
export const amendmentPreviewViewSchema = z.object({
  document: z.object({
    title: z.string(),
    sections: z.array(
      z.object({
        id: z.enum(['claimant', 'agent', 'authority', 'claim', 'repayment', 'fee', 'cancel', 'signature']),
        heading: z.string(),
        blocks: z.array(authorityBlockSchema),
      }),
    ),
  }) satisfies z.ZodType<AuthorityDocument>,
});
export type AmendmentPreviewView = z.infer<typeof amendmentPreviewViewSchema>;

// ---------------------------------------------------------------------------------------------
// What both sides read

const attachmentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  size: z.number(),
  url: z.string(),
});

export const requestItemViewSchema = z.object({
  id: z.string(),
  kind: z.enum(INFORMATION_ITEM_KINDS),
  title: z.string(),
  question: z.string().nullable(),
  document: z.string().nullable(),
  taxYear: z.string().nullable(),
  employmentId: z.string().nullable(),
  answer: z.string().nullable(),
  files: z.array(attachmentSchema),
});

export const informationRequestViewSchema = z.object({
  id: z.string(),
  replyBy: z.string(),
  open: z.boolean(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  items: z.array(requestItemViewSchema),
});
export type InformationRequestView = z.infer<typeof informationRequestViewSchema>;

export const threadMessageViewSchema = z.object({
  id: z.string(),
  author: z.enum(['operator', 'claimant']),
  /** The operator's name for operators; "Our team" on the claimant's side. */
  authorName: z.string().nullable(),
  body: z.string(),
  at: z.string(),
  requestId: z.string().nullable(),
  attachments: z.array(attachmentSchema),
});
export type ThreadMessageView = z.infer<typeof threadMessageViewSchema>;

/** A text or email the service sent about the claim (D33: every message, sent or received). */
export const sentNoticeSchema = z.object({
  id: z.string(),
  channel: z.enum(['sms', 'email']),
  template: z.string(),
  /** The text's body or the email's subject. */
  summary: z.string(),
  status: z.string(),
  at: z.string(),
  sentAt: z.string().nullable(),
});

export const claimThreadSchema = z.object({
  messages: z.array(threadMessageViewSchema),
  requests: z.array(informationRequestViewSchema),
});
export type ClaimThread = z.infer<typeof claimThreadSchema>;

export const operatorThreadSchema = claimThreadSchema.extend({
  notices: z.array(sentNoticeSchema),
  replyDueOn: z.string().nullable(),
  overdue: z.boolean(),
  replyReceivedAt: z.string().nullable(),
  unread: z.number(),
});
export type OperatorThread = z.infer<typeof operatorThreadSchema>;
