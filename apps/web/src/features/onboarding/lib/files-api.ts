// Files (api-contract "Files"): uploads go through XMLHttpRequest for its upload progress events.
import { apiRequest } from '../../../lib/api-client.ts';

import { readUploadedFile, type UploadedFile } from './server-data.ts';
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  checkUploadName,
  isRecord,
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
