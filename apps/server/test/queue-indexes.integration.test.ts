// Decision 049 (issue 29): the queue page at scale. Migration 026's open-claims indexes match the
// domain's open statuses, go down and up again, and serve the queue pages; the stored count of P87
// items left (migration 019) stays true after an operator's edit, so the list never reads the
// snapshot. Through the real app and database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
import { CompiledQuery, sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as migration026 from '../src/db/migrations/026-queue-indexes.ts';
import { OPEN_STATUSES } from '../src/modules/casework/claim-list-queries.ts';
import {
  asOperator,
  giveClaimTo,
  insertOperator,
  signIn,
  submitMileageClaim,
  testClock,
} from './admin-helpers.ts';
import type { AdminSession } from './admin-helpers.ts';
import { listStatements } from './bench/explain.ts';
import { createTestApp, usingPostgres } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const clock = testClock(new Date().toISOString());
let t: TestApp;
let session: AdminSession;
let operatorId: string;

beforeAll(async () => {
  t = await createTestApp({ overrides: { now: clock.now } });
  const op = await insertOperator(t, { role: 'caseworker' });
  operatorId = op.id;
  session = await signIn(t, clock, op);
});
afterAll(async () => {
  await t.close();
});

async function indexNames(): Promise<string[]> {
  const rows = usingPostgres
    ? await sql<{
        name: string;
      }>`select indexname as name from pg_indexes where tablename in ('form_responses', 'onboarding_claims')`.execute(
        t.app.db,
      )
    : await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'index' and tbl_name in ('form_responses', 'onboarding_claims')`.execute(
        t.app.db,
      );
  return rows.rows.map((r) => r.name);
}

describe('migration 026', () => {
  it("indexes exactly the domain's open statuses (the queues' own condition)", () => {
    expect([...migration026.QUEUE_INDEX_STATUSES].sort()).toEqual([...OPEN_STATUSES].sort());
  });

  it('goes down to the owner and date indexes of migration 019 and up again', async () => {
    const db = t.app.db as unknown as Kysely<unknown>;
    const queueIndexes = [
      'form_responses_queue_idx',
      'onboarding_claims_queue_idx',
      'form_responses_pool_idx',
      'onboarding_claims_pool_idx',
    ];
    const older = ['form_responses_owner_submitted_idx', 'onboarding_claims_owner_submitted_idx'];
    expect(await indexNames()).toEqual(expect.arrayContaining(queueIndexes));
    await migration026.down(db);
    const down = await indexNames();
    expect(down).toEqual(expect.arrayContaining(older));
    expect(down.filter((n) => queueIndexes.includes(n))).toEqual([]);
    await migration026.up(db);
    const up = await indexNames();
    expect(up).toEqual(expect.arrayContaining(queueIndexes));
    expect(up.filter((n) => older.includes(n))).toEqual([]);
  });

  it.skipIf(usingPostgres)(
    'serves both queue pages from the open-claims indexes, in order: no sort but the last of 100 rows (SQLite plan)',
    async () => {
      // SQLite takes `owner_id IS NULL` as a fixed first column, so either index serves the pool.
      for (const queue of ['mine', 'unallocated']) {
        const plan = (await pagePlan(queue)).join('\n');
        for (const table of ['form_responses', 'onboarding_claims'])
          expect(plan).toMatch(new RegExp(`USING INDEX ${table}_(queue_idx \\(owner_id=\\?\\)|pool_idx)`));
        // Each table's first 50 come in index order; only their union (at most 100 rows) is sorted.
        expect(plan.match(/TEMP B-TREE/g)).toHaveLength(1);
      }
    },
  );
});

/** SQLite's plan of the page statement of one queue's list (the one joining the owners' names). */
async function pagePlan(queue: string): Promise<string[]> {
  const executed = await listStatements(t, { queue }, operatorId);
  const page = executed.find((s) => s.sql.includes('left join "operator_users"'));
  if (!page) throw new Error('no page statement');
  const plan = await t.app.db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${page.sql}`, [...page.parameters]),
  );
  return plan.rows.map((r) => r.detail);
}

describe('the stored count of P87 items left', () => {
  it('is written again by an edit (not cleared), and the list shows the count the snapshot gives', async () => {
    // 4,000 miles: the PAYE reference is the only answer missing (admin-edits.integration.test.ts).
    const claim = await submitMileageClaim(t, { miles: 4000 });
    await giveClaimTo(t, claim.id, operatorId);
    const stored = async () =>
      await t.app.db
        .selectFrom('onboarding_claims')
        .select(['readiness_missing', 'version'])
        .where('id', '=', claim.id)
        .executeTakeFirstOrThrow();
    const listed = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/claims?queue=mine',
          headers: asOperator(session),
        })
      )
        .json<{ claims: Array<{ id: string; readinessMissing: number }> }>()
        .claims.find((c) => c.id === claim.id)?.readinessMissing;
    expect(Number((await stored()).readiness_missing)).toBe(1);
    expect(await listed()).toBe(1);

    clock.advance(60_000);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/claims/${claim.id}/details`,
      headers: asOperator(session),
      payload: {
        field: 'payeReference',
        employmentId: 'job-1',
        value: '123/AB45678',
        reason: 'The claimant phoned with it',
        version: Number((await stored()).version),
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await stored()).readiness_missing).not.toBeNull();
    expect(Number((await stored()).readiness_missing)).toBe(0);
    expect(await listed()).toBe(0);
  });
});
