import type { FastifyRequest } from 'fastify';
import { isSessionId } from '@taxback/domain';
import { BadRequestError } from '../errors.ts';

export const SESSION_HEADER = 'x-session-id';
export const INVALID_SESSION_MESSAGE = 'Missing or invalid session';

/** The caller's session id from `X-Session-Id` (D5), or a 400 `{ error: 'Missing or invalid session' }`. */
export function requireSession(request: FastifyRequest): string {
  const value = request.headers[SESSION_HEADER];
  if (typeof value !== 'string' || !isSessionId(value)) throw new BadRequestError(INVALID_SESSION_MESSAGE);
  return value;
}

/** The session id when a valid one was sent, otherwise null (for routes an operator may also call). */
export function optionalSession(request: FastifyRequest): string | null {
  const value = request.headers[SESSION_HEADER];
  return typeof value === 'string' && isSessionId(value) ? value : null;
}

/** A preValidation hook: a missing or invalid session is refused before the body is looked at. */
export async function sessionRequired(request: FastifyRequest): Promise<void> {
  requireSession(request);
}
