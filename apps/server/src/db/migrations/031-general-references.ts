import type { Kysely } from 'kysely';

// Issue 32 items 6 and 10 for the general funnel (decision 053):
//   reference              a new general claim's reference, 'TB 4K7 9MX 2QH' like a mileage claim's
//                          (unique); NULL for claims made before, which keep their GEN- reference
//                          read from the id
//   signature_method       'drawn' or 'typed'; NULL for claims signed before (all drawn)
//   signature_typed_name   the name as typed, when signature_method is 'typed'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('form_responses').addColumn('reference', 'text').execute();
  await db.schema.alterTable('form_responses').addColumn('signature_method', 'text').execute();
  await db.schema.alterTable('form_responses').addColumn('signature_typed_name', 'text').execute();
  await db.schema
    .createIndex('form_responses_reference_unique')
    .on('form_responses')
    .column('reference')
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('form_responses_reference_unique').execute();
  await db.schema.alterTable('form_responses').dropColumn('signature_typed_name').execute();
  await db.schema.alterTable('form_responses').dropColumn('signature_method').execute();
  await db.schema.alterTable('form_responses').dropColumn('reference').execute();
}
