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
  provider: z
    .enum(['offline', 'dropbox-sign'])
    .describe(
      'Where the claimant signs: offline, on this page (POST /api/status/nomination); dropbox-sign, in Dropbox Sign’s embedded window (POST /api/status/nomination/signing)',
    ),
  pending: z
    .object({ startedAt: z.string() })
    .nullable()
    .describe(
      'A signature started at Dropbox Sign after the newest signed nomination, waiting for its confirmation; null when none is',
    ),
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

/** Decision 079: a signature request started at Dropbox Sign, for its embedded signing window. */
export const nominationSigningSchema = z.object({
  signUrl: z
    .string()
    .describe('The signer’s embedded signing page (an hour, once), to open with hellosign-embedded'),
  clientId: z.string().describe('Our Dropbox Sign API app’s client id, which the embedded window needs'),
  testMode: z.boolean().describe('The request was made in test mode (its domain is not checked)'),
});
export type NominationSigning = z.infer<typeof nominationSigningSchema>;

/** Decision 079: Dropbox Sign's event callback, a multipart form with the event as JSON in `json`. */
export const dropboxSignCallbackSchema = z.object({
  json: z
    .string()
    .describe(
      'The event as JSON: `event.event_time`, `event.event_type`, `event.event_hash` (HMAC-SHA256 hex of event_time + event_type keyed by the API key) and `signature_request.signature_request_id`',
    ),
});

/** The parts of a Dropbox Sign event we read; every other field is left out. */
export const dropboxSignEventSchema = z.object({
  event: z.object({
    event_time: z.string().describe('Unix seconds, as text'),
    event_type: z
      .string()
      .describe('signature_request_all_signed stores the signed nomination; others are acknowledged'),
    event_hash: z.string().describe('HMAC-SHA256 hex of event_time + event_type, keyed by our API key'),
  }),
  signature_request: z
    .object({ signature_request_id: z.string() })
    .optional()
    .describe('The request the event is about (absent from a callback test)'),
});
export type DropboxSignEvent = z.infer<typeof dropboxSignEventSchema>;

/** The operator's list of a case's signed nominations, with their signed PDF and audit trail. */
export const nominationRecordSchema = z.object({
  signatureId: z.string(),
  provider: z.string(),
  signedAt: z.string(),
  documentUrl: z.string(),
  auditTrailUrl: z.string(),
});
export type NominationRecord = z.infer<typeof nominationRecordSchema>;
