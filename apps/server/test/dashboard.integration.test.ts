// Issue 45: the admins' dashboard through the real app and database (SQLite, or PostgreSQL with
// TEST_DATABASE_URL): each section's figures from claims made here, the funnel's anonymous counts,
// the CSV of a section, who may read it, and the 400s of bad filters.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { Dashboard } from '@taxback/domain/dashboard-schemas';
import {
  asOperator,
  insertOperator,
  signIn,
  submitGeneralClaim,
  submitMileageClaim,
  testClock,
} from './admin-helpers.ts';
import type { AdminSession } from './admin-helpers.ts';
import { createTestApp, newSessionId, validClaimBody } from './helpers.ts';
import type { TestApp } from './helpers.ts';

// A Friday in winter (UK time is UTC): week 2026-W48 starts on Monday 23 November.
const clock = testClock('2026-11-18T10:00:00.000Z');
let t: TestApp;
let admin: AdminSession;
let caseworker: AdminSession;
const ids: Record<string, string> = {};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function setClaim(
  table: 'form_responses' | 'onboarding_claims',
  id: string,
  values: Record<string, unknown>,
) {
  await t.app.db.updateTable(table).set(values).where('id', '=', id).execute();
}

beforeAll(async () => {
  const web = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'dash-web-'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  t = await createTestApp({ env: { WEB_DIST: web }, overrides: { now: clock.now } });
  const adminOp = await insertOperator(t);
  const caseworkerOp = await insertOperator(t, { role: 'caseworker' });

  // Week 2026-W47 (Wednesday 18 November): one general claim from acme.
  ids.early = await submitGeneralClaim(t, { affiliateName: 'acme' });
  // Week 2026-W48: two general claims (acme, none) and one mileage claim (acme).
  clock.advance(7 * DAY); // Wednesday 25 November, 10:00
  ids.repaid = await submitGeneralClaim(t, { affiliateName: 'acme' });
  ids.plain = await submitGeneralClaim(t, { affiliateName: '' });
  ids.mileage = (await submitMileageClaim(t, { affiliate: 'acme' })).id;
  clock.advance(2 * DAY); // Friday 27 November, 10:00

  // The early claim was sent on the 24th and repaid on the 26th, 8 days after it was made.
  await setClaim('form_responses', ids.early, {
    status: 'repaid',
    sent_on: '2026-11-24',
    repaid_on: '2026-11-26',
    repaid_pence: 12_345,
    fee_pence: 2_469,
    claimant_pence: 9_876,
  });
  await setClaim('form_responses', ids.repaid, { status: 'in-review' });
  await setClaim('onboarding_claims', ids.mileage, { status: 'sent-to-hmrc', sent_on: '2026-11-26' });
  // HMRC's answers (D40) for the early claim's case: 2025/26 corrected from accepted to reduced
  // (only the latest version counts), 2024/25 refused.
  const answer = (year: string, version: number, decision: 'accepted' | 'reduced' | 'refused') => ({
    id: `${ids.early!.slice(0, 30)}-${year.slice(0, 4)}-${version}`,
    case_id: ids.early!,
    year,
    version,
    decision,
    pence: decision === 'refused' ? null : 12_345,
    given_as: decision === 'refused' ? null : ('repayment' as const),
    decided_on: '2026-11-26',
    hmrc_reason: '',
    correction_reason: version > 1 ? 'Typed wrongly' : null,
    operator_id: null,
    created_at: clock.now().toISOString(),
  });
  await t.app.db
    .insertInto('case_year_answers')
    .values([
      answer('2025/26', 1, 'accepted'),
      answer('2025/26', 2, 'reduced'),
      answer('2024/25', 1, 'refused'),
    ])
    .execute();
  // Signed in now: a session lasts 30 idle minutes on the test's clock.
  admin = await signIn(t, clock, adminOp);
  caseworker = await signIn(t, clock, caseworkerOp);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, session = admin) =>
  t.app.inject({ method: 'GET', url, headers: asOperator(session) });
const RANGE = 'from=2026-11-16&to=2026-11-29';

async function dashboard(query = RANGE): Promise<Dashboard> {
  const res = await get(`/api/admin/dashboard?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json<Dashboard>();
}

describe('the dashboard’s figures (issue 45)', () => {
  it('counts claims per week, kind and affiliate', async () => {
    const d = await dashboard();
    expect(d.weeks.map((w) => w.weekStart)).toEqual(['2026-11-16', '2026-11-23']);
    expect(d.intake).toEqual([
      { week: '2026-W47', weekStart: '2026-11-16', affiliate: 'acme', general: 1, mileage: 0, total: 1 },
      { week: '2026-W48', weekStart: '2026-11-23', affiliate: '(none)', general: 1, mileage: 0, total: 1 },
      { week: '2026-W48', weekStart: '2026-11-23', affiliate: 'acme', general: 1, mileage: 1, total: 2 },
    ]);
  });

  it('filters by kind and affiliate, and by range', async () => {
    const mileage = await dashboard(`${RANGE}&kind=mileage`);
    expect(mileage.intake.map((r) => [r.weekStart, r.mileage, r.general])).toEqual([['2026-11-23', 1, 0]]);
    const acme = await dashboard(`${RANGE}&affiliate=acme`);
    expect(acme.intake.reduce((s, r) => s + r.total, 0)).toBe(3);
    const none = await dashboard(`${RANGE}&affiliate=(none)`);
    expect(none.intake.map((r) => r.total)).toEqual([1]);
    const lastWeek = await dashboard('from=2026-11-23&to=2026-11-29');
    expect(lastWeek.intake.reduce((s, r) => s + r.total, 0)).toBe(3);
  });

  it('says how many claims wait in each open status and for how long, against the target', async () => {
    const d = await dashboard();
    expect(d.waitingTargetDays).toBe(14);
    const byStatus = Object.fromEntries(d.waiting.map((w) => [w.status, w]));
    // Today is 27 November: the plain claim (submitted) and the in-review one were made on the 25th.
    expect(byStatus.submitted).toEqual({
      status: 'submitted',
      claims: 1,
      medianDays: 2,
      oldestDays: 2,
      overTarget: 0,
    });
    expect(byStatus['in-review']).toMatchObject({ claims: 1, medianDays: 2 });
    expect(byStatus['sent-to-hmrc']).toMatchObject({ claims: 1, medianDays: 2 });
    expect(byStatus.repaid).toBeUndefined();
    // Waiting is now, whatever the range: a range with no claims still shows them.
    const elsewhere = await dashboard('from=2026-01-05&to=2026-01-11');
    expect(elsewhere.waiting.reduce((s, w) => s + w.claims, 0)).toBe(3);
  });

  it('counts claims sent to HMRC and HMRC’s latest answer per year, per week', async () => {
    const d = await dashboard();
    expect(d.hmrc).toEqual([
      {
        week: '2026-W47',
        weekStart: '2026-11-16',
        sent: 0,
        accepted: 0,
        reduced: 0,
        refused: 0,
        selfAssessment: 0,
      },
      {
        week: '2026-W48',
        weekStart: '2026-11-23',
        sent: 2,
        accepted: 0,
        reduced: 1,
        refused: 1,
        selfAssessment: 0,
      },
    ]);
    // The answers belong to a general claim's case from acme.
    expect((await dashboard(`${RANGE}&kind=mileage`)).hmrc[1]).toMatchObject({
      sent: 1,
      reduced: 0,
      refused: 0,
    });
    expect((await dashboard(`${RANGE}&affiliate=acme`)).hmrc[1]).toMatchObject({
      sent: 2,
      reduced: 1,
      refused: 1,
    });
  });

  it('adds up repayments, fees and what claimants received, and the days to repayment', async () => {
    const d = await dashboard();
    expect(d.money[1]).toEqual({
      week: '2026-W48',
      weekStart: '2026-11-23',
      repaid: 1,
      repaidPence: 12_345,
      feePence: 2_469,
      claimantPence: 9_876,
    });
    expect(d.repaymentTime[1]).toMatchObject({ repaid: 1, medianDays: 8, p90Days: 8 });
    expect(d.repaymentTimeOverall).toEqual({ repaid: 1, medianDays: 8, p90Days: 8 });
  });

  it('defaults to the last twelve weeks up to today', async () => {
    const d = await dashboard('');
    expect([d.from, d.to, d.kind, d.affiliate]).toEqual(['2026-09-05', '2026-11-27', 'all', null]);
  });
});

describe('the funnel’s anonymous counts (issue 45)', () => {
  it('counts the landing page, the expenses page, claims made and details started', async () => {
    const before = (await dashboard()).funnel[1]!;
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: '/affiliate/acme', headers: { accept: 'text/html' } });
    await t.app.inject({ method: 'GET', url: '/privacy', headers: { accept: 'text/html' } });
    const beacon = await t.app.inject({ method: 'POST', url: '/api/funnel-steps/expenses' });
    expect(beacon.statusCode).toBe(204);
    const sessionId = newSessionId();
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/claims',
      headers: { 'x-session-id': sessionId },
      payload: validClaimBody(),
    });
    expect(made.statusCode).toBe(201);
    const save = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/claims/mine/details',
        headers: { 'x-session-id': sessionId },
        payload,
      });
    expect((await save({})).statusCode).toBe(200);
    expect((await save({})).statusCode).toBe(200); // a second save is not a second start
    const after = (await dashboard()).funnel[1]!;
    expect({
      landing: after.landing - before.landing,
      expenses: after.expenses - before.expenses,
      claim: after.claim - before.claim,
      details: after.details - before.details,
      signed: after.signed - before.signed,
    }).toEqual({ landing: 2, expenses: 1, claim: 1, details: 1, signed: 0 });
    // The table holds a day, a step and a number: nothing about anyone.
    const rows = await t.app.db.selectFrom('funnel_steps').selectAll().execute();
    expect(Object.keys(rows[0]!).sort()).toEqual(['count', 'day', 'step']);
    expect(new Set(rows.map((r) => r.day))).toEqual(new Set(['2026-11-18', '2026-11-25', '2026-11-27']));
  });

  it('counts only the steps the browser may report', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/funnel-steps/signed' });
    expect(res.statusCode).toBe(400);
  });
});

describe('a section as CSV (issue 45)', () => {
  it('holds the section’s table, pence as pounds, and is audited', async () => {
    const res = await get(`/api/admin/dashboard.csv?${RANGE}&section=money`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="dashboard-money-2026-11-16-to-2026-11-29.csv"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(parse(res.body)).toEqual([
      ['Week starting', 'Claims repaid', 'HMRC repaid', 'Our fees incl. VAT', 'Claimants received'],
      ['2026-11-16', '0', '0.00', '0.00', '0.00'],
      ['2026-11-23', '1', '123.45', '24.69', '98.76'],
    ]);
    const audited = await t.app.db
      .selectFrom('audit_events')
      .select('detail')
      .where('action', '=', 'dashboard-exported')
      .execute();
    expect(audited).toHaveLength(1);
  });

  it('neutralises a cell a spreadsheet would run as a formula', async () => {
    await submitGeneralClaim(t, { affiliateName: '=cmd' });
    const res = await get(`/api/admin/dashboard.csv?${RANGE}&section=intake`);
    const rows = parse(res.body) as string[][];
    expect(rows[0]).toEqual(['Week starting', 'Affiliate', 'General', 'Mileage', 'Total']);
    expect(rows.some((r) => r[1] === "'=cmd")).toBe(true);
  });
});

describe('who may read it, and bad filters (issue 45)', () => {
  it('is for admins only', async () => {
    expect((await get(`/api/admin/dashboard?${RANGE}`, caseworker)).statusCode).toBe(403);
    expect((await get(`/api/admin/dashboard.csv?${RANGE}&section=money`, caseworker)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(401);
  });

  it.each([
    ['from=2026-02-30', { from: 'The start date must be a real date' }],
    [
      'from=2026-11-20&to=2026-11-19',
      { to: 'The end date must be the same as or after 20 November 2026, the start date' },
    ],
    ['from=2025-01-01&to=2026-01-02', { to: 'The date range must be 366 days or fewer' }],
    ['from=2025-01-01', { from: 'The date range must be 366 days or fewer' }],
    ['kind=van', { kind: 'Select a kind of claim from the list' }],
  ])('%s answers 400 with the field’s message', async (query, errors) => {
    const res = await get(`/api/admin/dashboard?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string> }>().errors).toEqual(errors);
  });

  it('needs a section for a CSV', async () => {
    const res = await get(`/api/admin/dashboard.csv?${RANGE}&section=all`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string> }>().errors).toEqual({
      section: 'Select a section of the dashboard',
    });
  });
});

