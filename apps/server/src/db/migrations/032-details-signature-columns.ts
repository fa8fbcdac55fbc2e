import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Decision 058: the details journey's signature is recorded beside the funnel claim form's, not
// over it, so each signed authority keeps how it was signed:
//   details_signature_method   'drawn' or 'typed' once the details are signed; NULL until then,
//                              and for details signed before decision 055 (all drawn)
//   details_typed_name         the name as typed, when details_signature_method is 'typed'
// signature_method and signature_typed_name (migration 031) are the claim form's alone from now.
// Details signed since decision 055 wrote their method over the claim form's: it is copied here
// (the claim form's, overwritten, cannot be told again).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('form_responses').addColumn('details_signature_method', 'text').execute();
  await db.schema.alterTable('form_responses').addColumn('details_typed_name', 'text').execute();
  await sql`update form_responses
    set details_signature_method = signature_method, details_typed_name = signature_typed_name
    where details_signed_at is not null and signature_method is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('form_responses').dropColumn('details_typed_name').execute();
  await db.schema.alterTable('form_responses').dropColumn('details_signature_method').execute();
}
