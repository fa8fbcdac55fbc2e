// Issue 14: the API's one contract. Every route's request schemas (body, query, path) and the
// bodies it answers with, by status code. The server declares these on its routes (validating
// requests with them, checking answers against them outside production, and generating the
// OpenAPI document at /api/docs from them); the web app imports the same schemas and types.
import { z } from 'zod';
import {
  adminSignInSchema,
  affiliateReportQuerySchema,
  auditQuerySchema,
  claimAllocationSchema,
  claimListQuerySchema,
  claimsAllocationSchema,
  hmrcRecordCorrectionSchema,
  yearAnswerSchema,
  duplicateActionSchema,
  invoiceCloseSchema,
  invoicePaymentSchema,
  claimNoteSchema,
  operatorChangeSchema,
  operatorCreateSchema,
  securityCodeSchema,
  statusChangeSchema,
} from '../admin-schemas.ts';
import { claimEditSchema } from '../claim-edit-schemas.ts';
import {
  callBackRequestSchema,
  claimSubmissionSchema,
  hmrcDetailsStepSchema,
  mileageLogRequestSchema,
  onboardingSaveSchema,
  onboardingStepSaveSchema,
  publicSettingsSchema,
  resumeRequestSchema,
  reviewStepSchema,
  wizardStepIdSchema,
} from '../schemas.ts';
import {
  amendmentPreviewSchema,
  amendmentPreviewViewSchema,
  amendmentSchema,
  claimThreadSchema,
  claimantAnswersSchema,
  claimantMessageSchema,
  informationRequestSchema,
  operatorThreadSchema,
  threadMessageSchema,
} from '../casework.ts';
import {
  claimStatusViewSchema,
  statusCodeRequestSchema,
  statusCodeSentSchema,
  statusVerifySchema,
  statusViewQuerySchema,
} from '../status-schemas.ts';
import {
  dropboxSignCallbackSchema,
  nominationSignSchema,
  nominationSigningSchema,
} from '../nomination-schemas.ts';
import { MAX_UPLOAD_BYTES, UPLOAD_CONTENT_TYPES } from '../uploads.ts';
import { operatorInvoiceSchema } from '../invoice-schemas.ts';
import { cardCheckoutSchema, stripeEventSchema, webhookReceivedSchema } from '../card-payment-schemas.ts';
import {
  bankDetailsSchema,
  caseClientMoneySchema,
  clientMoneyReceiptSchema,
  moneyOutSchema,
  payoutDayQuerySchema,
  payoutDaySchema,
  payoutMadeSchema,
  payoutViewSchema,
  reconciliationQuerySchema,
  reconciliationSchema,
} from '../client-money-schemas.ts';
import { detailsSaveRequestSchema, detailsSignSchema } from '../general-details-schemas.ts';
import { dashboardCsvQuerySchema, dashboardQuerySchema, dashboardSchema } from '../dashboard-schemas.ts';
import {
  affiliateReportSchema,
  allocationConflictSchema,
  auditPageSchema,
  callBackListSchema,
  claimDetailSchema,
  claimEditedSchema,
  claimListSchema,
  claimOwnerSchema,
  claimWorkflowSchema,
  claimsAllocatedSchema,
  createdSchema,
  enrolmentSchema,
  hmrcYearsSchema,
  failedJobsSchema,
  niNumberSchema,
  operatorListSchema,
  signInStartedSchema,
  signedInSchema,
  statusConflictSchema,
  takenClaimSchema,
} from './admin-responses.ts';
import {
  addressResultSchema,
  badRequestSchema,
  callBackReceivedSchema,
  claimCreatedSchema,
  claimDetailsSavedSchema,
  claimDetailsSignedSchema,
  claimDetailsViewSchema,
  claimViewSchema,
  detailsEvidenceSchema,
  statusContinueSchema,
  distanceResultSchema,
  errorSchema,
  errorWithFieldsSchema,
  fieldErrorsSchema,
  fileSummarySchema,
  healthSchema,
  lookupErrorSchema,
  mileageLogsSchema,
  notReadySchema,
  onboardingProgressSchema,
  onboardingSavedSchema,
  readinessSchema,
  resumeCodeSentSchema,
  resumedSchema,
  signatureSavedSchema,
  staleRevisionSchema,
  submittedSchema,
} from './responses.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One answer: a JSON body (`schema`), a file (`contentType`, e.g. application/pdf), or nothing
 * (neither). `retryAfter` says the answer carries a Retry-After header.
 */
export interface ApiResponse {
  description: string;
  schema?: z.ZodType;
  contentType?: string | readonly string[];
  retryAfter?: boolean;
}

/**
 * Who may call a route (decision 035): the server's contract hook enforces it before the body is
 * read, so a route cannot forget it.
 * - `public`: anyone.
 * - `session`: the claimant session (a valid X-Session-Id, else 400).
 * - `session-or-operator`: a claimant's own session, or a signed-in operator; the handler decides
 *   (a file download).
 * - `second-factor`: an operator half signed in (password accepted, code or enrolment pending).
 * - `operator`: a signed-in operator of any role (caseworker or admin).
 * - `admin`: a signed-in admin; a caseworker gets 403.
 * Every operator route but a GET also needs the session's CSRF token (403 without it).
 */
export type ApiAccess = 'public' | 'session' | 'session-or-operator' | 'second-factor' | 'operator' | 'admin';

/** The accesses that mean an operator cookie session. */
/** The refusals an amendment's preview and its signing share (decision 056): one set of rules. */
function amendmentRefusals() {
  return {
    401: error('No cookie, or it has expired'),
    403: error('No CSRF token'),
    404: error('No such request on this claim'),
    409: {
      description: 'The request is closed, or the claim changed since the page was opened',
      schema: statusConflictSchema,
    },
    ...standard(400, 413, 415, 429, 503),
  };
}

export const OPERATOR_ACCESS = ['second-factor', 'operator', 'admin'] as const satisfies readonly ApiAccess[];

export function isOperatorAccess(access: ApiAccess): access is (typeof OPERATOR_ACCESS)[number] {
  return (OPERATOR_ACCESS as readonly ApiAccess[]).includes(access);
}

/** The OpenAPI security schemes behind each kind of access. */
export const SECURITY_SCHEMES = {
  sessionId: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Session-Id',
    description:
      'The claimant session id, created by the browser; never put in a URL. Missing or malformed → 400.',
  },
  operatorSession: {
    type: 'apiKey',
    in: 'cookie',
    name: 'tb_admin',
    description:
      'The operator session (httpOnly, SameSite=Strict): 30 minutes idle, 12 hours at most. None → 401; wrong role → 403.',
  },
  csrfToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRF-Token',
    description:
      "The session's CSRF token (from sign-in or /api/admin/me), required on every admin change; missing → 403.",
  },
} as const;

type SecurityRequirement = Partial<Record<keyof typeof SECURITY_SCHEMES, []>>;

/** A route's access as OpenAPI security requirements (none for public routes). */
export function securityOf(route: {
  method: HttpMethod;
  access: ApiAccess;
}): SecurityRequirement[] | undefined {
  const operator: SecurityRequirement =
    route.method === 'GET' ? { operatorSession: [] } : { operatorSession: [], csrfToken: [] };
  switch (route.access) {
    case 'public':
      return undefined;
    case 'session':
      return [{ sessionId: [] }];
    case 'session-or-operator':
      return [{ sessionId: [] }, { operatorSession: [] }];
    default:
      return [operator];
  }
}

