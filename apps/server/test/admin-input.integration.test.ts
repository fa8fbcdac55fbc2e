// Issue 32 (14, 15, 3): what operators send is checked by one rule whatever its JSON type, dates
// are calendar dates on every admin filter, and operators' own words keep '<' and '>'. Through the
// real app and database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@taxback/domain/admin-schemas';
import {
  asOperator,
  giveClaimTo,
  insertOperator,
  signIn,
  submitGeneralClaim as submitGeneral,
  testClock,
} from './admin-helpers.ts';
import type { AdminSession } from './admin-helpers.ts';
import { createTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const clock = testClock();
let t: TestApp;
let caseworker: AdminSession;
let caseworkerId: string;
/** The audit log is for admins. */
let admin: AdminSession;

beforeAll(async () => {
  t = await createTestApp({
    overrides: { now: clock.now },
    env: { FEE_PERCENT: '20', FEE_MINIMUM_PENCE: '2500', FEE_VAT_PERCENT: '20' },
  });
  const worker = await insertOperator(t, { role: 'caseworker' });
  caseworkerId = worker.id;
  caseworker = await signIn(t, clock, worker);
  admin = await signIn(t, clock, await insertOperator(t));
});
afterAll(async () => {
  await t.close();
});

// D34: a caseworker changes only the claims they own, so every claim here is the caseworker's.
async function submitGeneralClaim(...args: Parameters<typeof submitGeneral>) {
  const id = await submitGeneral(...args);
  await giveClaimTo(t, id, caseworkerId);
  return id;
}

const get = (url: string, s = caseworker) => t.app.inject({ method: 'GET', url, headers: asOperator(s) });
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: asOperator(caseworker), payload });

/** A general claim sent to HMRC, ready to be marked repaid. */
async function sentClaim(): Promise<string> {
  const id = await submitGeneralClaim(t);
  await t.app.db.updateTable('form_responses').set({ status: 'sent-to-hmrc' }).where('id', '=', id).execute();
  return id;
}

async function stored(id: string) {
  const row = await t.app.db
    .selectFrom('form_responses')
    .select(['status', 'version', 'repaid_pence', 'fee_pence', 'claimant_pence'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const history = await t.app.db
    .selectFrom('claim_status_history')
    .select('id')
    .where('claim_id', '=', id)
    .execute();
  return { ...row, version: Number(row.version), history: history.length };
}

describe('HMRC’s repaid amount (issue 32.14)', () => {
  it.each([
    ['negative', -5],
    ['negative', '-5'],
    ['a negative penny', -0.01],
    ['a negative penny', '-0.01'],
    ['1e308', 1e308],
    ['1e308', '1e308'],
    ['over the limit', 100_000_000],
    ['over the limit', '100000000'],
    ['over the limit', 10_000_000],
    ['over the limit', '£10,000,000.00'],
    ['1e15', 1e15],
    ['1e15', '1e15'],
    ['three decimals', 12.345],
    ['three decimals', '12.345'],
  ])('%s (%j) answers 400 at the field and stores nothing', async (_label, repaidAmount) => {
    const id = await sentClaim();
    const before = await stored(id);
    const res = await post(`/api/admin/claims/${id}/status`, {
      to: 'repaid',
      reason: '',
      version: 0,
      repaidAmount,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { repaidAmount: ADMIN_MESSAGES.repaidInvalid } });
    expect(await stored(id)).toEqual(before);
    expect(before).toMatchObject({ status: 'sent-to-hmrc', repaid_pence: null, history: 0 });
  });

  it.each([
    [9_999_999.99, 999_999_999],
    ['9999999.99', 999_999_999],
    [0, 0],
  ])('the edges are stored: %j is %d pence', async (repaidAmount, pence) => {
    const id = await sentClaim();
    const res = await post(`/api/admin/claims/${id}/status`, {
      to: 'repaid',
      reason: '',
      version: 0,
      repaidAmount,
    });
    expect(res.statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'repaid', repaid_pence: pence, history: 1 });
  });
});

describe('admin date filters are calendar dates (issue 32.15)', () => {
  const routes = [
    '/api/admin/claims',
    '/api/admin/claims/export.csv',
    '/api/admin/reports/affiliates',
    '/api/admin/audit',
  ];
  it.each(routes.flatMap((route) => ['from', 'to'].map((field) => [route, field] as const)))(
    '%s?%s=2025-02-31 answers 400 at the field',
    async (route, field) => {
      for (const date of ['2025-02-31', '2025-02-30', '2025-04-31']) {
        const res = await get(`${route}?${field}=${date}`, admin);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ errors: { [field]: ADMIN_MESSAGES.dateInvalid } });
      }
      expect((await get(`${route}?${field}=2024-02-29`, admin)).statusCode).toBe(200);
    },
  );
});

describe('operators’ words keep angle brackets (issue 32.3)', () => {
  it('a note and a reason are stored as written, and answered as text', async () => {
    const id = await submitGeneralClaim(t);
    const note = await post(`/api/admin/claims/${id}/notes`, { body: ' Also >£2,500 <b>check</b> ' });
    expect(note.statusCode).toBe(201);
    const moved = await post(`/api/admin/claims/${id}/status`, {
      to: 'withdrawn',
      reason: 'Claimant expects <£100',
      version: 0,
    });
    expect(moved.statusCode).toBe(200);
    const detail = (await get(`/api/admin/claims/${id}`)).json<{ notes: Array<{ body: string }> }>();
    expect(detail.notes.map((n) => n.body)).toEqual(['Also >£2,500 <b>check</b>']);
    const rows = await t.app.db
      .selectFrom('claim_status_history')
      .select('reason')
      .where('claim_id', '=', id)
      .execute();
    expect(rows).toEqual([{ reason: 'Claimant expects <£100' }]);
  });
});
