import type { Kysely } from 'kysely';

// Issue 30 (D30): the details a general (funnel) claim needs for HMRC's P87, added after the
// funnel through the details journey.
//   details               JSON: { selectedExpenses, details } (the claimant, employments, tax years
//                         and each chosen expense per year, as the shared schema stores them)
//   details_ni_number     the National Insurance number, encrypted like onboarding_claims'
//   details_signed_at     when the claimant signed the authority showing these amounts
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('form_responses').addColumn('details', 'text').execute();
  await db.schema.alterTable('form_responses').addColumn('details_ni_number', 'text').execute();
  await db.schema.alterTable('form_responses').addColumn('details_signed_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['details_signed_at', 'details_ni_number', 'details']) {
    await db.schema.alterTable('form_responses').dropColumn(column).execute();
  }
}
