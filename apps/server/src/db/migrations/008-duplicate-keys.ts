import type { Kysely } from 'kysely';
import { normaliseUkPhone } from '@taxback/domain';

// Issue 17: the same person's claim sent from several sessions made several claims, and nobody
// noticed. Claims now carry keys to match on: the phone number in E.164 (typed any way; mileage
// claims have it already as mobile_number), and a keyed hash of the NI number on mileage claims (the number itself is
// encrypted with a random IV, so it cannot be compared). Operators see claims that share one with
// another claim within 30 days; nothing is merged. Emails are stored lower-cased already.
// NI hashes of claims submitted before this migration cannot be made here (no keys in
// migrations): they stay NULL and match on phone and email only.
interface PhoneRow {
  id: string;
  phone: string | null;
  phone_key: string | null;
}
type Tables = { form_responses: PhoneRow };

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('form_responses').addColumn('phone_key', 'text').execute();
  await db.schema.alterTable('onboarding_claims').addColumn('ni_key', 'text').execute();

  const typed = db as unknown as Kysely<Tables>;
  for (const table of ['form_responses'] as const) {
    let after = '';
    for (;;) {
      const rows = await typed
        .selectFrom(table)
        .select(['id', 'phone'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(500)
        .execute();
      if (rows.length === 0) break;
      for (const row of rows) {
        const key = row.phone ? normaliseUkPhone(row.phone) : null;
        if (key !== null) {
          await typed.updateTable(table).set({ phone_key: key }).where('id', '=', row.id).execute();
        }
      }
      after = rows[rows.length - 1]!.id;
    }
  }

  await db.schema
    .createIndex('form_responses_phone_key_idx')
    .on('form_responses')
    .column('phone_key')
    .execute();
  await db.schema.createIndex('form_responses_email_idx').on('form_responses').column('email').execute();
  await db.schema
    .createIndex('onboarding_claims_mobile_number_idx')
    .on('onboarding_claims')
    .column('mobile_number')
    .execute();
  await db.schema
    .createIndex('onboarding_claims_email_idx')
    .on('onboarding_claims')
    .column('email')
    .execute();
  await db.schema
    .createIndex('onboarding_claims_ni_key_idx')
    .on('onboarding_claims')
    .column('ni_key')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'form_responses_phone_key_idx',
    'form_responses_email_idx',
    'onboarding_claims_mobile_number_idx',
    'onboarding_claims_email_idx',
    'onboarding_claims_ni_key_idx',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.alterTable('onboarding_claims').dropColumn('ni_key').execute();
  await db.schema.alterTable('form_responses').dropColumn('phone_key').execute();
}
