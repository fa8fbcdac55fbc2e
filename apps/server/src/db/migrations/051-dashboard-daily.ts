import { PostgresAdapter, sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import { QUEUE_INDEX_STATUSES } from './026-queue-indexes.ts';

// Issue 45 (decision 085): the dashboard's per-claim figures counted per day, kept by the database
// itself. Its statements otherwise walk every claim of the range (100,000 index entries for a
// year at 100,000 claims); this table holds a few rows per day, kind and affiliate.
//
//   dashboard_daily  measure   'made'   a claim made (a general claim when its row is inserted, a
//                                       mileage claim once it has a submission date)
//                             'open'   an open claim now, by status (the open statuses of 026)
//                             'sent'   a claim sent to HMRC
//                             'repaid' a claim HMRC repaid, with its three amounts
//                    day      the UTC day it was made ('made', 'open'), sent_on ('sent') or
//                             repaid_on ('repaid')
//                    kind, affiliate ('' for none), status ('' but for 'open')
//                    late     1 when made at 23:xx UTC (the only hour that can be the next UK day)
//                    made_day 'repaid' only: the UTC day it was made ('' when not made)
//                    claims, repaid_pence, fee_pence, claimant_pence  the sums
//
// Triggers on each claim table take a claim's rows away and add its new ones whenever a column
// they read changes (and add or take them on insert or delete), in the same statement as the
// write, on SQLite and PostgreSQL alike: no write path can forget them, and a rolled-back write
// rolls them back. The claims already there are counted once here.

const TABLES = [
  { table: 'form_responses', kind: 'general', made: 'created_at' },
  { table: 'onboarding_claims', kind: 'mileage', made: 'submitted_at' },
] as const;
type Table = (typeof TABLES)[number];

const KEY = ['measure', 'day', 'kind', 'affiliate', 'status', 'late', 'made_day'] as const;
const SUMS = ['claims', 'repaid_pence', 'fee_pence', 'claimant_pence'] as const;
/** The claim columns the rows are made of: a trigger runs when one of them changes. */
const READ = [
  'affiliate_name',
  'status',
  'sent_on',
  'repaid_on',
  'repaid_pence',
  'fee_pence',
  'claimant_pence',
];

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** A claim's rows, each `sign` times its figures, for `row` ('new', 'old', or the table's rows). */
function rowsOf(t: Table, row: 'new' | 'old' | null, sign: 1 | -1): RawBuilder<unknown> {
  const col = (name: string) => (row === null ? sql.ref(name) : sql.ref(`${row}.${name}`));
  const made = col(t.made);
  const kind = sql.lit(t.kind);
  const aff = sql`coalesce(${col('affiliate_name')}, '')`;
  const late = sql`case when substr(${made}, 12, 2) = '23' then 1 else 0 end`;
  const one = sql.lit(sign);
  const open = sql.join(QUEUE_INDEX_STATUSES.map((s) => sql.lit(s)));
  const pence = (name: string) => sql`${one} * coalesce(${col(name)}, 0)`;
  const from = row === null ? sql` from ${sql.table(t.table)}` : sql``;
  return sql`
    select 'made' as measure, substr(${made}, 1, 10) as day, ${kind} as kind, ${aff} as affiliate,
      '' as status, ${late} as late, '' as made_day, ${one} as claims, 0 as repaid_pence,
      0 as fee_pence, 0 as claimant_pence${from} where ${made} is not null
    union all select 'open', substr(${made}, 1, 10), ${kind}, ${aff}, ${col('status')}, ${late}, '',
      ${one}, 0, 0, 0${from} where ${made} is not null and ${col('status')} in (${open})
    union all select 'sent', ${col('sent_on')}, ${kind}, ${aff}, '', 0, '', ${one}, 0, 0, 0${from}
      where ${col('sent_on')} is not null
    union all select 'repaid', ${col('repaid_on')}, ${kind}, ${aff}, '', ${late},
      coalesce(substr(${made}, 1, 10), ''), ${one}, ${pence('repaid_pence')}, ${pence('fee_pence')},
      ${pence('claimant_pence')}${from} where ${col('repaid_on')} is not null`;
}

