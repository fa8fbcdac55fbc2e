import { Readable } from 'node:stream';
import type { ClaimKind, Row, StoredFileKind } from '../../db/database.ts';

// The files service's shapes: what a caller saves, what it gets back, and the row's mapping.

export interface SaveFileInput {
  sessionId: string;
  claimKind: ClaimKind;
  kind: StoredFileKind;
  /** Tax year for evidence and mileage logs; null/undefined for files of no year. */
  taxYear?: string | null;
  /**
   * The bytes, an upload already streamed into the store by `stage` (never held in memory), or
   * what renders them later (decision 025).
   */
  bytes: Uint8Array | StagedUpload | DeferredRender;
  /** Shown on download only; never used in a storage path. */
  filename: string;
  /** The sniffed type (check magic bytes before calling). */
  contentType: string;
  /** Migration 029: the funnel claim's expense a receipt or proof is for (decision 052). */
  expenseSection?: string | null;
}

export interface SavedFile {
  id: string;
  sessionId: string;
  claimKind: ClaimKind;
  kind: StoredFileKind;
  taxYear: string | null;
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
  /** The app URL: /api/files/{id} */
  url: string;
  createdAt: string;
  /** Migration 029: the funnel claim's expense a receipt or proof is for; null for other files. */
  expenseSection: string | null;
}

/** An upload streamed into the store under a fresh key, measured and hashed on the way. */
export interface StagedUpload {
  storageKey: string;
  size: number;
  sha256: string;
  /** The first STAGE_HEAD_BYTES bytes, to recognise the type from. */
  head: Buffer;
  /** True when the head is not the whole file. */
  partial: boolean;
}

/**
 * A file whose bytes are rendered after the request (decision 025): by a job enqueued with its
 * record, or by its first opening, whichever comes first. `render` names a renderer given to
 * `addRenderer`; `input` is stored as JSON with the record and must render the same bytes each time.
 */
export interface DeferredRender {
  render: string;
  input: unknown;
}

export type FileRenderer = (input: unknown) => Promise<Uint8Array>;

/** The job that renders a deferred file. */
export const RENDER_FILE_JOB = 'render-file';

/** Enough of the start of a file for its type check (file-type reads at most a few kB of it). */
export const STAGE_HEAD_BYTES = 256 * 1024;

export const isStaged = (bytes: SaveFileInput['bytes']): bytes is StagedUpload =>
  !(bytes instanceof Uint8Array) && 'storageKey' in bytes;
export const isDeferred = (bytes: SaveFileInput['bytes']): bytes is DeferredRender =>
  !(bytes instanceof Uint8Array) && 'render' in bytes;

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export function fileUrl(id: string): string {
  return `/api/files/${id}`;
}

export function toSavedFile(row: Row<'stored_files'>): SavedFile {
  return {
    id: row.id,
    sessionId: row.session_id,
    claimKind: row.claim_kind,
    kind: row.kind,
    taxYear: row.tax_year === '' ? null : row.tax_year,
    filename: row.filename,
    contentType: row.content_type,
    size: Number(row.size),
    sha256: row.sha256,
    url: fileUrl(row.id),
    createdAt: row.created_at,
    expenseSection: row.expense_section ?? null,
  };
}