export interface ApiRoute {
  method: HttpMethod;
  /** The path as the server registers it (':id' for a path parameter). */
  path: string;
  tags: readonly string[];
  summary: string;
  description?: string;
  access: ApiAccess;
  body?: z.ZodType;
  /** A multipart body: the parts it reads (never validated as JSON; the route reads the stream). */
  multipart?: z.ZodObject;
  querystring?: z.ZodObject;
  params?: z.ZodObject;
  /** The wizard's saves key field errors from the snapshot's root ('personalInfo.email'). */
  fieldErrorsFrom?: string;
  responses: Readonly<Record<number, ApiResponse>>;
}

// ---------------------------------------------------------------------------------------------
// The answers most routes share

const STANDARD = {
  400: {
    description:
      'Field errors `{ errors }` with the messages to show, or `{ error }` for a missing or invalid ' +
      'session or a body that is not JSON',
    schema: badRequestSchema,
  },
  401: { description: 'Not signed in, or the session expired', schema: errorSchema },
  403: { description: 'Wrong role, or no CSRF token on a change', schema: errorSchema },
  404: { description: 'Nothing for this session (or id)', schema: errorSchema },
  409: {
    description: 'The claim changed in another window, or was already submitted',
    schema: staleRevisionSchema,
  },
  413: { description: 'The body is over the route limit', schema: errorSchema },
  415: { description: 'The body is not in an accepted content type', schema: errorSchema },
  429: {
    description: 'Rate limited (per IP; shared by every instance when REDIS_URL is set)',
    schema: errorSchema,
    retryAfter: true,
  },
  503: {
    description:
      'The database is unreachable, or too many requests already wait for it (answered at once); try again after Retry-After seconds',
    schema: errorSchema,
    retryAfter: true,
  },
} as const satisfies Record<number, ApiResponse>;
type StandardStatus = keyof typeof STANDARD;

const standard = <const C extends StandardStatus>(...codes: C[]) =>
  Object.fromEntries(codes.map((code) => [code, STANDARD[code]])) as Pick<typeof STANDARD, C>;
const json = <S extends z.ZodType>(description: string, schema: S) => ({ description, schema });
const file = (description: string, contentType: string | readonly string[]): ApiResponse => ({
  description,
  contentType,
});
const error = (description: string, retryAfter = false) => ({
  description,
  schema: errorSchema,
  ...(retryAfter ? { retryAfter } : {}),
});

const idParams = (description: string) => z.object({ id: z.string().describe(description) });
const fileId = idParams('A file id (UUID); anything else is 404');
/** A lookup reads whatever it is sent and answers a bad value with SPEC.md's message. */
const postcodeParam = (description: string) => z.string().optional().catch(undefined).describe(description);
const lookupError = (description: string) => ({ description, schema: lookupErrorSchema });
/** A lookup's own 400, or field errors when the query holds control characters (refuseUnsafeText). */
const lookupBadRequestSchema = z.xor([lookupErrorSchema, fieldErrorsSchema]);
const lookupBadRequest = (description: string) => ({
  description: `${description} (or text with control characters: field errors)`,
  schema: lookupBadRequestSchema,
});

// ---------------------------------------------------------------------------------------------
// Claimant routes

