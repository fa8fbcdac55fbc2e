import type { Kysely } from 'kysely';
import type { Database, FormResponse, NewFormResponse } from '../../db/database.ts';

type Db = Kysely<Database>;

export function createClaimsRepository(db: Db) {
  return {
    async findBySession(sessionId: string, trx: Db = db): Promise<FormResponse | null> {
      return (
        (await trx
          .selectFrom('form_responses')
          .selectAll()
          .where('session_id', '=', sessionId)
          .executeTakeFirst()) ?? null
      );
    },

    /** Inserts unless the session already has a claim; returns the new id or null on conflict. */
    async insertIfAbsent(row: NewFormResponse, trx: Db = db): Promise<string | null> {
      const inserted = await trx
        .insertInto('form_responses')
        .values(row)
        .onConflict((oc) => oc.column('session_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted?.id ?? null;
    },
  };
}

export type ClaimsRepository = ReturnType<typeof createClaimsRepository>;
