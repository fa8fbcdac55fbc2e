import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

// Issue 45 (decision 093), PostgreSQL only: how many claims a search finds, as its planner
// guesses it. ANALYZE keeps a histogram of 100 values of the search text (migration 039's
// expression), and a term inside the text ('%smith%') is guessed from how many of those 100 hold
// it: at a million claims it guessed 45 Smiths in the general claims where there are 5,629, so it
// read and sorted every one for a page of 50 (60 ms) rather than walking the date index until it
// had 50 (8 ms). A histogram of 1,000 values guessed 3,604. ANALYZE then reads 300,000 rows a table.

const TABLES = ['form_responses', 'onboarding_claims'] as const;

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

async function setStatistics(db: Kysely<unknown>, target: number): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of TABLES) {
    await sql`alter index ${sql.id(`${table}_search_trgm_idx`)} alter column 1
      set statistics ${sql.lit(target)}`.execute(db);
    await sql`analyze ${sql.table(table)}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await setStatistics(db, 1000);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await setStatistics(db, -1);
}
