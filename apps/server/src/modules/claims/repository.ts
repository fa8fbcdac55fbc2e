import type { Kysely } from 'kysely';
import { columnsOf } from '../../db/database.ts';
import type { Database, NewRow, Row } from '../../db/database.ts';
import { paramsFor, prepareQuery } from '../../db/prepared.ts';
import type { ColumnValues } from '../../db/prepared.ts';

type Db = Kysely<Database>;

/** Every column a new claim is stored with (status takes its default). */
const CLAIM_COLUMNS = columnsOf<'form_responses'>()(
  'id',
  'reference',
  'session_id',
  'first_name',
  'last_name',
  'full_name',
  'email',
  'phone',
  'phone_key',
  'signature',
  'signature_file_id',
  'signature_method',
  'signature_typed_name',
  'selected_expenses',
  'earns_over_18k',
  'affiliate_name',
  'utm_data',
  'full_url',
  'ip_address',
  'user_agent',
  'assessment_data',
  'signed_content_hash',
  'authority_terms',
  'signed_at',
  'created_at',
  'updated_at',
);
export type ClaimRow = ColumnValues<NewRow<'form_responses'>, typeof CLAIM_COLUMNS>;

// A claim's two queries, compiled once (prepared.ts).
const bySession = prepareQuery((db, p) =>
  db.selectFrom('form_responses').selectAll().where('session_id', '=', p('sessionId')),
);
const insertUnlessSessionHasOne = prepareQuery((db, p) =>
  db
    .insertInto('form_responses')
    .values(paramsFor(CLAIM_COLUMNS, p))
    .onConflict((oc) => oc.column('session_id').doNothing())
    .returning('id'),
);

export function createClaimsRepository(db: Db) {
  return {
    async findBySession(sessionId: string, trx: Db = db): Promise<Row<'form_responses'> | null> {
      return (await bySession.execute(trx, { sessionId })).rows[0] ?? null;
    },

    /** Inserts unless the session already has a claim; returns the new id or null on conflict. */
    async insertIfAbsent(row: ClaimRow, trx: Db = db): Promise<string | null> {
      return (await insertUnlessSessionHasOne.execute(trx, row)).rows[0]?.id ?? null;
    },
  };
}

export type ClaimsRepository = ReturnType<typeof createClaimsRepository>;
