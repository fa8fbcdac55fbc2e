import type { Kysely } from 'kysely';

// Issue 33, decision 040: a restore (GET /api/onboarding) parsed the stored snapshot only to work
// out the totals it answers with, then wrote the snapshot out again. Every save works out those
// totals already; they are kept beside the snapshot (JSON text), so a restore of a draft checked
// today sends both as stored. Rows without them are restored as before.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('onboarding_claims').addColumn('totals', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('onboarding_claims').dropColumn('totals').execute();
}
