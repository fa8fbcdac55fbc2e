import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely, Transaction } from 'kysely';
import { cleanFileName } from '@taxback/domain';
import type { ClaimKind, Database, Row, StoredFileKind } from '../../db/database.ts';
import { nowIso } from '../../db/values.ts';
import { sha256Hex } from '../../crypto/hash.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { newStorageKey } from '../../storage/file-store.ts';
import type { FileStore } from '../../storage/file-store.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { createFilesRepository } from './repository.ts';

type Db = Kysely<Database>;

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

const isStaged = (bytes: SaveFileInput['bytes']): bytes is StagedUpload =>
  !(bytes instanceof Uint8Array) && 'storageKey' in bytes;
const isDeferred = (bytes: SaveFileInput['bytes']): bytes is DeferredRender =>
  !(bytes instanceof Uint8Array) && 'render' in bytes;

async function readAll(stream: Readable): Promise<Buffer> {
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
  };
}

/**
 * Private files (D6) for every feature: bytes in the FileStore under a random key, metadata in
 * stored_files. The same bytes for the same session/kind/year are stored once (a retried upload).
 */
export function createFilesService(deps: { db: Db; store: FileStore; jobs?: JobQueue }) {
  const { db, store } = deps;
  const repo = createFilesRepository(db);
  const renderers = new Map<string, FileRenderer>();
  /** Renders under way in this process, by file id, so a job and a download share one. */
  const rendering = new Map<string, Promise<Row<'stored_files'> | null>>();

  function describeInput(input: SaveFileInput) {
    const bytes = input.bytes;
    return {
      // A deferred file has no bytes to compare yet: a unique placeholder until it is rendered.
      sha256: isStaged(bytes)
        ? bytes.sha256
        : isDeferred(bytes)
          ? `pending-${randomUUID()}`
          : sha256Hex(bytes),
      taxYear: input.taxYear ?? '',
      filename: cleanFileName(input.filename),
    };
  }

  /**
   * Stores the files and runs `fn` in the same database transaction as their records, so a failure
   * anywhere leaves neither rows nor orphaned bytes. Inside `fn` use only `trx`: on SQLite the
   * outer handle waits for the transaction to finish.
   */
  async function saveFilesWith<T>(
    inputs: readonly SaveFileInput[],
    fn: (trx: Transaction<Database>, files: SavedFile[]) => Promise<T>,
  ): Promise<T> {
    const planned = await Promise.all(
      inputs.map(async (input) => {
        const { sha256, taxYear, filename } = describeInput(input);
        const dedupKey = { sessionId: input.sessionId, kind: input.kind, taxYear, sha256 };
        // A deferred file's placeholder hash is new each time: it never has a duplicate to find.
        const existing = isDeferred(input.bytes) ? null : await repo.findDuplicate(dedupKey);
        // A staged upload's bytes are in the store already: they are deleted below unless used.
        const storageKey = isStaged(input.bytes) ? input.bytes.storageKey : null;
        return { input, sha256, taxYear, filename, dedupKey, existing, storageKey };
      }),
    );
    const ownKeysInUse = new Set<string>();
    try {
      for (const p of planned) {
        const bytes = p.input.bytes;
        if (p.existing || isStaged(bytes)) continue;
        p.storageKey = newStorageKey();
        if (!isDeferred(bytes)) await store.put(p.storageKey, bytes);
      }
      const inserted = new Set<string>();
      const result = await db.transaction().execute(async (trx) => {
        const saved: SavedFile[] = [];
        for (const p of planned) {
          if (p.existing || p.storageKey === null) {
            const row = p.existing ?? (await repo.findDuplicate(p.dedupKey, trx));
            if (!row) throw new Error('Stored file record vanished');
            saved.push(toSavedFile(row));
            continue;
          }
          const bytes = p.input.bytes;
          const row = await repo.insertIfAbsent(
            {
              id: randomUUID(),
              session_id: p.input.sessionId,
              claim_kind: p.input.claimKind,
              kind: p.input.kind,
              tax_year: p.taxYear,
              storage_key: p.storageKey,
              filename: p.filename,
              content_type: p.input.contentType,
              size: isStaged(bytes) ? bytes.size : isDeferred(bytes) ? 0 : bytes.byteLength,
              sha256: p.sha256,
              created_at: nowIso(),
              render_input: isDeferred(bytes) ? JSON.stringify(bytes) : null,
            },
            trx,
          );
          if (row) inserted.add(p.storageKey);
          if (row && isDeferred(bytes)) await deps.jobs?.enqueue(trx, RENDER_FILE_JOB, { fileId: row.id });
          // A concurrent request stored the same bytes first: use its record.
          const used = row ?? (await repo.findDuplicate(p.dedupKey, trx));
          if (!used) throw new Error('Stored file record vanished');
          saved.push(toSavedFile(used));
        }
        return fn(trx, saved);
      });
      // Only once committed do our bytes belong to a record.
      for (const key of inserted) ownKeysInUse.add(key);
      return result;
    } finally {
      for (const p of planned) {
        if (p.storageKey !== null && !ownKeysInUse.has(p.storageKey))
          await store.delete(p.storageKey).catch(() => {});
      }
    }
  }

  /** One file: see saveFilesWith. */
  function saveFileWith<T>(
    input: SaveFileInput,
    fn: (trx: Transaction<Database>, file: SavedFile) => Promise<T>,
  ): Promise<T> {
    return saveFilesWith([input], (trx, [file]) => {
      if (!file) throw new Error('Stored file record vanished');
      return fn(trx, file);
    });
  }

  /**
   * A deferred file's bytes, rendered and stored once; the row as it is when they are stored
   * already. Null when the file was deleted meanwhile (its bytes are then removed too).
   */
  function ensureRendered(row: Row<'stored_files'>): Promise<Row<'stored_files'> | null> {
    if (row.render_input === null) return Promise.resolve(row);
    let pending = rendering.get(row.id);
    if (pending === undefined) {
      pending = renderNow(row).finally(() => rendering.delete(row.id));
      rendering.set(row.id, pending);
    }
    return pending;
  }

  async function renderNow(row: Row<'stored_files'>): Promise<Row<'stored_files'> | null> {
    const { render, input } = JSON.parse(row.render_input ?? 'null') as DeferredRender;
    const renderer = renderers.get(render);
    if (!renderer) throw new Error(`No renderer for deferred files of kind ${row.kind}`);
    const bytes = await renderer(input);
    const stored = { size: bytes.byteLength, sha256: sha256Hex(bytes) };
    // The same document is stored already for this session, kind and year (the stored_files key):
    // that record is the file, and this one gives way to it rather than failing on the key.
    const twinKey = {
      sessionId: row.session_id,
      kind: row.kind,
      taxYear: row.tax_year,
      sha256: stored.sha256,
    };
    const twin = await repo.findDuplicate(twinKey);
    if (twin !== null && twin.id !== row.id) return giveWayTo(row, twin);
    // Rendering is deterministic, so another instance storing the same key at once stores the same bytes.
    await store.put(row.storage_key, bytes);
    try {
      if (await repo.markRendered(row.id, stored)) return { ...row, ...stored, render_input: null };
    } catch (error) {
      // The twin was recorded between the look above and this update.
      const late = isUniqueViolation(error) ? await repo.findDuplicate(twinKey) : null;
      if (late === null || late.id === row.id) throw error;
      return giveWayTo(row, late);
    }
    const now = await repo.findById(row.id, null);
    if (now === null) await store.delete(row.storage_key).catch(() => {});
    return now;
  }

  /** Drops a deferred record (and any bytes under its key) for the stored file with the same bytes. */
  async function giveWayTo(
    row: Row<'stored_files'>,
    twin: Row<'stored_files'>,
  ): Promise<Row<'stored_files'>> {
    await repo.deleteById(row.id);
    await store.delete(row.storage_key).catch(() => {});
    return twin;
  }

  deps.jobs?.handle(RENDER_FILE_JOB, async (payload) => {
    const { fileId } = payload as { fileId: string };
    const row = await repo.findById(fileId, null);
    if (row !== null) await ensureRendered(row);
  });

  /** The record by id (of the session unless null), its bytes rendered if they were deferred. */
  async function findRow(id: string, sessionId: string | null): Promise<Row<'stored_files'> | null> {
    const row = await repo.findById(id, sessionId);
    return row === null ? null : ensureRendered(row);
  }

  async function openFile(
    id: string,
    sessionId: string | null,
  ): Promise<{ file: SavedFile; stream: Readable } | null> {
    const row = await findRow(id, sessionId);
    if (!row) return null;
    const stream = await store.get(row.storage_key);
    return stream ? { file: toSavedFile(row), stream } : null;
  }

  return {
    saveFileWith,
    saveFilesWith,

    /** Names the code that renders deferred files of one kind (decision 025). */
    addRenderer(name: string, renderer: FileRenderer): void {
      renderers.set(name, renderer);
    },

    /**
     * Streams an upload into the store under a fresh key, counting and hashing it on the way and
     * keeping only its first STAGE_HEAD_BYTES: the whole file is never in memory. Pass the result
     * as `bytes` to saveFileWith, or to `discard`.
     */
    async stage(stream: Readable): Promise<StagedUpload> {
      const storageKey = newStorageKey();
      const hash = createHash('sha256');
      const headChunks: Buffer[] = [];
      let headLength = 0;
      let size = 0;
      // Read with for-await (as the old in-memory route did), so an error in the source (a body cut
      // off mid-file) ends the store's write instead of leaving it waiting.
      async function* measured() {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          hash.update(chunk);
          size += chunk.length;
          if (headLength < STAGE_HEAD_BYTES) {
            const part = chunk.subarray(0, STAGE_HEAD_BYTES - headLength);
            headChunks.push(Buffer.from(part));
            headLength += part.length;
          }
          yield chunk;
        }
      }
      try {
        await store.put(storageKey, Readable.from(measured(), { objectMode: false }));
      } catch (error) {
        await store.delete(storageKey).catch(() => {});
        throw error;
      }
      const head = Buffer.concat(headChunks);
      return { storageKey, size, sha256: hash.digest('hex'), head, partial: size > head.length };
    },

    /** Deletes a staged upload that will not be saved. */
    async discard(staged: StagedUpload): Promise<void> {
      await store.delete(staged.storageKey).catch(() => {});
    },

    /** Stores a file on its own; returns the existing record when the same bytes were stored before. */
    saveFile(input: SaveFileInput): Promise<SavedFile> {
      return saveFileWith(input, async (_trx, file) => file);
    },

    /** `sessionId` null means an operator (any session). Another session's file is null, like a missing one. */
    async findFile(id: string, sessionId: string | null): Promise<SavedFile | null> {
      const row = await findRow(id, sessionId);
      return row ? toSavedFile(row) : null;
    },

    async listFiles(
      sessionId: string,
      filter: { kind?: StoredFileKind; taxYear?: string } = {},
    ): Promise<SavedFile[]> {
      return (await repo.listBySession(sessionId, filter)).map(toSavedFile);
    },

    openFile,

    /** A session's files with any deferred bytes rendered first, so each size is the real one. */
    async listRenderedFiles(sessionId: string): Promise<SavedFile[]> {
      const rows = await Promise.all((await repo.listBySession(sessionId)).map(ensureRendered));
      return rows.filter((row): row is Row<'stored_files'> => row !== null).map(toSavedFile);
    },

    /** Reads a whole file into memory (small files: signatures, mileage logs for PDFs). */
    async readFile(id: string, sessionId: string | null): Promise<{ file: SavedFile; bytes: Buffer } | null> {
      const opened = await openFile(id, sessionId);
      if (!opened) return null;
      return { file: opened.file, bytes: await readAll(opened.stream) };
    },

    /** The bytes of a file recorded by content (a signature by its hash), or null. */
    async readStored(key: {
      sessionId: string;
      kind: StoredFileKind;
      taxYear: string;
      sha256: string;
    }): Promise<Buffer | null> {
      const row = await repo.findDuplicate(key);
      if (row === null) return null;
      const opened = await openFile(row.id, row.session_id);
      return opened === null ? null : readAll(opened.stream);
    },

    /** Deletes the record (then the bytes). False when the file is not this session's. */
    async deleteFile(id: string, sessionId: string | null, trx?: Db): Promise<boolean> {
      const row = await repo.findById(id, sessionId, trx ?? db);
      if (!row) return false;
      await repo.deleteById(row.id, trx ?? db);
      await store.delete(row.storage_key).catch(() => {});
      return true;
    },

    /**
     * Removes a session's files, optionally only those of one claim kind (purge of abandoned drafts).
     * Bytes are removed after the rows; pass `trx` to delete the rows with other changes.
     */
    async deleteSessionFiles(
      sessionId: string,
      options: { claimKind?: ClaimKind; trx?: Db } = {},
    ): Promise<number> {
      const rows = await repo.deleteBySession(sessionId, options.claimKind, options.trx ?? db);
      for (const row of rows) await store.delete(row.storage_key).catch(() => {});
      return rows.length;
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
