// Decision 022 (issue 15): durable jobs on the app's real database, SQLite or PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PURGE_JOB } from '../src/jobs/purge-drafts.ts';
import { createJobQueue, defaultBackoffMs } from '../src/jobs/queue.ts';
import type { JobQueue } from '../src/jobs/queue.ts';
import { asOperator, auditCount, insertOperator, signIn } from './admin-helpers.ts';
import { createTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
let clock = new Date('2026-11-24T09:00:00.000Z');
const now = () => clock;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeAll(async () => {
  t = await createTestApp({ overrides: { now } });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.app.db.deleteFrom('jobs').execute();
  await t.app.db.deleteFrom('job_schedules').execute();
});

/** A queue as one more instance would build it, on the same database. */
function instance(overrides: Partial<Parameters<typeof createJobQueue>[0]> = {}): JobQueue {
  return createJobQueue({
    db: t.app.db,
    dialect: t.app.dbDialect,
    now,
    backoffMs: () => 1_000,
    ...overrides,
  });
}

async function until(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function jobRow(id: string) {
  return t.app.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('durable jobs', () => {
  it('a job enqueued in a transaction that rolls back never exists; one that commits runs once', async () => {
    const queue = instance();
    const seen: unknown[] = [];
    queue.handle('hello', async (payload) => {
      seen.push(payload);
    });
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        await queue.enqueue(trx, 'hello', { n: 1 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const id = await t.app.db.transaction().execute((trx) => queue.enqueue(trx, 'hello', { n: 2 }));

    await queue.drain();
    await queue.drain();
    expect(seen).toEqual([{ n: 2 }]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, last_error: null });
  });

  it('retries with backoff until the job succeeds, and keeps only the error’s code', async () => {
    const queue = instance({ backoffMs: (attempt) => attempt * 10_000 });
    let calls = 0;
    queue.handle('flaky', async () => {
      calls += 1;
      if (calls < 3)
        throw Object.assign(new Error('provider said no to +447700900123'), { code: 'ECONNREFUSED' });
    });
    const id = await queue.enqueue(t.app.db, 'flaky', {});

    await queue.runDue();
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 1, last_error: 'ECONNREFUSED' });
    expect((await jobRow(id)).run_at).toBe(new Date(clock.getTime() + 10_000).toISOString());
    // Not due yet: nothing runs.
    advance(9_999);
    expect(await queue.runDue()).toBe(0);
    advance(1);
    await queue.runDue();
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 2 });
    advance(20_000);
    await queue.runDue();
    expect(calls).toBe(3);
    const done = await jobRow(id);
    expect(done).toMatchObject({ status: 'done', attempts: 3, last_error: null });
    expect(JSON.stringify(done)).not.toContain('447700900123');
  });

  it('a job that uses up its tries is failed, listed for admins, and can be tried again', async () => {
    const queue = instance();
    let fail = true;
    queue.handle(
      'doomed',
      async () => {
        if (fail) throw new TypeError('bad');
      },
      { maxAttempts: 2 },
    );
    const id = await queue.enqueue(t.app.db, 'doomed', {});
    await queue.runDue();
    advance(1_000);
    await queue.runDue();
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 2, last_error: 'TypeError' });
    expect((await queue.failed()).map((j) => j.id)).toEqual([id]);
    advance(60_000);
    expect(await queue.runDue()).toBe(0);

    fail = false;
    expect(await queue.retry(id)).toBe(true);
    expect(await queue.retry(id)).toBe(false);
    await queue.runDue();
    expect(await jobRow(id)).toMatchObject({ status: 'done' });
    expect(await queue.failed()).toEqual([]);
  });

  it('admins see failed jobs and waiting retries in the back-office, and send one again (audited)', async () => {
    const clockHandle = { now, advance };
    const admin = await signIn(t, clockHandle, await insertOperator(t));
    const caseworker = await signIn(t, clockHandle, await insertOperator(t, { role: 'caseworker' }));
    const queue = instance();
    queue.handle('always-fails', () => Promise.reject(new RangeError('no')), { maxAttempts: 1 });
    queue.handle('fails-once', async (_p, job) => {
      if (job.attempt === 1) throw new RangeError('not yet');
    });
    const failedId = await queue.enqueue(t.app.db, 'always-fails', { claimId: 'x' });
    await queue.enqueue(t.app.db, 'fails-once', {});
    await queue.runDue();

    const get = (s: typeof admin) =>
      t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: asOperator(s) });
    expect((await get(caseworker)).statusCode).toBe(403);
    const listed = await get(admin);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      retrying: 1,
      // The retry is not due yet: nothing waits to run.
      backlog: { count: 0, oldestAgeSeconds: null, limit: 5_000, overLimit: false, alerts: 0 },
      failed: [
        {
          id: failedId,
          name: 'always-fails',
          attempts: 1,
          lastError: 'RangeError',
          createdAt: expect.any(String),
          failedAt: expect.any(String),
        },
      ],
    });

    const retry = (id: string) =>
      t.app.inject({ method: 'POST', url: `/api/admin/jobs/${id}/retry`, headers: asOperator(admin) });
    expect((await retry(failedId)).statusCode).toBe(204);
    expect(await jobRow(failedId)).toMatchObject({ status: 'queued', attempts: 0 });
    expect((await retry(failedId)).statusCode).toBe(404);
    expect((await retry('not-a-job')).statusCode).toBe(404);
    expect(await auditCount(t, 'job-retried', failedId)).toBe(1);
  });

  it('two instances looking at once run each job exactly once', async () => {
    const ran: string[] = [];
    const a = instance({ concurrency: 3 });
    const b = instance({ concurrency: 3 });
    for (const queue of [a, b])
      queue.handle('count', async (payload) => {
        await new Promise((r) => setTimeout(r, 5));
        ran.push((payload as { id: string }).id);
      });
    for (let i = 0; i < 12; i += 1) await a.enqueue(t.app.db, 'count', { id: `job-${i}` });

    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    expect(ran.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `job-${i}`).sort());
  });

  it('a job held by an instance that died runs again once its lease is over', async () => {
    const dead = instance({ leaseMs: 60_000 });
    dead.handle('slow', () => new Promise(() => {})); // never finishes: the instance "died"
    const id = await dead.enqueue(t.app.db, 'slow', {});
    void dead.runDue();
    await new Promise((r) => setTimeout(r, 50));
    expect(await jobRow(id)).toMatchObject({ status: 'running', attempts: 1 });

    const alive = instance();
    let ran = 0;
    alive.handle('slow', async () => {
      ran += 1;
    });
    expect(await alive.runDue()).toBe(0);
    advance(60_001);
    await alive.runDue();
    expect(ran).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('a running job renews its short lease by heartbeat, and is taken over once the heartbeats stop', async () => {
    // Decision 036: a 30 s lease, renewed while the job runs.
    const a = instance({ leaseMs: 30_000 });
    let finish = () => {};
    let signalOfA: AbortSignal | null = null;
    a.handle('long', (_payload, job) => {
      signalOfA = job.signal;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    const id = await a.enqueue(t.app.db, 'long', {});
    const start = clock.getTime();
    const runningOnA = a.runDue();
    await until(async () => (await jobRow(id)).status === 'running');
    expect((await jobRow(id)).locked_until).toBe(new Date(start + 30_000).toISOString());

    // Twenty seconds in, a heartbeat moves the lease to 30 s from now.
    advance(20_000);
    expect(await a.heartbeat()).toBe(1);
    expect(await jobRow(id)).toMatchObject({
      status: 'running',
      attempts: 1,
      locked_until: new Date(start + 50_000).toISOString(),
    });

    // Past the first lease but inside the renewed one, another instance leaves it alone.
    const b = instance({ leaseMs: 30_000 });
    let ranOnB = 0;
    b.handle('long', async () => {
      ranOnB += 1;
    });
    advance(20_000);
    expect(await b.runDue()).toBe(0);

    // A stops beating (its process died): 30 s after its last heartbeat, B takes the job over.
    advance(10_001);
    expect(await b.runDue()).toBe(1);
    expect(ranOnB).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });

    // Were A only stalled, its next heartbeat finds the lease gone and tells its handler, and its
    // late end writes nothing over B's result.
    expect(await a.heartbeat()).toBe(0);
    expect((signalOfA as AbortSignal | null)?.aborted).toBe(true);
    finish();
    await runningOnA;
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(ranOnB).toBe(1);
  });

  it('the heartbeat runs by itself while a job runs', async () => {
    const queue = instance({ leaseMs: 30_000, heartbeatMs: 20 });
    let finish = () => {};
    queue.handle('long', () => new Promise<void>((resolve) => (finish = resolve)));
    const id = await queue.enqueue(t.app.db, 'long', {});
    const running = queue.runDue();
    await until(async () => (await jobRow(id)).status === 'running');
    advance(25_000);
    const renewed = new Date(clock.getTime() + 30_000).toISOString();
    await until(async () => (await jobRow(id)).locked_until === renewed);
    finish();
    await running;
    expect(await jobRow(id)).toMatchObject({ status: 'done', locked_until: null });
  });

  it('reports the backlog of due jobs and its oldest wait, and warns once when it crosses its limit', async () => {
    const warnings: unknown[][] = [];
    const log = {
      warn: (...args: unknown[]) => warnings.push(args),
      info: () => {},
      error: () => {},
    } as unknown as NonNullable<Parameters<typeof createJobQueue>[0]['log']>;
    const queue = instance({ backlogLimit: 2, log });
    queue.handle('later', async () => {});
    const ids = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push(await queue.enqueue(t.app.db, 'later', {}));
      advance(10_000);
    }
    // Not due yet: not backlog.
    await queue.enqueue(t.app.db, 'later', {}, { runAt: new Date(clock.getTime() + 60_000) });

    expect(await queue.backlog()).toEqual({
      count: 3,
      oldestAgeSeconds: 30,
      limit: 2,
      overLimit: true,
      alerts: 1,
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.[1]).toBe('job backlog over its limit');
    expect(warnings[0]?.[0]).toMatchObject({ backlog: 3, limit: 2, oldestAgeSeconds: 30 });
    // Still over a moment later: no new alert, no new line.
    expect((await queue.backlog()).alerts).toBe(1);
    expect(warnings).toHaveLength(1);

    await queue.runDue();
    expect(await queue.backlog()).toMatchObject({
      count: 0,
      oldestAgeSeconds: null,
      overLimit: false,
      alerts: 1,
    });
  });

  it('a schedule runs once per period across instances', async () => {
    const runs: string[] = [];
    const queues = [instance(), instance(), instance()];
    queues.forEach((queue, i) => {
      queue.handle('tidy', async () => {
        runs.push(`instance-${i}`);
      });
      queue.every('tidy', 60 * 60 * 1000);
    });
    await Promise.all(queues.map((q) => q.drain()));
    expect(runs).toHaveLength(1);
    advance(30 * 60 * 1000);
    await Promise.all(queues.map((q) => q.drain()));
    expect(runs).toHaveLength(1);
    advance(30 * 60 * 1000);
    await Promise.all(queues.map((q) => q.drain()));
    expect(runs).toHaveLength(2);
  });

  it('the app runs the draft purge as an hourly scheduled job', async () => {
    await t.app.jobs.drain();
    const purges = await t.app.db.selectFrom('jobs').selectAll().where('name', '=', PURGE_JOB).execute();
    expect(purges).toHaveLength(1);
    expect(purges[0]).toMatchObject({ status: 'done' });
    await t.app.jobs.drain();
    expect(
      await t.app.db.selectFrom('jobs').select('id').where('name', '=', PURGE_JOB).execute(),
    ).toHaveLength(1);
  });

  it('waits 5 s after the first failure, doubling to at most an hour', () => {
    expect([1, 2, 3, 4].map(defaultBackoffMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(defaultBackoffMs(30)).toBe(60 * 60 * 1000);
  });
});
