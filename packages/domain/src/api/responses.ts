// Issue 14: the bodies the API answers with, as zod schemas beside the request schemas, so the
// server declares them on its routes (the OpenAPI document at /api/docs is generated from them)
// and the web app reads the same types. Where a body is built from a domain type, the schema is
// checked against that type at compile time (SameType), so the two cannot drift apart.
import { z } from 'zod';
import type { RebateSummary, YearFigures } from '../mileage.ts';
import { generalDetailsSchema } from '../general-details-schemas.ts';
import { wizardProgressSchema, wizardSnapshotSchema } from '../schemas.ts';
import type { SameType } from '../schemas.ts';

// ---------------------------------------------------------------------------------------------
// Errors

export const fieldErrorsSchema = z
  .strictObject({ errors: z.record(z.string(), z.string()) })
  .describe(
    "Field name (dotted for nesting, e.g. 'personalInfo.email'; 'form' for the whole request) → the message to show",
  )
  .meta({ id: 'FieldErrors' });
export type FieldErrorsBody = z.infer<typeof fieldErrorsSchema>;

export const errorSchema = z.strictObject({ error: z.string() }).meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorSchema>;

/** 400: field errors, or `{ error }` for a missing session, a body that is not JSON and the like. */
export const badRequestSchema = z.xor([fieldErrorsSchema, errorSchema]).meta({ id: 'BadRequest' });

/** Operator sign-in refusals (401, 423) and refused operator details (400) also name the field. */
export const errorWithFieldsSchema = z
  .strictObject({ error: z.string(), errors: z.record(z.string(), z.string()) })
  .meta({ id: 'ErrorWithFields' });

export const staleRevisionSchema = z
  .strictObject({ error: z.string(), revision: z.number().int().describe('The revision the server holds') })
  .meta({ id: 'StaleRevision' });

/** Address and distance lookups answer their own errors in SPEC.md §7's shape. */
export const lookupErrorSchema = z
  .strictObject({ status: z.literal('error'), error: z.string() })
  .meta({ id: 'LookupError' });

// ---------------------------------------------------------------------------------------------
// Claimant routes

export const fileSummarySchema = z
  .object({
    id: z.uuid(),
    filename: z.string(),
    url: z.string().describe('/api/files/{id}'),
    type: z.string().describe('The content type sniffed from the bytes'),
    size: z.number().int(),
  })
  .meta({ id: 'FileSummary' });
export type FileSummary = z.infer<typeof fileSummarySchema>;

export const fileLinkSchema = z
  .object({ id: z.uuid(), url: z.string(), filename: z.string() })
  .meta({ id: 'FileLink' });
export type FileLink = z.infer<typeof fileLinkSchema>;

const pounds = z.number().describe('Pounds');

export const yearFiguresSchema = z
  .object({
    year: z.string().describe("A tax year, e.g. '2024/25'"),
    miles: z.number(),
    allowance: pounds,
    employerPayment: pounds,
    claimable: pounds,
    taxableExcess: z.number().describe('Pounds paid above the approved amount: taxable, no relief'),
    selfAssessmentRequired: z.boolean(),
  })
  .meta({ id: 'YearFigures' });
const yearFiguresMatch: SameType<z.output<typeof yearFiguresSchema>, YearFigures> = true;

export const rebateSummarySchema = z
  .object({
    years: z.array(yearFiguresSchema),
    totalMiles: z.number(),
    totalAllowance: pounds,
    totalEmployerPayment: pounds,
    totalClaimable: pounds,
    rebate20: pounds,
    rebate40: pounds,
    selfAssessmentRequired: z.boolean(),
  })
  .describe('Always recomputed by the server from the snapshot; totals sent by a client are ignored.')
  .meta({ id: 'RebateSummary' });
const rebateSummaryMatch: SameType<z.output<typeof rebateSummarySchema>, RebateSummary> = true;
void [yearFiguresMatch, rebateSummaryMatch];

