import type { Kysely, Transaction } from 'kysely';
import type {
  Database,
  NewOnboardingClaim,
  OnboardingClaim,
  OnboardingClaimUpdate,
  StoredFile,
} from '../../db/database.ts';

/** Queries for onboarding_claims and the claim's stored_files rows. Every lookup carries the session id (D5). */

type Db = Kysely<Database> | Transaction<Database>;

export function findClaimBySession(db: Db, sessionId: string): Promise<OnboardingClaim | undefined> {
  return db
    .selectFrom('onboarding_claims')
    .selectAll()
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
}

export async function insertClaim(db: Db, row: NewOnboardingClaim): Promise<void> {
  await db.insertInto('onboarding_claims').values(row).execute();
}

/** Optimistic write: only applies when the stored revision is still `revision` and the claim is a draft. */
export async function updateClaimAtRevision(
  db: Db,
  sessionId: string,
  revision: number,
  changes: OnboardingClaimUpdate,
): Promise<boolean> {
  const result = await db
    .updateTable('onboarding_claims')
    .set({ ...changes, revision: revision + 1 })
    .where('session_id', '=', sessionId)
    .where('revision', '=', revision)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function updateDraftClaim(
  db: Db,
  sessionId: string,
  changes: OnboardingClaimUpdate,
): Promise<boolean> {
  const result = await db
    .updateTable('onboarding_claims')
    .set(changes)
    .where('session_id', '=', sessionId)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Final submission: applies once, whatever the revision (a late autosave must not block it). */
export async function submitDraftClaim(
  db: Db,
  sessionId: string,
  changes: OnboardingClaimUpdate,
): Promise<boolean> {
  const result = await db
    .updateTable('onboarding_claims')
    .set(changes)
    .set((eb) => ({ revision: eb('revision', '+', 1) }))
    .where('session_id', '=', sessionId)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function listClaimFiles(db: Db, sessionId: string): Promise<StoredFile[]> {
  return db
    .selectFrom('stored_files')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('claim_kind', '=', 'onboarding')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findClaimFile(db: Db, sessionId: string, fileId: string): Promise<StoredFile | undefined> {
  return db
    .selectFrom('stored_files')
    .selectAll()
    .where('id', '=', fileId)
    .where('session_id', '=', sessionId)
    .where('claim_kind', '=', 'onboarding')
    .executeTakeFirst();
}
