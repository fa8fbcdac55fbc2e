// The mileage log, the signature and the submission, each sent directly and waited for (D10).
import { apiRequest } from '../../../lib/api-client.ts';

import {
  normaliseServerData,
  readLogLink,
  readMileageLogs,
  type LogLink,
  type MileageLogFiles,
} from './server-data.ts';
import { isRecord, type RebateSummary } from '@taxback/domain';

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
): Promise<CallResult<Record<string, MileageLogFiles>>> {
  const res = await apiRequest<unknown>('POST', '/api/onboarding/mileage-log', {
    sessionId,
    body: {},
    timeoutMs: 60_000,
  });
  if (!res.ok) return failure(res, MILEAGE_LOG_FAILED);
  const logs = readMileageLogs(isRecord(res.data) ? res.data.logs : undefined);
  return { ok: true, data: logs };
}

/** `POST /api/onboarding/signature`: sent directly and waited for (D10: never in the outbox). */
export async function saveSignature(
  sessionId: string,
  signature: string,
  agreementChecks: { accuracy: boolean; authorization: boolean; terms: boolean },
): Promise<CallResult<{ signatureUrl: string; signedAuthority: LogLink | null }>> {
  const res = await apiRequest<unknown>('POST', '/api/onboarding/signature', {
    sessionId,
    body: { signature, agreementChecks },
    timeoutMs: 30_000,
  });
  if (!res.ok) return failure(res, SIGNATURE_FAILED);
  const url = isRecord(res.data) && typeof res.data.signatureUrl === 'string' ? res.data.signatureUrl : '';
  const signedAuthority = isRecord(res.data) ? (readLogLink(res.data.signedAuthority) ?? null) : null;
  return { ok: true, data: { signatureUrl: url, signedAuthority } };
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
  const res = await apiRequest<unknown>('POST', '/api/onboarding/submit', {
    sessionId,
    body,
    timeoutMs: 30_000,
  });
  if (!res.ok) return failure(res, SUBMIT_FAILED);
  const d = isRecord(res.data) ? res.data : {};
  if (typeof d.submissionReference !== 'string' || d.submissionReference === '') {
    return { ok: false, status: res.status, message: SUBMIT_FAILED };
  }
  const server = normaliseServerData({ totals: d.totals });
  return {
    ok: true,
    data: {
      submissionReference: d.submissionReference,
      submittedAt: typeof d.submittedAt === 'string' ? d.submittedAt : '',
      totals: server.totals,
    },
  };
}
