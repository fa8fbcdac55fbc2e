// The operators (D11, D22): their sign-in with a second factor, sessions and the guard on their
// routes, the management of their accounts, and the audit log of what they (and the system) did.
// What other modules use of it; admin/register.ts wires its routes into the app.

export { auditEventsWithOperator, createAuditLog, type AuditLog } from './audit.ts';
export { authRoutes } from './auth-routes.ts';
export { createAuthService, toOperatorView, type AuthService } from './auth-service.ts';
export { adminToken, operatorContext, requireOperator } from './guard.ts';
