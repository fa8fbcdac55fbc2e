// `npm run bench` part: seeds 100,000 claims (half general, half mileage, every status, plus
// drafts; a third of them owned by one of ten operators, with the queues' flags) and times the
// operators' claims-list API (filter + sort + a page of 50) and the queue page (issue 29: the three
// queue counts and page 1 of My claims with flags) through the real app and database, p50 and p99. Run on its own: node --import tsx apps/server/test/bench/claims-list.bench.ts
// Issue 45: also the admins' dashboard (twelve weeks, one kind and affiliate, a whole year, a year
// of one kind and affiliate) over them.
// BENCH_CLAIMS changes the count; BENCH_OUT writes the result as JSON; TEST_DATABASE_URL selects PostgreSQL;
// BENCH_EXPLAIN=1 prints each scenario's statements with their plans (explain.ts).
// BENCH_DATABASE_URL=postgres://… seeds that database once and keeps it: a later run finds the
// claims there and times them again without seeding (a million takes a while to write).
import fs from 'node:fs';
import { sql } from 'kysely';
import { encryptField } from '../../src/crypto/field-encryption.ts';
import { createTestApp } from '../helpers.ts';
import type { TestApp } from '../helpers.ts';
import { TOTP_SECRET, asOperator, insertOperator, signIn, testClock } from '../admin-helpers.ts';
import type { AdminSession, TestOperator } from '../admin-helpers.ts';
import {
  DASHBOARD_SCENARIOS,
  ROLL_UP_TABLES,
  benchPhone,
  seedBenchClaims,
  seedDashboardFigures,
} from './seed-claims.ts';
import { explainList } from './explain.ts';

const TOTAL = Number(process.env.BENCH_CLAIMS ?? 100_000);
const KEPT_DATABASE = process.env.BENCH_DATABASE_URL;
/** The caseworker the queue page is timed for, found again in a kept database. */
const ME_EMAIL = 'bench-caseworker@example.com';

/**
 * In a kept database already seeded: the caseworker who owns a tenth of the owned claims, their
 * TOTP secret sealed again under this run's data key. Otherwise null.
 */
