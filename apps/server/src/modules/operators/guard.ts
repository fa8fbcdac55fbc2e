import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperatorRole } from '@taxback/domain/admin-schemas';
import { ForbiddenError, UnauthorizedError } from '../../errors.ts';
import type { AuthService, SessionContext } from './auth-service.ts';

export const ADMIN_COOKIE = 'tb_admin';
export const CSRF_HEADER = 'x-csrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const contexts = new WeakMap<FastifyRequest, SessionContext>();

/** Only the admin cookie signs an operator in: a claimant's X-Session-Id never does (D5). */
export function adminToken(request: FastifyRequest): string | null {
  const value = request.cookies[ADMIN_COOKIE];
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * A preValidation hook (before the body is parsed): 401 without a valid session at `stage`, 403 without the session's CSRF token on a
 * change, 403 for the wrong role. The session is then available through `operatorContext`.
 */
export function requireOperator(
  auth: AuthService,
  options: { role?: OperatorRole; stage?: 'active' | 'second-factor' } = {},
) {
  const stage = options.stage ?? 'active';
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = adminToken(request);
    const ctx = token ? await auth.resolveSession(token) : null;
    if (!ctx || ctx.session.stage !== stage) throw new UnauthorizedError();
    if (!SAFE_METHODS.has(request.method) && !auth.csrfMatches(ctx, request.headers[CSRF_HEADER]))
      throw new ForbiddenError('The form has expired. Reload the page and try again.');
    if (options.role === 'admin' && ctx.operator.role !== 'admin') throw new ForbiddenError();
    contexts.set(request, ctx);
  };
}

export function operatorContext(request: FastifyRequest): SessionContext {
  const ctx = contexts.get(request);
  if (!ctx) throw new UnauthorizedError();
  return ctx;
}
