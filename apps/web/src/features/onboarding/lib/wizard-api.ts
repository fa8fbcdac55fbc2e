import { apiRequest } from '../../../lib/api-client.ts';
import type { SendResult } from './outbox.ts';
import { type SavePayload } from '@taxback/domain';
import {
  normaliseServerData,
  readLogLink,
  readMileageLogs,
  readUploadedFile,
  type LogLink,
  type MileageLogFiles,
  type ServerData,
  type UploadedFile,
} from './server-data.ts';
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  checkUploadName,
  isRecord,
  FIRST_STEP,
  isWizardStepIndex,
  previousStep,
  uploadExtensions,
  type PlanAnswers,
  type RebateSummary,
  type UploadKind,
} from '@taxback/domain';

/** The wizard's calls to our API (api-contract.md "Mileage wizard"); the session id travels in a header (D5). */

export type LoadResult =
  | {
      kind: 'found';
      revision: number;
      snapshot: unknown;
      currentStep: number;
      lastStepCompleted: number;
      server: ServerData;
    }
  | { kind: 'none' }
  | { kind: 'error' };

/** A storage step number the plan knows (or -1, before any step is completed). */
function stepNumber(x: unknown, fallback: number): number {
  return x === -1 || isWizardStepIndex(x) ? x : fallback;
}

/** Without a saved last step, the one before the current step on the claimant's route counts as done. */
function lastCompletedBefore(current: number, answers: PlanAnswers): number {
  return current === FIRST_STEP ? -1 : previousStep(current, answers);
}

export async function fetchProgress(sessionId: string, signal?: AbortSignal): Promise<LoadResult> {
  const res = await apiRequest<unknown>('GET', '/api/onboarding', { sessionId, signal });
  if (!res.ok) return res.status === 404 ? { kind: 'none' } : { kind: 'error' };
  const data = res.data;
  if (!isRecord(data) || !isRecord(data.snapshot)) return { kind: 'error' };
  const snap = data.snapshot;
  // The step may sit beside the snapshot or inside it; accept either.
  const saved = stepNumber(data.currentStep ?? snap.currentStep, FIRST_STEP);
  const currentStep = saved === -1 ? FIRST_STEP : saved;
  const lastStepCompleted = stepNumber(
    data.lastStepCompleted ?? snap.lastStepCompleted,
    lastCompletedBefore(currentStep, snap as PlanAnswers),
  );
  return {
    kind: 'found',
    revision: typeof data.revision === 'number' ? data.revision : 0,
    snapshot: snap,
    currentStep,
    lastStepCompleted,
    server: normaliseServerData(data),
  };
}

export async function saveProgress(
  sessionId: string,
  payload: SavePayload,
  revision: number,
): Promise<SendResult> {
  const res = await apiRequest<{ revision?: unknown }>('PUT', '/api/onboarding', {
    sessionId,
    body: { revision, ...payload },
  });
  if (res.ok) {
    const next =
      isRecord(res.data) && typeof res.data.revision === 'number' ? res.data.revision : revision + 1;
    return { kind: 'saved', revision: next };
  }
  if (res.status === 409) {
    // The caller reloads the claim from the server, which brings the current revision with it.
    return { kind: 'conflict', revision };
  }
  if (res.status === 400) return { kind: 'rejected' };
  return { kind: 'retry' };
}

export interface DeliveryPoint {
  organisation_name?: string;
  line_1?: string;
  line_2?: string;
  udprn?: string | number;
}
export interface AddressLookup {
  delivery_points: DeliveryPoint[];
  town: string;
  postal_county: string;
  traditional_county: string;
  postcode: string;
}

export const ADDRESS_MESSAGES = {
  notFound: 'No addresses found for this postcode',
  serverError: 'Unable to lookup address. Please try again.',
  exception: 'Unable to lookup address. Please enter manually.',
} as const;

export type AddressResult = { kind: 'ok'; lookup: AddressLookup } | { kind: 'error'; message: string };

