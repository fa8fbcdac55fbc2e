// Issue 45 (decision 094): migration 059's daily counts of HMRC's answers agree with the answers
// and the claims of their cases after every kind of write (SQLite, or PostgreSQL with
// TEST_DATABASE_URL): an answer and its corrections, a claim joining the case (a merge) or leaving
// it, a mileage claim submitted into the case or taken back to a draft, an affiliate changed, a
// claim deleted, and the migration's own count of the answers already there. The expected counts
// are worked out here from the rows themselves, as the dashboard asked before: an answer shows
// under a kind and affiliate when its case holds a claim of that kind and affiliate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as answersDaily from '../src/db/migrations/059-answers-daily.ts';
import { createDashboardQueries } from '../src/modules/dashboard/queries.ts';
import { submitGeneralClaim, submitMileageClaim, testClock } from './admin-helpers.ts';
import { createTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const clock = testClock('2026-06-10T10:00:00.000Z');
let t: TestApp;
const ids: Record<string, string> = {};

/** A row as 'scope kind affiliate day decision answers' ('-' for an empty value). */
type Brief = string;
const brief = (values: unknown[]): Brief => values.map((v) => (v === '' ? '-' : String(v))).join(' ');

/** The counts as the answers and claims say them, worked out row by row. */
async function fromRows(): Promise<Brief[]> {
  const db = t.app.db;
  const latest = await db
    .selectFrom('case_year_answers as a')
    .select(['a.case_id', 'a.year', 'a.decided_on', 'a.decision', 'a.version'])
    .execute();
  const newest = new Map<string, (typeof latest)[number]>();
  for (const a of latest) {
    const key = `${a.case_id}|${a.year}`;
    if (Number(a.version) > Number(newest.get(key)?.version ?? 0)) newest.set(key, a);
  }
  const general = await db.selectFrom('form_responses').select(['id', 'case_id', 'affiliate_name']).execute();
  const mileage = await db
    .selectFrom('onboarding_claims')
    .select(['id', 'case_id', 'affiliate_name'])
    .where('submitted_at', 'is not', null)
    .execute();
  const claims = [
    ...general.map((c) => ({ ...c, kind: 'general' })),
    ...mileage.map((c) => ({ ...c, kind: 'mileage' })),
  ];
  const counts = new Map<string, number>();
  const add = (scope: string, kind: string, affiliate: string, day: string, decision: string) => {
    const key = brief([scope, kind, affiliate, day, decision]);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  for (const a of newest.values()) {
    const own = claims.filter((c) => (c.case_id ?? c.id) === a.case_id);
    const pairs = new Set(own.map((c) => `${c.kind}|${c.affiliate_name ?? ''}`));
    const kinds = new Set(own.map((c) => c.kind));
    const affiliates = new Set(own.map((c) => c.affiliate_name ?? ''));
    add('all', '', '', a.decided_on, a.decision);
    for (const kind of kinds) add('kind', kind, '', a.decided_on, a.decision);
    for (const affiliate of affiliates) add('affiliate', '', affiliate, a.decided_on, a.decision);
    for (const pair of pairs) {
      const [kind, affiliate] = pair.split('|');
      add('both', kind!, affiliate!, a.decided_on, a.decision);
    }
  }
  return [...counts].map(([key, n]) => `${key} ${n}`).sort();
}

/** The counts the triggers keep (rows brought down to nought say nothing). */
async function kept(): Promise<Brief[]> {
  const rows = await t.app.db.selectFrom('answers_daily').selectAll().where('answers', '<>', 0).execute();
  return rows.map((r) => brief([r.scope, r.kind, r.affiliate, r.day, r.decision, r.answers])).sort();
}

async function expectAgreement(): Promise<Brief[]> {
  const expected = await fromRows();
  expect(await kept()).toEqual(expected);
  return expected;
}

let version = 0;
/** HMRC's answer for a year of a case, as the year-answers route stores it (a new version). */
async function answer(
  caseId: string,
  year: string,
  decision: 'accepted' | 'reduced' | 'refused',
  decidedOn: string,
  v: number,
) {
  version += 1;
  await t.app.db
    .insertInto('case_year_answers')
    .values({
      id: `answer-${version}`,
      case_id: caseId,
      year,
      version: v,
      decision,
      pence: decision === 'refused' ? null : 10_000,
      given_as: decision === 'refused' ? null : 'repayment',
      decided_on: decidedOn,
      hmrc_reason: '',
      correction_reason: v > 1 ? 'Typed wrongly' : null,
      operator_id: null,
      created_at: clock.now().toISOString(),
    })
    .execute();
}

const set = (table: 'form_responses' | 'onboarding_claims', id: string, values: Record<string, unknown>) =>
  t.app.db.updateTable(table).set(values).where('id', '=', id).execute();

beforeAll(async () => {
  t = await createTestApp({ overrides: { now: clock.now } });
});
afterAll(async () => {
  await t?.close();
});

describe('HMRC’s answers counted per day, kept by the database (issue 45, decision 094)', () => {
  it('counts a case’s latest answer of each year under every filter that shows it', async () => {
    ids.acme = await submitGeneralClaim(t, { affiliateName: 'acme' });
    ids.plain = await submitGeneralClaim(t, { affiliateName: '' });
    await answer(ids.acme, '2025/26', 'accepted', '2026-06-20', 1);
    await answer(ids.acme, '2024/25', 'refused', '2026-06-21', 1);
    expect(await expectAgreement()).toEqual([
      'affiliate - acme 2026-06-20 accepted 1',
      'affiliate - acme 2026-06-21 refused 1',
      'all - - 2026-06-20 accepted 1',
      'all - - 2026-06-21 refused 1',
      'both general acme 2026-06-20 accepted 1',
      'both general acme 2026-06-21 refused 1',
      'kind general - 2026-06-20 accepted 1',
      'kind general - 2026-06-21 refused 1',
    ]);
    // A correction replaces the year's answer: only the latest version counts.
    await answer(ids.acme, '2025/26', 'reduced', '2026-06-22', 2);
    const corrected = await expectAgreement();
    expect(corrected.filter((r) => r.startsWith('all'))).toEqual([
      'all - - 2026-06-21 refused 1',
      'all - - 2026-06-22 reduced 1',
    ]);
  });

  it('follows the case’s claims: a merge, a mileage claim submitted or drafted, an affiliate, a deletion', async () => {
    // The plain claim joins the acme case (a merge sets its case_id): the answers now show without
    // an affiliate too, once each under general.
    await set('form_responses', ids.plain!, { case_id: ids.acme });
    const merged = await expectAgreement();
    expect(merged).toContain('affiliate - - 2026-06-22 reduced 1');
    expect(merged).toContain('kind general - 2026-06-22 reduced 1');

    // A mileage claim of the case from zenith: not while a draft, then once submitted.
    const mileage = await submitMileageClaim(t, { affiliate: 'zenith' });
    ids.mileage = mileage.id;
    await set('onboarding_claims', ids.mileage, { case_id: ids.acme, submitted_at: null, status: 'draft' });
    expect((await expectAgreement()).filter((r) => r.includes('mileage') || r.includes('zenith'))).toEqual(
      [],
    );
    await set('onboarding_claims', ids.mileage, {
      submitted_at: '2026-06-12T08:00:00.000Z',
      status: 'submitted',
    });
    const withMileage = await expectAgreement();
    expect(withMileage).toContain('both mileage zenith 2026-06-21 refused 1');
    expect(withMileage).toContain('kind mileage - 2026-06-21 refused 1');

    // The mileage claim's affiliate changes; the general claims' affiliate changes to zenith too,
    // so zenith counts each answer once.
    await set('onboarding_claims', ids.mileage, { affiliate_name: 'acme' });
    await expectAgreement();
    await set('form_responses', ids.plain!, { affiliate_name: 'zenith' });
    expect((await expectAgreement()).filter((r) => r.startsWith('affiliate - zenith'))).toEqual([
      'affiliate - zenith 2026-06-21 refused 1',
      'affiliate - zenith 2026-06-22 reduced 1',
    ]);

    // The plain claim leaves the case; then the mileage claim is deleted.
    await set('form_responses', ids.plain!, { case_id: null });
    await expectAgreement();
    await t.app.db.deleteFrom('onboarding_claims').where('id', '=', ids.mileage).execute();
    expect((await expectAgreement()).filter((r) => r.includes('mileage'))).toEqual([]);
  });

  it('the dashboard reads the one scope its filters name', async () => {
    await answer(ids.plain!, '2025/26', 'accepted', '2026-06-20', 1);
    await expectAgreement();
    const queries = createDashboardQueries(t.app.db);
    const read = async (kind: 'all' | 'general' | 'mileage', affiliate: string | null) =>
      (await queries.answers({ from: '2026-06-01', to: '2026-06-30', kind, affiliate }))
        .map((r) => `${r.day} ${r.decision} ${Number(r.n)}`)
        .sort();
    expect(await read('all', null)).toEqual([
      '2026-06-20 accepted 1',
      '2026-06-21 refused 1',
      '2026-06-22 reduced 1',
    ]);
    expect(await read('general', 'acme')).toEqual(['2026-06-21 refused 1', '2026-06-22 reduced 1']);
    expect(await read('general', 'zenith')).toEqual(['2026-06-20 accepted 1']);
    expect(await read('all', '(none)')).toEqual([]);
    expect(await read('mileage', null)).toEqual([]);
    // Outside the range: nothing.
    expect(
      await queries.answers({ from: '2026-07-01', to: '2026-07-31', kind: 'all', affiliate: null }),
    ).toEqual([]);
  });

  it('the migration counts the answers already there', async () => {
    const before = await expectAgreement();
    await answersDaily.down(t.app.db as never);
    await answersDaily.up(t.app.db as never);
    expect(await kept()).toEqual(before);
    // The triggers are back: a new answer and a claim joining a case are counted.
    await answer(ids.plain!, '2024/25', 'accepted', '2026-06-23', 1);
    const general = await submitGeneralClaim(t, { affiliateName: 'north' });
    await set('form_responses', general, { case_id: ids.plain });
    expect(await expectAgreement()).toContain('affiliate - north 2026-06-23 accepted 1');
  });
});
