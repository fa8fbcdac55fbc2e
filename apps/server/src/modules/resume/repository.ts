import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../../db/database.ts';

/** Queries for resume_codes and resume_attempts (D8). Codes, phones and IPs are only ever stored as HMACs. */

type Db = Kysely<Database> | Transaction<Database>;

export function findCodeByHash(db: Db, codeHash: string): Promise<Row<'resume_codes'> | undefined> {
  return db.selectFrom('resume_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
}

/** Frees a code value whose earlier use is over (used or expired), so the UNIQUE hash can be issued again. */
export async function deleteDeadCode(db: Db, codeHash: string, nowIso: string): Promise<void> {
  await db
    .deleteFrom('resume_codes')
    .where('code_hash', '=', codeHash)
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', nowIso)]))
    .execute();
}

export async function insertCode(db: Db, row: Row<'resume_codes'>): Promise<void> {
  await db.insertInto('resume_codes').values(row).execute();
}

export async function recordAttempt(
  db: Db,
  row: { id: string; ip_hash: string; succeeded: number; created_at: string; throttled?: number },
): Promise<void> {
  await db.insertInto('resume_attempts').values(row).execute();
}

export async function markAttemptSucceeded(db: Db, id: string): Promise<void> {
  await db.updateTable('resume_attempts').set({ succeeded: 1 }).where('id', '=', id).execute();
}

/**
 * Failed attempts since `sinceIso`: for one IP (`ipHash`), those whose code was checked (the
 * throttle's count); for all IPs, every failure, throttled or not (the alert's count).
 */
export async function countFailuresSince(db: Db, sinceIso: string, ipHash?: string): Promise<number> {
  let query = db
    .selectFrom('resume_attempts')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('succeeded', '=', 0)
    .where('created_at', '>', sinceIso);
  if (ipHash !== undefined) query = query.where('ip_hash', '=', ipHash).where('throttled', '=', 0);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Moves a claim, its files and its codes to a fresh session id (the resumed browser's new secret). */
export async function moveClaimToSession(
  db: Transaction<Database>,
  fromSessionId: string,
  toSessionId: string,
  nowIso: string,
): Promise<boolean> {
  const moved = await db
    .updateTable('onboarding_claims')
    .set({ session_id: toSessionId, last_activity_at: nowIso, updated_at: nowIso })
    .where('session_id', '=', fromSessionId)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) return false;
  await db
    .updateTable('stored_files')
    .set({ session_id: toSessionId })
    .where('session_id', '=', fromSessionId)
    .where('claim_kind', '=', 'onboarding')
    .execute();
  await db
    .updateTable('resume_codes')
    .set({ session_id: toSessionId })
    .where('session_id', '=', fromSessionId)
    .execute();
  return true;
}