/** SPEC §8's address messages: every failure leaves the claimant free to type the address. */
export async function lookupAddress(
  sessionId: string,
  postcode: string,
  signal?: AbortSignal,
): Promise<AddressResult> {
  let res;
  try {
    res = await apiRequest<unknown>('GET', `/api/address?postcode=${encodeURIComponent(postcode)}`, {
      sessionId,
      signal,
    });
  } catch {
    return { kind: 'error', message: ADDRESS_MESSAGES.exception };
  }
  if (!res.ok) {
    if (res.status === 0) return { kind: 'error', message: ADDRESS_MESSAGES.exception };
    if (res.status === 404) return { kind: 'error', message: res.error || ADDRESS_MESSAGES.notFound };
    if (res.status === 400 && res.error) return { kind: 'error', message: res.error };
    return { kind: 'error', message: ADDRESS_MESSAGES.serverError };
  }
  const d = res.data;
  if (!isRecord(d) || (d.status !== undefined && d.status !== 'success')) {
    const err = isRecord(d) && typeof d.error === 'string' ? d.error : ADDRESS_MESSAGES.serverError;
    return { kind: 'error', message: err };
  }
  const points = Array.isArray(d.delivery_points) ? d.delivery_points.filter(isRecord) : [];
  if (points.length === 0) return { kind: 'error', message: ADDRESS_MESSAGES.notFound };
  const text = (x: unknown) => (typeof x === 'string' ? x : '');
  return {
    kind: 'ok',
    lookup: {
      delivery_points: points.map((p) => ({
        organisation_name: text(p.organisation_name),
        line_1: text(p.line_1),
        line_2: text(p.line_2),
        udprn: typeof p.udprn === 'number' || typeof p.udprn === 'string' ? p.udprn : undefined,
      })),
      town: text(d.town),
      postal_county: text(d.postal_county),
      traditional_county: text(d.traditional_county),
      postcode: text(d.postcode) || postcode,
    },
  };
}

export type ResumeCodeResult = { ok: true } | { ok: false; message: string };

/** 'Save and finish later': the server texts a fresh resume code to the claimant's phone (D8). */
export async function requestResumeCode(sessionId: string): Promise<ResumeCodeResult> {
  const res = await apiRequest<unknown>('POST', '/api/onboarding/resume-code', { sessionId, body: {} });
  if (res.ok) return { ok: true };
  if (res.status === 429 && res.error) return { ok: false, message: res.error };
  return { ok: false, message: 'We could not send your code just now. Please try again in a moment.' };
}

// ---------------------------------------------------------------------------------------------
// Files (api-contract "Files"): uploads go through XMLHttpRequest for its upload progress events.

export { MAX_UPLOAD_BYTES };
export const EVIDENCE_EXTENSIONS = uploadExtensions('evidence');
export const P60_EXTENSIONS = uploadExtensions('p60');

export const FILE_MESSAGES = {
  tooLarge: UPLOAD_MESSAGES.tooLarge,
  evidenceType: UPLOAD_MESSAGES.typeNotAllowed.evidence,
  p60Type: UPLOAD_MESSAGES.typeNotAllowed.p60,
  empty: UPLOAD_MESSAGES.empty,
  network: 'The upload failed. Please check your connection and try again.',
  failed: 'The file could not be uploaded. Please try again.',
  removeFailed: 'The file could not be removed. Please try again.',
} as const;

export type { UploadKind };

/** Checks what the browser can see before sending (the server still sniffs the bytes, D6). */
export function checkUpload(file: Pick<File, 'name' | 'size'>, kind: UploadKind): string | null {
  return checkUploadName(file, kind);
}

export type UploadResult = { ok: true; file: UploadedFile } | { ok: false; status: number; message: string };

