import type { Kysely } from 'kysely';

// Which version of the wizard snapshot schema wrote a row's `snapshot`: a restore reads a current
// one as it is, and re-parses only older ones through the schema (docs/decisions/008).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('onboarding_claims').addColumn('snapshot_version', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('onboarding_claims').dropColumn('snapshot_version').execute();
}
