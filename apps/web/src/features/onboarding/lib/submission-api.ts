// The mileage log, the signature and the submission, each sent directly and waited for (D10).
import { call } from '../../../lib/api/client.ts';
import type { RequestBody } from '../../../lib/api/types.ts';
import type { LogLink, MileageLogFiles } from './server-data.ts';
import type { RebateSummary } from '@taxback/domain';

// ---------------------------------------------------------------------------------------------
// Mileage log, signature, submission

export type CallResult<T> =
  { ok: true; data: T } | { ok: false; status: number; message: string; errors?: Record<string, string> };

function failure(res: { status: number; error?: string; errors?: Record<string, string> }, fallback: string) {
  const first = res.errors ? Object.values(res.errors)[0] : undefined;
  return {
    ok: false as const,
    status: res.status,
    message: res.error || first || fallback,
    ...(res.errors ? { errors: res.errors } : {}),
  };
}

export const MILEAGE_LOG_FAILED = 'We could not generate your mileage log. Please try again.';
export const SIGNATURE_FAILED = 'We could not save your signature. Please try again.';
export const SUBMIT_FAILED = 'We could not submit your claim. Please try again.';

/** `POST /api/onboarding/mileage-log`: the PDF and CSV log per selected year from the saved journeys. */
export async function generateMileageLog(
  sessionId: string,
  taxYear?: string,
  employmentId?: string,
): Promise<CallResult<Record<string, MileageLogFiles>>> {
  // With a year, that year's log alone (with an employment, that employment's log of the year);
  // other years' and employments' evidence stays as it is (issue 31).
  const body = {
    ...(taxYear === undefined ? {} : { taxYear }),
    ...(taxYear === undefined || employmentId === undefined ? {} : { employmentId }),
  };
  const res = await call('generateMileageLogs', { sessionId, body, timeoutMs: 60_000 });
  if (!res.ok) return failure(res, MILEAGE_LOG_FAILED);
  return { ok: true, data: res.data.logs };
}

/** `POST /api/onboarding/signature`: sent directly and waited for (D10: never in the outbox). */
export async function saveSignature(
  sessionId: string,
  /** The PNG, how it was signed and the name when typed (signatureRequest, decision 058). */
  signature: { signature: string; signatureMethod: 'drawn' | 'typed'; typedName?: string },
  agreementChecks: { accuracy: boolean; authorization: boolean; terms: boolean },
): Promise<CallResult<{ signatureUrl: string; signedAuthority: LogLink | null }>> {
  const res = await call('saveOnboardingSignature', {
    sessionId,
    // The step has checked the three boxes; the server refuses an unticked one with its message.
    body: { ...signature, agreementChecks } as RequestBody<'saveOnboardingSignature'>,
    timeoutMs: 30_000,
  });
  if (!res.ok) return failure(res, SIGNATURE_FAILED);
  return { ok: true, data: res.data };
}

export interface SubmitAnswer {
  submissionReference: string;
  submittedAt: string;
  totals: RebateSummary | null;
}

/** `POST /api/onboarding/submit`: the confirmation shows only after this answers 200 (D10). */
export async function submitClaim(
  sessionId: string,
  body: { niNumber: string; p60FileId?: string },
): Promise<CallResult<SubmitAnswer>> {
  const res = await call('submitOnboarding', { sessionId, body, timeoutMs: 30_000 });
  if (!res.ok) return failure(res, SUBMIT_FAILED);
  const { submissionReference, submittedAt, totals } = res.data;
  return { ok: true, data: { submissionReference, submittedAt, totals } };
}
