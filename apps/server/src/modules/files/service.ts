import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { ClaimKind, Database, Row, StoredFileKind } from '../../db/database.ts';
import type { FileStore } from '../../storage/file-store.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { createDeferredRendering } from './deferred-files.ts';
import { readAll, toSavedFile } from './file-records.ts';
import type { SaveFileInput, SavedFile, StagedUpload } from './file-records.ts';
import { createFilesRepository } from './repository.ts';
import { createFileSaver } from './save-files.ts';
import { stageUpload } from './stage-upload.ts';

export {
  RENDER_FILE_JOB,
  STAGE_HEAD_BYTES,
  fileUrl,
  toSavedFile,
  type DeferredRender,
  type FileRenderer,
  type SaveFileInput,
  type SavedFile,
  type StagedUpload,
} from './file-records.ts';

type Db = Kysely<Database>;

/**
 * Private files (D6) for every feature: bytes in the FileStore under a random key, metadata in
 * stored_files. The same bytes for the same session/kind/year are stored once (a retried upload).
 */
export function createFilesService(deps: { db: Db; store: FileStore; jobs?: JobQueue }) {
  const { db, store } = deps;
  const repo = createFilesRepository(db);

  const { saveFilesWith, saveFileWith } = createFileSaver({ ...deps, repo });
  const deferred = createDeferredRendering({ ...deps, repo });
  const { ensureRendered } = deferred;

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

    addRenderer: deferred.addRenderer,

    /**
     * Streams an upload into the store under a fresh key, counting and hashing it on the way and
     * keeping only its first STAGE_HEAD_BYTES: the whole file is never in memory. Pass the result
     * as `bytes` to saveFileWith, or to `discard`.
     */
    stage: (stream: Readable): Promise<StagedUpload> => stageUpload(store, stream),

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