export const claimCreatedSchema = z
  .object({
    id: z.uuid(),
    reference: z.string().describe("The claim's reference, like TB 4K7 9MX 2QH (decision 053)"),
    signatureUrl: z.string(),
    authorityUrl: z.string().nullable().describe('The signed authority PDF (D19)'),
  })
  .meta({ id: 'ClaimCreated' });
export type ClaimCreated = z.infer<typeof claimCreatedSchema>;

export const claimViewSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    selectedExpenses: z.array(z.string()),
    affiliateName: z.string().nullable(),
    utmData: z.record(z.string(), z.string()).nullable(),
    fullUrl: z.string().nullable(),
    signatureUrl: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ClaimView' });
export type ClaimView = z.infer<typeof claimViewSchema>;

/** Decision 052: a receipt or proof uploaded in the details journey. */
export const detailsEvidenceSchema = z
  .object({
    id: z.uuid(),
    section: z.enum(['clothing', 'hotel', 'telephone', 'wfh']),
    taxYear: z.string().describe("The tax year, or '' for the proof that working from home was required"),
    filename: z.string(),
    url: z.string().describe('/api/files/{id}'),
    size: z.number().int(),
  })
  .meta({ id: 'DetailsEvidence' });
export type DetailsEvidence = z.infer<typeof detailsEvidenceSchema>;

/** D30: the general claim as the details journey reads it (GET /api/claims/mine/details). */
export const claimDetailsViewSchema = z
  .object({
    reference: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    selectedExpenses: z.array(z.string()),
    details: generalDetailsSchema.nullable().describe('The details as last saved, or null'),
    hasNiNumber: z.boolean(),
    detailsSignedAt: z.string().nullable(),
    claimableYears: z.array(z.string()).describe('The tax years claimable today (D21), newest first'),
    evidence: z.array(detailsEvidenceSchema).describe('Receipts and proof uploaded (decision 052)'),
  })
  .meta({ id: 'ClaimDetailsView' });
export type ClaimDetailsView = z.infer<typeof claimDetailsViewSchema>;

export const claimDetailsSavedSchema = z.object({ savedAt: z.string() }).meta({ id: 'ClaimDetailsSaved' });

export const claimDetailsSignedSchema = z
  .object({ signedAt: z.string(), authorityUrl: z.string() })
  .meta({ id: 'ClaimDetailsSigned' });

export const statusContinueSchema = z.object({ sessionId: z.string() }).meta({ id: 'StatusContinue' });

export const onboardingProgressSchema = z
  .object({
    revision: z.number().int(),
    snapshot: wizardSnapshotSchema,
    evidenceFiles: z.record(z.string(), z.array(fileSummarySchema)).describe('By tax year'),
    mileageLogs: z.record(
      z.string(),
      z.object({ pdf: fileLinkSchema.optional(), csv: fileLinkSchema.optional() }),
    ),
    p60File: fileSummarySchema.nullable(),
    signatureUrl: z.string().nullable(),
    signedAuthority: fileLinkSchema.nullable().describe('The signed authority PDF (D19), once signed'),
    status: z.string().describe("'draft' until submitted"),
    submissionReference: z.string().nullable(),
    submittedAt: z.string().nullable(),
    totals: rebateSummarySchema,
    hasNiNumber: z.boolean().describe('The NI number itself is never returned'),
    caseDetails: generalDetailsSchema
      .pick({ taxYears: true, expenses: true, scottishTaxpayer: true })
      .nullable()
      .describe(
        'Issue 42 (D38): the expenses and income answers of the funnel claim whose case this mileage claim joins, so the wizard shows each year across kinds; null outside a case',
      ),
    ...wizardProgressSchema,
  })
  .meta({ id: 'OnboardingProgress' });
export type OnboardingProgress = z.infer<typeof onboardingProgressSchema>;

