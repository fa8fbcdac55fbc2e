import type { z } from 'zod';
import {
  adminSignInSchema,
  affiliateReportQuerySchema,
  auditQuerySchema,
  claimListQuerySchema,
  claimNoteSchema,
  statusChangeSchema,
  operatorChangeSchema,
  operatorCreateSchema,
  securityCodeSchema,
} from '@taxback/domain/admin-schemas';

/** One /api/admin route as the OpenAPI document describes it (docs/openapi.ts builds the operations). */
export interface AdminRouteDoc {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  operationId: string;
  summary: string;
  /** The zod schema the route parses its JSON body with. */
  body?: z.ZodType;
  /** The zod object schema the route parses its query with. */
  query?: z.ZodObject;
  /** Who may call it: nobody signed in yet, half signed in (second factor), any operator, or admins. */
  access: 'public' | 'second-factor' | 'operator' | 'admin';
  success: { status: string; description: string; contentType?: string };
  /** 409 or 423 answers beyond the usual 400/401/403/404. */
  conflict?: string;
}

export const ADMIN_ROUTE_DOCS: AdminRouteDoc[] = [
  {
    method: 'post',
    path: '/api/admin/sign-in',
    operationId: 'adminSignIn',
    summary: 'Operator sign-in, first step: email and password (sets the tb_admin cookie)',
    body: adminSignInSchema,
    access: 'public',
    success: { status: '200', description: "`{ next: 'code' | 'enrol', csrfToken }`" },
    conflict: '423: locked for 15 minutes after 10 failures',
  },
  {
    method: 'post',
    path: '/api/admin/sign-in/code',
    operationId: 'adminSignInCode',
    summary: 'Operator sign-in, second step: the 6-digit TOTP code',
    body: securityCodeSchema,
    access: 'second-factor',
    success: { status: '200', description: '`{ operator, csrfToken }` and a new session cookie' },
    conflict: '423: locked',
  },
  {
    method: 'get',
    path: '/api/admin/enrol',
    operationId: 'adminEnrolment',
    summary: 'First sign-in: the authenticator QR code (PNG data URL) and setup key',
    access: 'second-factor',
    success: { status: '200', description: '`{ qrCode, setupKey, issuer, account }`' },
    conflict: '409: already enrolled',
  },
  {
    method: 'post',
    path: '/api/admin/enrol',
    operationId: 'adminConfirmEnrolment',
    summary: 'First sign-in: confirm the authenticator app with a code',
    body: securityCodeSchema,
    access: 'second-factor',
    success: { status: '200', description: '`{ operator, csrfToken }` and a new session cookie' },
    conflict: '409: already enrolled',
  },
  {
    method: 'get',
    path: '/api/admin/me',
    operationId: 'adminMe',
    summary: 'The signed-in operator and the CSRF token for changes',
    access: 'operator',
    success: { status: '200', description: '`{ operator, csrfToken }`' },
  },
  {
    method: 'post',
    path: '/api/admin/sign-out',
    operationId: 'adminSignOut',
    summary: 'Ends the operator session',
    access: 'operator',
    success: { status: '204', description: 'Signed out' },
  },
  {
    method: 'get',
    path: '/api/admin/operators',
    operationId: 'listOperators',
    summary: 'Every operator account',
    access: 'admin',
    success: { status: '200', description: '`{ operators }`' },
  },
  {
    method: 'post',
    path: '/api/admin/operators',
    operationId: 'createOperator',
    summary: 'Adds an operator (who enrols a second factor on first sign-in)',
    body: operatorCreateSchema,
    access: 'admin',
    success: { status: '201', description: '`{ id }`' },
  },
  {
    method: 'patch',
    path: '/api/admin/operators/{id}',
    operationId: 'changeOperator',
    summary: 'Disables, enables, resets the password or second factor of, or sets the role of an operator',
    body: operatorChangeSchema,
    access: 'admin',
    success: { status: '204', description: 'Changed; the operator is signed out everywhere' },
    conflict: '409: you cannot disable yourself or change your own role',
  },

  {
    method: 'get',
    path: '/api/admin/claims',
    operationId: 'listClaims',
    summary:
      'General and mileage claims in one list: filters, sort, 50 a page (drafts only with drafts=true)',
    query: claimListQuerySchema,
    access: 'operator',
    success: { status: '200', description: '`{ claims, total, page, pageSize, pages }`' },
  },
  {
    method: 'get',
    path: '/api/admin/claims/export.csv',
    operationId: 'exportClaims',
    summary: 'The filtered list as CSV (formula cells neutralised, never NI numbers); audited',
    query: claimListQuerySchema,
    access: 'operator',
    success: { status: '200', description: 'CSV', contentType: 'text/csv' },
  },
  {
    method: 'get',
    path: '/api/admin/claims/{id}',
    operationId: 'getClaim',
    summary: 'Every stored field, figures recomputed, readiness, files, notes, history and audit; audited',
    access: 'operator',
    success: { status: '200', description: 'The claim' },
  },
  {
    method: 'post',
    path: '/api/admin/claims/{id}/ni-number',
    operationId: 'revealNiNumber',
    summary: 'Shows the NI number; audited',
    access: 'operator',
    success: { status: '200', description: '`{ niNumber }`' },
  },
  {
    method: 'get',
    path: '/api/admin/claims/{id}/p87.pdf',
    operationId: 'p87Worksheet',
    summary: "The P87 worksheet PDF: every answer in the order of HMRC's P87, missing ones marked; audited",
    access: 'operator',
    success: { status: '200', description: 'PDF', contentType: 'application/pdf' },
  },
  {
    method: 'post',
    path: '/api/admin/claims/{id}/status',
    operationId: 'changeClaimStatus',
    summary: 'Moves the claim (D22); on repaid stores the fee and what the claimant receives (D20)',
    body: statusChangeSchema,
    access: 'operator',
    success: { status: '200', description: 'The new workflow state' },
    conflict:
      '409: an illegal move (with `allowed`), not ready for HMRC (with `missing`), or a stale version',
  },
  {
    method: 'post',
    path: '/api/admin/claims/{id}/notes',
    operationId: 'addClaimNote',
    summary: 'Adds an internal note; audited',
    body: claimNoteSchema,
    access: 'operator',
    success: { status: '201', description: '`{ id }`' },
  },
  {
    method: 'get',
    path: '/api/admin/reports/affiliates',
    operationId: 'affiliateReport',
    summary: 'Per affiliate: started, submitted, by status, estimated and repaid totals, conversion',
    query: affiliateReportQuerySchema,
    access: 'operator',
    success: { status: '200', description: '`{ affiliates }`' },
  },
  {
    method: 'get',
    path: '/api/admin/audit',
    operationId: 'auditLog',
    summary: 'The audit log, newest first, by operator, action and date',
    query: auditQuerySchema,
    access: 'admin',
    success: { status: '200', description: '`{ events, page, hasMore }`' },
  },
  {
    method: 'get',
    path: '/api/admin/call-backs',
    operationId: 'listCallBacks',
    summary: 'Call-back requests about Self Assessment (D27), oldest first; audited',
    access: 'operator',
    success: { status: '200', description: '`{ callBacks }`' },
  },
  {
    method: 'delete',
    path: '/api/admin/call-backs/{id}',
    operationId: 'removeCallBack',
    summary: 'Removes a call-back request once called (its name and number are deleted); audited',
    access: 'operator',
    success: { status: '204', description: 'Removed' },
  },
  {
    method: 'get',
    path: '/api/admin/jobs',
    operationId: 'listFailedJobs',
    summary: 'Background jobs that failed after every try, newest first, and how many wait to retry',
    access: 'admin',
    success: { status: '200', description: '`{ failed, retrying }`' },
  },
  {
    method: 'post',
    path: '/api/admin/jobs/{id}/retry',
    operationId: 'retryJob',
    summary: 'Runs a failed job again with a fresh set of tries; audited',
    access: 'admin',
    success: { status: '204', description: 'Queued again' },
  },
];
