import type { Kysely } from 'kysely';

// Issue 16: a restore (GET /api/onboarding) re-validated every answer of a draft to find where it
// picks up (resumePoint), a third of the request's time. A save validates the same answers with
// the same rules, so the result can only differ when the UK day has changed since (the claimable
// tax years move on 6 April) or the snapshot's shape is older. The UK date of the save that last
// validated the answers is kept; rows without one are checked as before.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('onboarding_claims').addColumn('checked_on', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('onboarding_claims').dropColumn('checked_on').execute();
}