const claimant = {
  getHealth: {
    method: 'GET',
    path: '/api/health',
    tags: ['health'],
    summary: 'Liveness: the process answers, without touching the database (never rate limited)',
    access: 'public',
    responses: { 200: json('The process is alive', healthSchema) },
  },
  getReadiness: {
    method: 'GET',
    path: '/api/health/ready',
    tags: ['health'],
    summary:
      'Readiness: the database answers on its own connection within a short timeout; the job backlog and the pools (never rate limited)',
    access: 'public',
    responses: {
      200: json('Ready for traffic (a backlog over its limit is reported, not refused)', readinessSchema),
      503: {
        description: 'The database did not answer in time',
        schema: notReadySchema,
        retryAfter: true,
      },
    },
  },
  getSettings: {
    method: 'GET',
    path: '/api/settings',
    tags: ['health'],
    summary: 'The public configuration: our company as the authority names it, and the fee (D19, D20)',
    access: 'public',
    responses: { 200: json('The settings', publicSettingsSchema), ...standard(429) },
  },
  getOpenApi: {
    method: 'GET',
    path: '/api/docs',
    tags: ['docs'],
    summary: 'This OpenAPI 3.1 description',
    access: 'public',
    responses: {
      200: json('The OpenAPI document', z.record(z.string(), z.unknown())),
      ...standard(429),
    },
  },
  submitClaim: {
    method: 'POST',
    path: '/api/claims',
    tags: ['claims'],
    summary: 'Submit the general expenses claim (one per session)',
    description:
      'The signature is a PNG data URL (at most 2 MB decoded). A repeat submit from the same session ' +
      'returns the first claim with 200 instead of creating another.',
    access: 'session',
    body: claimSubmissionSchema,
    responses: {
      201: json('The claim was created', claimCreatedSchema),
      200: json('This session had already submitted: the first claim', claimCreatedSchema),
      ...standard(400, 413, 415, 429, 503),
    },
  },
  getMyClaim: {
    method: 'GET',
    path: '/api/claims/mine',
    tags: ['claims'],
    summary: "The session's general claim",
    access: 'session',
    responses: { 200: json("The session's claim", claimViewSchema), ...standard(400, 404, 429, 503) },
  },
  getClaimDetails: {
    method: 'GET',
    path: '/api/claims/mine/details',
    tags: ['claims'],
    summary: "The session's general claim with the details HMRC needs (D30)",
    access: 'session',
    responses: {
      200: json('The claim and its details', claimDetailsViewSchema),
      ...standard(400, 404, 429, 503),
    },
  },
  saveClaimDetails: {
    method: 'PUT',
    path: '/api/claims/mine/details',
    tags: ['claims'],
    summary: 'Save the details journey so far (D30)',
    description:
      'Each section present (personalInfo, employments, taxYears, expenses) is checked in full by the ' +
      "wizard's rules for that step, against the server's clock; a refused save stores nothing.",
    access: 'session',
    // D30: the sections typed here; each step's rules checked in the service against its clock.
    body: detailsSaveRequestSchema,
    responses: {
      200: json('Saved', claimDetailsSavedSchema),
      409: error('The details were signed: they can no longer change here'),
      ...standard(400, 404, 413, 415, 429, 503),
    },
  },
  signClaimDetails: {
    method: 'POST',
    path: '/api/claims/mine/details/sign',
    tags: ['claims'],
    summary: 'Sign the authority showing the details and amounts (D19, D30)',
    access: 'session',
    body: detailsSignSchema,
    responses: {
      200: json('Signed', claimDetailsSignedSchema),
      409: error('Already signed'),
      ...standard(400, 404, 413, 415, 429, 503),
    },
  },
  uploadClaimDetailsFile: {
    method: 'POST',
    path: '/api/claims/mine/details/files',
    tags: ['claims', 'files'],
    summary: 'Upload a receipt or proof for an expense of the details journey (decision 052)',
    description:
      "The evidence rules of the wizard's uploads: the type from the bytes (PDF, Word, Excel, CSV, JPG " +
      `or PNG), at most ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB, one file per request, stored privately.`,
    access: 'session',
    multipart: z.object({
      section: z.enum(['clothing', 'hotel', 'telephone', 'wfh']),
      taxYear: z
        .string()
        .regex(/^\d{4}\/\d{2}$/)
        .optional()
        .describe('A chosen tax year; none for the proof that working from home was required'),
      file: z.string().meta({ contentMediaType: 'application/octet-stream' }),
    }),
    responses: {
      201: json('Stored', detailsEvidenceSchema),
      409: error('Already signed'),
      ...standard(400, 404, 413, 415, 429, 503),
    },
  },
  deleteClaimDetailsFile: {
    method: 'DELETE',
    path: '/api/claims/mine/details/files/:id',
    tags: ['claims', 'files'],
    summary: 'Remove a receipt or proof (before the details are signed)',
    access: 'session',
    params: fileId,
    responses: {
      204: { description: 'Deleted' },
      409: error('Already signed'),
      ...standard(400, 404, 429, 503),
    },
  },
  getFile: {
    method: 'GET',
    path: '/api/files/:id',
    tags: ['files'],
    summary: 'Download a stored file (its owner session or a signed-in operator only)',
    access: 'session-or-operator',
    params: fileId,
    responses: {
      200: file(
        'The bytes, with the content type sniffed at upload, as an attachment (a nomination’s audit trail, D29: JSON as text/plain)',
        [...new Set([...Object.values(UPLOAD_CONTENT_TYPES), 'text/plain'])],
      ),
      ...standard(400, 404, 429, 503),
    },
  },
  startOnboardingFromClaim: {
    method: 'POST',
    path: '/api/onboarding/from-claim',
    tags: ['onboarding'],
    summary:
      'Issue 42 (D38): start the mileage claim of this funnel claim’s case, filled in from its signed details',
    description:
      'Send the funnel claim’s session as X-Session-Id. The answer is the mileage claim’s own session, ' +
      'to send as X-Session-Id to the wizard’s routes: 201 when its draft was made now, 200 when the ' +
      'case had one already (a case holds one mileage claim).',
    access: 'session',
    responses: {
      200: json('The case’s mileage claim, made before', resumedSchema),
      201: json('The case’s mileage claim, made now', resumedSchema),
      404: error('No funnel claim for this session'),
      409: error('The claim did not choose travel, or its details are not signed yet'),
      ...standard(400, 429, 503),
    },
  },
  getOnboarding: {
    method: 'GET',
    path: '/api/onboarding',
    tags: ['onboarding'],
    summary: "The session's saved mileage-claim progress",
    access: 'session',
    responses: { 200: json('Saved progress', onboardingProgressSchema), ...standard(400, 404, 429, 503) },
  },
  saveOnboarding: {
    method: 'PUT',
    path: '/api/onboarding',
    tags: ['onboarding'],
    summary: 'Save a wizard step (optimistic revision check)',
    description:
      'Send the revision last received (0 for the first save). The steps up to lastStepCompleted ' +
      'are validated with the step schemas; totals are recomputed by the server.',
    access: 'session',
    body: onboardingSaveSchema,
    fieldErrorsFrom: 'snapshot',
    responses: {
      200: json('Saved; the new revision and totals', onboardingSavedSchema),
      ...standard(400, 409, 413, 415, 429, 503),
    },
  },
  saveOnboardingStep: {
    method: 'PUT',
    path: '/api/onboarding/steps/:stepId',
    tags: ['onboarding'],
    summary: 'Save what one wizard step changed (optimistic revision check)',
    description:
      'The draft must exist (the first save is the whole snapshot, PUT /api/onboarding). Send the ' +
      'revision last received and only the snapshot sections the step changed; the server merges ' +
      'them into the stored draft, checks again only the completed steps that read a changed ' +
      'section (every completed step once the UK day has changed since the last check), and ' +
      'recomputes the totals.',
    access: 'session',
    params: z.object({ stepId: wizardStepIdSchema.describe('The step saved, by its plan id') }),
    body: onboardingStepSaveSchema,
    fieldErrorsFrom: 'sections',
    responses: {
      200: json('Saved; the new revision and totals', onboardingSavedSchema),
      ...standard(400, 404, 409, 413, 415, 429, 503),
    },
  },
  sendResumeCode: {
    method: 'POST',
    path: '/api/onboarding/resume-code',
    tags: ['onboarding'],
    summary: 'Send a new resume code by SMS ("Save and finish later")',
    access: 'session',
    responses: {
      202: json('The SMS was sent', resumeCodeSentSchema),
      502: error('The SMS provider failed'),
      ...standard(400, 404, 429, 503),
    },
  },
  uploadOnboardingFile: {
    method: 'POST',
    path: '/api/onboarding/files',
    tags: ['files'],
    summary: 'Upload an evidence file or the P60',
    description:
      'The type is taken from the bytes, never the name: evidence may be PDF, Word, Excel, CSV, JPG ' +
      `or PNG; a P60 PDF, JPG or PNG. At most ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB, one file per request.`,
    access: 'session',
    multipart: z.object({
      kind: z.enum(['evidence', 'p60']),
      taxYear: z
        .string()
        .regex(/^\d{4}\/\d{2}$/)
        .optional()
        .describe("Evidence only: a claimable tax year, e.g. '2024/25'"),
      file: z.string().meta({ contentMediaType: 'application/octet-stream' }),
    }),
    responses: {
      201: json('Stored', fileSummarySchema),
      ...standard(400, 404, 409, 413, 415, 429, 503),
    },
  },
  deleteOnboardingFile: {
    method: 'DELETE',
    path: '/api/onboarding/files/:id',
    tags: ['files'],
    summary: 'Delete an uploaded file (while the claim is a draft)',
    access: 'session',
    params: fileId,
    responses: { 204: { description: 'Deleted' }, ...standard(400, 404, 409, 429, 503) },
  },
  saveOnboardingSignature: {
    method: 'POST',
    path: '/api/onboarding/signature',
    tags: ['onboarding'],
    summary: 'Save the signature and the three agreements',
    access: 'session',
    body: reviewStepSchema,
    responses: { 201: json('Saved', signatureSavedSchema), ...standard(400, 404, 409, 413, 415, 429, 503) },
  },
  generateMileageLogs: {
    method: 'POST',
    path: '/api/onboarding/mileage-log',
    tags: ['onboarding'],
    summary:
      "Generate the PDF and CSV mileage logs from the saved journeys (one year's, or every selected year's)",
    access: 'session',
    body: mileageLogRequestSchema,
    responses: { 201: json('The logs', mileageLogsSchema), ...standard(400, 404, 409, 429, 503) },
  },
  submitOnboarding: {
    method: 'POST',
    path: '/api/onboarding/submit',
    tags: ['onboarding'],
    summary: 'Submit the mileage claim (a repeat returns the same answer)',
    access: 'session',
    body: hmrcDetailsStepSchema,
    responses: { 200: json('Submitted', submittedSchema), ...standard(400, 404, 413, 415, 429, 503) },
  },
  resumeClaim: {
    method: 'POST',
    path: '/api/resume',
    tags: ['resume'],
    summary: 'Exchange a resume code and phone number for a new session id',
    access: 'public',
    body: resumeRequestSchema,
    responses: {
      200: json('A fresh session that owns the claim', resumedSchema),
      404: error('No live code for this phone'),
      429: error('Too many wrong attempts, or the global rate limit', true),
      ...standard(400, 413, 415, 503),
    },
  },
  requestStatusCode: {
    method: 'POST',
    path: '/api/status/code',
    tags: ['status'],
    summary: 'Text a one-time code to the mobile number of the claim with this reference (D23)',
    access: 'public',
    body: statusCodeRequestSchema,
    responses: {
      202: json('The code was texted', statusCodeSentSchema),
      404: error('No claim with this reference and number (the same answer for either wrong)'),
      429: error('Five failures from this IP in 15 minutes, or three codes to this number in an hour', true),
      503: error('The text could not be sent, or the database is unavailable', true),
      ...standard(400, 413, 415),
    },
  },
  verifyStatusCode: {
    method: 'POST',
    path: '/api/status/verify',
    tags: ['status'],
    summary: 'Exchange the texted code for the claim’s timeline and a 30-minute status cookie',
    access: 'public',
    body: statusVerifySchema,
    responses: {
      200: json('The timeline; sets the httpOnly tb_status cookie', claimStatusViewSchema),
      429: error('Five failures from this IP in 15 minutes', true),
      ...standard(400, 413, 415, 503),
    },
  },
  getClaimStatus: {
    method: 'GET',
    path: '/api/status',
    tags: ['status'],
    summary: 'The claim’s timeline while the tb_status cookie lasts',
    description:
      'With `reference` (a link’s), only that claim’s: a cookie for another claim is cleared and answers 401 (issue 28).',
    access: 'public',
    querystring: statusViewQuerySchema,
    responses: {
      200: json('The timeline', claimStatusViewSchema),
      401: error(
        'No cookie, it has expired, or it is for another claim than `reference` (then it is cleared)',
      ),
      ...standard(400, 429, 503),
    },
  },
  signOutOfStatus: {
    method: 'POST',
    path: '/api/status/sign-out',
    tags: ['status'],
    summary: 'Ends the status session: clears the tb_status cookie',
    access: 'public',
    responses: { 204: { description: 'Signed out' }, ...standard(429, 503) },
  },
  getStatusInvoice: {
    method: 'GET',
    path: '/api/status/invoice.pdf',
    tags: ['status'],
    summary: 'D41: our invoice for the fee as a PDF, while the tb_status cookie lasts',
    access: 'public',
    responses: {
      200: file('The PDF, as an attachment', 'application/pdf'),
      401: error('No cookie, it has expired, or the case has no invoice'),
      ...standard(429, 503),
    },
  },
  getSignedDocument: {
    method: 'GET',
    path: '/api/status/documents/:id',
    tags: ['status'],
    summary: 'A document the claimant signed (the authority PDF), while the tb_status cookie lasts',
    access: 'public',
    params: idParams('The file id'),
    responses: {
      200: file('The PDF, as an attachment', 'application/pdf'),
      401: error('No cookie, it has expired, or the file is not this claim’s'),
      ...standard(429, 503),
    },
  },
  // D29 with D41 (issue 47, decision 076): the nomination, signed by an advanced e-signature, and
  // the bank details it allows. Both need the fresh cookie and the page's CSRF token.
  signStatusNomination: {
    method: 'POST',
    path: '/api/status/nomination',
    tags: ['status'],
    summary:
      'D29: the claimant signs the nomination of HMRC’s repayment to us (their typed name and consent); the e-signature provider’s signed PDF and audit trail are stored with the claim',
    access: 'public',
    body: nominationSignSchema,
    responses: {
      200: json('The claim’s status view, with the new signature reference', claimStatusViewSchema),
      401: error('No cookie, or it has expired'),
      403: error('No CSRF token'),
      409: error('No nomination is offered on this claim'),
      503: error('The e-signature provider did not sign it; nothing is stored', true),
      ...standard(400, 413, 415, 429),
    },
  },
  saveStatusBankDetails: {
    method: 'PUT',
    path: '/api/status/bank-details',
    tags: ['status'],
    summary:
      'D29, D41: the claimant’s bank account for the payout, under the nomination signature they have not used before; checked by the UK modulus rules (400 at the field, nothing stored)',
    access: 'public',
    body: bankDetailsSchema,
    responses: {
      200: json('The claim’s status view, the bank details masked', claimStatusViewSchema),
      401: error('No cookie, or it has expired'),
      403: error('No CSRF token'),
      409: {
        description:
          'No nomination, a stale version, or a signature reference used before or not signed for this case (the field named)',
        schema: z.xor([errorWithFieldsSchema, errorSchema]),
      },
      ...standard(400, 413, 415, 429, 503),
    },
  },
  getStatusNomination: {
    method: 'GET',
    path: '/api/status/nominations/:id',
    tags: ['status'],
    summary: 'D29: a nomination the claimant signed (the signed PDF), while the tb_status cookie lasts',
    access: 'public',
    params: idParams('The signature reference'),
    responses: {
      200: file('The signed PDF, as an attachment', 'application/pdf'),
      401: error('No cookie, it has expired, or the nomination is not this claim’s'),
      ...standard(429, 503),
    },
  },
  // D29 (issue 47, decision 079): the nomination signed in Dropbox Sign's embedded window; the
  // signed event (or a check when the claimant is back) stores it as the offline signature is.
  startStatusNominationSigning: {
    method: 'POST',
    path: '/api/status/nomination/signing',
    tags: ['status'],
    summary:
      'D29 with ESIGN_PROVIDER=dropbox-sign: starts the nomination’s signature request at Dropbox Sign (our nomination PDF, the claimant’s email as signer), kept as pending, and answers its embedded signing page',
    access: 'public',
    body: nominationSignSchema,
    responses: {
      200: json('The embedded signing page to open', nominationSigningSchema),
      401: error('No cookie, or it has expired'),
      403: error('No CSRF token'),
      409: error('No nomination is offered on this claim, or it is signed on this page (offline)'),
      503: error('Dropbox Sign did not start the request; nothing is stored', true),
      ...standard(400, 413, 415, 429),
    },
  },
  checkStatusNomination: {
    method: 'POST',
    path: '/api/status/nomination/check',
    tags: ['status'],
    summary:
      'D29: asks Dropbox Sign about the pending nomination (at most every 5 seconds); a signed one is stored as its event would store it. Answers the status view',
    access: 'public',
    responses: {
      200: json('The claim’s status view: pending until Dropbox Sign confirms', claimStatusViewSchema),
      401: error('No cookie, or it has expired'),
      403: error('No CSRF token'),
      409: error('No nomination is offered on this claim'),
      ...standard(429, 503),
    },
  },
  receiveDropboxSignEvent: {
    method: 'POST',
    path: '/api/webhooks/dropbox-sign',
    tags: ['webhooks'],
    summary:
      'Dropbox Sign’s events (ESIGN_PROVIDER=dropbox-sign): signature_request_all_signed stores a pending nomination’s signed PDF and audit trail once; declined closes it; others are acknowledged',
    description:
      'The event’s `event_hash` must be the HMAC-SHA256 hex of `event_time + event_type` keyed by ESIGN_API_KEY (compared in constant time); a wrong one is 400 and nothing is stored. A signed nomination Dropbox Sign cannot hand over yet is 503, so Dropbox Sign sends the event again.',
    access: 'public',
    multipart: dropboxSignCallbackSchema,
    responses: {
      200: file('Exactly `Hello API Event Received`, as Dropbox Sign requires', 'text/plain'),
      400: {
        description: 'The event’s hash is missing or wrong, or the body is not an event',
        schema: badRequestSchema,
      },
      404: error('Signing at Dropbox Sign is not configured (ESIGN_PROVIDER=offline)'),
      503: error('Dropbox Sign did not hand over the signed nomination yet; send the event again', true),
      ...standard(413, 415, 429),
    },
  },
  // D41 (issue 47, decision 078): the invoice paid by card. The claimant starts a checkout (the
  // fresh cookie and the page's CSRF token); only the provider's signed webhook records the payment.
  startStatusCardPayment: {
    method: 'POST',
    path: '/api/status/invoice/checkout',
    tags: ['status'],
    summary:
      'D41: a card payment of what is owed on the case’s invoice: the payment provider’s checkout page to send the browser to',
    access: 'public',
    responses: {
      200: json('The checkout page', cardCheckoutSchema),
      401: error('No cookie, or it has expired'),
      403: error('No CSRF token'),
      409: error('No card payment is offered, there is no invoice, or nothing is owed on it'),
      503: error('The payment provider did not answer; nothing was started', true),
      ...standard(429),
    },
  },
  receiveStripeWebhook: {
    method: 'POST',
    path: '/api/webhooks/stripe',
    tags: ['webhooks'],
    summary:
      'Stripe’s events (PAYMENT_PROVIDER=stripe): a paid checkout.session.completed records a card payment on the invoice once; other events are acknowledged',
    description:
      'The Stripe-Signature header is checked (HMAC-SHA256 of `t.body` with STRIPE_WEBHOOK_SECRET, 5 minutes’ tolerance) on the raw body before anything is read; a wrong or old signature is 400 and nothing is stored.',
    access: 'public',
    body: stripeEventSchema,
    responses: {
      200: json('Received; what was done with it', webhookReceivedSchema),
      400: {
        description: 'The signature is missing, wrong or too old, or the body is not an event',
        schema: badRequestSchema,
      },
      404: error('Card payments are not configured (PAYMENT_PROVIDER=offline)'),
      ...standard(413, 415, 429, 503),
    },
  },
  continueFromStatus: {
    method: 'POST',
    path: '/api/status/details',
    tags: ['status'],
    summary: 'Carry on adding the details HMRC needs on this device, after the code sign-in (D23, D30)',
    description: 'Answers the general claim’s session id, so the details journey opens here.',
    access: 'public',
    responses: {
      200: json('The claim’s session', statusContinueSchema),
      401: error('No cookie, it has expired, or the claim is not a general claim'),
      ...standard(429, 503),
    },
  },
  getStatusThread: {
    method: 'GET',
    path: '/api/status/thread',
    tags: ['status'],
    summary: 'The claim’s thread and information requests (D33), while the tb_status cookie lasts',
    access: 'public',
    responses: {
      200: json('The thread', claimThreadSchema),
      401: error('No cookie, or it has expired'),
      ...standard(429, 503),
    },
  },
  sendStatusMessage: {
    method: 'POST',
    path: '/api/status/messages',
    tags: ['status'],
    summary: 'The claimant writes on the thread (D33); needs the X-CSRF-Token from the status view',
    access: 'public',
    body: claimantMessageSchema,
    responses: {
      201: json('Added', createdSchema),
      401: error('No cookie, or it has expired'),
      403: error('No CSRF token'),
      409: { description: 'The claim changed since the page was opened', schema: statusConflictSchema },
      ...standard(400, 413, 415, 429, 503),
    },
  },
  uploadStatusFile: {
    method: 'POST',
    path: '/api/status/files',
    tags: ['status'],
    summary:
      'A file for an answer (D33): the evidence rules (PDF, Word, Excel, CSV, JPG, PNG; 10 MB; sniffed)',
    access: 'public',
    multipart: z.object({
      version: z.string().describe('The claim’s version as the page shows it'),
      file: z.string().meta({ contentMediaType: 'application/octet-stream' }),
    }),
    responses: {
      201: json(
        'Stored',
        z.object({ id: z.string(), filename: z.string(), size: z.number(), url: z.string() }),
      ),
      401: error('No cookie, or it has expired'),
      403: error('No CSRF token'),
      409: { description: 'The claim changed since the page was opened', schema: statusConflictSchema },
      ...standard(400, 413, 415, 429, 503),
    },
  },
  answerStatusRequest: {
    method: 'POST',
    path: '/api/status/answers',
    tags: ['status'],
    summary:
      'The claimant answers an open information request (D33): the claim goes back to "in review", "reply received" for operators',
    access: 'public',
    body: claimantAnswersSchema,
    responses: {
      200: json('The claim’s status view, updated', claimStatusViewSchema),
      401: error('No cookie, or it has expired'),
      403: error('No CSRF token'),
      404: error('No such request on this claim'),
      409: {
        description:
          'The request is closed or answered already, or the claim changed since the page was opened',
        schema: statusConflictSchema,
      },
      ...standard(400, 413, 415, 429, 503),
    },
  },
  previewStatusAmendment: {
    method: 'POST',
    path: '/api/status/amendment/preview',
    tags: ['status'],
    summary:
      'D32, decision 056: the authority the server would sign for the miles the claimant entered, shown before they sign; nothing is stored',
    access: 'public',
    body: amendmentPreviewSchema,
    responses: {
      200: json('The authority document, not yet signed', amendmentPreviewViewSchema),
      ...amendmentRefusals(),
    },
  },
  amendStatusClaim: {
    method: 'POST',
    path: '/api/status/amendment',
    tags: ['status'],
    summary:
      'D32: the claimant changes the miles an amendment item asks about and signs a new authority; the earlier one is kept, superseded',
    access: 'public',
    body: amendmentSchema,
    responses: {
      200: json('The claim’s status view, updated', claimStatusViewSchema),
      ...amendmentRefusals(),
    },
  },
  getStatusFile: {
    method: 'GET',
    path: '/api/status/files/:id',
    tags: ['status'],
    summary: 'A file on the claim’s thread, while the tb_status cookie lasts',
    access: 'public',
    params: idParams('The file id'),
    responses: {
      200: file('The file, as an attachment', [...new Set(Object.values(UPLOAD_CONTENT_TYPES))]),
      401: error('No cookie, it has expired, or the file is not on this claim’s thread'),
      ...standard(429, 503),
    },
  },
  requestCallBack: {
    method: 'POST',
    path: '/api/call-backs',
    tags: ['call-backs'],
    summary:
      'A self-employed or CIS claimant asks to be called about Self Assessment (D27; 5 a minute per IP)',
    access: 'public',
    body: callBackRequestSchema,
    responses: {
      201: json('Kept, with consent, until called or for 30 days', callBackReceivedSchema),
      ...standard(400, 413, 415, 429, 503),
    },
  },
  lookupAddress: {
    method: 'GET',
    path: '/api/address',
    tags: ['lookups'],
    summary: 'Addresses at a UK postcode (30 a minute per IP)',
    access: 'public',
    querystring: z.object({ postcode: postcodeParam('A full UK postcode') }),
    responses: {
      200: json('The addresses', addressResultSchema),
      400: lookupBadRequest('Missing or invalid postcode'),
      404: lookupError('No addresses at this postcode'),
      502: lookupError('The address provider failed'),
      504: lookupError('The address provider timed out'),
      ...standard(429),
    },
  },
  lookupDistance: {
    method: 'GET',
    path: '/api/distance',
    tags: ['lookups'],
    summary: 'Road distance between two UK postcodes (30 a minute per IP)',
    access: 'public',
    querystring: z.object({ from: postcodeParam('Start postcode'), to: postcodeParam('End postcode') }),
    responses: {
      200: json('The distance', distanceResultSchema),
      400: lookupBadRequest('A postcode is missing or invalid'),
      422: lookupError('No route between the postcodes'),
      502: lookupError('The distance provider failed'),
      504: lookupError('The distance provider timed out'),
      ...standard(429),
    },
  },
  countFunnelStep: {
    method: 'POST',
    path: '/api/funnel-steps/:step',
    tags: ['funnel'],
    summary:
      'Counts one arrival at a funnel step the server cannot see (the expenses page, reached in the browser); anonymous, no body (issue 45)',
    access: 'public',
    params: z.object({ step: z.enum(['expenses']).describe('The step reached') }),
    responses: { 204: { description: 'Counted' }, ...standard(400, 429, 503) },
  },
} as const satisfies Record<string, ApiRoute>;

