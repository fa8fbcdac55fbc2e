// Issue 32 item 6: references read over the phone (no 0/O, 1/I/L, no hyphen, in groups), and every
// reference issued before still works wherever one is accepted: the status page and admin search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_CLAIM_REFERENCE_PATTERN } from '@taxback/domain';
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
const askForCode = (reference: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/status/code',
    payload: { reference, phone: '07700 900555' },
    remoteAddress: `198.51.100.${++ip}`,
  });

async function searchIds(q: string): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/claims?q=${encodeURIComponent(q)}`,
    headers: asOperator(admin),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ claims: Array<{ id: string }> }>().claims.map((c) => c.id);
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
    for (const typed of [reference, compact.toLowerCase(), ` ${reference.toLowerCase()} `])
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
});
