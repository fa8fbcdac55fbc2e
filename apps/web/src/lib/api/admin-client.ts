// The back-office's calls, through the one client's `request` (decision 033): the session is the
// httpOnly cookie, and every change carries the CSRF token from sign-in or /api/admin/me. Its
// table of routes stays in the back-office bundle.
import { ADMIN_ROUTES } from './admin-routes.ts';
import { pathOf, request, type InputArgs } from './client.ts';
import type { AdminOperation } from './routes.ts';
import type { Answer, CallInput, QueryValue } from './types.ts';

let csrfToken: string | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

const csrfHeader = (method: string): Record<string, string> =>
  csrfToken && method !== 'GET' ? { 'X-CSRF-Token': csrfToken } : {};

/** Calls one of the back-office's operations; see `call` in client.ts. */
export function call<Op extends AdminOperation>(op: Op, ...[input]: InputArgs<Op>): Promise<Answer<Op>> {
  return request(op, ADMIN_ROUTES[op], input, csrfHeader);
}

/** A link to a file answer (the CSV export, the P87 worksheet). */
export function hrefOf<Op extends AdminOperation>(
  op: Op,
  input: Pick<CallInput<Op>, 'params' | 'query'>,
): string {
  return pathOf(
    op,
    ADMIN_ROUTES[op],
    input.params as Record<string, string> | undefined,
    input.query as Record<string, QueryValue> | undefined,
  );
}
