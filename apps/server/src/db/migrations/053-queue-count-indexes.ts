import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Issue 45 (decision 090): the queue page counts each queue (all, unallocated, mine) up to 10,000 (decision 071).
// Since D38 (migration 042) every count also tests `follows_case = 0` (a case is listed once), a
// column no index held: each count read every row it counted, from the table. At 100,000 claims
// on SQLite the queue page's three counts took 40-50 ms of its 59 (a quiet machine). This index
// holds the three columns the counts test, in the order their equalities come, so every count is
// answered from the index alone.

const TABLES = ['form_responses', 'onboarding_claims'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES)
    await sql`create index ${sql.id(`${table}_queue_count_idx`)}
      on ${sql.table(table)} (follows_case, owner_id, status)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES)
    await sql`drop index if exists ${sql.id(`${table}_queue_count_idx`)}`.execute(db);
}
