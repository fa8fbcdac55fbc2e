import type { Kysely, Transaction } from 'kysely';
import type { Database } from './database.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** How many codes went to one phone (by its keyed hash) since a time: both texted-code limits (D8, D23). */
export async function countCodesForPhoneSince(
  db: Db,
  table: 'resume_codes' | 'status_codes',
  phoneHash: string,
  sinceIso: string,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('phone_hash', '=', phoneHash)
    .where('created_at', '>', sinceIso)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
