// Issue 35, decision 036: liveness and readiness apart, and load shedding at the pool, on the
// app's real database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { PoolSaturatedError, runAsRequest } from '../src/db/pool-guard.ts';
import { createTestApp, newSessionId, validClaimBody } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let open: TestApp[] = [];
afterEach(async () => {
  for (const t of open) await t.close();
  open = [];
});

async function app(env: Record<string, string> = {}, now?: () => Date): Promise<TestApp> {
  const t = await createTestApp({ env, ...(now ? { overrides: { now } } : {}) });
  open.push(t);
  return t;
}

/**
 * Holds one of the request pool's connections until `release` is called, as a long request would.
 * Outside a request, so the test's own acquisition is never shed.
 */
async function holdConnection(t: TestApp): Promise<{ release: () => Promise<void> }> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = () => {};
  const acquired = new Promise<void>((resolve) => (held = resolve));
  const done = t.app.db.connection().execute(async (conn) => {
    await sql`select 1`.execute(conn);
    held();
    await gate;
  });
  await acquired;
  return {
    release: async () => {
      release();
      await done;
    },
  };
}

const mine = (t: TestApp) =>
  t.app.inject({ method: 'GET', url: '/api/claims/mine', headers: { 'x-session-id': newSessionId() } });

describe('liveness and readiness', () => {
  it('liveness answers from the process while every request connection is taken', async () => {
    const t = await app({ DB_POOL_SIZE: '1' });
    const hold = await holdConnection(t);
    try {
      // The connection is held until the end: an answer that waited for it would never come.
      const live = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });

      // Readiness asks the database on its own connection: the held pool does not delay it.
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({
        status: 'ok',
        db: 'ok',
        pool: { requests: { size: 1, inUse: 1, waiting: 0 } },
      });
      expect(ready.json().checkedInMs).toBeLessThan(1_000);
      // Neither waited for the request pool.
      expect(t.app.database.pool.stats()).toMatchObject({ waits: 0, shed: 0 });
    } finally {
      await hold.release();
    }
  });

  it('readiness reports the job backlog, its oldest wait and its limit (over it: reported, still ready)', async () => {
    let clock = new Date('2026-11-26T09:00:00.000Z');
    const t = await app({ JOBS_BACKLOG_LIMIT: '1' }, () => clock);
    for (let i = 0; i < 2; i += 1) await t.app.jobs.enqueue(t.app.db, 'not-run-here', { n: i });
    clock = new Date(clock.getTime() + 90_000);

    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ok',
      db: 'ok',
      jobs: { count: 2, oldestAgeSeconds: 90, limit: 1, overLimit: true, alerts: 1 },
      pool: {
        requests: { inUse: 0, waiting: 0, maxWaiting: 50, shed: 0 },
        jobs: { waiting: 0 },
      },
    });
  });
});

describe('load shedding', () => {
  it('answers 503 with Retry-After at once when a request would wait past the bound', async () => {
    // A pool of one connection, held; no request may wait.
    const t = await app({ DB_POOL_SIZE: '1', DB_MAX_WAITING: '0', SHED_RETRY_AFTER_SECONDS: '3' });
    const hold = await holdConnection(t);
    let shed;
    try {
      // The connection stays held: only a refusal that did not wait can answer.
      shed = await mine(t);
    } finally {
      await hold.release();
    }
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('3');
    expect(shed.json()).toEqual({
      error: 'The service is temporarily unavailable. Please try again shortly.',
    });
    expect(t.app.database.pool.stats()).toMatchObject({ waits: 0, shed: 1 });

    // Once the connection is free the same request is served, and readiness counted the shed one.
    expect((await mine(t)).statusCode).toBe(404);
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.json().pool.requests).toMatchObject({ size: 1, maxWaiting: 0, shed: 1 });
  });

  it('lets requests wait up to the bound, serves them once a connection is free, and sheds the next', async () => {
    const t = await app({ DB_POOL_SIZE: '1', DB_MAX_WAITING: '1' });
    const hold = await holdConnection(t);
    const waiting = mine(t);
    // The first request is queued for the held connection (the bound allows one)…
    for (let i = 0; i < 100 && t.app.database.pool.stats().waiting < 1; i += 1)
      await new Promise((r) => setTimeout(r, 5));
    expect(t.app.database.pool.stats().waiting).toBe(1);
    // …the next one would pass it: refused at once.
    const shed = await mine(t);
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('2');
    await hold.release();
    expect((await waiting).statusCode).toBe(404);
    expect(t.app.database.pool.stats()).toMatchObject({ inUse: 0, waiting: 0, shed: 1 });
  });

  it('refuses a claim at the door, its body unread, while the queue stands past the bound', async () => {
    const t = await app({ DB_POOL_SIZE: '1', DB_MAX_WAITING: '0' });
    const hold = await holdConnection(t);
    let shed;
    try {
      shed = await t.app.inject({
        method: 'POST',
        url: '/api/claims',
        headers: { 'x-session-id': newSessionId() },
        payload: validClaimBody(),
      });
    } finally {
      await hold.release();
    }
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('2');
    expect(await t.app.db.selectFrom('form_responses').select('id').execute()).toEqual([]);
  });

  it('at the pool: sheds a request’s first acquisition, never a later one (nothing is half stored)', async () => {
    const t = await app({ DB_POOL_SIZE: '1', DB_MAX_WAITING: '0' });
    const query = () => t.app.db.selectFrom('jobs').select('id').execute();

    // First acquisition in a request while the only connection is held: refused at once.
    const hold = await holdConnection(t);
    let first: Promise<unknown> = Promise.resolve();
    runAsRequest(() => {
      first = query();
    });
    await expect(first).rejects.toBeInstanceOf(PoolSaturatedError);
    await hold.release();

    // A request that has already used the database waits for its next connection instead.
    let later: Promise<unknown> = Promise.resolve();
    let holdDuring: { release: () => Promise<void> } | null = null;
    runAsRequest(() => {
      later = (async () => {
        await query();
        holdDuring = await holdConnection(t);
        const second = query();
        await new Promise((r) => setTimeout(r, 50));
        await holdDuring.release();
        return second;
      })();
    });
    await expect(later).resolves.toEqual([]);
    expect(holdDuring).not.toBeNull();
    expect(t.app.database.pool.stats()).toMatchObject({ shed: 1, inUse: 0, waiting: 0 });
  });

  it('never sheds work outside a request (jobs, readiness), whatever the bound', async () => {
    const t = await app({ DB_POOL_SIZE: '1', DB_MAX_WAITING: '0' });
    let ran = 0;
    t.app.jobs.handle('tiny', async () => {
      ran += 1;
    });
    await t.app.jobs.enqueue(t.app.db, 'tiny', {});
    const hold = await holdConnection(t);
    const drained = t.app.jobs.drain();
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    await hold.release();
    await drained;
    expect(ran).toBe(1);
  });
});
