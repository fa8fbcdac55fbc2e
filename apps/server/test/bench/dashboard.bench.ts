// Issue 45 (decision 072): the admins' dashboard timed over many claims, through the real app and
// database. Seeds BENCH_CLAIMS claims (100,000 unless given; seed-claims.ts: half general, half
// mileage, every status, over 2025), records sending and repayment on the claims in those
// statuses, an HMRC answer per claim repaid or refused and a year of funnel counts, then times four
// dashboards: twelve weeks, twelve weeks of one kind and affiliate, a whole year, and a year of one
// kind and affiliate, p50 and p99.
// Run on its own: node --import tsx apps/server/test/bench/dashboard.bench.ts
// TEST_DATABASE_URL selects PostgreSQL; BENCH_QUERIES=1 also times each statement on its own.
import { sql } from 'kysely';
import { createTestApp } from '../helpers.ts';
import { asOperator, insertOperator, signIn, testClock } from '../admin-helpers.ts';
import {
  DASHBOARD_SCENARIOS,
  DASHBOARD_TABLES,
  ROLL_UP_TABLES,
  seedBenchClaims,
  seedDashboardFigures,
} from './seed-claims.ts';
import { dashboardQuerySchema } from '@taxback/domain/dashboard-schemas';
import { dashboardFilters } from '../../src/modules/dashboard/dashboard.ts';
import { createDashboardQueries } from '../../src/modules/dashboard/queries.ts';

const TOTAL = Number(process.env.BENCH_CLAIMS ?? 100_000);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** BENCH_QUERIES=1: each of the dashboard's statements on its own, median of 15 (where the time goes). */
async function timeEachQuery(
  t: Awaited<ReturnType<typeof createTestApp>>,
  scenarios: Record<string, string>,
) {
  const queries = createDashboardQueries(t.app.db);
  for (const [name, url] of Object.entries(scenarios)) {
    const query = dashboardQuerySchema.parse(Object.fromEntries(new URL(url, 'http://x').searchParams));
    const filters = dashboardFilters(query, new Date('2026-01-05T09:00:00.000Z'));
    const row: Record<string, number> = {};
    const runs: Record<string, () => Promise<unknown>> = {
      intake: () => queries.intake(filters),
      funnel: () => queries.funnel(filters),
      waiting: () => queries.waiting(filters),
      sent: () => queries.sent(filters),
      answers: () => queries.answers(filters),
      repaid: () => queries.repaid(filters),
      repaymentTimes: () => queries.repaymentTimes(filters),
    };
    for (const [key, run] of Object.entries(runs)) {
      const times: number[] = [];
      for (let i = 0; i < 15; i++) {
        const t0 = performance.now();
        await run();
        times.push(performance.now() - t0);
      }
      row[key] = Math.round(times.sort((a, b) => a - b)[7]! * 10) / 10;
    }
    console.log(name, JSON.stringify(row));
  }
}

async function main(): Promise<void> {
  const clock = testClock('2026-01-05T09:00:00.000Z');
  const t = await createTestApp({ overrides: { now: clock.now }, env: { RATE_LIMIT_MAX: '100000000' } });
  try {
    const admin = await insertOperator(t, { role: 'admin' });
    const started = performance.now();
    await seedBenchClaims(t, TOTAL, admin.id);
    await seedDashboardFigures(t);
    const db = t.app.db;
    if (t.app.dbDialect === 'postgres') {
      // As claims-list.bench.ts: the seeding's long transactions leave the roll-ups bloated.
      for (const table of ROLL_UP_TABLES) await sql`vacuum full ${sql.table(table)}`.execute(db);
      for (const table of DASHBOARD_TABLES) await sql`vacuum analyze ${sql.table(table)}`.execute(db);
    }
    const seedSeconds = Math.round((performance.now() - started) / 100) / 10;

    const session = await signIn(t, clock, admin);
    const scenarios: Record<string, string> = {
      ...DASHBOARD_SCENARIOS,
      'a whole year as CSV (intake)': '/api/admin/dashboard.csv?from=2025-01-01&to=2025-12-31&section=intake',
    };
    if (process.env.BENCH_QUERIES) await timeEachQuery(t, scenarios);
    const timings: Record<string, { p50: number; p99: number }> = {};
    for (const [name, url] of Object.entries(scenarios)) {
      const times: number[] = [];
      for (let i = 0; i < 110; i++) {
        const t0 = performance.now();
        const res = await t.app.inject({ method: 'GET', url, headers: asOperator(session) });
        const ms = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
        if (i >= 10) times.push(ms); // the first 10 warm the caches
      }
      times.sort((a, b) => a - b);
      const round = (n: number) => Math.round(n * 10) / 10;
      timings[name] = { p50: round(percentile(times, 50)), p99: round(percentile(times, 99)) };
    }
    console.log(JSON.stringify({ claims: TOTAL, database: t.app.dbDialect, seedSeconds, timings }, null, 2));
  } finally {
    await t.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
