import { sql, type Kysely } from 'kysely';

// D21: the estimate the claimant saw (at the band they chose, Scottish rates when they pay Scottish
// income tax, otherwise the basic-rate figure), kept beside SPEC's 20% and 40% columns so the
// operators' list, export and reports show the same figure the claimant saw. Rows saved before this
// migration have only the basic-rate figure, which is what they showed unless a band was chosen;
// the next save or the submission writes the claimant's own.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('onboarding_claims')
    .addColumn('estimated_rebate_claimant', 'double precision')
    .execute();
  await sql`update onboarding_claims set estimated_rebate_claimant = estimated_rebate_20_percent`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('onboarding_claims').dropColumn('estimated_rebate_claimant').execute();
}
