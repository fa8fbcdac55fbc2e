// What the browser needs of each contract entry at run time: its method and path, and the statuses
// it declares (decision 033). The contract module itself carries every zod schema and description,
// so it is not bundled; the compiler checks each method and path against it literally, and
// routes.test.ts checks the whole table (statuses included) against the contract's entries.
import type { API, ApiOperation } from '@taxback/domain/api/contract';
import type { Status } from './types.ts';

type Entry<Op extends ApiOperation> = readonly [
  `${(typeof API)[Op]['method']} ${(typeof API)[Op]['path']}`,
  ...Status<Op>[],
];

export const ROUTES = {
  getHealth: ['GET /api/health', 200, 503],
  getSettings: ['GET /api/settings', 200, 429],
  getOpenApi: ['GET /api/docs', 200, 429],
  submitClaim: ['POST /api/claims', 200, 201, 400, 413, 415, 429, 503],
  getMyClaim: ['GET /api/claims/mine', 200, 400, 404, 429, 503],
  getFile: ['GET /api/files/:id', 200, 400, 404, 429, 503],
  getOnboarding: ['GET /api/onboarding', 200, 400, 404, 429, 503],
  saveOnboarding: ['PUT /api/onboarding', 200, 400, 409, 413, 415, 429, 503],
  sendResumeCode: ['POST /api/onboarding/resume-code', 202, 400, 404, 429, 502, 503],
  uploadOnboardingFile: ['POST /api/onboarding/files', 201, 400, 404, 409, 413, 415, 429, 503],
  deleteOnboardingFile: ['DELETE /api/onboarding/files/:id', 204, 400, 404, 409, 429, 503],
  saveOnboardingSignature: ['POST /api/onboarding/signature', 201, 400, 404, 409, 413, 415, 429, 503],
  generateMileageLogs: ['POST /api/onboarding/mileage-log', 201, 400, 404, 409, 429, 503],
  submitOnboarding: ['POST /api/onboarding/submit', 200, 400, 404, 413, 415, 429, 503],
  resumeClaim: ['POST /api/resume', 200, 400, 404, 413, 415, 429, 503],
  requestStatusCode: ['POST /api/status/code', 202, 400, 404, 413, 415, 429, 503],
  verifyStatusCode: ['POST /api/status/verify', 200, 400, 413, 415, 429, 503],
  getClaimStatus: ['GET /api/status', 200, 401, 429, 503],
  getSignedDocument: ['GET /api/status/documents/:id', 200, 401, 429, 503],
  requestCallBack: ['POST /api/call-backs', 201, 400, 413, 415, 429, 503],
  lookupAddress: ['GET /api/address', 200, 400, 404, 429, 502, 504],
  lookupDistance: ['GET /api/distance', 200, 400, 422, 429, 502, 504],
  adminSignIn: ['POST /api/admin/sign-in', 200, 400, 401, 423, 429, 503],
  adminSignInCode: ['POST /api/admin/sign-in/code', 200, 400, 401, 403, 409, 423, 429, 503],
  adminEnrolment: ['GET /api/admin/enrol', 200, 400, 401, 403, 409, 429, 503],
  adminConfirmEnrolment: ['POST /api/admin/enrol', 200, 400, 401, 403, 409, 423, 429, 503],
  adminMe: ['GET /api/admin/me', 200, 400, 401, 403, 429, 503],
  adminSignOut: ['POST /api/admin/sign-out', 204, 400, 401, 403, 429, 503],
  listOperators: ['GET /api/admin/operators', 200, 400, 401, 403, 429, 503],
  createOperator: ['POST /api/admin/operators', 201, 400, 401, 403, 429, 503],
  changeOperator: ['PATCH /api/admin/operators/:id', 204, 400, 401, 403, 404, 409, 429, 503],
  listClaims: ['GET /api/admin/claims', 200, 400, 401, 403, 429, 503],
  exportClaims: ['GET /api/admin/claims/export.csv', 200, 400, 401, 403, 429, 503],
  getClaim: ['GET /api/admin/claims/:id', 200, 400, 401, 403, 404, 429, 503],
  revealNiNumber: ['POST /api/admin/claims/:id/ni-number', 200, 400, 401, 403, 404, 429, 503],
  p87Worksheet: ['GET /api/admin/claims/:id/p87.pdf', 200, 400, 401, 403, 404, 429, 503],
  changeClaimStatus: ['POST /api/admin/claims/:id/status', 200, 400, 401, 403, 404, 409, 429, 503],
  addClaimNote: ['POST /api/admin/claims/:id/notes', 201, 400, 401, 403, 404, 429, 503],
  affiliateReport: ['GET /api/admin/reports/affiliates', 200, 400, 401, 403, 429, 503],
  auditLog: ['GET /api/admin/audit', 200, 400, 401, 403, 429, 503],
  listCallBacks: ['GET /api/admin/call-backs', 200, 400, 401, 403, 429, 503],
  removeCallBack: ['DELETE /api/admin/call-backs/:id', 204, 400, 401, 403, 404, 429, 503],
  listFailedJobs: ['GET /api/admin/jobs', 200, 400, 401, 403, 429, 503],
  retryJob: ['POST /api/admin/jobs/:id/retry', 204, 400, 401, 403, 404, 429, 503],
} as const satisfies { readonly [Op in ApiOperation]: Entry<Op> };
