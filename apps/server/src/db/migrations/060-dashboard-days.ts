import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import { QUEUE_INDEX_STATUSES } from './026-queue-indexes.ts';
import * as dashboardDaily from './051-dashboard-daily.ts';
import * as waitingIndex from './057-waiting-index.ts';
import { dropRollUp, isPostgres, keepRollUp, type RollUp, type RollUpSource } from '../roll-up-triggers.ts';

// Issue 45 (decision 096): the dashboard's daily counts by UK day and ISO week, in place of
// migration 051's by UTC day. 051 counted a claim under its UTC day and whether it was made at
// 23:xx UTC, and the server turned every row into a UK day and a week: at a million claims a year's
// dashboard read and built about 20,000 rows, and missed its 50 ms p99 on PostgreSQL. This table
// holds the UK day itself and its week, so the dashboard sums weeks in SQL:
//
//   dashboard_days  measure   'made'   a claim made (a general claim when its row is inserted, a
//                                      mileage claim once it has a submission date)
//                            'open'   an open claim now, by status (the open statuses of 026)
//                            'sent'   a claim sent to HMRC
//                            'repaid' a claim HMRC repaid, with its three amounts
//                            'wait'   a claim HMRC repaid that has a day made, by its days waited
//                   week      the Monday of the day's ISO week
//                   day       the UK day made ('made', 'open'), sent_on ('sent') or repaid_on
//                             ('repaid', 'wait'; both UK dates already, D35)
//                   kind, affiliate ('' for none), status ('' but for 'open')
//                   wait_days 'wait' only: days from the UK day made to the day repaid; else 0
//                   claims, repaid_pence, fee_pence, claimant_pence  the sums
//
// Each dialect says the UK day its own way, each checked against the domain's clock
// (dashboard-days.integration.test.ts): PostgreSQL from its time-zone database; SQLite, which has
// none, from the rule of the Summer Time Order 2002 (SI 2002/262): summer time begins at 01:00 GMT
// on the last Sunday of March and ends at 01:00 GMT on the last Sunday of October. The UK is then
// one hour ahead, so only 23:xx UTC can be the next UK day, and only in summer.

type Dialect = 'postgres' | 'sqlite';

/** The UK day (YYYY-MM-DD) of an ISO timestamp in UTC, null for null. */
export function ukDayOf(dialect: Dialect, at: RawBuilder<unknown>): RawBuilder<string | null> {
  if (dialect === 'postgres')
    return sql`to_char((${at})::timestamptz at time zone 'Europe/London', 'YYYY-MM-DD')`;
  const day = sql`substr(${at}, 1, 10)`;
  const year = sql`substr(${at}, 1, 4)`;
  // The last Sunday of March and of October: the first Sunday on or after the 25th.
  return sql`case when substr(${at}, 12, 2) = '23'
      and ${day} >= date(${year} || '-03-25', 'weekday 0')
      and ${day} < date(${year} || '-10-25', 'weekday 0')
    then date(${day}, '+1 day') else ${day} end`;
}

/** The Monday (YYYY-MM-DD) of a day's ISO week. */
export function weekOf(dialect: Dialect, day: RawBuilder<unknown>): RawBuilder<string> {
  if (dialect === 'postgres')
    return sql`to_char((${day})::date - (extract(isodow from (${day})::date)::int - 1), 'YYYY-MM-DD')`;
  // Six days back, then forward to the next Monday (the day itself when it is one).
  return sql`date(${day}, '-6 days', 'weekday 1')`;
}

/** Whole days from one day (YYYY-MM-DD) to a later one. */
export function daysFrom(
  dialect: Dialect,
  from: RawBuilder<unknown>,
  to: RawBuilder<unknown>,
): RawBuilder<number> {
  if (dialect === 'postgres') return sql`(${to})::date - (${from})::date`;
  return sql`cast(julianday(${to}) - julianday(${from}) as integer)`;
}

// The claim tables, the sums and the columns whose change moves a claim's rows are 051's.
const { TABLES, SUMS, changed } = dashboardDaily;
type Table = dashboardDaily.Table;

const KEY = ['measure', 'week', 'day', 'kind', 'affiliate', 'status', 'wait_days'] as const;

