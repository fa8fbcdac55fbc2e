import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import type { DbDialect } from '../db/connect.ts';
import { prepareQuery } from '../db/prepared.ts';
import type { Database, JobsTable } from '../db/database.ts';

// Decision 022: durable jobs over the `jobs` table, the same code on SQLite and PostgreSQL.

export type JobRow = Selectable<JobsTable>;
/**
 * `signal` is aborted when this instance loses the job's lease (its heartbeat found another
 * instance had taken the job over): a handler checks it before doing something it cannot undo.
 */
export type JobHandler = (
  payload: unknown,
  job: { id: string; attempt: number; signal: AbortSignal },
) => Promise<void>;

/** Due jobs not yet running, and how long the oldest has waited since it was due. */
export interface Backlog {
  count: number;
  oldestAgeSeconds: number | null;
  limit: number;
  overLimit: boolean;
  /** Times since start this instance saw the backlog cross its limit (the alert's counter). */
  alerts: number;
}

export interface JobQueueOptions {
  db: Kysely<Database>;
  dialect: DbDialect;
  log?: FastifyBaseLogger;
  now?: () => Date;
  /** How often an idle instance looks for due jobs. */
  pollMs?: number;
  /**
   * How long a claimed job is this instance's without a heartbeat; after that another instance may
   * run it again. A running job's lease is renewed every `heartbeatMs` (a third of the lease).
   */
  leaseMs?: number;
  heartbeatMs?: number;
  /** Jobs this instance runs at once (and claims per look at most). */
  concurrency?: number;
  /** Past this many due jobs waiting, the backlog is over its limit: a warning, and readiness says so. */
  backlogLimit?: number;
  /** How often a started runner measures the backlog (real time). */
  backlogCheckMs?: number;
  /** The wait before try `attempt + 1`, after try `attempt` failed. */
  backoffMs?: (attempt: number) => number;
}

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
}

/** 5 s, 10 s, 20 s … doubling, at most an hour between tries. */
export function defaultBackoffMs(attempt: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 60 * 60 * 1000);
}

/** A job error as stored and logged: its code or name only, never its message (personal data). */
function errorLabel(error: unknown): string {
  if (error && typeof error === 'object') {
    const { code, name, statusCode } = error as { code?: unknown; name?: unknown; statusCode?: unknown };
    if (typeof code === 'string' || typeof code === 'number') return String(code).slice(0, 100);
    if (typeof statusCode === 'number') return `HTTP ${statusCode}`;
    if (typeof name === 'string') return name.slice(0, 100);
  }
  return 'Error';
}

// Every claim enqueues three jobs and each job is marked done: both statements are compiled once
// (db/prepared.ts), not built by Kysely each time.
const insertJob = prepareQuery((db, p) =>
  db.insertInto('jobs').values({
    id: p('id'),
    name: p('name'),
    payload: p('payload'),
    status: 'queued',
    max_attempts: p('max_attempts'),
    run_at: p('run_at'),
    locked_until: null,
    last_error: null,
    created_at: p('created_at'),
    finished_at: null,
  }),
);
const markDone = prepareQuery((db, p) =>
  db
    .updateTable('jobs')
    .set({ status: 'done', locked_until: null, last_error: null, finished_at: p('finishedAt') })
    .where('id', '=', p('id'))
    .where('status', '=', 'running')
    .where('attempts', '=', p('attempt')),
);