// ---------------------------------------------------------------------------------------------
// The operator back-office (D11, D22)

const adminBadRequest = {
  description: STANDARD[400].description,
  schema: z.xor([fieldErrorsSchema, errorSchema, errorWithFieldsSchema]),
};
/** The answers admin() adds to a route's own, as a type (so the web client sees them too). */
type AdminAnswers<R extends Omit<ApiRoute, 'tags'>> = { 400: typeof adminBadRequest } & Pick<
  typeof STANDARD,
  401 | 429 | 503
> &
  (R['access'] extends 'public' ? unknown : Pick<typeof STANDARD, 403>) &
  (R['path'] extends `${string}:${string}` ? Pick<typeof STANDARD, 404> : unknown);

/** What every /api/admin route may answer besides its success: 400, 401, 429, 503 (+403, 404). */
function admin<const R extends Omit<ApiRoute, 'tags'>>(
  route: R,
): Omit<R, 'responses'> &
  Omit<ApiRoute, 'responses'> & { responses: Omit<AdminAnswers<R>, keyof R['responses']> & R['responses'] } {
  const signedIn = route.access !== 'public';
  // The spread below builds what AdminAnswers describes; TypeScript cannot follow the conditions.
  return {
    ...route,
    tags: ['admin'],
    responses: {
      400: adminBadRequest,
      ...standard(401, 429, 503),
      ...(signedIn ? standard(403) : {}),
      ...(route.path.includes(':') ? standard(404) : {}),
      ...route.responses,
    },
  } as ReturnType<typeof admin<R>>;
}
const claimParams = idParams('A claim id (UUID); anything else is 404');
const invoiceConflict = {
  description: 'The invoice changed since the page was read, or it is closed (with the invoice as it is now)',
  schema: z.object({ error: z.string(), invoice: operatorInvoiceSchema.optional() }),
};
const signInRefused = {
  description: 'Wrong email, password or code (the field is named)',
  schema: z.xor([errorWithFieldsSchema, errorSchema]),
};
const locked = { description: 'Locked for 15 minutes after 10 failures', schema: errorWithFieldsSchema };
const alreadyEnrolled = error('The authenticator app is already set up, or its setup must start again');

