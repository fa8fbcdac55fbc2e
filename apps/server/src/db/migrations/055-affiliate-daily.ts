import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import { dropRollUp, keepRollUp, type RollUp, type RollUpSource } from '../roll-up-triggers.ts';

// Issue 45 (decision 091): the affiliate report (D22) counts claims by affiliate and status over
// the days they were started, with their estimates and repayments. Read from the claims, a year
// walks every claim started in it (a third of a million rows at a million claims). This table
// holds the same figures per UTC day, kind, affiliate and status, kept by triggers in the
// writing statement's own transaction as the dashboard's roll-up is (migration 051,
// db/roll-up-triggers.ts):
//
//   affiliate_daily  day        the UTC day the claim was started (created_at)
//                    kind       'general' or 'mileage'
//                    affiliate  '' for none
//                    status     the claim's status now
//                    claims, estimated (the claimant's estimate of a submitted mileage claim),
//                    repaid_pence  the sums

const TABLES = [
  { table: 'form_responses', kind: 'general' },
  { table: 'onboarding_claims', kind: 'mileage' },
] as const;
type Table = (typeof TABLES)[number];

const KEY = ['day', 'kind', 'affiliate', 'status'] as const;
const SUMS = ['claims', 'estimated', 'repaid_pence'] as const;
/** The claim columns the rows are made of: an update runs the triggers when one changes. */
const READ = ['created_at', 'affiliate_name', 'status', 'repaid_pence'];

/**
 * A mileage claim's estimate once submitted, 0 while a draft: the report sums submitted claims'
 * estimates only, and a wizard save that changes a draft's estimate must not write this table.
 */
const submittedEstimate = (col: (name: string) => RawBuilder<unknown>) =>
  sql`case when ${col('status')} <> 'draft' then coalesce(${col('estimated_rebate_claimant')}, 0) else 0 end`;

/** A claim's row, `sign` times its figures; `row` 'new' or 'old', or null for the table's rows. */
function rowOf(t: Table, row: 'new' | 'old' | null, sign: 1 | -1): RawBuilder<unknown> {
  const prefix = row === null ? '' : `${row}.`;
  const col = (name: string) => sql.raw(`${prefix}${name}`);
  const estimate = t.kind === 'mileage' ? submittedEstimate(col) : sql`cast(0 as double precision)`;
  const from = row === null ? sql` from ${sql.table(t.table)}` : sql``;
  return sql`select substr(${col('created_at')}, 1, 10) as day, ${sql.lit(t.kind)} as kind,
    coalesce(${col('affiliate_name')}, '') as affiliate, ${col('status')} as status,
    ${sql.lit(sign)} as claims, ${sql.lit(sign)} * ${estimate} as estimated,
    ${sql.lit(sign)} * coalesce(${col('repaid_pence')}, 0) as repaid_pence${from}`;
}

function changed(t: Table, distinct: RawBuilder<unknown>): RawBuilder<unknown> {
  const tests = READ.map((c) => sql`old.${sql.ref(c)} ${distinct} new.${sql.ref(c)}`);
  if (t.kind === 'mileage')
    tests.push(
      sql`${submittedEstimate((c) => sql.raw(`old.${c}`))} ${distinct} ${submittedEstimate((c) => sql.raw(`new.${c}`))}`,
    );
  return sql.join(tests, sql` or `);
}

const ROLL_UP: RollUp = {
  table: 'affiliate_daily',
  key: KEY,
  sums: SUMS,
  triggerName: (claims) => `${claims}_affiliate_daily`,
};

const SOURCES = TABLES.map((t): RollUpSource => ({
  claims: t.table,
  rowsOf: (row, sign) => rowOf(t, row, sign),
  changed: (distinct) => changed(t, distinct),
}));

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('affiliate_daily')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('affiliate', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('claims', 'bigint', (c) => c.notNull())
    .addColumn('estimated', 'double precision', (c) => c.notNull())
    .addColumn('repaid_pence', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('affiliate_daily_pk', [...KEY])
    .execute();
  await keepRollUp(db, ROLL_UP, SOURCES);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRollUp(db, ROLL_UP, SOURCES);
}
