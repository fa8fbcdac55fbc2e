import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

// Issue 29, decision 049: the queue page (the three counts and page 1 of a queue) at 100,000
// claims reads only open claims through partial indexes, in its own order, so neither the pool's
// oldest closed claims nor the mileage drafts are walked to find the first 50 open ones.
//   <table>_queue_idx   (owner_id, submitted, id) WHERE status IN (the open statuses)
//   <table>_pool_idx    (submitted, id) WHERE owner_id IS NULL AND status IN (the open statuses)
// The pool's own index is for PostgreSQL: `owner_id IS NULL` does not fix the first column of
// the queue index for its planner (`owner_id = ?` does), so it would sort every unallocated claim.
// It replaces migration 019's (owner_id, submitted) index, which had no id (a sort of every row of
// the same date) and held drafts and closed claims (read row by row and thrown away).
// On PostgreSQL the date is NULLS FIRST, the order the list asks for (ascending, NULLs first;
// read backwards it is descending with NULLs last); SQLite sorts NULLs that way already.

/**
 * The open statuses (D34) as of this migration: the index's predicate. The list repeats it as
 * literals (claim-list-queries.ts), so the database can prove its queries are within the index;
 * migration-026.test.ts checks it is still the domain's list of open statuses.
 */
export const QUEUE_INDEX_STATUSES = [
  'submitted',
  'in-review',
  'information-requested',
  'ready-for-hmrc',
  'sent-to-hmrc',
] as const;

const TABLES = [
  ['form_responses', 'created_at'],
  ['onboarding_claims', 'submitted_at'],
] as const;

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const nullsFirst = isPostgres(db) ? sql` nulls first` : sql``;
  const open = sql.join(QUEUE_INDEX_STATUSES.map((s) => sql.lit(s)));
  for (const [table, submitted] of TABLES) {
    await sql`create index ${sql.id(`${table}_queue_idx`)} on ${sql.table(table)}
      (owner_id, ${sql.ref(submitted)}${nullsFirst}, id) where status in (${open})`.execute(db);
    await sql`create index ${sql.id(`${table}_pool_idx`)} on ${sql.table(table)}
      (${sql.ref(submitted)}${nullsFirst}, id) where owner_id is null and status in (${open})`.execute(db);
    await db.schema.dropIndex(`${table}_owner_submitted_idx`).ifExists().execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, submitted] of TABLES) {
    await db.schema
      .createIndex(`${table}_owner_submitted_idx`)
      .on(table)
      .columns(['owner_id', submitted])
      .execute();
    await db.schema.dropIndex(`${table}_queue_idx`).ifExists().execute();
    await db.schema.dropIndex(`${table}_pool_idx`).ifExists().execute();
  }
}
