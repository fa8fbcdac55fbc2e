import type { Compilable, CompiledQuery, Kysely, QueryResult, Transaction } from 'kysely';
import type { Database } from './database.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Gives the stand-in value for a named parameter while the query is built. */
export type ParamRef = <T = never>(name: string) => T;

interface Prepared {
  compiled: CompiledQuery;
  /** For each compiled parameter: the name it takes its value from, or null to keep the built value. */
  slots: (string | null)[];
}

const MARKER = '\u0000param\u0000';

/** A better-sqlite3 statement, as a prepared query runs it. */
export interface SyncStatement {
  reader: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): { changes: number; lastInsertRowid: number | bigint };
}

/** What a prepared query needs of a synchronous SQLite handle (connect.ts's statement cache). */
export interface SyncSqlite {
  /**
   * The database is open, no transaction is open on its one connection (a statement would join
   * it) and no one holds or waits for that connection through Kysely.
   */
  readonly free: boolean;
  /** The connection's cached statement for this SQL (shared with Kysely's driver). */
  prepare(sql: string): SyncStatement;
  /**
   * A statement of the prepared query's own for this reader SQL, answering each row as an array of
   * its values (better-sqlite3's raw mode), with the names of its columns.
   */
  prepareRaw(sql: string): { all(parameters: readonly unknown[]): unknown[][]; columnNames: string[] };
}

/** The SQLite handle behind a request database (never a transaction's), registered by connect.ts. */
const syncHandles = new WeakMap<object, SyncSqlite>();

/**
 * Decision 048: a prepared query on this SQLite database runs its statement at once, outside
 * Kysely's executor, connection mutex and pool guard, while the connection is free (no
 * transaction open, nobody holding or waiting for it). Otherwise it takes Kysely's path and waits
 * its turn as before: a statement must never run inside someone else's transaction, and the
 * pool's gauges and shedding still see every wait. better-sqlite3 runs one statement at a time on
 * the event loop's thread, so nothing can interleave with it.
 */
export function runPreparedSynchronously(db: object, sqlite: SyncSqlite): void {
  syncHandles.set(db, sqlite);
}

/**
 * A query whose SQL is built and compiled once per database dialect, then run with new parameter
 * values.
 *
 * Kysely builds an operation tree and compiles it to SQL on every call; on a wizard save that was
 * a tenth of the request's CPU, for SQL text that never changes. `build` runs once (per dialect)
 * with a marker string for each named parameter; the compiled query's parameter list then says
 * where each marker went, and later calls only put the values in those places. Build-time checks keep this honest: every named parameter must reach the compiled
 * parameters unchanged (not transformed, not inlined into the SQL text).
 *
 * Rules for `build`: use `p('name')` only as a value (in where, set or values); compute derived
 * values in the caller and pass them as their own parameters.
 */
export function prepareQuery<Row>(build: (db: Db, p: ParamRef) => Compilable<Row>) {
  // Keyed by the dialect's adapter: a database and every transaction on it compile alike.
  const byDialect = new WeakMap<object, Prepared>();
  // This query's SQL is one text per dialect, so one raw statement per SQLite handle.
  const readers = new WeakMap<SyncSqlite, RowReader>();

  function prepare(db: Db): Prepared {
    const byMarker = new Map<string, string>();
    const p = ((name: string) => {
      const marker = `${MARKER}${name}`;
      byMarker.set(marker, name);
      return marker;
    }) as ParamRef;
    const compiled = build(db, p).compile();
    if (compiled.sql.includes(MARKER)) throw new Error('prepareQuery: a parameter was inlined into the SQL');
    const slots = compiled.parameters.map((value) =>
      typeof value === 'string' ? (byMarker.get(value) ?? null) : null,
    );
    for (const name of byMarker.values()) {
      if (!slots.includes(name)) throw new Error(`prepareQuery: parameter '${name}' is not a query value`);
    }
    return { compiled, slots };
  }

  return {
    async execute(db: Db, params: Record<string, unknown>): Promise<QueryResult<Row>> {
      const dialect = db.getExecutor().adapter;
      let prepared = byDialect.get(dialect);
      if (prepared === undefined) {
        prepared = prepare(db);
        byDialect.set(dialect, prepared);
      }
      const { compiled, slots } = prepared;
      const parameters = compiled.parameters.map((built, i) => {
        const name = slots[i];
        if (name === null || name === undefined) return built;
        const value = params[name];
        if (value === undefined) throw new Error(`prepareQuery: missing parameter '${name}'`);
        return value;
      });
      const sqlite = syncHandles.get(db);
      if (sqlite !== undefined && sqlite.free) return runNow<Row>(sqlite, readers, compiled.sql, parameters);
      return db.executeQuery<Row>({ ...compiled, parameters } as CompiledQuery<Row>);
    },
  };
}

/** A reader's raw statement and the builder of its row objects, once per SQLite handle. */
interface RowReader {
  raw: { all(parameters: readonly unknown[]): unknown[][] };
  toRow: (values: readonly unknown[]) => unknown;
}

/**
 * Decision 095: a row object built by a function made once for the statement's columns, an object
 * literal of those names, rather than by better-sqlite3 (which looks each column name up in V8's
 * string table and grows the object a property at a time, for every row). The rows are the same:
 * the same names, a later column of a repeated name winning as before. The names are SQLite's own
 * for SQL this module compiled; each is written as a JSON string literal. `__proto__` in a literal
 * would set the prototype, so a statement with a column of that name has its rows made entry by
 * entry.
 */
function rowBuilder(names: readonly string[]): (values: readonly unknown[]) => unknown {
  if (names.includes('__proto__'))
    return (values) => Object.fromEntries(names.map((name, i) => [name, values[i]]));
  const fields = names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- decision 095: an object literal of JSON-quoted names
  return new Function('v', `"use strict"; return { ${fields} };`) as (values: readonly unknown[]) => unknown;
}

/**
 * The statement now, answered as Kysely's SQLite driver answers it. A reader this query has run
 * on this handle before goes straight to its own raw statement; otherwise the connection's cached
 * statement says whether the SQL reads.
 */
function runNow<Row>(
  sqlite: SyncSqlite,
  readers: WeakMap<SyncSqlite, RowReader>,
  sql: string,
  parameters: readonly unknown[],
): QueryResult<Row> {
  let reader = readers.get(sqlite);
  if (reader === undefined) {
    const statement = sqlite.prepare(sql);
    if (!statement.reader) {
      const { changes, lastInsertRowid } = statement.run(parameters);
      return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    }
    const raw = sqlite.prepareRaw(sql);
    reader = { raw, toRow: rowBuilder(raw.columnNames) };
    readers.set(sqlite, reader);
  }
  const rows = reader.raw.all(parameters) as unknown[];
  for (let i = 0; i < rows.length; i++) rows[i] = reader.toRow(rows[i] as unknown[]);
  return { rows: rows as Row[] };
}

/** The values of a list of columns of table row type `T`, each column required. */
export type ColumnValues<T, C extends readonly (keyof T)[]> = { [K in C[number]]: T[K] };

/** One named parameter per column, named after it: `values(...)` or `set(...)` of a prepared query. */
export function paramsFor<C extends string>(columns: readonly C[], p: ParamRef): Record<C, never> {
  return Object.fromEntries(columns.map((c) => [c, p(c)])) as Record<C, never>;
}
