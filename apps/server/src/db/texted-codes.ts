import { sql } from 'kysely';
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

type CodeTable = 'resume_codes' | 'status_codes';
/** Columns (of that table) that pick out a code's owner, or one code, and the values they must have. */
type CodeMatch<T extends CodeTable> = Partial<Record<Extract<keyof Database[T], string>, string>>;

/** An update of the codes that match and are live at `nowIso`: not used, not expired. */
function updateLiveCodes<T extends CodeTable>(db: Db, table: T, match: CodeMatch<T>, nowIso: string) {
  let update = db.updateTable(table as CodeTable).where('used_at', 'is', null);
  for (const [column, value] of Object.entries(match)) {
    if (value !== undefined) update = update.where(sql.ref(column), '=', value);
  }
  return update.where('expires_at', '>', nowIso);
}

/** Retires an owner's live codes (they expire now) before a new one is stored: only the latest text works. */
export async function expireLiveCodes<T extends CodeTable>(
  db: Db,
  table: T,
  owner: CodeMatch<T>,
  nowIso: string,
): Promise<void> {
  await updateLiveCodes(db, table, owner, nowIso).set({ expires_at: nowIso }).execute();
}

/** Uses a live code, once: false when it is already used, expired, or does not match. */
export async function useLiveCode<T extends CodeTable>(
  db: Db,
  table: T,
  code: CodeMatch<T>,
  nowIso: string,
): Promise<boolean> {
  const result = await updateLiveCodes(db, table, code, nowIso).set({ used_at: nowIso }).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
