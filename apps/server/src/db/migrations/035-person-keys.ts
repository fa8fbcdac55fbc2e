import type { Kysely } from 'kysely';
import { personKeyOf } from '../../crypto/hash.ts';

// D38 (issue 42): the same person claiming twice is one with the same names, date of birth and
// postcode. Each submitted claim keeps `person_key`, a SHA-256 of those (personKeyText), to be
// found by, as phone_key and ni_key are (migration 008): a mileage claim's from its snapshot, a
// funnel claim's from its signed details. NULL while any of them is missing. Claims made before
// this are keyed here, in batches. A funnel claim also gets `ni_key` beside the mileage claim's
// (migration 008): the keyed hash of the NI number its details were signed with, written from now
// on (migrations hold no keys, so claims signed before match on the other keys only).

interface KeyRow {
  id: string;
  text: string | null;
}
type Tables = {
  form_responses: {
    id: string;
    details: string | null;
    person_key: string | null;
    first_name: string | null;
    last_name: string | null;
  };
  onboarding_claims: { id: string; snapshot: string | null; person_key: string | null; status: string };
};

/** The person of a stored snapshot or details (both keep them in `personalInfo`), defensively. */
function keyOfPersonalInfo(text: string | null, names?: { first: string | null; last: string | null }) {
  try {
    const parsed = JSON.parse(text ?? 'null') as {
      personalInfo?: Record<string, unknown>;
      details?: { personalInfo?: Record<string, unknown> };
    } | null;
    const p = parsed?.details?.personalInfo ?? parsed?.personalInfo;
    if (!p) return null;
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    const dob = p.dateOfBirth as Record<string, unknown> | undefined;
    return personKeyOf({
      firstName: str(p.firstName) || names?.first,
      lastName: str(p.lastName) || names?.last,
      dateOfBirth: dob ? { day: str(dob.day), month: str(dob.month), year: str(dob.year) } : null,
      postcode: str(p.postcode),
    });
  } catch {
    return null;
  }
}

async function backfill(db: Kysely<Tables>, table: 'form_responses' | 'onboarding_claims') {
  let after = '';
  for (;;) {
    const rows: (KeyRow & { first?: string | null; last?: string | null })[] =
      table === 'form_responses'
        ? await db
            .selectFrom('form_responses')
            .select(['id', 'details as text', 'first_name as first', 'last_name as last'])
            .where('id', '>', after)
            .orderBy('id')
            .limit(500)
            .execute()
        : await db
            .selectFrom('onboarding_claims')
            .select(['id', 'snapshot as text'])
            .where('id', '>', after)
            .where('status', '<>', 'draft')
            .orderBy('id')
            .limit(500)
            .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const key = keyOfPersonalInfo(row.text, { first: row.first ?? null, last: row.last ?? null });
      if (key !== null)
        await db.updateTable(table).set({ person_key: key }).where('id', '=', row.id).execute();
    }
    after = rows[rows.length - 1]!.id;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('form_responses').addColumn('person_key', 'text').execute();
  await db.schema.alterTable('form_responses').addColumn('ni_key', 'text').execute();
  await db.schema.alterTable('onboarding_claims').addColumn('person_key', 'text').execute();
  const typed = db as unknown as Kysely<Tables>;
  await backfill(typed, 'form_responses');
  await backfill(typed, 'onboarding_claims');
  await db.schema
    .createIndex('form_responses_person_key_idx')
    .on('form_responses')
    .column('person_key')
    .execute();
  await db.schema.createIndex('form_responses_ni_key_idx').on('form_responses').column('ni_key').execute();
  await db.schema
    .createIndex('onboarding_claims_person_key_idx')
    .on('onboarding_claims')
    .column('person_key')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('onboarding_claims_person_key_idx').execute();
  await db.schema.dropIndex('form_responses_ni_key_idx').execute();
  await db.schema.dropIndex('form_responses_person_key_idx').execute();
  await db.schema.alterTable('form_responses').dropColumn('ni_key').execute();
  await db.schema.alterTable('onboarding_claims').dropColumn('person_key').execute();
  await db.schema.alterTable('form_responses').dropColumn('person_key').execute();
}
