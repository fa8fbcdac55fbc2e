import type { Kysely } from 'kysely';
import type { ClaimKind, Database, NewStoredFile, StoredFile, StoredFileKind } from '../../db/database.ts';

type Db = Kysely<Database>;

/** Queries on stored_files. Every lookup by id takes the owning session unless the caller is an operator. */
export function createFilesRepository(db: Db) {
  return {
    /** Inserts, or returns null when the same bytes are already recorded for this session/kind/year. */
    async insertIfAbsent(row: NewStoredFile, trx: Db = db): Promise<StoredFile | null> {
      const inserted = await trx
        .insertInto('stored_files')
        .values(row)
        .onConflict((oc) => oc.columns(['session_id', 'kind', 'tax_year', 'sha256']).doNothing())
        .returningAll()
        .executeTakeFirst();
      return inserted ?? null;
    },

    async findDuplicate(
      key: { sessionId: string; kind: StoredFileKind; taxYear: string; sha256: string },
      trx: Db = db,
    ): Promise<StoredFile | null> {
      const row = await trx
        .selectFrom('stored_files')
        .selectAll()
        .where('session_id', '=', key.sessionId)
        .where('kind', '=', key.kind)
        .where('tax_year', '=', key.taxYear)
        .where('sha256', '=', key.sha256)
        .executeTakeFirst();
      return row ?? null;
    },

    /** `sessionId` null = any session (operator access). */
    async findById(id: string, sessionId: string | null, trx: Db = db): Promise<StoredFile | null> {
      let query = trx.selectFrom('stored_files').selectAll().where('id', '=', id);
      if (sessionId !== null) query = query.where('session_id', '=', sessionId);
      return (await query.executeTakeFirst()) ?? null;
    },

    async listBySession(
      sessionId: string,
      filter: { kind?: StoredFileKind; taxYear?: string } = {},
      trx: Db = db,
    ): Promise<StoredFile[]> {
      let query = trx.selectFrom('stored_files').selectAll().where('session_id', '=', sessionId);
      if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
      if (filter.taxYear !== undefined) query = query.where('tax_year', '=', filter.taxYear);
      return query.orderBy('created_at').orderBy('id').execute();
    },

    async deleteById(id: string, trx: Db = db): Promise<void> {
      await trx.deleteFrom('stored_files').where('id', '=', id).execute();
    },

    async deleteBySession(
      sessionId: string,
      claimKind: ClaimKind | undefined,
      trx: Db = db,
    ): Promise<StoredFile[]> {
      let select = trx.selectFrom('stored_files').selectAll().where('session_id', '=', sessionId);
      if (claimKind !== undefined) select = select.where('claim_kind', '=', claimKind);
      const rows = await select.execute();
      if (rows.length > 0) {
        await trx
          .deleteFrom('stored_files')
          .where(
            'id',
            'in',
            rows.map((r) => r.id),
          )
          .execute();
      }
      return rows;
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