async function keptCaseworker(t: TestApp): Promise<TestOperator | null> {
  if (!KEPT_DATABASE) return null;
  const row = await t.app.db
    .selectFrom('operator_users')
    .select('id')
    .where('email', '=', ME_EMAIL)
    .executeTakeFirst();
  if (!row) return null;
  await t.app.db
    .updateTable('operator_users')
    .set({ totp_secret: encryptField(TOTP_SECRET, t.app.keys.dataKey), totp_last_step: null })
    .where('id', '=', row.id)
    .execute();
  return { id: row.id, email: ME_EMAIL, role: 'caseworker' };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * Issue 45 (decision 069): the CSV export of every claim, over real HTTP to a client that counts
 * and drops the bytes (inject would hold the whole body), with the process's peak memory sampled
 * every 20 ms while it streams.
 */
async function timeExport(t: Awaited<ReturnType<typeof createTestApp>>, admin: AdminSession) {
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  try {
    const res = await fetch(`${address}/api/admin/claims/export.csv?queue=all`, {
      headers: asOperator(admin),
    });
    if (res.status !== 200 || !res.body) throw new Error(`the export answered ${res.status}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines++;
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
    return {
      rows: lines - 1,
      seconds: Math.round((performance.now() - t0) / 100) / 10,
      megabytes: mb(bytes),
      rssBeforeMb: mb(before),
      rssPeakMb: mb(peak),
    };
  } finally {
    clearInterval(sampler);
  }
}

/** GET `url` 120 times in turn as `operator`, the first 20 not counted: p50 and p99 in ms. */
async function timeGets(t: TestApp, operator: AdminSession, url: string) {
  const times: number[] = [];
  for (let i = 0; i < 120; i++) {
    const t0 = performance.now();
    const res = await t.app.inject({ method: 'GET', url, headers: asOperator(operator) });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
    if (i >= 20) times.push(ms); // the first 20 warm the caches
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/**
 * The claim page and its thread for a claim deep in the list (a mileage claim in review with a
 * thread, seeded with its activity), the audit log's first page whole and for one action, and the
 * affiliate report over the seeded year.
 */
async function pageScenarios(t: TestApp): Promise<Record<string, string>> {
  const claim = await t.app.db
    .selectFrom('onboarding_claims')
    .select('id')
    .where('status', '=', 'in-review')
    .where('id', 'in', t.app.db.selectFrom('claim_messages').select('claim_id'))
    .orderBy('submitted_at')
    .limit(1)
    .executeTakeFirstOrThrow();
  return {
    'claim page (mileage, in review, with its thread)': `/api/admin/claims/${claim.id}`,
    "claim page's thread": `/api/admin/claims/${claim.id}/thread`,
    'audit log, page 1': '/api/admin/audit',
    'audit log, one action, page 1': '/api/admin/audit?action=status-changed',
    'affiliate report, a year': '/api/admin/reports/affiliates?from=2025-01-01&to=2025-12-31',
  };
}

async function main(): Promise<void> {
  const clock = testClock();
  // 1,100 requests in a minute: the global rate limit (1,000 a minute by default) would answer 429.
  const t = await createTestApp({
    overrides: { now: clock.now },
    env: { RATE_LIMIT_MAX: '100000000', ...(KEPT_DATABASE ? { DATABASE_URL: KEPT_DATABASE } : {}) },
  });
  try {
    const kept = await keptCaseworker(t);
    // The operator the queue page is timed for owns a tenth of the owned claims (D34).
    const me = kept ?? (await insertOperator(t, { role: 'caseworker', email: ME_EMAIL }));
    const started = performance.now();
    if (!kept) {
      // Issue 45: each submitted claim with its files, thread, history, audit, jobs and outboxes.
      await seedBenchClaims(t, TOTAL, me.id, {
        activity: true,
        progress: (n) =>
          console.error(`seeded ${n} claims in ${Math.round((performance.now() - started) / 1000)} s`),
      });
      await seedDashboardFigures(t);
      // PostgreSQL: what autovacuum does to a table after this many inserts (statistics and the
      // visibility map, so the counts can read their indexes alone), done now rather than whenever
      // autovacuum next wakes; a live database of 100,000 claims has had it.
      if (t.app.dbDialect === 'postgres') {
        // The roll-ups' rows were each updated thousands of times inside the seeding's long
        // transactions, which no autovacuum could reclaim; a live database writes a claim at a
        // time, and autovacuum keeps such a small, busy table near its live size.
        for (const table of ROLL_UP_TABLES) await sql`vacuum full ${sql.table(table)}`.execute(t.app.db);
        await sql`vacuum analyze`.execute(t.app.db);
        // The seeding and the vacuum leave gigabytes of dirty pages, which the next checkpoint
        // writes out while the first scenario is timed (its p99 62 ms in one run, 24 ms on the same
        // database timed later); a live database spreads its checkpoints over its writes.
        await sql`checkpoint`.execute(t.app.db);
      }
    }
    const seedSeconds = (performance.now() - started) / 1000;

    const session = await signIn(t, clock, me);
    const scenarios: Record<string, string> = {
      'queue page: 3 counts + My claims page 1 with flags': '/api/admin/claims?queue=mine',
      'Unallocated queue, oldest first, page 1': '/api/admin/claims?queue=unallocated',
      'status + sort by submitted, page 1': '/api/admin/claims?status=in-review&sort=submitted&dir=desc',
      'kind + status + sort by name, page 20':
        '/api/admin/claims?kind=mileage&status=submitted&sort=name&dir=asc&page=20',
      'free text + affiliate, page 1': '/api/admin/claims?q=patel&affiliate=partner-two',
      // Issue 45: the search alone (decision 070: a trigram index on PostgreSQL).
      // The commonest surname (about one claim in eighty, seed-claims.ts).
      'search: a surname': '/api/admin/claims?q=smith',
      'search: part of an email': '/api/admin/claims?q=olivia.smi',
      'search: a phone as typed': `/api/admin/claims?q=${encodeURIComponent(benchPhone(12_345))}`,
      'search: nobody': '/api/admin/claims?q=zzqqxx',
    };
    const timings: Record<string, { p50: number; p99: number; total: number }> = {};
    for (const [name, url] of Object.entries(scenarios)) {
      if (process.env.BENCH_EXPLAIN)
        await explainList(t, Object.fromEntries(new URL(url, 'http://x').searchParams), me.id);
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < 220; i++) {
        const t0 = performance.now();
        const res = await t.app.inject({ method: 'GET', url, headers: asOperator(session) });
        const ms = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
        total = res.json<{ total: number }>().total;
        if (i >= 20) times.push(ms); // the first 20 warm the caches
      }
      times.sort((a, b) => a - b);
      timings[name] = { p50: percentile(times, 50), p99: percentile(times, 99), total };
    }
    const admin = await signIn(t, clock, await insertOperator(t, { role: 'admin' }));
    // Issue 45 (decision 085): the admins' dashboard over the same claims.
    const dashboard: Record<string, { p50: number; p99: number }> = {};
    for (const [name, url] of Object.entries(DASHBOARD_SCENARIOS))
      dashboard[name] = await timeGets(t, admin, url);
    // Issue 45: every other operator page over the same claims and what they left behind.
    const pages: Record<string, { p50: number; p99: number }> = {};
    for (const [name, url] of Object.entries(await pageScenarios(t)))
      pages[name] = await timeGets(t, admin, url);
    const exported = await timeExport(t, admin);
    const result = {
      claims: TOTAL,
      database: t.app.dbDialect,
      seedSeconds,
      timings,
      dashboard,
      pages,
      export: exported,
    };
    console.log(JSON.stringify(result, null, 2));
    if (process.env.BENCH_OUT) fs.writeFileSync(process.env.BENCH_OUT, JSON.stringify(result));
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