/** A claim's rows, each `sign` times its figures, for `row` ('new', 'old', or the table's rows). */
function rowsOf(dialect: Dialect, t: Table, row: 'new' | 'old' | null, sign: 1 | -1): RawBuilder<unknown> {
  const col = (name: string) => (row === null ? sql.ref(name) : sql.ref(`${row}.${name}`));
  const one = sql.lit(sign);
  const pence = (name: string) => sql`${one} * coalesce(${col(name)}, 0)`;
  // SQLite takes no WITH inside a trigger, so each measure reads the claim through this subquery.
  const claim = sql`(select ${ukDayOf(dialect, col(t.made))} as made_on,
      coalesce(${col('affiliate_name')}, '') as affiliate, ${col('status')} as status,
      ${col('sent_on')} as sent_on, ${col('repaid_on')} as repaid_on,
      ${pence('repaid_pence')} as repaid_pence, ${pence('fee_pence')} as fee_pence,
      ${pence('claimant_pence')} as claimant_pence
      ${row === null ? sql`from ${sql.table(t.table)}` : sql``}) as claim`;
  const kind = sql.lit(t.kind);
  const [made, sent, repaid] = [sql.ref('made_on'), sql.ref('sent_on'), sql.ref('repaid_on')];
  const open = sql.join(QUEUE_INDEX_STATUSES.map((s) => sql.lit(s)));
  return sql`
    select 'made' as measure, ${weekOf(dialect, made)} as week, made_on as day, ${kind} as kind,
      affiliate, '' as status, 0 as wait_days, ${one} as claims, 0 as repaid_pence, 0 as fee_pence,
      0 as claimant_pence from ${claim} where made_on is not null
    union all select 'open', ${weekOf(dialect, made)}, made_on, ${kind}, affiliate, status, 0, ${one},
      0, 0, 0 from ${claim} where made_on is not null and status in (${open})
    union all select 'sent', ${weekOf(dialect, sent)}, sent_on, ${kind}, affiliate, '', 0, ${one},
      0, 0, 0 from ${claim} where sent_on is not null
    union all select 'repaid', ${weekOf(dialect, repaid)}, repaid_on, ${kind}, affiliate, '', 0,
      ${one}, repaid_pence, fee_pence, claimant_pence from ${claim} where repaid_on is not null
    union all select 'wait', ${weekOf(dialect, repaid)}, repaid_on, ${kind}, affiliate, '',
      ${daysFrom(dialect, made, repaid)}, ${one}, 0, 0, 0 from ${claim}
      where repaid_on is not null and made_on is not null`;
}

const ROLL_UP: RollUp = {
  table: 'dashboard_days',
  key: KEY,
  sums: SUMS,
  triggerName: (claims) => `${claims}_dashboard_days`,
};

function sources(db: Kysely<unknown>): RollUpSource[] {
  const dialect: Dialect = isPostgres(db) ? 'postgres' : 'sqlite';
  return TABLES.map((t) => ({
    claims: t.table,
    rowsOf: (row, sign) => rowsOf(dialect, t, row, sign),
    changed: (distinct) => changed(t, distinct),
  }));
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await dashboardDaily.down(db);
  await db.schema
    .createTable('dashboard_days')
    .addColumn('measure', 'text', (c) => c.notNull())
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('affiliate', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('wait_days', 'integer', (c) => c.notNull())
    .addColumn('claims', 'bigint', (c) => c.notNull())
    .addColumn('repaid_pence', 'bigint', (c) => c.notNull())
    .addColumn('fee_pence', 'bigint', (c) => c.notNull())
    .addColumn('claimant_pence', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('dashboard_days_pk', [...KEY])
    .execute();
  // Open claims now are summed per status and day over every kind and affiliate (decision 093):
  // in this order, with every column read, the sum streams from the index alone.
  await sql`create index dashboard_days_waiting_idx
    on dashboard_days (measure, status, day, kind, affiliate, claims)`.execute(db);
  await keepRollUp(db, ROLL_UP, sources(db));
  // PostgreSQL plans the dashboard's statements from the new table's statistics at once, rather
  // than whenever autovacuum first analyzes it (SQLite has none to gather).
  if (isPostgres(db)) await sql`analyze dashboard_days`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRollUp(db, ROLL_UP, sources(db));
  await dashboardDaily.up(db);
  await waitingIndex.up(db);
}
