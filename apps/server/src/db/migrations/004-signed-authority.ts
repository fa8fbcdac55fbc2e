import type { Kysely } from 'kysely';

// D19: the terms a claimant signed (our company and the fee, as configured at that moment), so the
// operator's "matches what was signed" check rebuilds the authority as it was, not as configured now.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('onboarding_claims').addColumn('authority_terms', 'text').execute();
  await db.schema.alterTable('form_responses').addColumn('authority_terms', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('onboarding_claims').dropColumn('authority_terms').execute();
  await db.schema.alterTable('form_responses').dropColumn('authority_terms').execute();
}
