import type { Kysely } from 'kysely';
import { columnsOf } from '../../db/database.ts';
import type { ClaimKind, Database, NewRow, Row, StoredFileKind } from '../../db/database.ts';
import { paramsFor, prepareQuery } from '../../db/prepared.ts';
import type { ColumnValues } from '../../db/prepared.ts';

type Db = Kysely<Database>;

/** Every column of a stored file's record. */
const FILE_COLUMNS = columnsOf<'stored_files'>()(
  'id',
  'session_id',
  'claim_kind',
  'kind',
  'tax_year',
  'storage_key',
  'filename',
  'content_type',
  'size',
  'sha256',
  'created_at',
  'render_input',
  'expense_section',
);
export type FileRow = ColumnValues<NewRow<'stored_files'>, typeof FILE_COLUMNS>;

// The two queries of every stored upload or signature, compiled once (prepared.ts).
const insertUnlessStored = prepareQuery((db, p) =>
  db
    .insertInto('stored_files')
    .values(paramsFor(FILE_COLUMNS, p))
    .onConflict((oc) => oc.columns(['session_id', 'kind', 'tax_year', 'sha256']).doNothing())
    .returningAll(),
);
const sameBytes = prepareQuery((db, p) =>
  db
    .selectFrom('stored_files')
    .selectAll()
    .where('session_id', '=', p('sessionId'))
    .where('kind', '=', p('kind'))
    .where('tax_year', '=', p('taxYear'))
    .where('sha256', '=', p('sha256')),
);

/** Queries on stored_files. Every lookup by id takes the owning session unless the caller is an operator. */
export function createFilesRepository(db: Db) {
  return {
    /** Inserts, or returns null when the same bytes are already recorded for this session/kind/year. */
    async insertIfAbsent(row: FileRow, trx: Db = db): Promise<Row<'stored_files'> | null> {
      return (await insertUnlessStored.execute(trx, row)).rows[0] ?? null;
    },

    async findDuplicate(
      key: { sessionId: string; kind: StoredFileKind; taxYear: string; sha256: string },
      trx: Db = db,
    ): Promise<Row<'stored_files'> | null> {
      return (await sameBytes.execute(trx, key)).rows[0] ?? null;
    },

    /** `sessionId` null = any session (operator access). */
    async findById(id: string, sessionId: string | null, trx: Db = db): Promise<Row<'stored_files'> | null> {
      let query = trx.selectFrom('stored_files').selectAll().where('id', '=', id);
      if (sessionId !== null) query = query.where('session_id', '=', sessionId);
      return (await query.executeTakeFirst()) ?? null;
    },

    async listBySession(
      sessionId: string,
      filter: { kind?: StoredFileKind; taxYear?: string } = {},
      trx: Db = db,
    ): Promise<Row<'stored_files'>[]> {
      let query = trx.selectFrom('stored_files').selectAll().where('session_id', '=', sessionId);
      if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
      if (filter.taxYear !== undefined) query = query.where('tax_year', '=', filter.taxYear);
      return query.orderBy('created_at').orderBy('id').execute();
    },

    /** Records a deferred file's bytes; false when it was recorded already, or deleted meanwhile. */
    async markRendered(id: string, stored: { size: number; sha256: string }, trx: Db = db): Promise<boolean> {
      const result = await trx
        .updateTable('stored_files')
        .set({ size: stored.size, sha256: stored.sha256, render_input: null })
        .where('id', '=', id)
        .where('render_input', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async deleteById(id: string, trx: Db = db): Promise<void> {
      await trx.deleteFrom('stored_files').where('id', '=', id).execute();
    },

    async deleteBySession(
      sessionId: string,
      claimKind: ClaimKind | undefined,
      trx: Db = db,
    ): Promise<Row<'stored_files'>[]> {
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
