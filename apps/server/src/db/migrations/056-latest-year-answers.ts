import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

// Issue 45 (decision 091): the dashboard counts HMRC's answers per day decided, each year of a
// case by its latest version (D40). Read from every version, each answer in the range was checked
// against its case's other versions: at a million claims a year's 16,600 answers took 65-80 ms on
// PostgreSQL. This table holds each case year's latest version alone, kept by a trigger on every
// version written (versions are never changed or deleted: migration 036), so the dashboard counts
// the rows of its range from one index.
//
//   case_year_latest  case_id, year  the case year (the key)
//                     version, decided_on, decision  of its latest version

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The new version in, if it is the case year's latest (a version is written once, in order). */
const upsert = sql`insert into case_year_latest (case_id, year, version, decided_on, decision)
  values (new.case_id, new.year, new.version, new.decided_on, new.decision)
  on conflict (case_id, year) do update set version = excluded.version,
    decided_on = excluded.decided_on, decision = excluded.decision
  where excluded.version > case_year_latest.version`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('case_year_latest')
    .addColumn('case_id', 'text', (c) => c.notNull())
    .addColumn('year', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('decided_on', 'text', (c) => c.notNull())
    .addColumn('decision', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('case_year_latest_pk', ['case_id', 'year'])
    .execute();
  await sql`insert into case_year_latest (case_id, year, version, decided_on, decision)
    select a.case_id, a.year, a.version, a.decided_on, a.decision from case_year_answers a
    where a.version = (select max(b.version) from case_year_answers b
                       where b.case_id = a.case_id and b.year = a.year)`.execute(db);
  await db.schema
    .createIndex('case_year_latest_dash_idx')
    .on('case_year_latest')
    .columns(['decided_on', 'decision', 'case_id'])
    .execute();
  if (isPostgres(db)) {
    await sql`create function case_year_latest_keep() returns trigger language plpgsql as $$
      begin ${upsert}; return null; end $$`.execute(db);
    await sql`create trigger case_year_latest_keep after insert on case_year_answers
      for each row execute function case_year_latest_keep()`.execute(db);
  } else {
    await sql`create trigger case_year_latest_keep after insert on case_year_answers
      begin ${upsert}; end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger case_year_latest_keep ${sql.raw(isPostgres(db) ? 'on case_year_answers' : '')}`.execute(
    db,
  );
  if (isPostgres(db)) await sql`drop function case_year_latest_keep()`.execute(db);
  await db.schema.dropTable('case_year_latest').execute();
}
