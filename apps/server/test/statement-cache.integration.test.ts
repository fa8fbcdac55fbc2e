import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from '../src/db/connect.ts';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { createPostgresTestDatabase, usingPostgres } from './helpers.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Both dialects keep each query shape prepared (SQLite: statement objects by SQL text; PostgreSQL:
// named statements per connection). These check the answers stay right as the values and the
// schema change.
describe(`statement reuse (${usingPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (usingPostgres) {
      const pg = await createPostgresTestDatabase();
      handle = createDatabase(pg.url);
      cleanup = pg.drop;
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taxback-stmt-'));
      handle = createDatabase(path.join(dir, 'db.sqlite'));
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    }
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await handle.db.destroy();
    await cleanup();
  });

  const byIpHash = (ipHash: string) =>
    handle.db.selectFrom('resume_attempts').selectAll().where('ip_hash', '=', ipHash).execute();

  it('answers the same shape with each call’s own values', async () => {
    for (const ip of ['192.0.2.1', '192.0.2.2']) {
      await handle.db
        .insertInto('resume_attempts')
        .values({ id: `a-${ip}`, ip_hash: ip, succeeded: 0, created_at: '2026-11-21T10:00:00.000Z' })
        .execute();
    }
    // Many runs over the pool's connections, each with its own value.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => byIpHash(i % 2 === 0 ? '192.0.2.1' : '192.0.2.2')),
    );
    answers.forEach((rows, i) => {
      expect(rows.map((r) => r.id)).toEqual([i % 2 === 0 ? 'a-192.0.2.1' : 'a-192.0.2.2']);
    });
  });

  it.runIf(usingPostgres)(
    'plans each run of a named statement for its own values (decision 091), on every connection',
    async () => {
      const modes = await Promise.all(
        Array.from({ length: 8 }, () =>
          handle.db.transaction().execute(async (trx) => {
            const { rows } = await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(trx);
            return rows[0]?.plan_cache_mode;
          }),
        ),
      );
      expect(modes).toEqual(Array(8).fill('force_custom_plan'));
    },
  );

  it('still answers a select * after the table gained a column (another instance migrated)', async () => {
    expect((await byIpHash('192.0.2.1')).length).toBe(1);
    await sql`alter table resume_attempts add column note text`.execute(handle.db);
    const rows = await Promise.all(Array.from({ length: 12 }, () => byIpHash('192.0.2.1')));
    for (const r of rows) expect(r).toEqual([expect.objectContaining({ id: 'a-192.0.2.1', note: null })]);
  });
});
