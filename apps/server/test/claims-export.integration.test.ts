// Issue 45: the CSV export streams every claim the filters match, in the list's order, from a
// connection of its own (a cursor on PostgreSQL); audited with the number of claims it holds.
// Through the real app and database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { asOperator, insertOperator, signIn, testClock } from './admin-helpers.ts';
import type { AdminSession, TestOperator } from './admin-helpers.ts';
import { seedBenchClaims } from './bench/seed-claims.ts';
import { createTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const clock = testClock('2026-03-02T09:00:00.000Z');
let t: TestApp;
let admin: AdminSession;
let adminOp: TestOperator;
// More claims than three of the reader's batches (500 rows each), of both kinds.
const SEEDED = 1_600;

beforeAll(async () => {
  t = await createTestApp({ overrides: { now: clock.now } });
  adminOp = await insertOperator(t);
  admin = await signIn(t, clock, adminOp);
  await seedBenchClaims(t, SEEDED, adminOp.id);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: asOperator(admin) });

interface ListPage {
  total: number;
  pages: number;
  claims: Array<{ reference: string }>;
}

async function listedReferences(filters: string): Promise<{ total: number; references: string[] }> {
  const first = (await get(`/api/admin/claims?${filters}`)).json<ListPage>();
  const references = first.claims.map((c) => c.reference);
  for (let page = 2; page <= first.pages; page++)
    references.push(
      ...(await get(`/api/admin/claims?${filters}&page=${page}`))
        .json<ListPage>()
        .claims.map((c) => c.reference),
    );
  return { total: first.total, references };
}

async function exported(filters: string): Promise<string[][]> {
  const res = await get(`/api/admin/claims/export.csv?${filters}`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  return parse(res.body, { relax_column_count: false }) as string[][];
}

describe('the claims export (issue 45)', () => {
  it.each([
    ['every claim, newest first', 'queue=all'],
    ['by name, A to Z', 'queue=all&sort=name&dir=asc'],
    ['one kind, one status', 'queue=all&kind=mileage&status=in-review'],
  ])('%s: every claim the list holds, in its order, past several batches', async (_name, filters) => {
    const listed = await listedReferences(filters);
    const [header, ...records] = await exported(filters);
    expect(header?.slice(0, 3)).toEqual(['Reference', 'Kind', 'Claimant name']);
    expect(records).toHaveLength(listed.total);
    expect(records.map((r) => r[0])).toEqual(listed.references);
  });

  it('holds more rows than a batch, and the audit says how many the filters matched', async () => {
    const before = await t.app.db
      .selectFrom('audit_events')
      .select('detail')
      .where('action', '=', 'claims-exported')
      .execute();
    const records = (await exported('queue=all')).slice(1);
    expect(records.length).toBeGreaterThan(1_000);
    const after = await t.app.db
      .selectFrom('audit_events')
      .select('detail')
      .where('action', '=', 'claims-exported')
      .orderBy('created_at', 'desc')
      .execute();
    expect(after).toHaveLength(before.length + 1);
    const details = after.map((a) => JSON.parse(a.detail ?? '{}') as { rows?: number });
    expect(details.some((d) => d.rows === records.length)).toBe(true);
  });
});
