// Issue 45 (decision 085): migration 051's daily figures (claims made, open now, sent, repaid with
// their amounts) agree with the claims themselves after every kind of write (SQLite, or PostgreSQL with
// TEST_DATABASE_URL): claims made through the API (a mileage claim is a draft first), status
// changes, sending and repayment, a moved date or affiliate, a claim taken back to a draft, a deletion, and the
// migration's own count of the claims already there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import * as dashboardDaily from '../src/db/migrations/051-dashboard-daily.ts';
import { submitGeneralClaim, submitMileageClaim, testClock } from './admin-helpers.ts';
import { createTestApp, usingPostgres } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { capturedStatements } from './bench/explain.ts';
import { createDashboardQueries } from '../src/modules/dashboard/queries.ts';

const clock = testClock('2026-06-10T10:00:00.000Z');
let t: TestApp;
const ids: Record<string, string> = {};

const KEY = ['measure', 'day', 'kind', 'affiliate', 'status', 'late', 'made_day'] as const;
const SUMS = ['claims', 'repaid_pence', 'fee_pence', 'claimant_pence'] as const;
type Row = Record<(typeof KEY)[number], string> & Record<(typeof SUMS)[number], number>;

const normalise = (rows: Record<string, unknown>[]): Row[] =>
  rows
    .map((r) => {
      const row = {} as Row;
      for (const k of KEY) row[k] = String(r[k]);
      for (const k of SUMS) row[k] = Number(r[k]);
      return row;
    })
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** The figures as the claims say them, each measure counted from the claim tables. */
async function fromClaims(): Promise<Row[]> {
  const rows: Record<string, unknown>[] = [];
  for (const [table, kind, made] of [
    ['form_responses', 'general', 'created_at'],
    ['onboarding_claims', 'mileage', 'submitted_at'],
  ] as const) {
    const m = sql.ref(made);
    const late = sql`case when substr(${m}, 12, 2) = '23' then '1' else '0' end`;
    const aff = sql`coalesce(affiliate_name, '')`;
    const result = await sql<Record<string, unknown>>`
      select 'made' as measure, substr(${m}, 1, 10) as day, ${aff} as affiliate, '' as status,
        ${late} as late, '' as made_day, count(*) as claims, 0 as repaid_pence, 0 as fee_pence,
        0 as claimant_pence
      from ${sql.table(table)} where ${m} is not null group by 2, 3, 5
      union all
      select 'open', substr(${m}, 1, 10), ${aff}, status, ${late}, '', count(*), 0, 0, 0
      from ${sql.table(table)}
      where ${m} is not null and status not in ('repaid', 'rejected', 'needs-self-assessment', 'withdrawn', 'draft')
      group by 2, 3, 4, 5
      union all
      select 'sent', sent_on, ${aff}, '', '0', '', count(*), 0, 0, 0
      from ${sql.table(table)} where sent_on is not null group by 2, 3
      union all
      select 'repaid', repaid_on, ${aff}, '', ${late}, coalesce(substr(${m}, 1, 10), ''), count(*),
        sum(repaid_pence), sum(fee_pence), sum(claimant_pence)
      from ${sql.table(table)} where repaid_on is not null group by 2, 3, 5, 6`.execute(t.app.db);
    rows.push(...result.rows.map((r) => ({ ...r, kind })));
  }
  return normalise(rows);
}

/** The figures the triggers keep (rows brought down to nought say nothing). */
async function kept(): Promise<Row[]> {
  const rows = await t.app.db.selectFrom('dashboard_daily').selectAll().where('claims', '<>', 0).execute();
  return normalise(rows);
}

async function expectAgreement(): Promise<Row[]> {
  const expected = await fromClaims();
  expect(await kept()).toEqual(expected);
  return expected;
}

beforeAll(async () => {
  t = await createTestApp({ overrides: { now: clock.now } });
});
afterAll(async () => {
  await t?.close();
});

/** A row of one measure, in short: day, kind, affiliate, status, late, made day and claims ('-': none). */
const brief = (rows: Row[], measure: string) =>
  rows
    .filter((r) => r.measure === measure)
    .map((r) =>
      [r.day, r.kind, r.affiliate, r.status, r.late, r.made_day, r.claims]
        .map((v) => (v === '' ? '-' : v))
        .join(' '),
    );

