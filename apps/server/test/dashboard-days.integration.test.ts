// Issue 45 (decisions 085 and 096): migration 060's daily figures (claims made, open now, sent,
// repaid with their amounts, days waited) agree with the claims themselves after every kind of write
// (SQLite, or PostgreSQL with TEST_DATABASE_URL): claims made through the API (a mileage claim is a
// draft first), status changes, sending and repayment, a moved date or affiliate, a claim taken
// back to a draft, a deletion, and the migration's own count of the claims already there. The
// expected figures are worked out here from the claims with the domain's clock, so each dialect's
// UK day, ISO week and days waited are checked against it, and the SQL that says them is checked
// on its own over every clock change from 2020 to 2040.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import { ukIsoDate } from '@taxback/domain';
import { addDays, daysBetween, isoWeekOf } from '@taxback/domain/dashboard';
import * as dashboardDays from '../src/db/migrations/060-dashboard-days.ts';
import { submitGeneralClaim, submitMileageClaim, testClock } from './admin-helpers.ts';
import { createTestApp, usingPostgres } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { capturedStatements } from './bench/explain.ts';
import { createDashboardQueries } from '../src/modules/dashboard/queries.ts';
import type { DashboardDaysTable } from '../src/db/database.ts';

const clock = testClock('2026-06-10T10:00:00.000Z');
let t: TestApp;
const ids: Record<string, string> = {};
const dialect = usingPostgres ? 'postgres' : 'sqlite';

/** The statuses a claim waits in (migration 026's open statuses), written out again here. */
const OPEN = ['submitted', 'in-review', 'information-requested', 'ready-for-hmrc', 'sent-to-hmrc'];

/** A row of migration 060's table, its counts and sums as numbers. */
type Row = { [K in keyof DashboardDaysTable]: DashboardDaysTable[K] extends string ? string : number };

const FIELDS = ['measure', 'day', 'kind', 'affiliate', 'status', 'wait_days'] as const;
const sortKey = (r: Row) => FIELDS.map((f) => String(r[f])).join('|');
const sorted = (rows: Row[]) => rows.sort((a, b) => sortKey(a).localeCompare(sortKey(b)));

/** The figures as the claims say them, worked out with the domain's UK day, week and days. */
async function fromClaims(): Promise<Row[]> {
  const figures = new Map<string, Row>();
  const add = (
    row: Omit<Row, 'week' | 'claims' | 'repaid_pence' | 'fee_pence' | 'claimant_pence'>,
    pence = [0, 0, 0],
  ) => {
    const key = JSON.stringify(row);
    const entry = figures.get(key) ?? {
      ...row,
      week: isoWeekOf(row.day).weekStart,
      claims: 0,
      repaid_pence: 0,
      fee_pence: 0,
      claimant_pence: 0,
    };
    entry.claims += 1;
    entry.repaid_pence += pence[0]!;
    entry.fee_pence += pence[1]!;
    entry.claimant_pence += pence[2]!;
    figures.set(key, entry);
  };
  for (const [table, kind, madeAt] of [
    ['form_responses', 'general', 'created_at'],
    ['onboarding_claims', 'mileage', 'submitted_at'],
  ] as const) {
    const claims = await sql<Record<string, string | number | null>>`
      select ${sql.ref(madeAt)} as made_at, affiliate_name, status, sent_on, repaid_on,
        repaid_pence, fee_pence, claimant_pence from ${sql.table(table)}`.execute(t.app.db);
    for (const c of claims.rows) {
      const affiliate = (c.affiliate_name as string | null) ?? '';
      const made = c.made_at === null ? null : ukIsoDate(new Date(c.made_at as string));
      const base = { kind, affiliate, status: '', wait_days: 0 };
      if (made !== null) {
        add({ ...base, measure: 'made', day: made });
        if (OPEN.includes(c.status as string))
          add({ ...base, measure: 'open', day: made, status: c.status as string });
      }
      if (c.sent_on !== null) add({ ...base, measure: 'sent', day: c.sent_on as string });
      if (c.repaid_on !== null) {
        const repaid = c.repaid_on as string;
        const pence = [c.repaid_pence, c.fee_pence, c.claimant_pence].map((p) => Number(p ?? 0));
        add({ ...base, measure: 'repaid', day: repaid }, pence);
        if (made !== null)
          add({ ...base, measure: 'wait', day: repaid, wait_days: daysBetween(made, repaid) });
      }
    }
  }
  return sorted([...figures.values()]);
}

