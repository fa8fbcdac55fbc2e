import { STATUS_MESSAGES } from '@taxback/domain/status-schemas';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import { call } from '../../lib/api/client.ts';

/** The browser's own fallback when the server's answer cannot be read. */
export const STATUS_FAILED_MESSAGE = 'Something went wrong. Please try again in a few minutes.';

export type Fields = Partial<Record<'reference' | 'phone' | 'code', string>>;

type Failure = { kind: 'fields'; errors: Fields } | { kind: 'failed'; message: string };
export type CodeAnswer = { kind: 'sent'; sentTo: string } | Failure;
export type VerifyAnswer = { kind: 'view'; view: ClaimStatusView } | Failure;

function failure(res: { status: number; errors?: Record<string, string>; error?: string }): Failure {
  if (res.status === 400 && res.errors) return { kind: 'fields', errors: res.errors };
  // "Not found" is about the two fields together; it is shown against the reference.
  if (res.status === 404)
    return { kind: 'fields', errors: { reference: res.error ?? STATUS_MESSAGES.notFound } };
  return { kind: 'failed', message: res.error ?? STATUS_FAILED_MESSAGE };
}

/** POST /api/status/code (D23): a code texted to the claim's mobile number. */
export async function requestStatusCode(reference: string, phone: string): Promise<CodeAnswer> {
  const res = await call('requestStatusCode', { body: { reference, phone } });
  return res.ok ? { kind: 'sent', sentTo: res.data.sentTo } : failure(res);
}

/** POST /api/status/verify: the code opens the timeline (and a 30-minute cookie). */
export async function verifyStatusCode(
  reference: string,
  phone: string,
  code: string,
): Promise<VerifyAnswer> {
  const res = await call('verifyStatusCode', { body: { reference, phone, code } });
  return res.ok ? { kind: 'view', view: res.data } : failure(res);
}

export type CurrentAnswer = { kind: 'view'; view: ClaimStatusView } | { kind: 'other-claim' } | null;

/**
 * GET /api/status: the timeline again while the cookie lasts (a reload), or null. With a link's
 * `reference`, only that claim's: a session for another claim is ended by the server and answers
 * 'other-claim' (issue 28), so one person's claim is never shown to a link for someone else's.
 */
export async function currentStatus(reference: string | null): Promise<CurrentAnswer> {
  const res = await call('getClaimStatus', reference ? { query: { reference } } : {});
  if (res.ok) return { kind: 'view', view: res.data };
  return res.status === 401 && res.error === STATUS_MESSAGES.otherClaim ? { kind: 'other-claim' } : null;
}

/** POST /api/status/sign-out: ends the status session (the cookie is cleared). */
export async function signOutOfStatus(): Promise<boolean> {
  return (await call('signOutOfStatus')).ok;
}

/** D30: the general claim's session after the code sign-in, to add its details here; null on failure. */
export async function continueWithDetails(): Promise<string | null> {
  const res = await call('continueFromStatus');
  return res.status === 200 ? res.data.sessionId : null;
}