describe('how long open claims wait (issue 45)', () => {
  it('gives the median across both kinds, the oldest and how many are over target, in UK days', async () => {
    // Today is Friday 27 November. In review: general claims made 1, 10 and 24 November and a
    // mileage claim made on 20 November: 26, 17, 3 and 7 days old.
    const made = [
      ['form_responses', '2026-11-01T09:00:00.000Z'],
      ['form_responses', '2026-11-10T09:00:00.000Z'],
      ['form_responses', '2026-11-24T09:00:00.000Z'],
      ['onboarding_claims', '2026-11-20T09:00:00.000Z'],
    ] as const;
    for (const [table, at] of made) {
      const id =
        table === 'form_responses'
          ? await submitGeneralClaim(t, { affiliateName: 'waiting-test' })
          : (await submitMileageClaim(t, { affiliate: 'waiting-test' })).id;
      const column = table === 'form_responses' ? 'created_at' : 'submitted_at';
      await setClaim(table, id, { status: 'in-review', [column]: at });
    }
    const d = await dashboard(`${RANGE}&affiliate=waiting-test`);
    const inReview = d.waiting.find((w) => w.status === 'in-review');
    // Nearest rank: the 2nd newest of 4 (20 November), 7 days; over 14 days: 1 and 10 November.
    expect(inReview).toEqual({
      status: 'in-review',
      claims: 4,
      medianDays: 7,
      oldestDays: 26,
      overTarget: 2,
    });
    const general = await dashboard(`${RANGE}&affiliate=waiting-test&kind=general`);
    expect(general.waiting.find((w) => w.status === 'in-review')).toEqual({
      status: 'in-review',
      claims: 3,
      medianDays: 17,
      oldestDays: 26,
      overTarget: 2,
    });
  });
});

