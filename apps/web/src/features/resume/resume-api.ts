import { RESUME_MESSAGES as API_RESUME_MESSAGES } from '@taxback/domain/api-messages';
import { call } from '../../lib/api/client.ts';

/** The API's own wording (one source for server and browser), plus the browser's fallback. */
export const RESUME_MESSAGES = {
  invalid: API_RESUME_MESSAGES.invalidCode,
  notFound: API_RESUME_MESSAGES.notFound,
  tooMany: API_RESUME_MESSAGES.throttled,
  failed: 'Something went wrong. Please try again or contact support.',
} as const;

export type ResumeResult =
  | { kind: 'resumed'; sessionId: string }
  | { kind: 'phone-error'; message: string }
  | { kind: 'failed'; message: string };

/** POST /api/resume (D8): the code only works together with the mobile number it was sent to. */
export async function resumeApplication(code: string, phone: string): Promise<ResumeResult> {
  const res = await call('resumeClaim', { body: { code, phone } });
  if (res.ok)
    return res.data.sessionId !== ''
      ? { kind: 'resumed', sessionId: res.data.sessionId }
      : { kind: 'failed', message: RESUME_MESSAGES.failed };
  if (res.status === 400) {
    if (res.errors?.phone) return { kind: 'phone-error', message: res.errors.phone };
    return { kind: 'failed', message: res.errors?.code ?? RESUME_MESSAGES.invalid };
  }
  if (res.status === 404) return { kind: 'failed', message: RESUME_MESSAGES.notFound };
  if (res.status === 429) return { kind: 'failed', message: res.error || RESUME_MESSAGES.tooMany };
  return { kind: 'failed', message: RESUME_MESSAGES.failed };
}
