import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

// Issue 45: the claims list at a million claims. A page of 50 sorted by date or by name, with or
// without a status, is read from an index in the list's own order: (status?, column NULLS FIRST,
// id). Read forwards it is the ascending order (NULLs first), backwards the descending one (NULLs
// last), exactly as the list sorts (claim-list-queries.ts), so no page sorts every claim of a
// status (at a million: 55,000 rows and 100-200 ms on PostgreSQL). They replace migration 003's
// (status, date) and (status, name) indexes, which had no id and, on PostgreSQL, the other NULLs
// order. SQLite sorts NULLs first already.

const TABLES = [
  ['form_responses', 'created_at'],
  ['onboarding_claims', 'submitted_at'],
] as const;

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

function indexesOf(table: string, submitted: string) {
  return [
    { name: `${table}_submitted_sort_idx`, columns: [null, submitted] },
    { name: `${table}_status_submitted_sort_idx`, columns: ['status', submitted] },
    { name: `${table}_name_sort_idx`, columns: [null, 'full_name'] },
    { name: `${table}_status_name_sort_idx`, columns: ['status', 'full_name'] },
  ] as const;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const nullsFirst = isPostgres(db) ? sql` nulls first` : sql``;
  for (const [table, submitted] of TABLES) {
    for (const index of indexesOf(table, submitted)) {
      const [first, sorted] = index.columns;
      const lead = first ? sql`${sql.ref(first)}, ` : sql``;
      await sql`create index ${sql.id(index.name)} on ${sql.table(table)}
        (${lead}${sql.ref(sorted)}${nullsFirst}, id)`.execute(db);
    }
  }
  for (const name of [
    'onboarding_claims_submitted_idx',
    'form_responses_status_created_idx',
    'form_responses_status_name_idx',
    'onboarding_claims_status_name_idx',
  ])
    await db.schema.dropIndex(name).ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, submitted] of TABLES)
    for (const index of indexesOf(table, submitted))
      await db.schema.dropIndex(index.name).ifExists().execute();
  await db.schema
    .createIndex('onboarding_claims_submitted_idx')
    .on('onboarding_claims')
    .columns(['status', 'submitted_at'])
    .execute();
  await db.schema
    .createIndex('form_responses_status_created_idx')
    .on('form_responses')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('form_responses_status_name_idx')
    .on('form_responses')
    .columns(['status', 'full_name'])
    .execute();
  await db.schema
    .createIndex('onboarding_claims_status_name_idx')
    .on('onboarding_claims')
    .columns(['status', 'full_name'])
    .execute();
}