export const onboardingSavedSchema = z
  .object({ revision: z.number().int(), totals: rebateSummarySchema })
  .meta({ id: 'OnboardingSaved' });
export type OnboardingSaved = z.infer<typeof onboardingSavedSchema>;

export const signatureSavedSchema = z
  .object({ signatureUrl: z.string(), signedAuthority: fileLinkSchema })
  .meta({ id: 'SignatureSaved' });

export const mileageLogsSchema = z
  .object({ logs: z.record(z.string(), z.object({ pdf: fileLinkSchema, csv: fileLinkSchema })) })
  .describe('One PDF and one CSV per selected tax year')
  .meta({ id: 'MileageLogs' });

export const submittedSchema = z
  .object({
    signedAuthority: fileLinkSchema.nullable(),
    submissionReference: z.string(),
    submittedAt: z.string(),
    totals: rebateSummarySchema,
  })
  .meta({ id: 'Submitted' });
export type Submitted = z.infer<typeof submittedSchema>;

export const resumeCodeSentSchema = z.object({ sent: z.literal(true) }).meta({ id: 'ResumeCodeSent' });
export const callBackReceivedSchema = z.object({ ok: z.literal(true) }).meta({ id: 'CallBackReceived' });
export type CallBackReceived = z.infer<typeof callBackReceivedSchema>;
export const resumedSchema = z
  .object({ sessionId: z.string().describe('The new session id: send it as X-Session-Id') })
  .meta({ id: 'Resumed' });

/** Liveness (decision 036): the process answers; it never waits for the database. */
export const healthSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });

const poolStatsSchema = z
  .object({
    size: z.number().int().describe('Connections the pool may open'),
    inUse: z.number().int(),
    waiting: z.number().int().describe('Acquisitions waiting for a connection now'),
    maxWaiting: z
      .number()
      .int()
      .nullable()
      .describe('Past this many waiting, a request is answered 503 at once (null: no bound)'),
    waits: z.number().int().describe('Acquisitions since start that had to wait'),
    shed: z.number().int().describe('Requests answered 503 at once since start'),
  })
  .meta({ id: 'PoolStats' });

export const jobBacklogSchema = z
  .object({
    count: z.number().int().describe('Due jobs not yet running (counted up to ten times the limit)'),
    oldestAgeSeconds: z.number().nullable().describe('How long the oldest due job has waited'),
    limit: z.number().int(),
    overLimit: z.boolean(),
    alerts: z.number().int().describe('Times this instance saw the backlog cross its limit since start'),
  })
  .meta({ id: 'JobBacklog' });

/** Readiness (decision 036): the database answers on readiness' own connection; the backlog and pools. */
export const readinessSchema = z
  .object({
    status: z.literal('ok'),
    db: z.literal('ok'),
    checkedInMs: z.number().describe('How long the database check took'),
    jobs: jobBacklogSchema,
    pool: z.object({ requests: poolStatsSchema, jobs: poolStatsSchema }),
  })
  .meta({ id: 'Readiness' });
export const notReadySchema = z
  .object({
    status: z.literal('error'),
    db: z.literal('down'),
    pool: z.object({ requests: poolStatsSchema, jobs: poolStatsSchema }),
  })
  .meta({ id: 'NotReady' });

export const addressResultSchema = z
  .object({
    status: z.literal('success'),
    delivery_points: z.array(
      z.object({ organisation_name: z.string(), line_1: z.string(), line_2: z.string(), udprn: z.string() }),
    ),
    town: z.string(),
    postal_county: z.string(),
    traditional_county: z.string(),
    postcode: z.string(),
  })
  .meta({ id: 'AddressResult' });

export const distanceResultSchema = z
  .object({
    status: z.literal('OK'),
    distanceMiles: z.number(),
    durationSeconds: z.number(),
    estimate: z.boolean().describe('True when the distance is an offline straight-line estimate'),
    source: z.enum(['offline', 'google', 'osrm']),
  })
  .meta({ id: 'DistanceResult' });