function messageFrom(status: number, body: unknown): string {
  if (isRecord(body)) {
    if (typeof body.error === 'string' && body.error) return body.error;
    if (isRecord(body.errors)) {
      const first = Object.values(body.errors).find((v): v is string => typeof v === 'string');
      if (first) return first;
    }
  }
  if (status === 413) return FILE_MESSAGES.tooLarge;
  if (status === 0) return FILE_MESSAGES.network;
  return FILE_MESSAGES.failed;
}

export interface UploadOptions {
  sessionId: string;
  kind: UploadKind;
  taxYear?: string;
  file: File;
  /** 0-100 as the bytes go up. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** `POST /api/onboarding/files` (multipart: kind, taxYear, file) with upload progress. */
export function uploadFile({
  sessionId,
  kind,
  taxYear,
  file,
  onProgress,
  signal,
}: UploadOptions): Promise<UploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    form.append('kind', kind);
    if (taxYear) form.append('taxYear', taxYear);
    form.append('file', file, file.name);
    xhr.open('POST', '/api/onboarding/files');
    xhr.setRequestHeader('X-Session-Id', sessionId);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0)
        onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const saved = readUploadedFile(body);
        if (saved) {
          onProgress?.(100);
          resolve({ ok: true, file: saved });
          return;
        }
      }
      resolve({ ok: false, status: xhr.status, message: messageFrom(xhr.status, body) });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, message: FILE_MESSAGES.network });
    xhr.ontimeout = () => resolve({ ok: false, status: 0, message: FILE_MESSAGES.network });
    xhr.onabort = () => resolve({ ok: false, status: 0, message: FILE_MESSAGES.network });
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** `DELETE /api/onboarding/files/:id`; a file already gone (404) counts as removed. */
export async function deleteFile(
  sessionId: string,
  id: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const res = await apiRequest<unknown>('DELETE', `/api/onboarding/files/${encodeURIComponent(id)}`, {
    sessionId,
  });
  if (res.ok || res.status === 404) return { ok: true };
  return { ok: false, message: res.error || FILE_MESSAGES.removeFailed };
}

export { downloadFile } from '../../../lib/download-file.ts';

// ---------------------------------------------------------------------------------------------
// Distance (SPEC §8 messages, shown under the journey)

export const DISTANCE_ERRORS = {
  bothRequired: 'Both postcodes are required',
  serverFailed: 'Distance calculation failed. Please enter manually.',
  unable: 'Unable to calculate distance between postcodes',
  exception: 'Failed to calculate distance. Please enter manually.',
} as const;

export type DistanceResult =
  { kind: 'ok'; miles: number; estimate: boolean } | { kind: 'error'; message: string };

export async function calculateDistance(
  sessionId: string,
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<DistanceResult> {
  if (from.trim() === '' || to.trim() === '') return { kind: 'error', message: DISTANCE_ERRORS.bothRequired };
  let res;
  try {
    res = await apiRequest<unknown>(
      'GET',
      `/api/distance?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      { sessionId, signal },
    );
  } catch {
    return { kind: 'error', message: DISTANCE_ERRORS.exception };
  }
  if (!res.ok) {
    if (res.status === 0) return { kind: 'error', message: DISTANCE_ERRORS.exception };
    if (res.status >= 500) return { kind: 'error', message: DISTANCE_ERRORS.serverFailed };
    if (res.status === 422) return { kind: 'error', message: res.error || DISTANCE_ERRORS.unable };
    return { kind: 'error', message: res.error || DISTANCE_ERRORS.unable };
  }
  const d = res.data;
  if (!isRecord(d) || (d.status !== undefined && d.status !== 'OK')) {
    const err = isRecord(d) && typeof d.error === 'string' && d.error ? d.error : DISTANCE_ERRORS.unable;
    return { kind: 'error', message: err };
  }
  const miles =
    typeof d.distanceMiles === 'number' && Number.isFinite(d.distanceMiles) ? d.distanceMiles : NaN;
  if (!(miles >= 0)) return { kind: 'error', message: DISTANCE_ERRORS.unable };
  return { kind: 'ok', miles: Math.round(miles * 10) / 10, estimate: d.estimate === true };
}

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