/** The figures the triggers keep (rows brought down to nought say nothing). */
async function kept(): Promise<Row[]> {
  const rows = await t.app.db.selectFrom('dashboard_days').selectAll().where('claims', '<>', 0).execute();
  return sorted(
    rows.map((r) => ({
      ...r,
      wait_days: Number(r.wait_days),
      claims: Number(r.claims),
      repaid_pence: Number(r.repaid_pence),
      fee_pence: Number(r.fee_pence),
      claimant_pence: Number(r.claimant_pence),
    })),
  );
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

/** A row of one measure, in short: day, kind, affiliate, status, days waited and claims ('-': none). */
const brief = (rows: Row[], measure: string) =>
  rows
    .filter((r) => r.measure === measure)
    .map((r) =>
      [r.day, r.kind, r.affiliate, r.status, r.wait_days, r.claims]
        .map((v) => (v === '' ? '-' : v))
        .join(' '),
    );

describe('the dashboard’s daily figures, kept by the database (issue 45, decisions 085 and 096)', () => {
  it('counts claims as they are made, a mileage claim only once it is submitted', async () => {
    ids.general = await submitGeneralClaim(t, { affiliateName: 'acme' });
    ids.plain = await submitGeneralClaim(t, { affiliateName: '' });
    const mileage = await submitMileageClaim(t, { affiliate: 'acme' });
    ids.mileage = mileage.id;
    const rows = await expectAgreement();
    expect(brief(rows, 'made')).toEqual([
      '2026-06-10 general - - 0 1',
      '2026-06-10 general acme - 0 1',
      '2026-06-10 mileage acme - 0 1',
    ]);
    expect(brief(rows, 'open')).toEqual([
      '2026-06-10 general - submitted 0 1',
      '2026-06-10 general acme submitted 0 1',
      '2026-06-10 mileage acme submitted 0 1',
    ]);
    // Wednesday 10 June 2026 is in the ISO week that began on Monday 8 June.
    expect(new Set(rows.filter((r) => r.measure === 'made').map((r) => r.week))).toEqual(
      new Set(['2026-06-08']),
    );
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
    expect(brief(await expectAgreement(), 'open')).toContain('2026-06-10 general acme in-review 0 1');

    await set('onboarding_claims', ids.mileage!, {
      status: 'repaid',
      repaid_on: '2026-06-20',
      repaid_pence: 10_000,
      fee_pence: 2_000,
      claimant_pence: 8_000,
    });
    const repaid = await expectAgreement();
    expect(brief(repaid, 'repaid')).toEqual(['2026-06-20 mileage acme - 0 1']);
    expect(brief(repaid, 'wait')).toEqual(['2026-06-20 mileage acme - 10 1']);
    expect(repaid.find((r) => r.measure === 'repaid')?.fee_pence).toBe(2_000);
    expect(brief(repaid, 'open').filter((r) => r.includes('mileage'))).toEqual([]);

    // Made at 23:30 UTC on Thursday 11 June, 00:30 on Friday 12 June in the UK (summer time), and
    // the affiliate changed.
    await set('form_responses', ids.general!, {
      created_at: '2026-06-11T23:30:00.000Z',
      affiliate_name: 'zenith',
    });
    expect(brief(await expectAgreement(), 'made')).toContain('2026-06-12 general zenith - 0 1');

    // Made at 23:30 UTC on Sunday 14 June: Monday 15 June in the UK, and so the next ISO week.
    await set('form_responses', ids.general!, { created_at: '2026-06-14T23:30:00.000Z' });
    const moved = await expectAgreement();
    expect(moved.find((r) => r.measure === 'made' && r.affiliate === 'zenith')).toMatchObject({
      day: '2026-06-15',
      week: '2026-06-15',
    });

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
      '2026-06-12 mileage - - 0 1',
      '2026-06-15 general zenith - 0 1',
    ]);
  });

  it('says the UK day of every hour around each clock change from 2020 to 2040 as the domain does', async () => {
    const instants: string[] = [];
    for (let year = 2020; year <= 2040; year++)
      for (const month of [3, 10]) {
        // The last Sunday of the month, found with the domain's own date arithmetic.
        let sunday = `${year}-${String(month).padStart(2, '0')}-31`;
        while (new Date(`${sunday}T12:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, -1);
        for (const day of [addDays(sunday, -1), sunday, addDays(sunday, 1)])
          for (let hour = 0; hour < 24; hour++)
            instants.push(
              `${day}T${String(hour).padStart(2, '0')}:${hour === 23 ? '59:59.999' : '30:00.000'}Z`,
            );
      }
    // And 23:xx UTC on the first of every month (midwinter and midsummer alike).
    for (let year = 2020; year <= 2040; year++)
      for (let month = 1; month <= 12; month++)
        instants.push(`${year}-${String(month).padStart(2, '0')}-01T23:00:00.000Z`);
    const said = await evaluate(instants, (at) => dashboardDays.ukDayOf(dialect, at));
    expect(said).toEqual(instants.map((at) => ukIsoDate(new Date(at))));
  });

  it('says the Monday of each day’s ISO week, and the days between two days, as the domain does', async () => {
    const days: string[] = [];
    for (let day = '2020-01-01'; day <= '2040-12-31'; day = addDays(day, 3)) days.push(day);
    expect(await evaluate(days, (day) => dashboardDays.weekOf(dialect, day))).toEqual(
      days.map((day) => isoWeekOf(day).weekStart),
    );
    const spans = await evaluate(days, (day) => dashboardDays.daysFrom(dialect, day, sql.lit('2030-06-15')));
    expect(spans.map(Number)).toEqual(days.map((day) => daysBetween(day, '2030-06-15')));
  });

  it.skipIf(usingPostgres)(
    'on SQLite, the open claims are summed from the waiting index in its order, the claims made read by their weeks',
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
        /^SEARCH dashboard_days USING COVERING INDEX dashboard_days_waiting_idx \(measure=\?\)$/,
      );
      // Decision 096: the range's weeks from the key, then its weeks' sums grouped.
      expect(plans[1]).toMatch(
        /^SEARCH dashboard_days USING (PRIMARY KEY|INDEX sqlite_autoindex_dashboard_days_1) \(measure=\? AND week>\? AND week<\?\); USE TEMP B-TREE FOR GROUP BY$/,
      );
    },
  );

  it('the migration counts the claims already there', async () => {
    await submitGeneralClaim(t, { affiliateName: 'acme' });
    const before = await expectAgreement();
    await dashboardDays.down(t.app.db as never);
    await dashboardDays.up(t.app.db as never);
    expect(await kept()).toEqual(before);
    // The triggers are back: a new claim is counted.
    await submitGeneralClaim(t, { affiliateName: 'acme' });
    await expectAgreement();
  });
});

/** Each value through `expression` in the test database, in order. */
async function evaluate(
  values: string[],
  expression: (value: RawBuilder<unknown>) => RawBuilder<unknown>,
): Promise<string[]> {
  const db = t.app.db;
  await sql`create table dashboard_days_probe (n integer primary key, value text not null)`.execute(db);
  try {
    for (let i = 0; i < values.length; i += 500)
      await db
        .insertInto('dashboard_days_probe' as never)
        .values(values.slice(i, i + 500).map((value, j) => ({ n: i + j, value })) as never)
        .execute();
    const rows = await sql<{ said: string | number }>`
      select ${expression(sql.ref('value'))} as said from dashboard_days_probe order by n`.execute(db);
    return rows.rows.map((r) => String(r.said));
  } finally {
    await sql`drop table dashboard_days_probe`.execute(db);
  }
}
