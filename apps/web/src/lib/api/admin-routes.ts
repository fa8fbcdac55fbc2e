// The back-office's entries of the contract, as routes.ts has the claimants' (decision 033): kept
// apart so that no claimant page carries the back-office's paths.
import type { AdminOperation, Entry } from './routes.ts';

export const ADMIN_ROUTES = {
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
  takeNextClaim: ['POST /api/admin/claims/take-next', 200, 400, 401, 403, 404, 429, 503],
  allocateClaims: ['POST /api/admin/claims/allocate', 200, 400, 401, 403, 409, 429, 503],
  takeClaim: ['POST /api/admin/claims/:id/take', 200, 400, 401, 403, 404, 409, 429, 503],
  allocateClaim: ['POST /api/admin/claims/:id/owner', 200, 400, 401, 403, 404, 409, 429, 503],
  correctHmrcRecord: ['POST /api/admin/claims/:id/hmrc-records', 200, 400, 401, 403, 404, 409, 429, 503],
  addClaimNote: ['POST /api/admin/claims/:id/notes', 201, 400, 401, 403, 404, 429, 503],
  editClaimDetails: ['POST /api/admin/claims/:id/details', 200, 400, 401, 403, 404, 409, 429, 503],
  affiliateReport: ['GET /api/admin/reports/affiliates', 200, 400, 401, 403, 429, 503],
  auditLog: ['GET /api/admin/audit', 200, 400, 401, 403, 429, 503],
  listCallBacks: ['GET /api/admin/call-backs', 200, 400, 401, 403, 429, 503],
  removeCallBack: ['DELETE /api/admin/call-backs/:id', 204, 400, 401, 403, 404, 429, 503],
  listFailedJobs: ['GET /api/admin/jobs', 200, 400, 401, 403, 429, 503],
  retryJob: ['POST /api/admin/jobs/:id/retry', 204, 400, 401, 403, 404, 429, 503],
} as const satisfies { readonly [Op in AdminOperation]: Entry<Op> };
