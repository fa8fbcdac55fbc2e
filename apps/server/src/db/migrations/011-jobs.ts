import type { Kysely } from 'kysely';

// Issue 15, decision 022: durable jobs. A job is a row, inserted in the same transaction as the
// change that causes it; any instance may run it (claimed atomically, with a lease so a crashed
// instance's job runs again). Schedules are rows too: the instance that moves a schedule's
// next_run_at forward is the one that enqueues its run, so a scheduled job runs once in all.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    // queued → running → done | failed (after max_attempts); a failed try goes back to queued.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_at']).execute();
  await db.schema
    .createTable('job_schedules')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('next_run_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_schedules').ifExists().execute();
  await db.schema.dropIndex('jobs_due_idx').ifExists().execute();
  await db.schema.dropTable('jobs').ifExists().execute();
}
