import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { QUEUE_INDEX_STATUSES } from './026-queue-indexes.ts';

// Issue 45: the admins' dashboard (decision 072), in one migration: the funnel's anonymous counts
// and the indexes its figures are read from.
//
// The funnel, counted without personal data: one row per UK day and step (landing, expenses,
// claim, details, signed) holding only how many times the step was reached that day: no cookie,
// no session id, no IP address, no affiliate, nothing that could tell one visitor from another.
// The server adds to it (modules/dashboard/funnel-steps.ts).
//
// The dashboard's aggregates read indexes only, never the claims' rows.
// Each index holds every column its query reads, in the order it filters by, so SQLite and
// PostgreSQL answer from the index (a covering index; an index-only scan):
//   <table>_dash_made_idx    (submitted, affiliate_name)                    claims made per week
//   <table>_dash_open_idx    (status, submitted, affiliate_name) WHERE open  claims waiting now
//   <table>_dash_sent_idx    (sent_on, affiliate_name) WHERE sent_on set     sent to HMRC
//   <table>_dash_repaid_idx  (repaid_on, affiliate_name, submitted, the three amounts) WHERE repaid
//   case_year_answers_dash_idx (decided_on, case_id, year, version, decision) HMRC's answers
// The open statuses are migration 026's, written as literals as the queries write them, so the
// database can prove a query is within the partial index.

const TABLES = [
  ['form_responses', 'created_at'],
  ['onboarding_claims', 'submitted_at'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('funnel_steps')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('funnel_steps_pk', ['day', 'step'])
    .execute();
  const open = sql.join(QUEUE_INDEX_STATUSES.map((s) => sql.lit(s)));
  for (const [table, submitted] of TABLES) {
    const t = sql.table(table);
    const made = sql.ref(submitted);
    await sql`create index ${sql.id(`${table}_dash_made_idx`)} on ${t} (${made}, affiliate_name)`.execute(db);
    await sql`create index ${sql.id(`${table}_dash_open_idx`)} on ${t}
      (status, ${made}, affiliate_name) where status in (${open})`.execute(db);
    await sql`create index ${sql.id(`${table}_dash_sent_idx`)} on ${t}
      (sent_on, affiliate_name) where sent_on is not null`.execute(db);
    await sql`create index ${sql.id(`${table}_dash_repaid_idx`)} on ${t}
      (repaid_on, affiliate_name, ${made}, repaid_pence, fee_pence, claimant_pence)
      where repaid_on is not null`.execute(db);
  }
  await db.schema
    .createIndex('case_year_answers_dash_idx')
    .on('case_year_answers')
    .columns(['decided_on', 'case_id', 'year', 'version', 'decision'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('case_year_answers_dash_idx').execute();
  for (const [table] of TABLES)
    for (const suffix of ['made', 'open', 'sent', 'repaid'])
      await db.schema.dropIndex(`${table}_dash_${suffix}_idx`).execute();
  await db.schema.dropTable('funnel_steps').execute();
}