const operator = {
  adminSignIn: admin({
    method: 'POST',
    path: '/api/admin/sign-in',
    summary: 'Operator sign-in, first step: email and password (sets the tb_admin cookie)',
    access: 'public',
    body: adminSignInSchema,
    responses: {
      200: json('The second factor to ask for', signInStartedSchema),
      401: signInRefused,
      423: locked,
    },
  }),
  adminSignInCode: admin({
    method: 'POST',
    path: '/api/admin/sign-in/code',
    summary: 'Operator sign-in, second step: the 6-digit TOTP code',
    access: 'second-factor',
    body: securityCodeSchema,
    responses: {
      200: json('Signed in; a new session cookie', signedInSchema),
      401: signInRefused,
      409: error('Set up the authenticator app first'),
      423: locked,
    },
  }),
  adminEnrolment: admin({
    method: 'GET',
    path: '/api/admin/enrol',
    summary: 'First sign-in: the authenticator QR code (PNG data URL) and setup key',
    access: 'second-factor',
    responses: { 200: json('The enrolment', enrolmentSchema), 409: alreadyEnrolled },
  }),
  adminConfirmEnrolment: admin({
    method: 'POST',
    path: '/api/admin/enrol',
    summary: 'First sign-in: confirm the authenticator app with a code',
    access: 'second-factor',
    body: securityCodeSchema,
    responses: {
      200: json('Signed in; a new session cookie', signedInSchema),
      401: signInRefused,
      409: alreadyEnrolled,
      423: locked,
    },
  }),
  adminMe: admin({
    method: 'GET',
    path: '/api/admin/me',
    summary: 'The signed-in operator and the CSRF token for changes',
    access: 'operator',
    responses: { 200: json('The operator', signedInSchema) },
  }),
  adminSignOut: admin({
    method: 'POST',
    path: '/api/admin/sign-out',
    summary: 'Ends the operator session',
    access: 'operator',
    responses: { 204: { description: 'Signed out' } },
  }),
  listOperators: admin({
    method: 'GET',
    path: '/api/admin/operators',
    summary: 'Every operator account',
    access: 'admin',
    responses: { 200: json('The operators', operatorListSchema) },
  }),
  createOperator: admin({
    method: 'POST',
    path: '/api/admin/operators',
    summary: 'Adds an operator (who enrols a second factor on first sign-in)',
    access: 'admin',
    body: operatorCreateSchema,
    responses: { 201: json('Added', createdSchema) },
  }),
  changeOperator: admin({
    method: 'PATCH',
    path: '/api/admin/operators/:id',
    summary: 'Disables, enables, resets the password or second factor of, or sets the role of an operator',
    access: 'admin',
    params: idParams('An operator id (UUID); anything else is 404'),
    body: operatorChangeSchema,
    responses: {
      204: { description: 'Changed; the operator is signed out everywhere' },
      409: error('You cannot disable yourself or change your own role'),
    },
  }),
  listClaims: admin({
    method: 'GET',
    path: '/api/admin/claims',
    summary:
      'General and mileage claims in one list: filters, sort, 50 a page (drafts only with drafts=true)',
    access: 'operator',
    querystring: claimListQuerySchema,
    responses: { 200: json('A page of claims', claimListSchema) },
  }),
  exportClaims: admin({
    method: 'GET',
    path: '/api/admin/claims/export.csv',
    summary: 'The filtered list as CSV (formula cells neutralised, never NI numbers); audited',
    access: 'operator',
    querystring: claimListQuerySchema,
    responses: { 200: file('CSV', 'text/csv') },
  }),
  getClaim: admin({
    method: 'GET',
    path: '/api/admin/claims/:id',
    summary: 'Every stored field, figures recomputed, readiness, files, notes, history and audit; audited',
    access: 'operator',
    params: claimParams,
    responses: { 200: json('The claim', claimDetailSchema) },
  }),
  revealNiNumber: admin({
    method: 'POST',
    path: '/api/admin/claims/:id/ni-number',
    summary: 'Shows the NI number; audited',
    access: 'operator',
    params: claimParams,
    responses: { 200: json('The NI number', niNumberSchema) },
  }),
  p87Worksheet: admin({
    method: 'GET',
    path: '/api/admin/claims/:id/p87.pdf',
    summary: "The P87 worksheet PDF: every answer in the order of HMRC's P87, missing ones marked; audited",
    access: 'operator',
    params: claimParams,
    responses: { 200: file('PDF', 'application/pdf') },
  }),
  changeClaimStatus: admin({
    method: 'POST',
    path: '/api/admin/claims/:id/status',
    summary: 'Moves the claim (D22); on repaid stores the fee and what the claimant receives (D20)',
    access: 'operator',
    params: claimParams,
    body: statusChangeSchema,
    responses: {
      200: json('The new workflow state', claimWorkflowSchema),
      409: {
        description:
          'An illegal move (with `allowed`), not ready for HMRC (with `missing`), or a stale version',
        schema: statusConflictSchema,
      },
    },
  }),
  editClaimDetails: admin({
    method: 'POST',
    path: '/api/admin/claims/:id/details',
    summary:
      'D32: completes or corrects one answer that does not change the amount, with a reason; kept in the history, audited, the claimant told',
    access: 'operator',
    params: claimParams,
    body: claimEditSchema,
    responses: {
      200: json('The claim’s new version and readiness', claimEditedSchema),
      409: {
        description: 'A draft, or a stale version (with the current one)',
        schema: statusConflictSchema,
      },
    },
  }),
  getClaimThread: admin({
    method: 'GET',
    path: '/api/admin/claims/:id/thread',
    summary:
      'The claim’s thread (D33): messages, information requests with answers and files, every text and email sent; clears "unread"; audited',
    access: 'operator',
    params: claimParams,
    responses: { 200: json('The thread', operatorThreadSchema) },
  }),
  addClaimMessage: admin({
    method: 'POST',
    path: '/api/admin/claims/:id/messages',
    summary: 'Writes to the claimant on the thread; they are told by text and email (D33); audited',
    access: 'operator',
    params: claimParams,
    body: threadMessageSchema,
    responses: {
      201: json('Added', createdSchema),
      409: { description: 'A stale version', schema: statusConflictSchema },
    },
  }),
  requestClaimInformation: admin({
    method: 'POST',
    path: '/api/admin/claims/:id/information-requests',
    summary:
      'Moves the claim to "information requested" with its items and reply-by date (D33); reminders 7 and 1 days before; audited',
    access: 'operator',
    params: claimParams,
    body: informationRequestSchema,
    responses: {
      200: json('The new workflow state', claimWorkflowSchema),
      409: {
        description: 'An illegal move (with `allowed`) or a stale version',
        schema: statusConflictSchema,
      },
    },
  }),
  takeNextClaim: admin({
    method: 'POST',
    path: '/api/admin/claims/take-next',
    summary:
      'D34: gives me the oldest unallocated open claim (two operators at once get two claims); audited',
    access: 'operator',
    responses: {
      200: json('The claim now mine', takenClaimSchema),
      404: error('No claim is waiting in the unallocated pool'),
    },
  }),
  allocateClaims: admin({
    method: 'POST',
    path: '/api/admin/claims/allocate',
    summary:
      'D34: the next N claims of a filtered pool (as the admin saw them) to one operator, all or nothing; audited',
    access: 'admin',
    body: claimsAllocationSchema,
    responses: {
      200: json('Allocated', claimsAllocatedSchema),
      409: {
        description: 'A claim was taken meanwhile: nothing changed (with `taken`)',
        schema: allocationConflictSchema,
      },
    },
  }),
  takeClaim: admin({
    method: 'POST',
    path: '/api/admin/claims/:id/take',
    summary: 'D34: "Take this claim": an unallocated open claim becomes mine; audited',
    access: 'operator',
    params: claimParams,
    responses: {
      200: json('The claim’s owner', claimOwnerSchema),
      409: { description: 'Already owned, or closed', schema: allocationConflictSchema },
    },
  }),
  allocateClaim: admin({
    method: 'POST',
    path: '/api/admin/claims/:id/owner',
    summary:
      'D34: "Allocate to" an operator, or "Return to the pool" (ownerId null), with the reason; audited',
    access: 'admin',
    params: claimParams,
    body: claimAllocationSchema,
    responses: {
      200: json('The claim’s owner', claimOwnerSchema),
      409: { description: 'A closed claim, or the reason is missing', schema: allocationConflictSchema },
    },
  }),
  correctHmrcRecord: admin({
    method: 'POST',
    path: '/api/admin/claims/:id/hmrc-records',
    summary: 'D35: an admin corrects the sent or repaid record with a reason; the history keeps each value',
    access: 'admin',
    params: claimParams,
    body: hmrcRecordCorrectionSchema,
    responses: {
      200: json('The new workflow state', claimWorkflowSchema),
      409: error('The claim has no such record yet'),
    },
  }),
  recordYearAnswer: admin({
    method: 'POST',
    path: '/api/admin/claims/:id/year-answers',
    summary:
      'D40: HMRC’s answer for one tax year of the claim’s case (the owner, or an admin); an admin corrects it with a reason, and every version is kept',
    access: 'operator',
    params: claimParams,
    body: yearAnswerSchema,
    responses: {
      200: json('Each year of the case with its answer and history', hmrcYearsSchema),
      409: {
        description: 'Not sent to HMRC yet, or the year’s answer changed since the page was read',
        schema: z.object({ error: z.string(), hmrcYears: hmrcYearsSchema.optional() }),
      },
    },
  }),
  issueInvoice: admin({
    method: 'POST',
    path: '/api/admin/claims/:id/invoice',
    summary:
      'D41: issues the case’s one invoice for the fee on what HMRC repaid (the owner, or an admin): the next number of the gapless sequence, emailed with the way to pay; audited',
    access: 'operator',
    params: claimParams,
    responses: {
      201: json('The case’s invoice', operatorInvoiceSchema),
      409: {
        description: 'Nothing repaid yet, no fee set, or the case has its invoice already (the field named)',
        schema: errorWithFieldsSchema,
      },
    },
  }),
  recordInvoicePayment: admin({
    method: 'POST',
    path: '/api/admin/claims/:id/invoice/payments',
    summary:
      'D41: records a payment of the invoice (never more than is owed); paid or part paid follows; audited',
    access: 'operator',
    params: claimParams,
    body: invoicePaymentSchema,
    responses: {
      200: json('The case’s invoice', operatorInvoiceSchema),
      409: invoiceConflict,
    },
  }),
  writeOffInvoice: admin({
    method: 'POST',
    path: '/api/admin/claims/:id/invoice/write-off',
    summary: 'D41: an admin writes off what is owed, with the reason; audited',
    access: 'admin',
    params: claimParams,
    body: invoiceCloseSchema,
    responses: { 200: json('The case’s invoice', operatorInvoiceSchema), 409: invoiceConflict },
  }),
  creditInvoice: admin({
    method: 'POST',
    path: '/api/admin/claims/:id/invoice/credit',
    summary: 'D41: cancels an invoice nothing was paid towards, with the reason (a credit note); audited',
    access: 'operator',
    params: claimParams,
    body: invoiceCloseSchema,
    responses: { 200: json('The case’s invoice', operatorInvoiceSchema), 409: invoiceConflict },
  }),
  invoicePdf: admin({
    method: 'GET',
    path: '/api/admin/claims/:id/invoice.pdf',
    summary: 'D41: the invoice as a PDF (our details, VAT where set, its number, the case’s reference)',
    access: 'operator',
    params: claimParams,
    responses: { 200: file('The PDF, as an attachment', 'application/pdf') },
  }),
  // D41 with D29 (issue 47): client money under a nomination, and the claimant's bank details.
  getClaimClientMoney: admin({
    method: 'GET',
    path: '/api/admin/claims/:id/client-money',
    summary: 'D41: the case’s client money: balances, postings, payouts and the bank details (masked)',
    access: 'operator',
    params: claimParams,
    responses: { 200: json('The case’s client money', caseClientMoneySchema) },
  }),
  recordClientMoneyReceipt: admin({
    method: 'POST',
    path: '/api/admin/claims/:id/client-money/receipts',
    summary:
      'D41: money HMRC paid us for the case under a nomination: posted to client money held, the fee (caseMoneyOf’s) kept, the rest a payout due; a retry with the same key posts nothing more; audited',
    access: 'operator',
    params: claimParams,
    body: clientMoneyReceiptSchema,
    responses: {
      200: json('The case’s client money', caseClientMoneySchema),
      409: { description: 'No nomination is configured', schema: errorWithFieldsSchema },
    },
  }),
  refundClientMoney: admin({
    method: 'POST',
    path: '/api/admin/claims/:id/client-money/refunds',
    summary:
      'D41: client money held for the case refunded to HMRC, with the reason, never above what is held; payouts due are cut to what is left (newest first, one cut to nothing cancelled); a retry with the same key posts nothing more; audited',
    access: 'operator',
    params: claimParams,
    body: moneyOutSchema,
    responses: {
      200: json('The case’s client money', caseClientMoneySchema),
      409: { description: 'No nomination is configured', schema: errorWithFieldsSchema },
    },
  }),
  writeOffClientMoney: admin({
    method: 'POST',
    path: '/api/admin/claims/:id/client-money/write-offs',
    summary:
      'D41: an admin writes off client money held for the case, with the reason, never above what is held; payouts due are cut to what is left; a retry with the same key posts nothing more; audited',
    access: 'admin',
    params: claimParams,
    body: moneyOutSchema,
    responses: {
      200: json('The case’s client money', caseClientMoneySchema),
      409: { description: 'No nomination is configured', schema: errorWithFieldsSchema },
    },
  }),
  saveClaimBankDetails: admin({
    method: 'PUT',
    path: '/api/admin/claims/:id/bank-details',
    summary:
      'D29: the claimant’s bank details for the payout, checked by the UK modulus rules, stored encrypted, under a nomination signature the case never used before; audited (masked)',
    access: 'operator',
    params: claimParams,
    body: bankDetailsSchema,
    responses: {
      200: json('The case’s client money', caseClientMoneySchema),
      409: {
        description: 'No nomination, a stale version, or a signature reference used before (the field named)',
        schema: z.xor([errorWithFieldsSchema, errorSchema]),
      },
    },
  }),
  payoutDay: admin({
    method: 'GET',
    path: '/api/admin/client-money/payouts',
    summary:
      'D41: the day’s payouts (due and not yet made, or made or due that day), each with its reference and masked account',
    access: 'admin',
    querystring: payoutDayQuerySchema,
    responses: { 200: json('The day’s payouts', payoutDaySchema) },
  }),
  payoutFile: admin({
    method: 'GET',
    path: '/api/admin/client-money/payouts.csv',
    summary:
      'D41: the bank’s bulk-payment CSV of the day’s payouts still due with checked bank details (sort code, account number, name, amount, reference); audited',
    access: 'admin',
    querystring: payoutDayQuerySchema,
    responses: { 200: file('CSV', 'text/csv') },
  }),
  markPayoutMade: admin({
    method: 'POST',
    path: '/api/admin/client-money/payouts/:id/made',
    summary:
      'D41: a payout marked made at the version seen: held to paid out, never above what is held, never twice; audited',
    access: 'admin',
    params: idParams('A payout id'),
    body: payoutMadeSchema,
    responses: {
      200: json('The payout', payoutViewSchema),
      409: {
        description:
          'Made already, more than is held, no bank details, or changed meanwhile (with the payout as it is now)',
        schema: z.object({ error: z.string(), payout: payoutViewSchema.optional() }),
      },
    },
  }),
  clientMoneyReconciliation: admin({
    method: 'GET',
    path: '/api/admin/client-money/reconciliation',
    summary: 'D41: a period’s client money per case and in total, and the ledger’s net (0 when it balances)',
    access: 'admin',
    querystring: reconciliationQuerySchema,
    responses: { 200: json('The reconciliation', reconciliationSchema) },
  }),
  clientMoneyReconciliationCsv: admin({
    method: 'GET',
    path: '/api/admin/client-money/reconciliation.csv',
    summary: 'D41: the reconciliation as CSV; audited',
    access: 'admin',
    querystring: reconciliationQuerySchema,
    responses: { 200: file('CSV', 'text/csv') },
  }),
  answerDuplicate: admin({
    method: 'POST',
    path: '/api/admin/claims/:id/duplicates',
    summary:
      'D38: an admin merges a possible duplicate into this claim’s case, or marks the two not duplicates, with the reason; audited on both claims',
    access: 'admin',
    params: claimParams,
    body: duplicateActionSchema,
    responses: {
      200: json(
        'What was done, and the case the claim is in',
        z.object({ action: z.enum(['merge', 'not-duplicate']), caseId: z.string() }),
      ),
      404: error('No such claim, or no such other claim'),
      409: error(
        'Already in the same case, different NI numbers, both in cases, a second mileage claim, changed meanwhile, or already dismissed',
      ),
    },
  }),
  addClaimNote: admin({
    method: 'POST',
    path: '/api/admin/claims/:id/notes',
    summary: 'Adds an internal note; audited',
    access: 'operator',
    params: claimParams,
    body: claimNoteSchema,
    responses: { 201: json('Added', createdSchema) },
  }),
  affiliateReport: admin({
    method: 'GET',
    path: '/api/admin/reports/affiliates',
    summary: 'Per affiliate: started, submitted, by status, estimated and repaid totals, conversion',
    access: 'operator',
    querystring: affiliateReportQuerySchema,
    responses: { 200: json('The report', affiliateReportSchema) },
  }),
  auditLog: admin({
    method: 'GET',
    path: '/api/admin/audit',
    summary: 'The audit log, newest first, by operator, action and date',
    access: 'admin',
    querystring: auditQuerySchema,
    responses: { 200: json('A page of events', auditPageSchema) },
  }),
  listCallBacks: admin({
    method: 'GET',
    path: '/api/admin/call-backs',
    summary: 'Call-back requests about Self Assessment (D27), oldest first; audited',
    access: 'operator',
    responses: { 200: json('The requests', callBackListSchema) },
  }),
  removeCallBack: admin({
    method: 'DELETE',
    path: '/api/admin/call-backs/:id',
    summary: 'Removes a call-back request once called (its name and number are deleted); audited',
    access: 'operator',
    params: idParams('A call-back id (UUID); anything else is 404'),
    responses: { 204: { description: 'Removed' } },
  }),
  listFailedJobs: admin({
    method: 'GET',
    path: '/api/admin/jobs',
    summary: 'Background jobs that failed after every try, newest first, and how many wait to retry',
    access: 'admin',
    responses: { 200: json('The failed jobs', failedJobsSchema) },
  }),
  retryJob: admin({
    method: 'POST',
    path: '/api/admin/jobs/:id/retry',
    summary: 'Runs a failed job again with a fresh set of tries; audited',
    access: 'admin',
    params: idParams('A job id (UUID); anything else is 404'),
    responses: { 204: { description: 'Queued again' } },
  }),
  getDashboard: admin({
    method: 'GET',
    path: '/api/admin/dashboard',
    summary:
      "The admins' dashboard (issue 45): intake, funnel, waiting claims, HMRC, money and time to repayment per week of a UK date range",
    access: 'admin',
    querystring: dashboardQuerySchema,
    responses: { 200: json('The dashboard', dashboardSchema) },
  }),
  dashboardCsv: admin({
    method: 'GET',
    path: '/api/admin/dashboard.csv',
    summary:
      'One section of the dashboard as CSV, as its table shows it (formula cells neutralised); audited',
    access: 'admin',
    querystring: dashboardCsvQuerySchema,
    responses: { 200: file('CSV', 'text/csv') },
  }),
};

/** Every route of the API, by its OpenAPI operationId. */
export const API = { ...claimant, ...operator } satisfies Record<string, ApiRoute>;
export type ApiOperation = keyof typeof API;
