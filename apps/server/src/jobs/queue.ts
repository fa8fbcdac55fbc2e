import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DbDialect } from '../db/connect.ts';
import type { Database } from '../db/database.ts';
import { createBacklogAlert } from './backlog.ts';
import type { Backlog } from './backlog.ts';
import { createJobStore } from './job-store.ts';
import { createJobRunner, errorLabel } from './runner.ts';
import type { JobHandler } from './runner.ts';

// Decision 022: durable jobs over the `jobs` table, the same code on SQLite and PostgreSQL.
// The queries live in job-store.ts, the runner (claims, heartbeats, results) in runner.ts and the
// backlog's alert hook in backlog.ts; this module puts them together.

export type { Backlog } from './backlog.ts';
export type { JobRow } from './job-store.ts';
export type { JobHandler } from './runner.ts';

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

export function createJobQueue(options: JobQueueOptions) {
  const { db, log } = options;
  const store = createJobStore({ db, dialect: options.dialect, clock: options.now ?? (() => new Date()) });
  const leaseMs = options.leaseMs ?? 30_000;
  const backlogLimit = options.backlogLimit ?? 5_000;
  const backlogCheckMs = options.backlogCheckMs ?? 10_000;
  const handlers = new Map<string, { handler: JobHandler; maxAttempts: number }>();
  const schedules = new Map<string, { everyMs: number; payload: unknown }>();
  const backlogAlert = createBacklogAlert(backlogLimit, log);
  let backlogTimer: NodeJS.Timeout | null = null;

  /**
   * Adds a job. Pass the transaction of the change that causes it, so the job exists exactly when
   * the change does (a rolled-back claim sends no message).
   */
  function enqueue(
    executor: Kysely<Database>,
    name: string,
    payload: unknown,
    opts: EnqueueOptions = {},
  ): Promise<string> {
    const maxAttempts = opts.maxAttempts ?? handlers.get(name)?.maxAttempts ?? 10;
    return store.insert(executor, {
      name,
      payload,
      maxAttempts,
      ...(opts.runAt ? { runAt: opts.runAt } : {}),
    });
  }

  async function runSchedules(): Promise<void> {
    for (const [name, { everyMs, payload }] of schedules)
      await store.runSchedule(name, everyMs, (trx) => enqueue(trx, name, payload));
  }

  const runner = createJobRunner({
    store,
    handlers,
    runSchedules,
    log,
    pollMs: options.pollMs ?? 1_000,
    leaseMs,
    heartbeatMs: options.heartbeatMs ?? Math.max(1, Math.floor(leaseMs / 3)),
    concurrency: options.concurrency ?? 5,
    backoffMs: options.backoffMs ?? defaultBackoffMs,
  });

  /** Due jobs not yet running (counted up to ten times the limit), and the oldest one's wait. */
  async function measureBacklog(executor: Kysely<Database> = db): Promise<Backlog> {
    const { count, oldestAgeSeconds } = await store.countDue(executor, backlogLimit * 10);
    return backlogAlert.observe(count, oldestAgeSeconds);
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
    runDue: runner.tick,

    /** Looks until nothing is due (tests). */
    async drain(maxRounds = 100): Promise<void> {
      for (let round = 0; round < maxRounds; round += 1) if ((await runner.tick()) === 0) return;
    },

    /** Renews the leases of the jobs in hand now (the runner does it every `heartbeatMs`). */
    heartbeat: runner.heartbeat,

    /** Measures the backlog (on `executor`, e.g. readiness' own connection) and runs the alert hook. */
    backlog: measureBacklog,

    /** Times this instance saw the backlog cross its limit since start (the alert's counter). */
    backlogAlerts: backlogAlert.alerts,

    /** Jobs running on this instance now. */
    runningCount: runner.runningCount,

    start(): void {
      if (backlogTimer !== null) return;
      runner.start();
      backlogTimer = setInterval(() => {
        measureBacklog().catch((error: unknown) => {
          log?.warn({ error: errorLabel(error) }, 'job backlog could not be measured');
        });
      }, backlogCheckMs);
      backlogTimer.unref();
    },

    /** Stops looking and waits for the jobs in hand (their heartbeats go on until they end). */
    async stop(): Promise<void> {
      if (backlogTimer) clearInterval(backlogTimer);
      backlogTimer = null;
      await runner.stop();
    },

    failed: store.failed,
    retry: store.retry,
    purgeFinished: store.purgeFinished,
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