describe('the dashboard’s daily figures, kept by the database (issue 45, decision 085)', () => {
  it('counts claims as they are made, a mileage claim only once it is submitted', async () => {
    ids.general = await submitGeneralClaim(t, { affiliateName: 'acme' });
    ids.plain = await submitGeneralClaim(t, { affiliateName: '' });
    const mileage = await submitMileageClaim(t, { affiliate: 'acme' });
    ids.mileage = mileage.id;
    const rows = await expectAgreement();
    expect(brief(rows, 'made')).toEqual([
      '2026-06-10 general - - 0 - 1',
      '2026-06-10 general acme - 0 - 1',
      '2026-06-10 mileage acme - 0 - 1',
    ]);
    expect(brief(rows, 'open')).toEqual([
      '2026-06-10 general - submitted 0 - 1',
      '2026-06-10 general acme submitted 0 - 1',
      '2026-06-10 mileage acme submitted 0 - 1',
    ]);
  });

  it('agrees after claims change status, are sent and repaid, move, go back to a draft or are deleted', async () => {
    const db = t.app.db;
    const set = (
      table: 'form_responses' | 'onboarding_claims',
      id: string,
      values: Record<string, unknown>,
    ) => db.updateTable(table).set(values).where('id', '=', id).execute();
    await set('form_responses', ids.general!, { status: 'in-review' });
    await set('onboarding_claims', ids.mileage!, { status: 'sent-to-hmrc', sent_on: '2026-06-11' });
    expect(brief(await expectAgreement(), 'open')).toContain('2026-06-10 general acme in-review 0 - 1');

    await set('onboarding_claims', ids.mileage!, {
      status: 'repaid',
      repaid_on: '2026-06-20',
      repaid_pence: 10_000,
      fee_pence: 2_000,
      claimant_pence: 8_000,
    });
    const repaid = await expectAgreement();
    expect(brief(repaid, 'repaid')).toEqual(['2026-06-20 mileage acme - 0 2026-06-10 1']);
    expect(repaid.find((r) => r.measure === 'repaid')?.fee_pence).toBe(2_000);
    expect(brief(repaid, 'open').filter((r) => r.includes('mileage'))).toEqual([]);

    // Made at 23:30 UTC (the next UK day in summer), and the affiliate changed.
    await set('form_responses', ids.general!, {
      created_at: '2026-06-11T23:30:00.000Z',
      affiliate_name: 'zenith',
    });
    expect(brief(await expectAgreement(), 'made')).toContain('2026-06-11 general zenith - 1 - 1');

    // A mileage claim back to a draft leaves the figures, and comes back when submitted again.
    await set('onboarding_claims', ids.mileage!, {
      status: 'draft',
      submitted_at: null,
      sent_on: null,
      repaid_on: null,
    });
    expect((await expectAgreement()).filter((r) => r.kind === 'mileage')).toEqual([]);
    await set('onboarding_claims', ids.mileage!, {
      status: 'submitted',
      submitted_at: '2026-06-12T08:00:00.000Z',
      affiliate_name: null,
    });
    await expectAgreement();

    await db.deleteFrom('form_responses').where('id', '=', ids.plain!).execute();
    expect(brief(await expectAgreement(), 'made')).toEqual([
      '2026-06-11 general zenith - 1 - 1',
      '2026-06-12 mileage - - 0 - 1',
    ]);
  });

  it.skipIf(usingPostgres)(
    'on SQLite, the open claims are summed from migration 057’s index in its order, the claims made read in their key’s',
    async () => {
      const queries = (db: TestApp['app']['db']) => createDashboardQueries(db);
      const filters = { from: '2026-01-01', to: '2026-06-30', kind: 'all', affiliate: null } as const;
      const plans: string[] = [];
      for (const run of [
        (db: TestApp['app']['db']) => queries(db).waiting(filters),
        (db: TestApp['app']['db']) => queries(db).intake(filters),
      ]) {
        const [statement] = await capturedStatements(t.app.db, run);
        const plan = await t.app.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${statement!.sql}`, [...statement!.parameters]),
        );
        plans.push(plan.rows.map((r) => r.detail).join('; '));
      }
      // Decision 093: no temporary b-tree to group or order by, nor a read of the table's rows.
      expect(plans[0]).toMatch(
        /^SEARCH dashboard_daily USING COVERING INDEX dashboard_daily_waiting_idx \(measure=\?\)$/,
      );
      expect(plans[1]).toMatch(
        /^SEARCH dashboard_daily USING (PRIMARY KEY|INDEX sqlite_autoindex_dashboard_daily_1) \(measure=\? AND day>\? AND day<\?\)$/,
      );
    },
  );

  it('the migration counts the claims already there', async () => {
    await submitGeneralClaim(t, { affiliateName: 'acme' });
    const before = await expectAgreement();
    await dashboardDaily.down(t.app.db as never);
    await dashboardDaily.up(t.app.db as never);
    expect(await kept()).toEqual(before);
    // The triggers are back: a new claim is counted.
    await submitGeneralClaim(t, { affiliateName: 'acme' });
    await expectAgreement();
  });
});
