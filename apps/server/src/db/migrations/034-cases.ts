import type { Kysely } from 'kysely';

// Issue 42 (the case model, first slice): a claimant's funnel claim and the mileage claim started
// from its details journey are one case, as HMRC takes one P87 per person and year.
//   case_id   the case a claim belongs to: the id of the case's first claim (a funnel claim's own
//             id). NULL means the claim is a case of its own (every claim made before this, and
//             every claim not started from another), so nothing needs rewriting here.
//   form_responses.case_self_assessment
//             JSON list of the funnel claim's own years that are Self Assessment years across its
//             case (D31: the year's total of every kind over £2,500), written when the case's
//             mileage claim is submitted or amended, so the queues read it without the other claim;
//             NULL while the case holds no submitted mileage claim (the claim's own years decide).
// A case holds at most one mileage claim: the unique index makes "Start your mileage claim"
// pressed twice (or in two tabs) one claim; NULLs never collide in either database.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('form_responses').addColumn('case_id', 'text').execute();
  await db.schema.alterTable('form_responses').addColumn('case_self_assessment', 'text').execute();
  await db.schema.alterTable('onboarding_claims').addColumn('case_id', 'text').execute();
  await db.schema.createIndex('form_responses_case_idx').on('form_responses').column('case_id').execute();
  await db.schema
    .createIndex('onboarding_claims_case_unique')
    .on('onboarding_claims')
    .column('case_id')
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('onboarding_claims_case_unique').execute();
  await db.schema.dropIndex('form_responses_case_idx').execute();
  await db.schema.alterTable('onboarding_claims').dropColumn('case_id').execute();
  await db.schema.alterTable('form_responses').dropColumn('case_self_assessment').execute();
  await db.schema.alterTable('form_responses').dropColumn('case_id').execute();
}
