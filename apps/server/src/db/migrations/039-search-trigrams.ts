import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';
import { GENERAL_SEARCH_DOCUMENT, MILEAGE_SEARCH_DOCUMENT } from '../search-document.ts';

// Issue 45: the operators' search by name, email, phone or reference finds a term anywhere in a
// claim's fields ('%term%'), which no B-tree index answers. On PostgreSQL a GIN trigram index
// (pg_trgm, a trusted extension) on each claim table's search document (../search-document.ts)
// answers it at a million claims. SQLite keeps the scan (fast enough at the embedded scale;
// decision 070).

const INDEXES = [
  ['form_responses', GENERAL_SEARCH_DOCUMENT],
  ['onboarding_claims', MILEAGE_SEARCH_DOCUMENT],
] as const;

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create extension if not exists pg_trgm`.execute(db);
  for (const [table, document] of INDEXES)
    await sql`create index ${sql.id(`${table}_search_trgm_idx`)} on ${sql.table(table)}
      using gin ((${sql.raw(document)}) gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [table] of INDEXES)
    await sql`drop index if exists ${sql.id(`${table}_search_trgm_idx`)}`.execute(db);
}
