import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

// Issue 45 (decision 091): on SQLite a search finds its claims' ids in the FTS5 index (migration
// 050), then reads each found claim to test the queue, status, affiliate and dates and to sort
// the page. A claim table's key is text, so each read goes through the key's index to the row,
// and the columns the queues added (owner_id, follows_case) sit at the end of a wide row. This
// index holds the id with every column a search tests or sorts by date, so the counts and the
// page's ids are answered from it alone; whole rows are read for the page only. Not a draft's
// last activity: every wizard save changes it, and this index would be written on each (the
// drafts list's search reads it from the row). PostgreSQL's search (pg_trgm, migration 039) reads
// its heap by bitmap and needs none.

const INDEXES = [
  { table: 'form_responses', columns: ['id', 'status', 'owner_id', 'affiliate_name', 'created_at'] },
  {
    table: 'onboarding_claims',
    columns: ['id', 'status', 'owner_id', 'affiliate_name', 'submitted_at'],
  },
] as const;

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const { table, columns } of INDEXES)
    await sql`create index ${sql.id(`${table}_search_lookup_idx`)}
      on ${sql.table(table)} (${sql.join(columns.map((c) => sql.id(c)))})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const { table } of INDEXES)
    await sql`drop index if exists ${sql.id(`${table}_search_lookup_idx`)}`.execute(db);
}
