// Files: uploads report their progress (the client sends them through XMLHttpRequest for it).
import { call, type CallFailure } from '../../../lib/api/client.ts';

import type { DetailsEvidence } from '@taxback/domain/api/responses';
import type { UploadedFile } from './server-data.ts';
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  checkUploadName,
  uploadExtensions,
  type UploadKind,
} from '@taxback/domain';

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

function messageFrom(res: { status: number; error?: string; errors?: Record<string, string> }): string {
  const first = Object.values(res.errors ?? {}).find((v) => v !== '');
  if (res.error || first) return res.error || first || '';
  if (res.status === 413) return FILE_MESSAGES.tooLarge;
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
export async function uploadFile({
  sessionId,
  kind,
  taxYear,
  file,
  onProgress,
  signal,
}: UploadOptions): Promise<UploadResult> {
  const form = new FormData();
  form.append('kind', kind);
  if (taxYear) form.append('taxYear', taxYear);
  form.append('file', file, file.name);
  const res = await call('uploadOnboardingFile', {
    sessionId,
    body: form,
    signal,
    ...uploadTiming(onProgress),
  });
  return resultOf(res, onProgress);
}

/**
 * Decision 052: a receipt or proof for the details journey of a funnel claim,
 * `POST /api/claims/mine/details/files` (multipart: section, taxYear, file), the same way.
 */
export async function uploadDetailsFile({
  sessionId,
  section,
  taxYear,
  file,
  onProgress,
}: {
  sessionId: string;
  section: DetailsEvidence['section'];
  taxYear: string;
  file: File;
  onProgress?: (percent: number) => void;
}): Promise<{ ok: true; file: DetailsEvidence } | { ok: false; status: number; message: string }> {
  const form = new FormData();
  form.append('section', section);
  if (taxYear) form.append('taxYear', taxYear);
  form.append('file', file, file.name);
  const res = await call('uploadClaimDetailsFile', { sessionId, body: form, ...uploadTiming(onProgress) });
  return resultOf(res, onProgress);
}

/** An upload takes as long as the connection needs (the claimant can cancel it), with progress. */
function uploadTiming(onProgress: ((percent: number) => void) | undefined) {
  return { timeoutMs: 0, onUploadProgress: (percent: number) => onProgress?.(percent) };
}

type UploadAnswer<T> =
  | { ok: true; data: T }
  | CallFailure
  | { ok: false; status: number; error?: string | undefined; errors?: Record<string, string> | undefined };

/** The one reading of an upload's answer: the stored file, or the message to show. */
function resultOf<T>(
  res: UploadAnswer<T>,
  onProgress: ((percent: number) => void) | undefined,
): { ok: true; file: T } | { ok: false; status: number; message: string } {
  if (res.ok) {
    onProgress?.(100);
    return { ok: true, file: res.data };
  }
  if ('reason' in res)
    return res.reason === 'unexpected'
      ? { ok: false, status: res.httpStatus ?? 0, message: messageFrom({ status: res.httpStatus ?? 0 }) }
      : { ok: false, status: 0, message: FILE_MESSAGES.network };
  return { ok: false, status: res.status, message: messageFrom(res) };
}

/** `DELETE /api/claims/mine/details/files/:id` (decision 052); a file already gone counts as removed. */
export async function deleteDetailsFile(
  sessionId: string,
  id: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const res = await call('deleteClaimDetailsFile', { sessionId, params: { id } });
  if (res.ok || res.status === 404) return { ok: true };
  return { ok: false, message: res.error || FILE_MESSAGES.removeFailed };
}

/** `DELETE /api/onboarding/files/:id`; a file already gone (404) counts as removed. */
export async function deleteFile(
  sessionId: string,
  id: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const res = await call('deleteOnboardingFile', { sessionId, params: { id } });
  if (res.ok || res.status === 404) return { ok: true };
  return { ok: false, message: res.error || FILE_MESSAGES.removeFailed };
}

export { downloadFile } from '../../../lib/download-file.ts';
