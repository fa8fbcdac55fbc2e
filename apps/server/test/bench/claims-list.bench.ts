// `npm run bench` part: seeds 100,000 claims (half general, half mileage, every status, plus
// drafts; a third of them owned by one of ten operators, with the queues' flags) and times the
// operators' claims-list API (filter + sort + a page of 50) and the queue page (issue 29: the three
// queue counts and page 1 of My claims with flags) through the real app and database, p50 and p99. Run on its own: node --import tsx apps/server/test/bench/claims-list.bench.ts
// BENCH_CLAIMS changes the count; BENCH_OUT writes the result as JSON; TEST_DATABASE_URL selects PostgreSQL.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { CLAIM_STATUSES } from '@taxback/domain';
import type { NewRow } from '../../src/db/database.ts';
import { createTestApp } from '../helpers.ts';
import { asOperator, insertOperator, signIn, testClock } from '../admin-helpers.ts';

const TOTAL = Number(process.env.BENCH_CLAIMS ?? 100_000);
const BATCH = 500;
const FIRST = [
  'Amelia',
  'Oliver',
  'Isla',
  'George',
  'Ava',
  'Noah',
  'Mia',
  'Arthur',
  'Ivy',
  'Leo',
  'Priya',
  'Mohammed',
];
const LAST = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Patel',
  'Khan',
  'Evans',
  'Thomas',
  'Roberts',
];
const AFFILIATES = [null, 'partner-one', 'partner-two', 'partner-three', 'partner-four'];

function pick<T>(list: readonly T[], i: number): T {
  return list[i % list.length] as T;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function main(): Promise<void> {
  const clock = testClock();
  const t = await createTestApp({ overrides: { now: clock.now } });
  try {
    // The operator the queue page is timed for owns a tenth of the owned claims (D34).
    const me = await insertOperator(t, { role: 'caseworker' });
    const owners = [me.id, ...Array.from({ length: 9 }, () => randomUUID())];
    const started = performance.now();
    const year = Date.UTC(2025, 0, 1);
    for (let offset = 0; offset < TOTAL; offset += BATCH) {
      const general: NewRow<'form_responses'>[] = [];
      const mileage: NewRow<'onboarding_claims'>[] = [];
      for (let i = offset; i < Math.min(TOTAL, offset + BATCH); i++) {
        const first = pick(FIRST, i);
        const last = pick(LAST, Math.floor(i / 7));
        const at = new Date(year + ((i * 7919) % 365) * 86_400_000 + (i % 86_400) * 1000).toISOString();
        const status = i % 20 === 0 ? 'draft' : pick(CLAIM_STATUSES, Math.floor(i / 2));
        const common = {
          id: randomUUID(),
          session_id: `bench_${i}`,
          first_name: first,
          last_name: last,
          full_name: `${first} ${last}`,
          email: `${first}.${last}.${i}@example.com`.toLowerCase(),
          phone: `07700 9${String(i % 100_000).padStart(5, '0')}`,
          affiliate_name: pick(AFFILIATES, i),
          created_at: at,
          updated_at: at,
          // Issue 29: owners, the last action and the flags the queues show.
          owner_id: status !== 'draft' && i % 3 === 0 ? pick(owners, Math.floor(i / 3)) : null,
          last_action_at: at,
          reply_received_at: i % 13 === 0 ? at : null,
          reply_due_on: i % 17 === 0 ? at.slice(0, 10) : null,
          superseded_authorities: i % 29 === 0 ? 1 : 0,
          operator_unread_count: i % 31 === 0 ? 2 : 0,
        };
        if (i % 2 === 0 && status !== 'draft') {
          general.push({ ...common, selected_expenses: '["travel"]', earns_over_18k: 1, status });
        } else {
          mileage.push({
            ...common,
            status,
            employer_name: 'Acme Ltd',
            home_address: '1 High Street',
            postcode: 'WN2 1AR',
            mileage_data: JSON.stringify({
              '2024/25': { miles: 5000 + (i % 9000), companyName: 'Acme Ltd' },
            }),
            estimated_rebate_20_percent: 200 + (i % 2000),
            estimated_rebate_claimant: 200 + (i % 2000),
            self_assessment_required: i % 11 === 0 ? 1 : 0,
            readiness_missing: i % 4,
            submission_reference: status === 'draft' ? null : `TB${String(i).padStart(8, '0')}`,
            submitted_at: status === 'draft' ? null : at,
            last_activity_at: at,
          });
        }
      }
      await t.app.db.transaction().execute(async (trx) => {
        if (general.length > 0) await trx.insertInto('form_responses').values(general).execute();
        if (mileage.length > 0) await trx.insertInto('onboarding_claims').values(mileage).execute();
      });
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
    };
    const timings: Record<string, { p50: number; p99: number; total: number }> = {};
    for (const [name, url] of Object.entries(scenarios)) {
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
    const result = { claims: TOTAL, database: t.app.dbDialect, seedSeconds, timings };
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
