// What the browser needs of each contract entry at run time: its method and path, and the statuses
// it declares (decision 033). The contract module itself carries every zod schema and description,
// so it is not bundled; the compiler checks each method and path against it literally, and
// routes.test.ts checks the tables (statuses included) against the contract's entries.
import type { API, ApiOperation } from '@taxback/domain/api/contract';
import type { Status } from './types.ts';

export type Entry<Op extends ApiOperation> = readonly [
  `${(typeof API)[Op]['method']} ${(typeof API)[Op]['path']}`,
  ...Status<Op>[],
];

/** The back-office's operations (their table is in admin-routes.ts, in the back-office bundle). */
export type AdminOperation = {
  [Op in ApiOperation]: (typeof API)[Op]['path'] extends `/api/admin/${string}` ? Op : never;
}[ApiOperation];
export type ClaimantOperation = Exclude<ApiOperation, AdminOperation>;

export const ROUTES = {
  getHealth: ['GET /api/health', 200],
  getReadiness: ['GET /api/health/ready', 200, 503],
  getSettings: ['GET /api/settings', 200, 429],
  getOpenApi: ['GET /api/docs', 200, 429],
  submitClaim: ['POST /api/claims', 200, 201, 400, 413, 415, 429, 503],
  getMyClaim: ['GET /api/claims/mine', 200, 400, 404, 429, 503],
  getClaimDetails: ['GET /api/claims/mine/details', 200, 400, 404, 429, 503],
  saveClaimDetails: ['PUT /api/claims/mine/details', 200, 400, 404, 409, 413, 415, 429, 503],
  signClaimDetails: ['POST /api/claims/mine/details/sign', 200, 400, 404, 409, 413, 415, 429, 503],
  uploadClaimDetailsFile: ['POST /api/claims/mine/details/files', 201, 400, 404, 409, 413, 415, 429, 503],
  deleteClaimDetailsFile: ['DELETE /api/claims/mine/details/files/:id', 204, 400, 404, 409, 429, 503],
  getFile: ['GET /api/files/:id', 200, 400, 404, 429, 503],
  startOnboardingFromClaim: ['POST /api/onboarding/from-claim', 200, 201, 400, 404, 409, 429, 503],
  getOnboarding: ['GET /api/onboarding', 200, 400, 404, 429, 503],
  saveOnboarding: ['PUT /api/onboarding', 200, 400, 409, 413, 415, 429, 503],
  saveOnboardingStep: ['PUT /api/onboarding/steps/:stepId', 200, 400, 404, 409, 413, 415, 429, 503],
  sendResumeCode: ['POST /api/onboarding/resume-code', 202, 400, 404, 429, 502, 503],
  uploadOnboardingFile: ['POST /api/onboarding/files', 201, 400, 404, 409, 413, 415, 429, 503],
  deleteOnboardingFile: ['DELETE /api/onboarding/files/:id', 204, 400, 404, 409, 429, 503],
  saveOnboardingSignature: ['POST /api/onboarding/signature', 201, 400, 404, 409, 413, 415, 429, 503],
  generateMileageLogs: ['POST /api/onboarding/mileage-log', 201, 400, 404, 409, 429, 503],
  submitOnboarding: ['POST /api/onboarding/submit', 200, 400, 404, 413, 415, 429, 503],
  resumeClaim: ['POST /api/resume', 200, 400, 404, 413, 415, 429, 503],
  requestStatusCode: ['POST /api/status/code', 202, 400, 404, 413, 415, 429, 503],
  verifyStatusCode: ['POST /api/status/verify', 200, 400, 413, 415, 429, 503],
  getClaimStatus: ['GET /api/status', 200, 400, 401, 429, 503],
  signOutOfStatus: ['POST /api/status/sign-out', 204, 429, 503],
  getStatusInvoice: ['GET /api/status/invoice.pdf', 200, 401, 429, 503],
  getSignedDocument: ['GET /api/status/documents/:id', 200, 401, 429, 503],
  signStatusNomination: ['POST /api/status/nomination', 200, 400, 401, 403, 409, 413, 415, 429, 503],
  saveStatusBankDetails: ['PUT /api/status/bank-details', 200, 400, 401, 403, 409, 413, 415, 429, 503],
  getStatusNomination: ['GET /api/status/nominations/:id', 200, 401, 429, 503],
  startStatusNominationSigning: [
    'POST /api/status/nomination/signing',
    200,
    400,
    401,
    403,
    409,
    413,
    415,
    429,
    503,
  ],
  checkStatusNomination: ['POST /api/status/nomination/check', 200, 401, 403, 409, 429, 503],
  startStatusCardPayment: ['POST /api/status/invoice/checkout', 200, 401, 403, 409, 429, 503],
  receiveStripeWebhook: ['POST /api/webhooks/stripe', 200, 400, 404, 413, 415, 429, 503],
  receiveDropboxSignEvent: ['POST /api/webhooks/dropbox-sign', 200, 400, 404, 413, 415, 429, 503],
  continueFromStatus: ['POST /api/status/details', 200, 401, 429, 503],
  getStatusThread: ['GET /api/status/thread', 200, 401, 429, 503],
  sendStatusMessage: ['POST /api/status/messages', 201, 400, 401, 403, 409, 413, 415, 429, 503],
  uploadStatusFile: ['POST /api/status/files', 201, 400, 401, 403, 409, 413, 415, 429, 503],
  answerStatusRequest: ['POST /api/status/answers', 200, 400, 401, 403, 404, 409, 413, 415, 429, 503],
  previewStatusAmendment: [
    'POST /api/status/amendment/preview',
    200,
    400,
    401,
    403,
    404,
    409,
    413,
    415,
    429,
    503,
  ],
  amendStatusClaim: ['POST /api/status/amendment', 200, 400, 401, 403, 404, 409, 413, 415, 429, 503],
  getStatusFile: ['GET /api/status/files/:id', 200, 401, 429, 503],
  requestCallBack: ['POST /api/call-backs', 201, 400, 413, 415, 429, 503],
  lookupAddress: ['GET /api/address', 200, 400, 404, 429, 502, 504],
  lookupDistance: ['GET /api/distance', 200, 400, 422, 429, 502, 504],
  countFunnelStep: ['POST /api/funnel-steps/:step', 204, 400, 429, 503],
} as const satisfies { readonly [Op in ClaimantOperation]: Entry<Op> };
