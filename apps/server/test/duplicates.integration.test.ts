import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asOperator,
  insertOperator,
  signIn,
  submitGeneralClaim,
  submitMileageClaim,
  testClock,
  storedGeneralReference,
} from './admin-helpers.ts';
import type { AdminSession } from './admin-helpers.ts';
import { personKeyOf } from '../src/crypto/hash.ts';
import { createTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

// Issue 17: the same person's claim from several sessions made several claims unnoticed. Claims
// sharing a phone number (typed any way), an email address or an NI number within 30 days are
// shown to operators on the claim; nothing is merged.
let t: TestApp;
let operator: AdminSession;

beforeAll(async () => {
  // Claims are stamped with the real time, so the operators' clock is the real one too.
  const clock = testClock(new Date().toISOString());
  t = await createTestApp({ overrides: { now: clock.now } });
  operator = await signIn(t, clock, await insertOperator(t, { role: 'caseworker' }));
});
afterAll(async () => {
  await t.close();
});

interface Duplicate {
  id: string;
  kind: string;
  reference: string;
  reasons: string[];
}

async function duplicatesOf(id: string): Promise<Duplicate[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/claims/${id}`,
    headers: asOperator(operator),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ possibleDuplicates: Duplicate[] }>().possibleDuplicates;
}

/** Each listed claim's "possible duplicate" flag on the All queue, by id (newest first, one page). */
async function listFlags(): Promise<Map<string, boolean>> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/admin/claims?queue=all',
    headers: asOperator(operator),
  });
  expect(res.statusCode).toBe(200);
  const claims = res.json<{ claims: { id: string; flags: { possibleDuplicate: boolean } }[] }>().claims;
  return new Map(claims.map((c) => [c.id, c.flags.possibleDuplicate]));
}

describe('possible duplicates (issue 17)', () => {
  it('lists claims within 30 days sharing the phone, email or NI number, and nothing else', async () => {
    // A mileage claim: phone 07700 900555, NI AB 12 34 56 C (the helper's).
    const mileage = await submitMileageClaim(t, { email: 'mira@example.com' });
    // The same number typed another way, another email: a phone match.
    const samePhone = await submitGeneralClaim(t, { phone: '+44 7700 900555', email: 'other@example.com' });
    // Another mileage claim with the same NI number but another phone, email and surname: an NI
    // match only (the same names, date of birth and postcode would be the person, D38).
    const sameNi = await submitMileageClaim(t, { email: 'someone@example.com', lastName: 'Kaur' });
    await t.app.db
      .updateTable('onboarding_claims')
      .set({ mobile_number: '+447700900777' })
      .where('id', '=', sameNi.id)
      .execute();
    // Same email in another case, but submitted 40 days earlier: outside the window.
    const old = await submitGeneralClaim(t, { phone: '07700 900888', email: 'MIRA@example.com' });
    await t.app.db
      .updateTable('form_responses')
      .set({ created_at: new Date(Date.now() - 40 * 24 * 60 * 60 * 1000).toISOString() })
      .where('id', '=', old)
      .execute();
    // Someone else entirely.
    const unrelated = await submitGeneralClaim(t, { phone: '07700 900999', email: 'solo@example.com' });

    const found = await duplicatesOf(mileage.id);
    expect(found.map((d) => [d.id, d.kind, d.reasons]).sort()).toEqual(
      [
        [samePhone, 'general', ['phone']],
        [sameNi.id, 'mileage', ['ni-number']],
      ].sort(),
    );
    expect(found.find((d) => d.id === sameNi.id)?.reference).toBe(sameNi.reference);
    expect(found.find((d) => d.id === samePhone)?.reference).toBe(await storedGeneralReference(t, samePhone));

    // D38 on the queue (issue 42): the flag on each claim with a possible duplicate, and only those.
    const flagged = await listFlags();
    expect([mileage.id, samePhone, sameNi.id].map((id) => flagged.get(id))).toEqual([true, true, true]);
    expect([old, unrelated].map((id) => flagged.get(id))).toEqual([false, false]);

    // Each side sees the other; the claims are untouched (nothing merged).
    expect((await duplicatesOf(samePhone)).map((d) => d.id)).toEqual([mileage.id]);
    expect(await duplicatesOf(unrelated)).toEqual([]);
    expect(await duplicatesOf(old)).toEqual([]);
    const claims = await t.app.db.selectFrom('form_responses').select('id').execute();
    expect(claims.map((c) => c.id)).toEqual(expect.arrayContaining([samePhone, old, unrelated]));
  });
});

// D38: the same person claiming twice is one with the same names, date of birth and postcode,
// however each was typed, whatever their phone and email; a case's own claims are not duplicates.
describe('possible duplicates by the person (issue 42)', () => {
  it('matches a mileage claim and a general claim of the same names, date of birth and postcode', async () => {
    const mileage = await submitMileageClaim(t, {
      firstName: 'Ruth',
      lastName: 'Okafor',
      email: 'ruth@example.com',
    });
    const row = await t.app.db
      .selectFrom('onboarding_claims')
      .select(['person_key', 'snapshot'])
      .where('id', '=', mileage.id)
      .executeTakeFirstOrThrow();
    expect(row.person_key).toMatch(/^[0-9a-f]{64}$/);
    const person = (JSON.parse(row.snapshot!) as { personalInfo: { dateOfBirth: object; postcode: string } })
      .personalInfo;

    // A funnel claim by her from another phone and email, its details signed with her date of
    // birth and postcode, her names typed in another case.
    const general = await submitGeneralClaim(t, {
      firstName: 'RUTH',
      lastName: 'okafor',
      phone: '07700 900432',
      email: 'r.okafor@example.com',
    });
    const other = await submitGeneralClaim(t, {
      firstName: 'Ruth',
      lastName: 'Okafor',
      phone: '07700 900433',
      email: 'x@example.com',
    });
    await t.app.db.updateTable('form_responses').set({ person_key: null }).where('id', '=', other).execute();
    const keyed = await t.app.db
      .selectFrom('form_responses')
      .select('person_key')
      .where('id', '=', general)
      .executeTakeFirstOrThrow();
    // No details yet: no date of birth, so no key (never a match on part of a person).
    expect(keyed.person_key).toBeNull();
    await t.app.db
      .updateTable('form_responses')
      .set({
        person_key: personKeyOf({
          firstName: 'RUTH',
          lastName: 'okafor',
          dateOfBirth: person.dateOfBirth as { day: string; month: string; year: string },
          postcode: ` ${person.postcode.toLowerCase()} `,
        }),
      })
      .where('id', '=', general)
      .execute();

    expect((await duplicatesOf(mileage.id)).filter((d) => d.id === general)).toEqual([
      expect.objectContaining({ id: general, kind: 'general', reasons: ['person'] }),
    ]);
    expect((await duplicatesOf(general)).map((d) => [d.id, d.reasons])).toEqual([[mileage.id, ['person']]]);
    expect(await duplicatesOf(other)).toEqual([]);

    expect((await listFlags()).get(general)).toBe(true);
    expect((await listFlags()).get(other)).toBe(false);

    // Once the mileage claim joins the general claim's case, they are one case, not duplicates.
    await t.app.db
      .updateTable('onboarding_claims')
      .set({ case_id: general })
      .where('id', '=', mileage.id)
      .execute();
    expect((await duplicatesOf(general)).map((d) => d.id)).not.toContain(mileage.id);
    expect((await duplicatesOf(mileage.id)).map((d) => d.id)).not.toContain(general);
    expect((await listFlags()).get(general)).toBe(false);
  });
});
