import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { cleanFileName } from '@taxback/domain';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/values.ts';
import { sha256Hex } from '../../crypto/hash.ts';
import { newStorageKey } from '../../storage/file-store.ts';
import type { FileStore } from '../../storage/file-store.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { RENDER_FILE_JOB, isDeferred, isStaged, toSavedFile } from './file-records.ts';
import type { SaveFileInput, SavedFile } from './file-records.ts';
import type { FilesRepository } from './repository.ts';

type Db = Kysely<Database>;

/** Saving files (D6): bytes in the store, records in one transaction with the caller's changes. */
export function createFileSaver(deps: { db: Db; store: FileStore; repo: FilesRepository; jobs?: JobQueue }) {
  const { db, store, repo } = deps;

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
              expense_section: p.input.expenseSection ?? null,
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

  return { saveFilesWith, saveFileWith };
}
