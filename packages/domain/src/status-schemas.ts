// D23: the claimant's status page. A claim reference and the mobile number given with the claim
// get a one-time code by text; the code opens the claim's timeline for a short while.
import { z } from 'zod';
import { parseClaimReference } from './reference.ts';
import { CLAIM_STATUSES } from './claim-status.ts';
import { phoneField } from './schemas.ts';
import { claimThreadSchema } from './casework.ts';
import { taxYearEntrySchema, vehicleInfoSchema } from './snapshot-schemas.ts';
import { HMRC_DECISIONS, RELIEF_GIVEN_AS } from './hmrc-answers.ts';
import { claimantInvoiceSchema } from './invoice-schemas.ts';
import { claimantNominationSchema } from './nomination-schemas.ts';

export const STATUS_CODE_LENGTH = 6;
export const STATUS_LIMITS = {
  /** Failed look-ups and wrong codes per IP in the window before 429 (like resume codes). */
  failuresPerIp: 5,
  failureWindowMs: 15 * 60 * 1000,
  /** Codes texted to one number per hour. */
  codesPerPhone: 3,
  codeWindowMs: 60 * 60 * 1000,
  /** How long a texted code works. */
  codeTtlMs: 10 * 60 * 1000,
  /** How long the status page stays open after the code. */
  viewTtlMs: 30 * 60 * 1000,
} as const;

export const STATUS_MESSAGES = {
  referenceRequired: 'Enter your claim reference',
  referenceInvalid:
    'Enter the claim reference as it appears in our text or email, like TB 4K7 9MX 2QH or GEN-1A2B3C4D',
  phoneRequired: 'Enter the mobile number you gave with your claim',
  codeInvalid: `Enter the ${STATUS_CODE_LENGTH}-digit code from the text message`,
  notFound: 'We could not find a claim with that reference and mobile number. Check both and try again.',
  codeWrong: 'That code is wrong or has expired. Check the text message, or ask for a new code.',
  throttled: 'Too many attempts. Wait 15 minutes, then try again.',
  tooManyCodes: 'We have sent 3 codes to this number in the last hour. Wait an hour, then try again.',
  smsFailed: 'We could not send the text message. Try again in a few minutes.',
  expired: 'Your session has ended. Enter your reference and mobile number again.',
  otherClaim:
    'That link is for a different claim, so we have signed you out of the one you were following. Enter the reference and mobile number for this claim.',
} as const;

const referenceField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : (v ?? '')),
  z
    .string({ error: STATUS_MESSAGES.referenceRequired })
    .min(1, { error: STATUS_MESSAGES.referenceRequired, abort: true })
    .max(40, { error: STATUS_MESSAGES.referenceInvalid, abort: true })
    .refine((v) => parseClaimReference(v) !== null, STATUS_MESSAGES.referenceInvalid),
);

export const statusCodeRequestSchema = z.object({
  reference: referenceField,
  phone: phoneField(STATUS_MESSAGES.phoneRequired),
});
export type StatusCodeRequest = z.output<typeof statusCodeRequestSchema>;

/**
 * GET /api/status's query: a link's reference (/status?reference=…). A status session is for its
 * own claim (issue 28): another claim's reference is refused, never answered with the first claim.
 */
export const statusViewQuerySchema = z.object({ reference: referenceField.optional() });

/** True when two references the form accepts name the same claim (case and spaces aside). */
export function sameClaimReference(a: string, b: string): boolean {
  const x = parseClaimReference(a);
  const y = parseClaimReference(b);
  if (x === null || y === null) return false;
  if (x.kind === 'general') return y.kind === 'general' && x.idPrefix === y.idPrefix;
  return y.kind === 'stored' && x.reference === y.reference;
}

export const statusVerifySchema = statusCodeRequestSchema.extend({
  code: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\s+/g, '') : (v ?? '')),
    z.string({ error: STATUS_MESSAGES.codeInvalid }).regex(/^\d{6}$/, STATUS_MESSAGES.codeInvalid),
  ),
});
export type StatusVerifyRequest = z.output<typeof statusVerifySchema>;

/** POST /api/status/code answers 202 with this. */
export const statusCodeSentSchema = z.object({
  sentTo: z.string().describe('The number the code went to, all but its last 3 digits hidden'),
});
export type StatusCodeSent = z.infer<typeof statusCodeSentSchema>;

const statusEntrySchema = z.object({
  status: z.enum(CLAIM_STATUSES),
  at: z.string(),
  title: z.string(),
  detail: z.string().nullable(),
});

/** What GET /api/status and POST /api/status/verify answer. */
export const claimStatusViewSchema = z.object({
  reference: z.string(),
  kind: z.enum(['general', 'mileage']),
  submittedAt: z.string(),
  timeline: z.object({
    entries: z.array(statusEntrySchema),
    next: z.string().nullable().describe('What happens next; null once the claim is finished'),
  }),
  documents: z
    .array(z.object({ name: z.string(), url: z.string() }))
    .describe('The documents the claimant signed, to download while the page is open'),
  hmrcYears: z
    .object({
      years: z.array(
        z.object({
          year: z.string(),
          decision: z.enum(HMRC_DECISIONS),
          pence: z.number().int().nullable(),
          givenAs: z.enum(RELIEF_GIVEN_AS).nullable(),
          decidedOn: z.string(),
          words: z.string().describe('The year’s answer in plain words, as the claimant reads it'),
        }),
      ),
      repaidPence: z.number().int(),
      taxCodePence: z.number().int(),
      feeBasePence: z.number().int().describe('D41: what the fee is worked out on'),
      feeOn: z.string().describe('D41: what the fee is worked out on, in words'),
      feePence: z
        .number()
        .int()
        .describe('D20: worked out on what HMRC repaid; none on tax-code relief unless charged (D41)'),
      claimantPence: z.number().int(),
    })
    .nullable()
    .describe('D40: HMRC’s answer for each tax year of the case; null until HMRC has answered one'),
  invoice: claimantInvoiceSchema
    .nullable()
    .describe('D41: our invoice for the fee on what HMRC repaid; null until one is issued'),
  nomination: claimantNominationSchema
    .nullable()
    .describe('D29: the nomination to sign, the bank details and the payouts; null when none is offered'),
  /** Issue 28 (D33): the thread, the claim's version and the token every change sends back. */
  casework: z.object({
    version: z.number().int(),
    csrfToken: z.string().describe('Send as X-CSRF-Token on every change while the page is open'),
    thread: claimThreadSchema,
    /** D32: a mileage claim's figures as the claimant gave them, for an amendment; null otherwise. */
    amendable: z
      .object({
        vehicleInfo: vehicleInfoSchema,
        taxYears: z.array(taxYearEntrySchema),
        employments: z.array(z.object({ id: z.string(), employerName: z.string() })),
      })
      .nullable(),
  }),
});
export type ClaimStatusView = z.infer<typeof claimStatusViewSchema>;
