// Issue 42 (D38): an admin answers a possible duplicate: merges it into the claim's case (once,
// however many merges are sent at once), or marks the two not duplicates, with a reason, audited on
// both claims; bad input, the wrong role, a merge into itself, across two NI numbers or of a second
// mileage claim change nothing. Through the real app and database (SQLite, or PostgreSQL with
// TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@taxback/domain/admin-schemas';
import { CASE_MERGE_MESSAGES } from '../src/modules/casework/case-merges.ts';
import {
  asOperator,
  insertOperator,
  signIn,
  submitGeneralClaim,
  submitMileageClaim,
  testClock,
  type AdminSession,
} from './admin-helpers.ts';
import { signNurseDetails, startFunnelClaim } from './case-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: AdminSession;
let caseworker: AdminSession;

beforeAll(async () => {
  // Claims are stamped with the real time, so the operators' clock is the real one too.
  const clock = testClock(new Date().toISOString());
  t = await createTestApp({ overrides: { now: clock.now } });
  admin = await signIn(t, clock, await insertOperator(t));
  caseworker = await signIn(t, clock, await insertOperator(t, { role: 'caseworker' }));
});
afterAll(async () => {
  await t.close();
});

let phones = 0;
/** A funnel claim and a mileage claim by the same person: the same mobile number (a possible duplicate). */
async function pair() {
  const phone = `07700 902${String(++phones).padStart(3, '0')}`;
  const mileage = await submitMileageClaim(t, { email: `pair${phones}@example.com` });
  await t.app.db
    .updateTable('onboarding_claims')
    .set({ mobile_number: `+447700902${String(phones).padStart(3, '0')}`, phone })
    .where('id', '=', mileage.id)
    .execute();
  const general = await submitGeneralClaim(t, { phone, email: `pair${phones}.funnel@example.com` });
  return { mileage, general };
}

const answer = (id: string, payload: object, session = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/claims/${id}/duplicates`,
    headers: asOperator(session),
    payload,
  });
const detail = async (id: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/claims/${id}`,
    headers: asOperator(admin),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{
    possibleDuplicates: { id: string; reasons: string[] }[];
    case: { others: { id: string }[] } | null;
  }>();
};
const caseIds = async (generalId: string, mileageId: string) => ({
  general: (
    await t.app.db
      .selectFrom('form_responses')
      .select('case_id')
      .where('id', '=', generalId)
      .executeTakeFirstOrThrow()
  ).case_id,
  mileage: (
    await t.app.db
      .selectFrom('onboarding_claims')
      .select('case_id')
      .where('id', '=', mileageId)
      .executeTakeFirstOrThrow()
  ).case_id,
});
const auditOf = (action: string, id: string) =>
  t.app.db
    .selectFrom('audit_events')
    .select('detail')
    .where('action', '=', action)
    .where('entity_id', '=', id)
    .execute();

