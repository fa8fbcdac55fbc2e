import { PostgresAdapter, sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';

// Issue 45 (decisions 085, 091 and 096): the roll-ups the database keeps beside the claims
// (dashboard_daily, migration 051, since replaced by 060's dashboard_days; affiliate_daily,
// migration 055). Triggers on each claim table take a claim's rows away and add its new ones
// whenever a column they read changes (and add or take them on insert or delete), in the same
// statement as the write, on SQLite and PostgreSQL alike: no write path can forget them, and a
// rolled-back write rolls them back.

/** A roll-up table: its name, key and summed columns, and its triggers' names on a claim table. */
export interface RollUp {
  table: string;
  key: readonly string[];
  sums: readonly string[];
  /** The triggers' (and PostgreSQL's trigger function's) name on claim table `claims`. */
  triggerName: (claims: string) => string;
}

/** One claim table's rows in a roll-up, and when an update changes them. */
export interface RollUpSource {
  claims: string;
  /** A claim's rows in the roll-up, `sign` times its figures, for `row` ('new', 'old', or null for the table's). */
  rowsOf: (row: 'new' | 'old' | null, sign: 1 | -1) => RawBuilder<unknown>;
  /** Whether an update changed a column the rows are made of (`distinct`: the dialect's test). */
  changed: (distinct: RawBuilder<unknown>) => RawBuilder<unknown>;
}

/** Whether `db` is PostgreSQL (the roll-ups' triggers and some of their rows differ by dialect). */
export const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;
const ids = (names: readonly string[]) => sql.join(names.map((c) => sql.id(c)));

/** Adds a claim's rows to the roll-up (or takes them away, with `sign` -1) in one upsert. */
function apply(rollUp: RollUp, source: RollUpSource, row: 'new' | 'old', sign: 1 | -1): RawBuilder<unknown> {
  const sums = sql.join(
    rollUp.sums.map(
      (c) => sql`${sql.id(c)} = ${sql.table(rollUp.table)}.${sql.id(c)} + excluded.${sql.id(c)}`,
    ),
  );
  // The WHERE keeps SQLite from reading ON CONFLICT as a join's ON.
  return sql`insert into ${sql.table(rollUp.table)} (${ids([...rollUp.key, ...rollUp.sums])})
    select * from (${source.rowsOf(row, sign)}) as claim_rows where true
    on conflict (${ids(rollUp.key)}) do update set ${sums}`;
}

/** Counts the claims already in a claim table. */
async function countExisting(db: Kysely<unknown>, rollUp: RollUp, source: RollUpSource) {
  const sums = sql.join(rollUp.sums.map((c) => sql`sum(${sql.id(c)})`));
  await sql`insert into ${sql.table(rollUp.table)} (${ids([...rollUp.key, ...rollUp.sums])})
    select ${ids(rollUp.key)}, ${sums} from (${source.rowsOf(null, 1)}) as claim_rows
    where true group by ${ids(rollUp.key)}
    on conflict (${ids(rollUp.key)}) do nothing`.execute(db);
}

/** The triggers that keep the roll-up as a claim table's rows are written. */
async function createRollUpTriggers(
  db: Kysely<unknown>,
  rollUp: RollUp,
  source: RollUpSource,
): Promise<void> {
  const claims = sql.table(source.claims);
  const name = rollUp.triggerName(source.claims);
  if (isPostgres(db)) {
    const fn = sql.id(name);
    await sql`create function ${fn}() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and not (${source.changed(sql`is distinct from`)}) then return null; end if;
        if tg_op in ('UPDATE', 'DELETE') then ${apply(rollUp, source, 'old', -1)}; end if;
        if tg_op in ('UPDATE', 'INSERT') then ${apply(rollUp, source, 'new', 1)}; end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger ${fn} after insert or delete or update on ${claims}
      for each row execute function ${fn}()`.execute(db);
    return;
  }
  const trigger = (op: string) => sql.id(`${name}_${op}`);
  await sql`create trigger ${trigger('insert')} after insert on ${claims}
    begin ${apply(rollUp, source, 'new', 1)}; end`.execute(db);
  await sql`create trigger ${trigger('delete')} after delete on ${claims}
    begin ${apply(rollUp, source, 'old', -1)}; end`.execute(db);
  await sql`create trigger ${trigger('update')} after update on ${claims}
    when ${source.changed(sql`is not`)}
    begin ${apply(rollUp, source, 'old', -1)}; ${apply(rollUp, source, 'new', 1)}; end`.execute(db);
}

/** Drops the triggers createRollUpTriggers made on claim table `claims`. */
async function dropRollUpTriggers(db: Kysely<unknown>, rollUp: RollUp, claims: string): Promise<void> {
  const name = rollUp.triggerName(claims);
  if (isPostgres(db)) {
    await sql`drop trigger ${sql.id(name)} on ${sql.table(claims)}`.execute(db);
    await sql`drop function ${sql.id(name)}()`.execute(db);
    return;
  }
  for (const op of ['insert', 'delete', 'update'])
    await sql`drop trigger ${sql.id(`${name}_${op}`)}`.execute(db);
}

/** Fills a new roll-up table with the claims already there, then keeps it by triggers. */
export async function keepRollUp(db: Kysely<unknown>, rollUp: RollUp, sources: readonly RollUpSource[]) {
  for (const source of sources) {
    await countExisting(db, rollUp, source);
    await createRollUpTriggers(db, rollUp, source);
  }
}

/** Drops a roll-up's triggers, then its table. */
export async function dropRollUp(db: Kysely<unknown>, rollUp: RollUp, sources: readonly RollUpSource[]) {
  for (const source of sources) await dropRollUpTriggers(db, rollUp, source.claims);
  await db.schema.dropTable(rollUp.table).execute();
}