describe('the UK day a claim was made, at a range’s edges (issue 45)', () => {
  it('counts a claim made at 23:xx UTC in summer on the next UK day, and only there', async () => {
    // British Summer Time: 23:30 UTC on Sunday 14 June is 00:30 on Monday 15 June in the UK, and
    // 23:10 UTC on Sunday 21 June is Monday 22 June. At 22:59 UTC it is still the same UK day.
    const made = ['2026-06-14T23:30:00.000Z', '2026-06-21T23:10:00.000Z', '2026-06-21T22:59:00.000Z'];
    for (const at of made) {
      const id = await submitGeneralClaim(t, { affiliateName: 'edge-test' });
      await setClaim('form_responses', id, { status: 'withdrawn', created_at: at });
    }
    const total = async (from: string, to: string) =>
      (await dashboard(`from=${from}&to=${to}&affiliate=edge-test`)).intake.reduce((s, r) => s + r.total, 0);
    // The week of 15 June: the first claim (UK Monday 15th) and the last (UK Sunday 21st).
    expect(await total('2026-06-15', '2026-06-21')).toBe(2);
    expect(await total('2026-06-08', '2026-06-14')).toBe(0);
    expect(await total('2026-06-22', '2026-06-28')).toBe(1);
    expect(await total('2026-06-16', '2026-06-20')).toBe(0);
  });
});
