import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, createTestApp, newSessionId, usingPostgres, validClaimBody } from './helpers.ts';
import type { TestApp } from './helpers.ts';

// Issue 17: with load running, terminating the app's PostgreSQL backends once crashed the process
// ("Unhandled 'error' event … Connection terminated unexpectedly" on a checked-out pg Client).
// Terminating backends is a PostgreSQL operation; on SQLite the same suite runs
// database-down.integration.test.ts, and CI runs this file against PostgreSQL.
const TERMINATIONS = 20;
const WORKERS = 6;

let open: TestApp | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

describe.skipIf(!usingPostgres)(
  'PostgreSQL backends terminated under load (PostgreSQL only: SQLite has no backends)',
  () => {
    it(`keeps serving through ${TERMINATIONS} terminations: only 2xx or 503, no confirmed write lost`, async () => {
      const t = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
      open = t;
      const database = new URL(t.config.databaseUrl).pathname.slice(1);
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();

      const statuses = new Map<number, number>();
      const confirmed: string[] = [];
      let running = true;
      const submitOne = async () => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/claims',
          headers: { 'x-session-id': newSessionId() },
          payload: validClaimBody(),
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode === 503) expect(response.headers['retry-after']).toBe('5');
        if (response.statusCode === 201) confirmed.push((response.json() as { id: string }).id);
        return response.statusCode;
      };
      const worker = async () => {
        while (running) await submitOne();
      };

      let terminated = 0;
      const workers = Array.from({ length: WORKERS }, () => worker());
      try {
        for (let i = 0; i < TERMINATIONS; i++) {
          await sleep(60);
          const result = await admin.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
            [database],
          );
          terminated += result.rowCount ?? 0;
        }
      } finally {
        running = false;
        await Promise.all(workers);
        await admin.end();
      }

      // The fault really happened, and some requests were caught by it.
      expect(terminated).toBeGreaterThanOrEqual(TERMINATIONS);
      expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
      expect([...statuses.keys()].filter((status) => status !== 201 && status !== 503)).toEqual([]);

      // Service resumes by itself: readiness is up and a claim is taken without a restart.
      let health = 0;
      for (let i = 0; i < 50 && health !== 200; i++) {
        health = (await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode;
        if (health !== 200) await sleep(100);
      }
      expect(health).toBe(200);
      expect(await submitOne()).toBe(201);

      // Every claim the server confirmed is stored.
      const stored = await t.app.db
        .selectFrom('form_responses')
        .select('id')
        .where('id', 'in', confirmed)
        .execute();
      expect(confirmed.length).toBeGreaterThan(0);
      expect(stored).toHaveLength(confirmed.length);
    }, 60_000);
  },
);
