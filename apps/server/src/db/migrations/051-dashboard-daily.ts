import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import { QUEUE_INDEX_STATUSES } from './026-queue-indexes.ts';
import { dropRollUp, keepRollUp, type RollUp, type RollUpSource } from '../roll-up-triggers.ts';

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
// Triggers on each claim table keep it as the claims are written (db/roll-up-triggers.ts). The
// claims already there are counted once here.

/** The claim tables: each one's kind and the column that says when a claim of it was made. */
export const TABLES = [
  { table: 'form_responses', kind: 'general', made: 'created_at' },
  { table: 'onboarding_claims', kind: 'mileage', made: 'submitted_at' },
] as const;
export type Table = (typeof TABLES)[number];

const KEY = ['measure', 'day', 'kind', 'affiliate', 'status', 'late', 'made_day'] as const;
export const SUMS = ['claims', 'repaid_pence', 'fee_pence', 'claimant_pence'] as const;
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

/** An update that changes none of the columns read leaves the rows as they are. */
export function changed(t: Table, distinct: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql.join(
    [t.made, ...READ].map((c) => sql`old.${sql.ref(c)} ${distinct} new.${sql.ref(c)}`),
    sql` or `,
  );
}

const ROLL_UP: RollUp = {
  table: 'dashboard_daily',
  key: KEY,
  sums: SUMS,
  triggerName: (claims) => `${claims}_dashboard`,
};

const SOURCES = TABLES.map((t): RollUpSource => ({
  claims: t.table,
  rowsOf: (row, sign) => rowsOf(t, row, sign),
  changed: (distinct) => changed(t, distinct),
}));

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
  await keepRollUp(db, ROLL_UP, SOURCES);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRollUp(db, ROLL_UP, SOURCES);
}
