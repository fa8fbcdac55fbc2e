import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import type { DbDialect } from '../db/connect.ts';
import { deleteInBatches } from '../db/batches.ts';
import { prepareQuery } from '../db/prepared.ts';
import type { Database, JobsTable } from '../db/database.ts';

// Decision 022: durable jobs over the `jobs` table, the same code on SQLite and PostgreSQL. This
// module holds the queue's queries only; jobs/runner.ts runs what they claim.

export type JobRow = Selectable<JobsTable>;

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

/** Marks up to `limit` due jobs running until `lease`; a lapsed lease counts as due. */
async function claimDue(
  db: Kysely<Database>,
  dialect: DbDialect,
  names: string[],
  limit: number,
  now: string,
  lease: string,
): Promise<JobRow[]> {
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

export interface JobStoreOptions {
  db: Kysely<Database>;
  dialect: DbDialect;
  clock: () => Date;
}

export function createJobStore({ db, dialect, clock }: JobStoreOptions) {
  const at = (ms: number) => new Date(clock().getTime() + ms).toISOString();

  /** This try's row: still running under the lease this instance took (attempts fences it). */
  const ownRow = (id: string, attempt: number) =>
    db
      .updateTable('jobs')
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('attempts', '=', attempt);

  return {
    at,

    async insert(
      executor: Kysely<Database>,
      job: { name: string; payload: unknown; maxAttempts: number; runAt?: Date },
    ): Promise<string> {
      const id = randomUUID();
      await insertJob.execute(executor, {
        id,
        name: job.name,
        payload: JSON.stringify(job.payload ?? null),
        max_attempts: job.maxAttempts,
        run_at: (job.runAt ?? clock()).toISOString(),
        created_at: clock().toISOString(),
      });
      return id;
    },

    /** Due jobs called one of `names`, marked running under a lease, each by one instance only. */
    claimDue(names: string[], limit: number, leaseMs: number): Promise<JobRow[]> {
      if (names.length === 0 || limit <= 0) return Promise.resolve([]);
      return claimDue(db, dialect, names, limit, clock().toISOString(), at(leaseMs));
    },

    async markDone(id: string, attempt: number): Promise<void> {
      await markDone.execute(db, { id, attempt, finishedAt: clock().toISOString() });
    },

    async markFailed(id: string, attempt: number, error: string): Promise<void> {
      await ownRow(id, attempt)
        .set({ status: 'failed', locked_until: null, last_error: error, finished_at: clock().toISOString() })
        .execute();
    },

    async markForRetry(id: string, attempt: number, error: string, delayMs: number): Promise<void> {
      await ownRow(id, attempt)
        .set({ status: 'queued', locked_until: null, last_error: error, run_at: at(delayMs) })
        .execute();
    },

    /** Renews this try's lease; false when the row is no longer this try's (taken over). */
    async renewLease(id: string, attempt: number, leaseMs: number): Promise<boolean> {
      const result = await ownRow(id, attempt)
        .set({ locked_until: at(leaseMs) })
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Enqueues the schedule's run when it is due: the instance that moves next_run_at on does it.
     * `enqueue` adds the job in the same transaction.
     */
    async runSchedule(
      name: string,
      everyMs: number,
      enqueue: (trx: Kysely<Database>) => Promise<unknown>,
    ): Promise<void> {
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
        if (Number(moved.numUpdatedRows) === 1) await enqueue(trx);
      });
    },

    /** Due jobs not yet running (counted up to `cap`), and how long the oldest has waited, in s. */
    async countDue(
      executor: Kysely<Database>,
      cap: number,
    ): Promise<{ count: number; oldestAgeSeconds: number | null }> {
      const now = clock();
      const due = (qb: Kysely<Database>) =>
        qb.selectFrom('jobs').where('status', '=', 'queued').where('run_at', '<=', now.toISOString());
      const [counted, oldest] = await Promise.all([
        executor
          .selectFrom(due(executor).select('id').limit(cap).as('due'))
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirst(),
        due(executor).select('run_at').orderBy('run_at').limit(1).executeTakeFirst(),
      ]);
      return {
        count: Number(counted?.n ?? 0),
        oldestAgeSeconds: oldest ? Math.max(0, (now.getTime() - Date.parse(oldest.run_at)) / 1000) : null,
      };
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

    /** Deletes finished jobs older than `days`, a batch at a time (the purge calls it). */
    purgeFinished(days: number, batchSize?: number): Promise<number> {
      const cutoff = new Date(clock().getTime() - days * 24 * 60 * 60 * 1000).toISOString();
      return deleteInBatches(async (limit) => {
        const result = await db
          .deleteFrom('jobs')
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('jobs')
              .select('id')
              .where('status', '=', 'done')
              .where('finished_at', '<', cutoff)
              .limit(limit),
          )
          .executeTakeFirst();
        return Number(result.numDeletedRows);
      }, batchSize);
    },
  };
}

export type JobStore = ReturnType<typeof createJobStore>;
