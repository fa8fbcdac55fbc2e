// Issue 45 (decision 091): migration 055's per-day affiliate figures agree with the claims after
// every kind of write, and the affiliate report read from them is the report the claims say, day
// boundaries included (SQLite, or PostgreSQL with TEST_DATABASE_URL). Through the real app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import * as affiliateDaily from '../src/db/migrations/055-affiliate-daily.ts';
import {
  asOperator,
  insertOperator,
  signIn,
  submitGeneralClaim,
  submitMileageClaim,
  testClock,
} from './admin-helpers.ts';
import type { AdminSession } from './admin-helpers.ts';
import { seedBenchClaims } from './bench/seed-claims.ts';
import { createTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const clock = testClock('2026-06-10T10:00:00.000Z');
let t: TestApp;
let admin: AdminSession;

type Row = {
  day: string;
  kind: string;
  affiliate: string;
  status: string;
  claims: number;
  estimated: number;
  repaid: number;
};

const normalise = (rows: Record<string, unknown>[]): Row[] =>
  rows
    .map((r) => ({
      day: String(r.day),
      kind: String(r.kind),
      affiliate: String(r.affiliate),
      status: String(r.status),
      claims: Number(r.claims),
      estimated: Math.round(Number(r.estimated) * 100) / 100,
      repaid: Number(r.repaid_pence),
    }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** The figures as the claims say them, grouped by the day each was started. */
async function fromClaims(): Promise<Row[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select substr(created_at, 1, 10) as day, 'general' as kind, coalesce(affiliate_name, '') as affiliate,
      status, count(*) as claims, 0 as estimated, coalesce(sum(repaid_pence), 0) as repaid_pence
    from form_responses group by 1, 3, 4
    union all
    select substr(created_at, 1, 10), 'mileage', coalesce(affiliate_name, ''), status, count(*),
      coalesce(sum(case when status <> 'draft' then estimated_rebate_claimant else 0 end), 0),
      coalesce(sum(repaid_pence), 0)
    from onboarding_claims group by 1, 3, 4`.execute(t.app.db);
  return normalise(rows);
}

/** The figures the triggers keep (rows brought down to nought say nothing). */
async function kept(): Promise<Row[]> {
  const rows = await t.app.db.selectFrom('affiliate_daily').selectAll().where('claims', '<>', 0).execute();
  return normalise(rows);
}

async function expectAgreement(): Promise<Row[]> {
  const expected = await fromClaims();
  expect(expected.length).toBeGreaterThan(0);
  expect(await kept()).toEqual(expected);
  return expected;
}

type Report = Array<{
  affiliate: string;
  started: number;
  submitted: number;
  byStatus: Record<string, number>;
  estimatedTotal: number;
  repaidPence: number;
}>;

async function report(range: string): Promise<Report> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/reports/affiliates${range}`,
    headers: asOperator(admin),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ affiliates: Report }>().affiliates;
}

beforeAll(async () => {
  t = await createTestApp({ overrides: { now: clock.now } });
  const op = await insertOperator(t);
  admin = await signIn(t, clock, op);
  // Claims over 2023-2025 of every status and affiliate, mileage ones with estimates and drafts.
  await seedBenchClaims(t, 400, op.id);
});
afterAll(async () => {
  await t?.close();
});

describe('the affiliate report’s daily figures, kept by the database (issue 45, decision 091)', () => {
  it('counts the claims already there and each claim made since', async () => {
    await expectAgreement();
    await submitGeneralClaim(t, { affiliateName: 'acme' });
    await submitMileageClaim(t, { affiliate: 'acme' });
    const rows = await expectAgreement();
    expect(rows.filter((r) => r.affiliate === 'acme').map((r) => `${r.day} ${r.kind} ${r.status}`)).toEqual([
      '2026-06-10 general submitted',
      '2026-06-10 mileage submitted',
    ]);
  });

  it('agrees after a change of status, affiliate, start, estimate or repayment, and a deletion', async () => {
    const db = t.app.db;
    const one = (table: 'form_responses' | 'onboarding_claims') =>
      db.selectFrom(table).select('id').where('affiliate_name', '=', 'acme').executeTakeFirstOrThrow();
    const general = (await one('form_responses')).id;
    const mileage = (await one('onboarding_claims')).id;
    await db.updateTable('form_responses').set({ status: 'in-review' }).where('id', '=', general).execute();
    await expectAgreement();
    await db
      .updateTable('onboarding_claims')
      .set({ estimated_rebate_claimant: 123.45 })
      .where('id', '=', mileage)
      .execute();
    await expectAgreement();
    await db
      .updateTable('onboarding_claims')
      .set({ status: 'repaid', repaid_pence: 9_999 })
      .where('id', '=', mileage)
      .execute();
    const repaid = await expectAgreement();
    expect(repaid.find((r) => r.affiliate === 'acme' && r.kind === 'mileage')).toMatchObject({
      status: 'repaid',
      estimated: 123.45,
      repaid: 9_999,
    });
    await db
      .updateTable('onboarding_claims')
      .set({ affiliate_name: 'zenith', created_at: '2025-03-01T23:59:59.000Z' })
      .where('id', '=', mileage)
      .execute();
    await expectAgreement();
    // A write that leaves the columns read alone changes nothing, nor a draft's new estimate (a
    // wizard save): the report sums submitted claims' estimates only.
    const before = await kept();
    const draft = await db
      .selectFrom('onboarding_claims')
      .select('id')
      .where('status', '=', 'draft')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('onboarding_claims')
      .set({ estimated_rebate_claimant: 999.99, last_activity_at: '2026-06-10T10:05:00.000Z' })
      .where('id', '=', draft.id)
      .execute();
    expect(await kept()).toEqual(before);
    await db
      .updateTable('onboarding_claims')
      .set({ employer_name: 'Other Ltd' })
      .where('id', '=', mileage)
      .execute();
    expect(await kept()).toEqual(before);
    await db.deleteFrom('form_responses').where('id', '=', general).execute();
    await expectAgreement();
  });

  it('reports by the UTC day a claim was started, both ends of the range included', async () => {
    // The moved claim above was started at 23:59:59 UTC on 1 March 2025.
    const zenith = (rows: Report) => rows.find((r) => r.affiliate === 'zenith');
    expect(zenith(await report('?from=2025-03-01&to=2025-03-01'))).toMatchObject({
      started: 1,
      submitted: 1,
      estimatedTotal: 123.45,
      repaidPence: 9_999,
    });
    expect(zenith(await report('?from=2025-03-02&to=2025-12-31'))).toBeUndefined();
    expect(zenith(await report('?from=2025-01-01&to=2025-02-28'))).toBeUndefined();
    // The whole report agrees with the claims: started, submitted and by status per affiliate.
    const whole = await report('?from=2023-01-01&to=2026-12-31');
    const claims = await fromClaims();
    for (const line of whole) {
      const mine = claims.filter((r) => (r.affiliate || '(none)') === line.affiliate);
      expect(line.started).toBe(mine.reduce((n, r) => n + r.claims, 0));
      expect(line.submitted).toBe(mine.filter((r) => r.status !== 'draft').reduce((n, r) => n + r.claims, 0));
      expect(line.repaidPence).toBe(mine.reduce((n, r) => n + r.repaid, 0));
    }
    expect(whole.map((l) => l.affiliate)).toContain('(none)');
  });

  it('the migration counts the claims already there', async () => {
    const before = await expectAgreement();
    await affiliateDaily.down(t.app.db as never);
    await affiliateDaily.up(t.app.db as never);
    expect(await kept()).toEqual(before);
    await submitGeneralClaim(t, { affiliateName: 'acme' });
    await expectAgreement();
  });
});