export function createJobQueue(options: JobQueueOptions) {
  const { db, dialect, log } = options;
  const clock = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 30_000;
  const heartbeatMs = options.heartbeatMs ?? Math.max(1, Math.floor(leaseMs / 3));
  const concurrency = options.concurrency ?? 5;
  const backlogLimit = options.backlogLimit ?? 5_000;
  const backlogCheckMs = options.backlogCheckMs ?? 10_000;
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const handlers = new Map<string, { handler: JobHandler; maxAttempts: number }>();
  const schedules = new Map<string, { everyMs: number; payload: unknown }>();
  /** Jobs in hand: the try (attempt) this instance claimed, which fences every later update. */
  const running = new Map<string, { attempt: number; lost: AbortController; done: Promise<void> }>();
  let timer: NodeJS.Timeout | null = null;
  let heartbeatTimer: NodeJS.Timeout | null = null;
  let backlogTimer: NodeJS.Timeout | null = null;
  let stopped = true;
  let looking: Promise<void> | null = null;
  let busy = false;
  let lastSchedulesAt = 0;
  const alert = { over: false, alerts: 0, lastWarnAt: 0 };

  const at = (ms: number) => new Date(clock().getTime() + ms).toISOString();

  /**
   * Adds a job. Pass the transaction of the change that causes it, so the job exists exactly when
   * the change does (a rolled-back claim sends no message).
   */
  async function enqueue(
    executor: Kysely<Database>,
    name: string,
    payload: unknown,
    opts: EnqueueOptions = {},
  ): Promise<string> {
    const id = randomUUID();
    await insertJob.execute(executor, {
      id,
      name,
      payload: JSON.stringify(payload ?? null),
      max_attempts: opts.maxAttempts ?? handlers.get(name)?.maxAttempts ?? 10,
      run_at: (opts.runAt ?? clock()).toISOString(),
      created_at: clock().toISOString(),
    });
    return id;
  }

  /** Due jobs this instance can run, marked running under a lease, each by one instance only. */
  async function claimDue(limit = concurrency): Promise<JobRow[]> {
    const names = [...handlers.keys()];
    if (names.length === 0 || limit <= 0) return [];
    const now = clock().toISOString();
    const lease = at(leaseMs);
    if (dialect === 'postgres') {
      // SKIP LOCKED: instances looking at once take different rows and never wait on each other.
      const result = await sql<JobRow>`
        update jobs set status = 'running', attempts = attempts + 1, locked_until = ${lease}
        where id in (
          select id from jobs
          where name in (${sql.join(names)})
            and ((status = 'queued' and run_at <= ${now}) or (status = 'running' and locked_until < ${now}))
          order by run_at
          limit ${limit}
          for update skip locked
        )
        returning *`.execute(db);
      return result.rows;
    }
    // SQLite runs one write transaction at a time, so the look and the claim cannot interleave.
    return db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('jobs')
        .select('id')
        .where('name', 'in', names)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
            eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
          ]),
        )
        .orderBy('run_at')
        .limit(limit)
        .execute();
      if (due.length === 0) return [];
      return trx
        .updateTable('jobs')
        .set({ status: 'running', attempts: sql<number>`attempts + 1`, locked_until: lease })
        .where(
          'id',
          'in',
          due.map((d) => d.id),
        )
        .returningAll()
        .execute();
    });
  }

  /** Runs a claimed job; its result is written only while the lease is still this try's. */
  function runOne(job: JobRow): Promise<void> {
    const attempt = Number(job.attempts);
    const lost = new AbortController();
    const done = runClaimed(job, attempt, lost.signal).finally(() => {
      running.delete(job.id);
      if (running.size === 0 && heartbeatTimer) {
        clearInterval(heartbeatTimer);
        heartbeatTimer = null;
      }
    });
    running.set(job.id, { attempt, lost, done });
    if (heartbeatTimer === null) {
      heartbeatTimer = setInterval(() => void heartbeat(), heartbeatMs);
      heartbeatTimer.unref();
    }
    return done;
  }

  /** This try's row: still running under the lease this instance took (attempts fences it). */
  const ownRow = (id: string, attempt: number) =>
    db
      .updateTable('jobs')
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('attempts', '=', attempt);

  async function runClaimed(job: JobRow, attempt: number, signal: AbortSignal): Promise<void> {
    const entry = handlers.get(job.name);
    if (!entry) return;
    try {
      await entry.handler(JSON.parse(job.payload) as unknown, { id: job.id, attempt, signal });
      await markDone.execute(db, { id: job.id, attempt, finishedAt: clock().toISOString() });
    } catch (error) {
      const label = errorLabel(error);
      if (attempt >= Number(job.max_attempts)) {
        log?.error({ job: job.name, jobId: job.id, attempt, error: label }, 'job failed for good');
        await ownRow(job.id, attempt)
          .set({
            status: 'failed',
            locked_until: null,
            last_error: label,
            finished_at: clock().toISOString(),
          })
          .execute();
      } else {
        log?.warn({ job: job.name, jobId: job.id, attempt, error: label }, 'job failed; will retry');
        await ownRow(job.id, attempt)
          .set({ status: 'queued', locked_until: null, last_error: label, run_at: at(backoffMs(attempt)) })
          .execute();
      }
    }
  }

  /**
   * Renews the lease of every job in hand (decision 036): a job runs as long as it needs, yet one
   * held by an instance that died is free again a lease (30 s) after its last heartbeat. A job
   * another instance took over (this instance stalled past its lease) is marked lost.
   */
  async function heartbeat(): Promise<number> {
    let renewed = 0;
    const lease = at(leaseMs);
    for (const [id, hand] of running) {
      if (hand.lost.signal.aborted) continue;
      try {
        const result = await ownRow(id, hand.attempt).set({ locked_until: lease }).executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) renewed += 1;
        else if (running.has(id)) {
          log?.warn({ jobId: id, attempt: hand.attempt }, 'job lease lost to another instance');
          hand.lost.abort();
        }
      } catch (error) {
        // The database is busy or away: the next beat tries again, well inside the lease.
        log?.warn({ jobId: id, error: errorLabel(error) }, 'job heartbeat failed');
      }
    }
    return renewed;
  }

  /** Enqueues each schedule's run when it is due: the instance that moves next_run_at on does it. */
  async function runSchedules(): Promise<void> {
    for (const [name, { everyMs, payload }] of schedules) {
      const now = clock().toISOString();
      await db
        .insertInto('job_schedules')
        .values({ name, next_run_at: now })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      await db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('job_schedules')
          .set({ next_run_at: at(everyMs) })
          .where('name', '=', name)
          .where('next_run_at', '<=', now)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) === 1) await enqueue(trx, name, payload);
      });
    }
  }

  /** One look: schedules, then the due jobs, run side by side. Returns how many jobs ran. */
  async function tick(): Promise<number> {
    await runSchedules();
    const jobs = await claimDue(concurrency - running.size);
    await Promise.all(jobs.map(runOne));
    return jobs.length;
  }

  /**
   * The runner: keeps up to `concurrency` jobs running, claiming more as each ends, and looks
   * again after `pollMs` when nothing is due. Schedules are looked at once per poll.
   */
  function wake(delayMs: number): void {
    if (stopped || busy) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      looking = look();
    }, delayMs);
    timer.unref();
  }

  async function look(): Promise<void> {
    busy = true;
    let claimed = 0;
    try {
      if (Date.now() - lastSchedulesAt >= pollMs) {
        lastSchedulesAt = Date.now();
        await runSchedules();
      }
      const jobs = await claimDue(concurrency - running.size);
      claimed = jobs.length;
      for (const job of jobs) {
        runOne(job).then(
          // Claim again once half the slots are free, so claims stay batched under load.
          () => {
            if (running.size <= Math.floor(concurrency / 2)) wake(0);
          },
          (error: unknown) => {
            log?.error({ job: job.name, jobId: job.id, error: errorLabel(error) }, 'job result not recorded');
            wake(0);
          },
        );
      }
    } catch (error) {
      log?.error({ error: errorLabel(error) }, 'job queue look failed');
    } finally {
      busy = false;
    }
    if (stopped) return;
    // Straight on while there is work and room; otherwise a poll interval, or a job's end.
    if (claimed > 0 && running.size < concurrency) wake(0);
    else if (running.size < concurrency) wake(pollMs);
  }

  /** Due jobs not yet running (counted up to ten times the limit), and the oldest one's wait. */
  async function measureBacklog(executor: Kysely<Database> = db): Promise<Backlog> {
    const now = clock();
    const due = (qb: Kysely<Database>) =>
      qb.selectFrom('jobs').where('status', '=', 'queued').where('run_at', '<=', now.toISOString());
    const [counted, oldest] = await Promise.all([
      executor
        .selectFrom(
          due(executor)
            .select('id')
            .limit(backlogLimit * 10)
            .as('due'),
        )
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirst(),
      due(executor).select('run_at').orderBy('run_at').limit(1).executeTakeFirst(),
    ]);
    return observeBacklog(
      Number(counted?.n ?? 0),
      oldest ? Math.max(0, (now.getTime() - Date.parse(oldest.run_at)) / 1000) : null,
    );
  }

  /**
   * The alert hook: crossing the limit logs a warning (again each minute while over) and counts
   * one alert; coming back under logs once. Claims are still accepted: the jobs are durable.
   */
  function observeBacklog(count: number, oldestAgeSeconds: number | null): Backlog {
    const overLimit = count > backlogLimit;
    if (overLimit && (!alert.over || Date.now() - alert.lastWarnAt >= 60_000)) {
      if (!alert.over) alert.alerts += 1;
      alert.lastWarnAt = Date.now();
      log?.warn(
        { backlog: count, limit: backlogLimit, oldestAgeSeconds, alerts: alert.alerts },
        'job backlog over its limit',
      );
    } else if (!overLimit && alert.over) {
      log?.info({ backlog: count, limit: backlogLimit }, 'job backlog back under its limit');
    }
    alert.over = overLimit;
    return {
      count,
      oldestAgeSeconds: oldestAgeSeconds === null ? null : Math.round(oldestAgeSeconds * 10) / 10,
      limit: backlogLimit,
      overLimit,
      alerts: alert.alerts,
    };
  }

  return {
    enqueue,

    /** The code that runs jobs called `name`; a job is tried `maxAttempts` times in all. */
    handle(name: string, handler: JobHandler, opts: { maxAttempts?: number } = {}): void {
      handlers.set(name, { handler, maxAttempts: opts.maxAttempts ?? 10 });
    },

    /** Runs job `name` every `everyMs`, once across all instances (the first due look enqueues it). */
    every(name: string, everyMs: number, payload: unknown = {}): void {
      schedules.set(name, { everyMs, payload });
    },

    /** Looks once now (tests, and the CLI). */
    runDue: tick,

    /** Looks until nothing is due (tests). */
    async drain(maxRounds = 100): Promise<void> {
      for (let round = 0; round < maxRounds; round += 1) if ((await tick()) === 0) return;
    },

    /** Renews the leases of the jobs in hand now (the runner does it every `heartbeatMs`). */
    heartbeat,

    /** Measures the backlog (on `executor`, e.g. readiness' own connection) and runs the alert hook. */
    backlog: measureBacklog,

    /** Jobs running on this instance now. */
    runningCount: () => running.size,

    start(): void {
      if (!stopped) return;
      stopped = false;
      wake(0);
      backlogTimer = setInterval(() => {
        measureBacklog().catch((error: unknown) => {
          log?.warn({ error: errorLabel(error) }, 'job backlog could not be measured');
        });
      }, backlogCheckMs);
      backlogTimer.unref();
    },

    /** Stops looking and waits for the jobs in hand (their heartbeats go on until they end). */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (backlogTimer) clearInterval(backlogTimer);
      backlogTimer = null;
      await looking;
      await Promise.all([...running.values()].map((hand) => hand.done));
    },

    /** Jobs that used up their tries, newest first, for admins. */
    failed(limit = 100): Promise<JobRow[]> {
      return db
        .selectFrom('jobs')
        .selectAll()
        .where('status', '=', 'failed')
        .orderBy('finished_at', 'desc')
        .limit(limit)
        .execute();
    },

    /** Puts a failed job back in the queue for a fresh set of tries. */
    async retry(id: string): Promise<boolean> {
      const result = await db
        .updateTable('jobs')
        .set({ status: 'queued', attempts: 0, run_at: clock().toISOString(), finished_at: null })
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Deletes finished jobs older than `days` (the purge calls it). */
    async purgeFinished(days: number): Promise<number> {
      const cutoff = new Date(clock().getTime() - days * 24 * 60 * 60 * 1000).toISOString();
      const result = await db
        .deleteFrom('jobs')
        .where('status', '=', 'done')
        .where('finished_at', '<', cutoff)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