/** Adds a claim's rows (or takes them away) in one upsert. */
function apply(t: Table, row: 'new' | 'old', sign: 1 | -1): RawBuilder<unknown> {
  const columns = sql.join([...KEY, ...SUMS].map((c) => sql.id(c)));
  const sums = sql.join(
    SUMS.map((c) => sql`${sql.id(c)} = dashboard_daily.${sql.id(c)} + excluded.${sql.id(c)}`),
  );
  // The WHERE keeps SQLite from reading ON CONFLICT as a join's ON.
  return sql`insert into dashboard_daily (${columns})
    select * from (${rowsOf(t, row, sign)}) as claim_rows where true
    on conflict (${sql.join(KEY.map((c) => sql.id(c)))}) do update set ${sums}`;
}

/** An update that changes none of the columns read leaves the rows as they are. */
function changed(t: Table, distinct: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql.join(
    [t.made, ...READ].map((c) => sql`old.${sql.ref(c)} ${distinct} new.${sql.ref(c)}`),
    sql` or `,
  );
}

async function sqliteTriggers(db: Kysely<unknown>, t: Table): Promise<void> {
  const name = (op: string) => sql.id(`${t.table}_dashboard_${op}`);
  await sql`create trigger ${name('insert')} after insert on ${sql.table(t.table)}
    begin ${apply(t, 'new', 1)}; end`.execute(db);
  await sql`create trigger ${name('delete')} after delete on ${sql.table(t.table)}
    begin ${apply(t, 'old', -1)}; end`.execute(db);
  await sql`create trigger ${name('update')} after update on ${sql.table(t.table)}
    when ${changed(t, sql`is not`)}
    begin ${apply(t, 'old', -1)}; ${apply(t, 'new', 1)}; end`.execute(db);
}

async function postgresTriggers(db: Kysely<unknown>, t: Table): Promise<void> {
  const fn = sql.id(`${t.table}_dashboard`);
  await sql`create function ${fn}() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and not (${changed(t, sql`is distinct from`)}) then return null; end if;
      if tg_op in ('UPDATE', 'DELETE') then ${apply(t, 'old', -1)}; end if;
      if tg_op in ('UPDATE', 'INSERT') then ${apply(t, 'new', 1)}; end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger ${fn} after insert or delete or update on ${sql.table(t.table)}
    for each row execute function ${fn}()`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dashboard_daily')
    .addColumn('measure', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('affiliate', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('late', 'integer', (c) => c.notNull())
    .addColumn('made_day', 'text', (c) => c.notNull())
    .addColumn('claims', 'bigint', (c) => c.notNull())
    .addColumn('repaid_pence', 'bigint', (c) => c.notNull())
    .addColumn('fee_pence', 'bigint', (c) => c.notNull())
    .addColumn('claimant_pence', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('dashboard_daily_pk', [...KEY])
    .execute();
  for (const t of TABLES) {
    const columns = sql.join([...KEY, ...SUMS].map((c) => sql.id(c)));
    const sums = sql.join(SUMS.map((c) => sql`sum(${sql.id(c)})`));
    await sql`insert into dashboard_daily (${columns})
      select ${sql.join(KEY.map((c) => sql.id(c)))}, ${sums} from (${rowsOf(t, null, 1)}) as claim_rows
      where true group by ${sql.join(KEY.map((c) => sql.id(c)))}
      on conflict (${sql.join(KEY.map((c) => sql.id(c)))}) do nothing`.execute(db);
    if (isPostgres(db)) await postgresTriggers(db, t);
    else await sqliteTriggers(db, t);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of TABLES) {
    if (isPostgres(db)) {
      await sql`drop trigger ${sql.id(`${t.table}_dashboard`)} on ${sql.table(t.table)}`.execute(db);
      await sql`drop function ${sql.id(`${t.table}_dashboard`)}()`.execute(db);
    } else {
      for (const op of ['insert', 'delete', 'update'])
        await sql`drop trigger ${sql.id(`${t.table}_dashboard_${op}`)}`.execute(db);
    }
  }
  await db.schema.dropTable('dashboard_daily').execute();
}
