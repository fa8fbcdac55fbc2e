import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import type { DbDialect } from '../db/connect.ts';
import { prepareQuery } from '../db/prepared.ts';
import type { Database, JobsTable } from '../db/database.ts';

// Decision 022: durable jobs over the `jobs` table, the same code on SQLite and PostgreSQL.

export type JobRow = Selectable<JobsTable>;
export type JobHandler = (payload: unknown, job: { id: string; attempt: number }) => Promise<void>;

export interface JobQueueOptions {
  db: Kysely<Database>;
  dialect: DbDialect;
  log?: FastifyBaseLogger;
  now?: () => Date;
  /** How often an idle instance looks for due jobs. */
  pollMs?: number;
  /** How long a claimed job is this instance's; after that another instance may run it again. */
  leaseMs?: number;
  /** Jobs claimed per look. */
  batch?: number;
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
    .where('id', '=', p('id')),
);

export function createJobQueue(options: JobQueueOptions) {
  const { db, dialect, log } = options;
  const clock = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 5 * 60 * 1000;
  const batch = options.batch ?? 5;
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const handlers = new Map<string, { handler: JobHandler; maxAttempts: number }>();
  const schedules = new Map<string, { everyMs: number; payload: unknown }>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  let ticking: Promise<number> | null = null;

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
  async function claimDue(): Promise<JobRow[]> {
    const names = [...handlers.keys()];
    if (names.length === 0) return [];
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
          limit ${batch}
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
        .limit(batch)
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

  async function runOne(job: JobRow): Promise<void> {
    const entry = handlers.get(job.name);
    if (!entry) return;
    const attempt = Number(job.attempts);
    try {
      await entry.handler(JSON.parse(job.payload) as unknown, { id: job.id, attempt });
      await markDone.execute(db, { id: job.id, finishedAt: clock().toISOString() });
    } catch (error) {
      const label = errorLabel(error);
      if (attempt >= Number(job.max_attempts)) {
        log?.error({ job: job.name, jobId: job.id, attempt, error: label }, 'job failed for good');
        await db
          .updateTable('jobs')
          .set({
            status: 'failed',
            locked_until: null,
            last_error: label,
            finished_at: clock().toISOString(),
          })
          .where('id', '=', job.id)
          .execute();
      } else {
        log?.warn({ job: job.name, jobId: job.id, attempt, error: label }, 'job failed; will retry');
        await db
          .updateTable('jobs')
          .set({ status: 'queued', locked_until: null, last_error: label, run_at: at(backoffMs(attempt)) })
          .where('id', '=', job.id)
          .execute();
      }
    }
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
    const jobs = await claimDue();
    await Promise.all(jobs.map(runOne));
    return jobs.length;
  }

  function loop(): void {
    if (stopped) return;
    ticking = tick().catch((error: unknown) => {
      log?.error({ error: errorLabel(error) }, 'job queue look failed');
      return 0;
    });
    void ticking.then((ran) => {
      ticking = null;
      if (stopped) return;
      // Straight on while there is work; otherwise wait a poll interval.
      timer = setTimeout(loop, ran > 0 ? 0 : pollMs);
      timer.unref();
    });
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

    start(): void {
      if (!stopped) return;
      stopped = false;
      timer = setTimeout(loop, 0);
      timer.unref();
    },

    /** Stops looking and waits for the jobs in hand. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await ticking;
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
