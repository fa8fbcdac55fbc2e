// Issue 35, decision 036: liveness and readiness apart, and load shedding at the pool, on the
// app's real database (SQLite, or PostgreSQL with TEST_DATABASE_URL); decision 046: the door in
// front of Fastify, and liveness and readiness on a thread of their own.
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { PoolSaturatedError, runAsRequest } from '../src/db/pool-guard.ts';
import { startHealthListener } from '../src/http/health-listener.ts';
import { appSecurityHeaders } from '../src/http/security.ts';
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

/** A request to a listening server (app.inject does not pass through the server's door). */
async function request(port: number, path: string, init: RequestInit = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, init);
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

async function listening(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('not listening');
  return address.port;
}

describe('the door (decision 046)', () => {
  it('past HTTP_MAX_IN_FLIGHT requests in hand, the next is refused 503 with Retry-After before Fastify; health and settings still answer', async () => {
    // One request in hand (waiting for the held connection; the pool itself never sheds here).
    const t = await app({
      DB_POOL_SIZE: '1',
      DB_MAX_WAITING: 'off',
      HTTP_MAX_IN_FLIGHT: '1',
      SHED_RETRY_AFTER_SECONDS: '4',
    });
    const port = await listening(t);
    const hold = await holdConnection(t);
    let inHand: Promise<{ status: number }> = Promise.resolve({ status: 0 });
    let refused;
    let claim;
    try {
      inHand = request(port, '/api/claims/mine', { headers: { 'x-session-id': newSessionId() } });
      for (let i = 0; i < 200 && t.app.database.pool.stats().waiting < 1; i += 1)
        await new Promise((r) => setTimeout(r, 5));
      expect(t.app.database.pool.stats().waiting).toBe(1);

      // The connection stays held: only a refusal that did not wait can answer.
      refused = await request(port, '/api/claims/mine', { headers: { 'x-session-id': newSessionId() } });
      claim = await request(port, '/api/claims', {
        method: 'POST',
        headers: { 'x-session-id': newSessionId(), 'content-type': 'application/json' },
        body: JSON.stringify(validClaimBody()),
      });
      // Liveness, readiness and the public settings never touch the request pool: let in.
      expect((await request(port, '/api/health')).status).toBe(200);
      expect((await request(port, '/api/health/ready')).status).toBe(200);
      expect((await request(port, '/api/settings')).status).toBe(200);
    } finally {
      await hold.release();
    }
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('4');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(refused.body).toEqual({
      error: 'The service is temporarily unavailable. Please try again shortly.',
    });
    expect(claim.status).toBe(503);
    // Neither reached the pool (the only wait is the request in hand), both were counted as shed,
    // and nothing was stored.
    expect(t.app.database.pool.stats()).toMatchObject({ waits: 1, shed: 2 });
    expect((await inHand).status).toBe(404);
    expect(await t.app.db.selectFrom('form_responses').select('id').execute()).toEqual([]);

    // Once the request in hand has been answered, the next is let in.
    const next = await request(port, '/api/claims/mine', { headers: { 'x-session-id': newSessionId() } });
    expect(next.status).toBe(404);
  });
});

describe('liveness and readiness on their own thread (HEALTH_PORT, decision 046)', () => {
  it('answer while the main thread is busy, report the pools and the backlog, and say when the main thread is hung', async () => {
    const t = await app({ DB_POOL_SIZE: '1', JOBS_BACKLOG_LIMIT: '1' });
    for (let i = 0; i < 2; i += 1) await t.app.jobs.enqueue(t.app.db, 'not-run-here', { n: i });
    const health = await startHealthListener({
      port: 0,
      host: '127.0.0.1',
      databaseUrl: t.config.databaseUrl,
      // Generous: the timeout is not what this test checks, and the test machine may be busy.
      readyTimeoutMs: 5_000,
      backlogLimit: t.config.jobs.backlogLimit,
      apiHeaders: appSecurityHeaders().api,
      pools: () => ({ requests: t.app.database.pool.stats(), jobs: t.app.database.jobsPool.stats() }),
      alerts: () => 7,
      onError: () => {},
      stallMs: 1_000,
    });
    const hold = await holdConnection(t);
    try {
      // The main thread writes the gauges every 100 ms: a timer due later runs after the next write.
      await new Promise((r) => setTimeout(r, 250));
      const live = await request(health.port, '/api/health');
      expect(live.status).toBe(200);
      expect(live.body).toEqual({ status: 'ok' });
      // The request connection is held: readiness asks on its own.
      const ready = await request(health.port, '/api/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({
        status: 'ok',
        db: 'ok',
        jobs: { count: 2, limit: 1, overLimit: true, alerts: 7 },
        pool: { requests: { size: 1, inUse: 1, waiting: 0, maxWaiting: 50 } },
      });
      expect(ready.headers.get('cache-control')).toBe('no-store');

      // The main thread stops for over a second (here: blocked on a child process that asks).
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1_100);
      const asked = execFileSync(
        process.execPath,
        ['-e', `fetch('http://127.0.0.1:${health.port}/api/health').then((r) => console.log(r.status))`],
        { encoding: 'utf8' },
      );
      expect(asked.trim()).toBe('503');
      // Running again, it is alive.
      await new Promise((r) => setTimeout(r, 250));
      expect((await request(health.port, '/api/health')).status).toBe(200);
    } finally {
      await hold.release();
      await health.close();
    }
  });
});
