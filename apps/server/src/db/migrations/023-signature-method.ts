import type { Kysely } from 'kysely';

// Issue 32 item 10: a wizard claim can be signed by typing the claimant's name instead of drawing
// (an accessible alternative); the claim records which, and the name as typed.
//   signature_method       'drawn' or 'typed'; NULL for claims signed before (all drawn)
//   signature_typed_name   the name as typed, when signature_method is 'typed'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('onboarding_claims').addColumn('signature_method', 'text').execute();
  await db.schema.alterTable('onboarding_claims').addColumn('signature_typed_name', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('onboarding_claims').dropColumn('signature_typed_name').execute();
  await db.schema.alterTable('onboarding_claims').dropColumn('signature_method').execute();
}
