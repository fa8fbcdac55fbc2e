// D29 with D41 (issue 47, decision 076): the nomination's requests and the status page's view of
// it. Imported by sub-path ('@taxback/domain/nomination-schemas') and by status-schemas.ts.
import { z } from 'zod';
import { PAYOUT_STATES } from './client-money.ts';
import { NOMINATION_MESSAGES, NOMINATION_NAME_MAX_LENGTH } from './nomination.ts';
import { sanitiseText } from './sanitise.ts';

/** The claimant signs the nomination: their full name typed, and the box ticked. */
export const nominationSignSchema = z.object({
  fullName: z
    .string({ error: NOMINATION_MESSAGES.fullNameRequired })
    .transform((s) => sanitiseText(s).trim().replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(1, { error: NOMINATION_MESSAGES.fullNameRequired })
        .max(NOMINATION_NAME_MAX_LENGTH, { error: NOMINATION_MESSAGES.fullNameTooLong }),
    ),
  consent: z.literal(true, { error: NOMINATION_MESSAGES.consentRequired }),
});
export type NominationSignInput = z.output<typeof nominationSignSchema>;

/** What signing answers: the new signature reference, for the bank details that follow. */
export const nominationSignedSchema = z.object({
  signatureId: z.string().describe('The signature reference the bank details are given under'),
  signedAt: z.string(),
});

const maskedBank = z.object({
  sortCode: z.string().describe('**-**-56'),
  accountNumber: z.string().describe('****5678'),
  version: z.number().int().describe('Send it back with a change (0: none given yet)'),
});

/** D29, D41: the nomination on the claimant's status page; null when none is offered. */
export const claimantNominationSchema = z.object({
  title: z.string(),
  paragraphs: z.array(z.string()).describe('The nomination’s words, to read before signing'),
  signed: z
    .object({ signatureId: z.string(), signedAt: z.string(), documentUrl: z.string() })
    .nullable()
    .describe('The newest signed nomination, with its signed PDF; null before one'),
  signatureUnused: z
    .boolean()
    .describe('The newest signature has not yet been used for bank details: they may be given now'),
  bankDetails: maskedBank.nullable(),
  payouts: z.array(
    z.object({
      amountPence: z.number().int(),
      dueOn: z.string(),
      state: z.enum(PAYOUT_STATES),
      madeOn: z.string().nullable(),
    }),
  ),
});
export type ClaimantNomination = z.infer<typeof claimantNominationSchema>;

/** The operator's list of a case's signed nominations, with their signed PDF and audit trail. */
export const nominationRecordSchema = z.object({
  signatureId: z.string(),
  provider: z.string(),
  signedAt: z.string(),
  documentUrl: z.string(),
  auditTrailUrl: z.string(),
});
export type NominationRecord = z.infer<typeof nominationRecordSchema>;
