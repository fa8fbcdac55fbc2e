// Issue 45: the claims list counts each queue up to CLAIM_COUNT_LIMIT claims (an exact count walks
// every claim it counts); above it the count is the limit plus one, the page count is unknown and
// "hasMore" says whether a page follows. Below it every figure is exact. Through the real app and
// database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_STATUSES, isOpenStatus } from '@taxback/domain';
import { CLAIM_COUNT_LIMIT, CLAIM_PAGE_SIZE, SEARCH_COUNT_LIMIT } from '@taxback/domain/admin-schemas';
import type { ClaimList } from '@taxback/domain/api/admin-responses';
import { asOperator, insertOperator, signIn, testClock } from './admin-helpers.ts';
import type { AdminSession } from './admin-helpers.ts';
import { seedBenchClaims } from './bench/seed-claims.ts';
import { createTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const clock = testClock('2026-03-02T09:00:00.000Z');
const OPEN = CLAIM_STATUSES.filter(isOpenStatus);
let t: TestApp;
let admin: AdminSession;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp({ overrides: { now: clock.now } });
  const op = await insertOperator(t);
  adminId = op.id;
  admin = await signIn(t, clock, op);
  // More than twice the limit of submitted claims (the bench seeds one draft in twenty, in the
  // mileage table), so that a search for every claim finds more submitted mileage claims than
  // PostgreSQL's one pass reads (decision 093); any of them open, so that the queues' counts hold
  // more than the search's limit of open claims unallocated.
  await seedBenchClaims(t, 2 * CLAIM_COUNT_LIMIT + 2_000, adminId, { openDays: Infinity });
}, 120_000);
afterAll(async () => {
  await t.close();
});

const list = async (query: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/claims?${query}`,
    headers: asOperator(admin),
  });
  expect(res.statusCode).toBe(200);
  return res.json<ClaimList>();
};

/** The CSV export of `query`'s claims: its rows, and the count its audit event recorded. */
async function exported(query: string): Promise<{ rows: number; audited: number }> {
  clock.advance(60_000);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/claims/export.csv?${query}`,
    headers: asOperator(admin),
  });
  expect(res.statusCode).toBe(200);
  const audit = await t.app.db
    .selectFrom('audit_events')
    .select('detail')
    .where('action', '=', 'claims-exported')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return {
    rows: res.body.trim().split('\r\n').length - 1,
    audited: (JSON.parse(audit.detail ?? '{}') as { rows: number }).rows,
  };
}

async function exactCount(where: { status?: string; kind?: 'general' | 'mileage' }): Promise<number> {
  let general = t.app.db.selectFrom('form_responses').select((eb) => eb.fn.countAll<number>().as('n'));
  let mileage = t.app.db
    .selectFrom('onboarding_claims')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '<>', 'draft');
  if (where.status) {
    general = general.where('status', '=', where.status);
    mileage = mileage.where('status', '=', where.status);
  }
  const g = where.kind === 'mileage' ? 0 : Number((await general.executeTakeFirstOrThrow()).n);
  const m = where.kind === 'general' ? 0 : Number((await mileage.executeTakeFirstOrThrow()).n);
  return g + m;
}

describe('the claims list’s count limit (issue 45)', () => {
  it('above the limit: the count is the limit plus one, no page count, and a next page', async () => {
    expect(await exactCount({})).toBeGreaterThan(CLAIM_COUNT_LIMIT);
    const all = await list('queue=all');
    expect(all.countLimit).toBe(CLAIM_COUNT_LIMIT);
    expect(all.counts.all).toBe(CLAIM_COUNT_LIMIT + 1);
    expect(all.total).toBe(CLAIM_COUNT_LIMIT + 1);
    expect(all.pages).toBeNull();
    expect(all.hasMore).toBe(true);
    expect(all.claims).toHaveLength(all.pageSize);
  });

  it('a search counts up to its own limit (decision 091), exactly below it', async () => {
    // Every seeded claim's email is at example.com; 'smith' is about one surname in eighty.
    const wide = await list('queue=all&q=example.com');
    expect(wide.countLimit).toBe(SEARCH_COUNT_LIMIT);
    expect(wide.counts.all).toBe(SEARCH_COUNT_LIMIT + 1);
    expect(wide.counts.unallocated).toBe(SEARCH_COUNT_LIMIT + 1);
    expect(wide.total).toBe(SEARCH_COUNT_LIMIT + 1);
    expect(wide.pages).toBeNull();
    expect(wide.hasMore).toBe(true);
    const narrow = await list('queue=all&q=smith');
    const smiths = await t.app.db
      .selectFrom('form_responses')
      .select('id')
      .where('full_name', 'like', '%Smith%')
      .union(
        t.app.db
          .selectFrom('onboarding_claims')
          .select('id')
          .where('full_name', 'like', '%Smith%')
          .where('status', '<>', 'draft'),
      )
      .execute();
    expect(smiths.length).toBeGreaterThan(CLAIM_PAGE_SIZE);
    expect(smiths.length).toBeLessThan(SEARCH_COUNT_LIMIT);
    expect(narrow.countLimit).toBe(SEARCH_COUNT_LIMIT);
    expect(narrow.total).toBe(smiths.length);
    expect(narrow.pages).toBe(Math.ceil(smiths.length / narrow.pageSize));
  });

  it('below the limit: every count is exact, with the page count, and no next page on the last', async () => {
    const inReview = await list('queue=all&status=in-review&kind=mileage');
    const exact = await exactCount({ status: 'in-review', kind: 'mileage' });
    expect(exact).toBeLessThan(CLAIM_COUNT_LIMIT);
    expect(inReview.total).toBe(exact);
    expect(inReview.pages).toBe(Math.ceil(exact / inReview.pageSize));
    expect(inReview.hasMore).toBe(inReview.pages! > 1);
    const last = await list(`queue=all&status=in-review&kind=mileage&page=${inReview.pages}`);
    expect(last.hasMore).toBe(false);
    expect(last.claims).toHaveLength(exact - (inReview.pages! - 1) * inReview.pageSize);
  });

  it('the export’s audit says the exact number of claims, above the limit too', async () => {
    const { rows, audited } = await exported('queue=all');
    expect(rows).toBe(await exactCount({}));
    expect(audited).toBe(rows);
  });

  it('a search wider than one pass reads is counted queue by queue: exactly for the export’s audit', async () => {
    // PostgreSQL's pass reads at most ten times the search's limit a table (decision 093).
    expect(await exactCount({ kind: 'mileage' })).toBeGreaterThan(10 * SEARCH_COUNT_LIMIT);
    const listed = await list('queue=unallocated&q=example.com');
    expect(listed.total).toBe(SEARCH_COUNT_LIMIT + 1);
    const { rows, audited } = await exported('queue=unallocated&q=example.com');
    const unallocated = (table: 'form_responses' | 'onboarding_claims') =>
      t.app.db
        .selectFrom(table)
        .select('id')
        .where('owner_id', 'is', null)
        .where('status', 'in', OPEN)
        .where('follows_case', '=', 0);
    const claims = await unallocated('form_responses').union(unallocated('onboarding_claims')).execute();
    expect(rows).toBe(claims.length);
    expect(audited).toBe(rows);
  });
});