describe('answering a possible duplicate (D38)', () => {
  it('refuses bad input, a caseworker and a merge into itself, changing nothing', async () => {
    const { mileage, general } = await pair();
    expect((await detail(mileage.id)).possibleDuplicates.map((d) => d.id)).toContain(general);
    const cases: Array<[object, Record<string, string>]> = [
      [{ otherId: general, action: 'merge' }, { reason: ADMIN_MESSAGES.reasonRequired }],
      [
        { otherId: general, action: 'fold', reason: 'Same person' },
        { action: ADMIN_MESSAGES.duplicateAction },
      ],
      [
        { otherId: 'not-an-id', action: 'merge', reason: 'Same person' },
        { otherId: ADMIN_MESSAGES.otherClaim },
      ],
      [
        { otherId: mileage.id, action: 'merge', reason: 'Same person' },
        { otherId: CASE_MERGE_MESSAGES.itself },
      ],
    ];
    for (const [payload, errors] of cases) {
      const res = await answer(mileage.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ errors });
    }
    const byCaseworker = await answer(
      mileage.id,
      { otherId: general, action: 'merge', reason: 'Same person' },
      caseworker,
    );
    expect(byCaseworker.statusCode).toBe(403);
    expect(await caseIds(general, mileage.id)).toEqual({ general: null, mileage: null });
    expect(await auditOf('claims-merged', mileage.id)).toEqual([]);
  });

  it('merges a mileage claim into the funnel claim’s case once, whatever the number of merges sent at once', async () => {
    const { mileage, general } = await pair();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        answer(mileage.id, { otherId: general, action: 'merge', reason: 'Same nurse, two sessions' }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 409)).toBe(true);
    expect(results.find((r) => r.statusCode === 200)!.json()).toEqual({ action: 'merge', caseId: general });
    // The mileage claim joins the funnel claim's case; the funnel claim stays its case's first.
    expect(await caseIds(general, mileage.id)).toEqual({ general: null, mileage: general });
    // Both claim pages show the case, and neither lists the other as a possible duplicate.
    const funnelPage = await detail(general);
    expect(funnelPage.case?.others.map((o) => o.id)).toEqual([mileage.id]);
    expect(funnelPage.possibleDuplicates.map((d) => d.id)).not.toContain(mileage.id);
    expect((await detail(mileage.id)).possibleDuplicates.map((d) => d.id)).not.toContain(general);
    // Audited once on each claim, with the reason.
    for (const id of [general, mileage.id]) {
      const events = await auditOf('claims-merged', id);
      expect(events).toHaveLength(1);
      expect(JSON.parse(String(events[0]!.detail))).toMatchObject({
        reason: 'Same nurse, two sessions',
        caseId: general,
      });
    }
    // Asked again: they are in one case already.
    const again = await answer(general, { otherId: mileage.id, action: 'merge', reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: CASE_MERGE_MESSAGES.sameCase });
  });

  it('refuses a merge across two NI numbers, and a second mileage claim in a case', async () => {
    const { mileage, general } = await pair();
    await t.app.db
      .updateTable('form_responses')
      .set({ ni_key: 'a-different-ni-key' })
      .where('id', '=', general)
      .execute();
    const differentNi = await answer(mileage.id, {
      otherId: general,
      action: 'merge',
      reason: 'Same person?',
    });
    expect(differentNi.statusCode).toBe(409);
    expect(differentNi.json()).toMatchObject({ error: CASE_MERGE_MESSAGES.differentNi });

    const first = await pair();
    expect(
      (await answer(first.general, { otherId: first.mileage.id, action: 'merge', reason: 'Same' }))
        .statusCode,
    ).toBe(200);
    const secondMileage = await submitMileageClaim(t, { email: 'second@example.com' });
    const two = await answer(first.general, { otherId: secondMileage.id, action: 'merge', reason: 'Same' });
    expect(two.statusCode).toBe(409);
    expect(two.json()).toMatchObject({ error: CASE_MERGE_MESSAGES.twoMileage });
    expect(await caseIds(general, mileage.id)).toEqual({ general: null, mileage: null });
  });

  it('flags a duplicate by NI number alone on the claim page and the queue, and merges it once of 20', async () => {
    // A nurse's funnel claim with her details signed (her NI number), and a mileage claim made on
    // its own with another name, phone and email but the same NI number.
    const n = ++phones;
    const funnel = await startFunnelClaim(t, {
      phone: `07700 903${String(n).padStart(3, '0')}`,
      email: `ni${n}.funnel@example.com`,
    });
    await signNurseDetails(t, funnel.sessionId);
    const mileage = await submitMileageClaim(t, {
      email: `ni${n}.mileage@example.com`,
      lastName: `Other${n}`,
    });
    const match = (await detail(mileage.id)).possibleDuplicates.find((d) => d.id === funnel.id);
    expect(match).toMatchObject({ reasons: ['ni-number'] });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/claims?queue=all&dir=desc',
      headers: asOperator(admin),
    });
    const listed = res.json<{ claims: { id: string; flags: { possibleDuplicate: boolean } }[] }>().claims;
    expect(listed.find((c) => c.id === funnel.id)?.flags.possibleDuplicate).toBe(true);

    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        answer(mileage.id, { otherId: funnel.id, action: 'merge', reason: 'Same NI number: the same nurse' }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).map((r) => r.statusCode)).toEqual(Array(19).fill(409));
    expect(await caseIds(funnel.id, mileage.id)).toEqual({ general: null, mileage: funnel.id });
    expect(await auditOf('claims-merged', mileage.id)).toHaveLength(1);
  });

  it('marks two claims not duplicates: neither flags the other again, on the claim page or the queue', async () => {
    const { mileage, general } = await pair();
    const flags = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/claims?queue=all&dir=desc',
        headers: asOperator(admin),
      });
      const claims = res.json<{ claims: { id: string; flags: { possibleDuplicate: boolean } }[] }>().claims;
      return [general, mileage.id].map((id) => claims.find((c) => c.id === id)?.flags.possibleDuplicate);
    };
    // The funnel claim shares only the phone with the mileage claim. (Every mileage claim here has
    // the helper's NI number and person, so it stays flagged for the others.)
    expect(await flags()).toEqual([true, true]);
    const res = await answer(general, {
      otherId: mileage.id,
      action: 'not-duplicate',
      reason: 'Two people share the phone',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await detail(general)).possibleDuplicates.map((d) => d.id)).not.toContain(mileage.id);
    expect((await detail(mileage.id)).possibleDuplicates.map((d) => d.id)).not.toContain(general);
    expect((await flags())[0]).toBe(false);
    expect(await auditOf('duplicate-dismissed', mileage.id)).toHaveLength(1);
    const again = await answer(mileage.id, { otherId: general, action: 'not-duplicate', reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(await caseIds(general, mileage.id)).toEqual({ general: null, mileage: null });
  });
});
