// Issue 32 item 6: references read over the phone (no 0/O, 1/I/L, no hyphen, in groups), and every
// reference issued before still works wherever one is accepted: the status page and admin search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_CLAIM_REFERENCE_PATTERN } from '@taxback/domain';
import { generalReference } from '@taxback/domain';
import { validClaimBody } from './helpers.ts';
import { asOperator, insertOperator, signIn, submitMileageClaim, testClock } from './admin-helpers.ts';
import type { AdminSession } from './admin-helpers.ts';
import { createTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const clock = testClock('2026-11-24T09:00:00.000Z');
let t: TestApp;
let admin: AdminSession;
let ip = 0;

beforeAll(async () => {
  t = await createTestApp({ overrides: { now: clock.now } });
  admin = await signIn(t, clock, await insertOperator(t));
});
afterAll(async () => {
  await t.close();
});

/** The status page's first step: 202 when the reference and the mobile number name a claim. */
const askForCode = (reference: string, phone = '07700 900555') =>
  t.app.inject({
    method: 'POST',
    url: '/api/status/code',
    payload: { reference, phone },
    remoteAddress: `198.51.100.${++ip}`,
  });

async function search(q: string): Promise<Array<{ id: string; reference: string }>> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/claims?q=${encodeURIComponent(q)}`,
    headers: asOperator(admin),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ claims: Array<{ id: string; reference: string }> }>().claims;
}

async function searchIds(q: string): Promise<string[]> {
  return (await search(q)).map((c) => c.id);
}

let sessions = 0;
/** A general (funnel) claim with this mobile number: its id and the reference the API answered. */
async function submitGeneral(phone: string): Promise<{ id: string; reference: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/claims',
    headers: { 'x-session-id': `tx_${Date.now()}_references-general-${String(++sessions).padStart(6, '0')}` },
    payload: validClaimBody({ phone }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; reference: string }>();
}

describe('claim references', () => {
  it('a new claim gets a grouped reference without confusable characters, found however it is typed', async () => {
    const { id, reference } = await submitMileageClaim(t, { firstName: 'Ria' });
    expect(reference).toMatch(NEW_CLAIM_REFERENCE_PATTERN);
    const stored = await t.app.db
      .selectFrom('onboarding_claims')
      .select('submission_reference')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.submission_reference).toBe(reference);
    const compact = reference.replace(/ /g, '');
    // The same mobile number gets 3 codes an hour (D8): two here, one in the next test.
    expect((await askForCode(compact.toLowerCase())).statusCode).toBe(202);
    // Issue 32: with the spaces, without them, or with hyphens for them.
    for (const typed of [
      reference,
      compact,
      compact.toLowerCase(),
      ` ${reference.toLowerCase()} `,
      reference.replace(/ /g, '-'),
    ])
      expect(await searchIds(typed), typed).toContain(id);
  });

  it('a reference issued before still opens the status page and is found by admin search', async () => {
    const { id } = await submitMileageClaim(t, { firstName: 'Ola' });
    await t.app.db
      .updateTable('onboarding_claims')
      .set({ submission_reference: 'TB943798AWXR1L-G' })
      .where('id', '=', id)
      .execute();
    expect((await askForCode('tb943798 awxr1l-g')).statusCode).toBe(202);
    for (const typed of ['TB943798AWXR1L-G', 'tb943798 awxr1l-g'])
      expect(await searchIds(typed), typed).toContain(id);
  });

  it('a new general claim gets the same kind of reference, stored, unique and found however it is typed', async () => {
    const { id, reference } = await submitGeneral('07700 900561');
    expect(reference).toMatch(NEW_CLAIM_REFERENCE_PATTERN);
    const stored = await t.app.db
      .selectFrom('form_responses')
      .select('reference')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.reference).toBe(reference);
    const compact = reference.replace(/ /g, '');
    expect((await askForCode(compact.toLowerCase(), '07700 900561')).statusCode).toBe(202);
    // The GEN- reference read from its id still names it too (a link sent before is never dead).
    expect((await askForCode(generalReference(id).toLowerCase(), '07700 900561')).statusCode).toBe(202);
    for (const typed of [reference, compact.toLowerCase()]) {
      const found = await search(typed);
      expect(
        found.map((c) => c.id),
        typed,
      ).toContain(id);
      expect(found.find((c) => c.id === id)?.reference).toBe(reference);
    }
    // Unique: another claim cannot be given the same reference.
    const other = await submitGeneral('07700 900562');
    await expect(
      t.app.db.updateTable('form_responses').set({ reference }).where('id', '=', other.id).execute(),
    ).rejects.toThrow();
  });

  it('a search of only hyphens and spaces matches no reference (issue 32)', async () => {
    const { id } = await submitGeneral('07700 900564');
    expect(await searchIds(' - ')).not.toContain(id);
  });

  it('a general claim made before keeps its GEN- reference on the status page, in search and in the list', async () => {
    const { id } = await submitGeneral('07700 900563');
    await t.app.db.updateTable('form_responses').set({ reference: null }).where('id', '=', id).execute();
    const old = generalReference(id);
    expect((await askForCode(` ${old.toLowerCase().replace('-', ' ')} `, '07700 900563')).statusCode).toBe(
      202,
    );
    // Issue 32: a space in place of the hyphen, or neither, finds it too.
    for (const typed of [old, old.toLowerCase(), old.replace('-', ' '), old.replace('-', '')]) {
      const found = await search(typed);
      expect(
        found.map((c) => c.id),
        typed,
      ).toContain(id);
      expect(found.find((c) => c.id === id)?.reference).toBe(old);
    }
  });
});
