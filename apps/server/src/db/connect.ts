import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Database } from './database.ts';
import { migrationProvider } from './migrations/index.ts';
import { runPreparedSynchronously } from './prepared.ts';
import { guardDialect } from './pool-guard.ts';
import type { PoolGauge } from './pool-guard.ts';
import { SqliteDatabase } from './sqlite-driver.ts';

export type DbDialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  /** Requests' pool: its first acquisition in a request may be shed (db/pool-guard.ts). */
  db: Kysely<Database>;
  dialect: DbDialect;
  /** Jobs' own bounded pool on PostgreSQL; on SQLite the one connection, shared. */
  jobsDb: Kysely<Database>;
  /** Readiness' own connection, with a short timeout, so a busy request pool never delays it. */
  probeDb: Kysely<Database>;
  pool: PoolGauge;
  jobsPool: PoolGauge;
  /**
   * Issue 45: a connection of its own for a long read streamed to a client (the CSV export), so a
   * slow download never holds a request connection; null for an in-memory SQLite database.
   */
  openReader: () => StreamingReader | null;
  /** Closes every pool and connection the handle opened. */
  destroy: () => Promise<void>;
}

export interface PoolOptions {
  /** Connections for requests (PostgreSQL; SQLite has one). Default 10. */
  size?: number;
  /** Connections for jobs (PostgreSQL). Default 3. */
  jobsSize?: number;
  /** Requests that may wait for a connection before the next is refused with 503; null: no bound. */
  maxWaiting?: number | null;
  /** Retry-After on a refused request, in seconds. Default 2. */
  retryAfterSeconds?: number;
  /** How long readiness waits to connect and for its query. Default 1 s. */
  probeTimeoutMs?: number;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** Opens SQLite (a file path, optionally prefixed `sqlite:` or `file:`) or PostgreSQL (`postgres://…`). */
export function createDatabase(url: string, options: PoolOptions = {}): DatabaseHandle {
  const size = options.size ?? 10;
  const guard = { maxWaiting: options.maxWaiting ?? null, retryAfterSeconds: options.retryAfterSeconds ?? 2 };
  const probeTimeoutMs = options.probeTimeoutMs ?? 1_000;
  if (isPostgresUrl(url)) {
    const jobsSize = options.jobsSize ?? 3;
    const pool = namedStatementPool(url, size, 5_000);
    const jobsPool = namedStatementPool(url, jobsSize, 5_000);
    const requests = guardDialect(new PostgresDialect({ pool }), { size, ...guard });
    const jobs = guardDialect(new PostgresDialect({ pool: jobsPool }), {
      size: jobsSize,
      maxWaiting: null,
      retryAfterSeconds: 0,
    });
    const db = new Kysely<Database>({ dialect: requests.dialect });
    const jobsDb = new Kysely<Database>({ dialect: jobs.dialect });
    const probe = openProbeDatabase(url, probeTimeoutMs) as ProbeDatabase;
    const probeDb = probe.db;
    return {
      db,
      dialect: 'postgres',
      jobsDb,
      probeDb,
      openReader: () => openStreamingReader(url),
      pool: requests.gauge,
      jobsPool: jobs.gauge,
      destroy: async () => {
        for (const guarded of [requests, jobs]) guarded.close();
        await Promise.all([db.destroy(), jobsDb.destroy(), probe.destroy()]);
      },
    };
  }

  const file = url.replace(/^(sqlite|file):(\/\/)?/i, '');
  if (file !== ':memory:') createPrivateFile(file);
  const sqlite = new SqliteDatabase(file);
  // exec, not pragma(): pragma() prepares a statement object only to throw it away.
  sqlite.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;',
  );
  // One connection: requests and jobs share it (a second writer in this thread would block the
  // thread on SQLite's lock); jobs take their share through their own concurrency.
  const statements = withStatementCache(sqlite);
  const requests = guardDialect(new SqliteDialect({ database: statements }), {
    size: 1,
    ...guard,
  });
  const db = new Kysely<Database>({ dialect: requests.dialect });
  runPreparedSynchronously(db, {
    get free() {
      return sqlite.open && !sqlite.inTransaction && requests.idle();
    },
    prepare: statements.prepare,
    prepareRaw: (sqlText) => {
      const statement = sqlite.prepare(sqlText).raw(true);
      return {
        all: (parameters) => statement.all(parameters) as unknown[][],
        columnNames: statement.columns().map((column) => column.name),
      };
    },
  });
  const probe = openProbeDatabase(url, probeTimeoutMs);
  const probeDb = probe?.db ?? db;
  return {
    db,
    dialect: 'sqlite',
    jobsDb: db,
    probeDb,
    openReader: () => openStreamingReader(url),
    pool: requests.gauge,
    jobsPool: requests.gauge,
    destroy: async () => {
      requests.close();
      await db.destroy();
      await probe?.destroy();
    },
  };
}

export interface ProbeDatabase {
  db: Kysely<Database>;
  destroy: () => Promise<void>;
}

export interface StreamingReader {
  /** Streams with `.stream()`: a server-side cursor on PostgreSQL, a statement's rows on SQLite. */
  db: Kysely<Database>;
  close: () => Promise<void>;
}

/**
 * Issue 45: one read-only connection for one long streamed read, closed by the caller when the
 * stream ends. PostgreSQL: a one-connection pool whose queries stream through a cursor (pg-cursor),
 * a batch of rows at a time. SQLite: a read-only connection (WAL: the writer never waits for it,
 * and it reads one snapshot); none for an in-memory database.
 */
export function openStreamingReader(url: string): StreamingReader | null {
  let dialect: PostgresDialect | SqliteDialect;
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 5_000 });
    pool.on('error', () => {});
    dialect = new PostgresDialect({ pool, cursor: Cursor });
  } else {
    const file = url.replace(/^(sqlite|file):(\/\/)?/i, '');
    if (file === ':memory:') return null;
    dialect = new SqliteDialect({
      database: async () => new SqliteDatabase(file, { readonly: true, fileMustExist: true }),
    });
  }
  const db = new Kysely<Database>({ dialect });
  return { db, close: () => db.destroy() };
}

/**
 * Readiness' own connection (decision 036), so a busy request pool never delays it. PostgreSQL: a
 * one-connection pool with a short connect and query timeout. SQLite: a read-only connection,
 * opened on first use (in WAL mode a reader never waits for the writer, so a long transaction
 * never delays it); none for an in-memory database, which no other connection can open.
 */
export function openProbeDatabase(url: string, timeoutMs: number): ProbeDatabase | null {
  let dialect: PostgresDialect | SqliteDialect;
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: 1,
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
      idleTimeoutMillis: 60_000,
    });
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    dialect = new PostgresDialect({ pool });
  } else {
    const file = url.replace(/^(sqlite|file):(\/\/)?/i, '');
    if (file === ':memory:') return null;
    dialect = new SqliteDialect({
      database: async () => {
        const reader = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
        reader.exec(`PRAGMA busy_timeout = ${Math.min(200, timeoutMs)};`);
        return withStatementCache(reader);
      },
    });
  }
  // A pool Kysely never opened is not marked destroyed by destroy(): the guard refuses it after.
  const guarded = guardDialect(dialect, { size: 1, maxWaiting: null, retryAfterSeconds: 0 });
  const db = new Kysely<Database>({ dialect: guarded.dialect });
  return {
    db,
    destroy: async () => {
      guarded.close();
      await db.destroy();
    },
  };
}

function namedStatementPool(url: string, max: number, connectionTimeoutMillis: number): pg.Pool {
  // Decision 091: a named statement is parsed once but planned for each run's values. After five
  // runs PostgreSQL may keep one plan made without them, and these queries' best plans depend on
  // them: at a million claims its plan for the search walked the whole date index for a rare term
  // (500 ms, where a plan for the term takes 10), and the duplicates check scanned its date range
  // instead of reading the page's emails from their index.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis,
    options: '-c plan_cache_mode=force_custom_plan',
  });
  // A client losing its connection (a database restart, a terminated backend) must never end the
  // process. The pool listens while a client is idle; while Kysely holds one, an 'error' event
  // without a listener would be thrown. The query in flight still rejects ("Connection
  // terminated"), the request answers 503, and pg-pool drops the broken client on release.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
    withNamedStatements(client);
  });
  return pool;
}

/**
 * Issue 17: the database is personal data. Its folder is created owner-only (0700) and the file
 * itself 0600 before SQLite opens it; SQLite gives its -wal and -shm files the database file's
 * permissions. An existing file is left as it is.
 */
function createPrivateFile(file: string): void {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, '', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh, and compiling SQL was the largest single cost of a request in
 * the benchmark's profile. Kysely's SQL for a given query shape is always the same text (values are
 * parameters), so prepared statements are kept by text. better-sqlite3 runs statements
 * synchronously one at a time, so sharing one is safe; Kysely never streams (`iterate`) here.
 */
function withStatementCache(sqlite: BetterSqlite3.Database) {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => {
      sqlite.close();
      cache.clear();
    },
    prepare: (sqlText: string) => {
      let statement = cache.get(sqlText);
      if (statement === undefined) {
        statement = sqlite.prepare(sqlText);
        if (cache.size >= STATEMENT_CACHE_SIZE) {
          const oldest = cache.keys().next().value;
          if (oldest !== undefined) cache.delete(oldest);
        }
        cache.set(sqlText, statement);
      }
      return statement;
    },
  };
}

// Data statements only: utility statements (DDL in migrations) are sent as they are.
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;
const MAX_NAMED_PER_CONNECTION = 500;

/**
 * PostgreSQL parses and plans every unnamed statement again. Kysely sends the same SQL text for a
 * query shape each time (values are parameters), so each connection sends a data statement as a
 * named one: prepared on the connection once, then only bound and run (a restore's queries took a
 * third less time). Names come from the SQL text; past a cap, further shapes go unnamed, so a
 * connection never holds an unbounded number of statements.
 */
function withNamedStatements(client: pg.PoolClient): void {
  const names = new Map<string, string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values) && NAMEABLE.test(text)) {
      let name = names.get(text);
      if (name === undefined && names.size < MAX_NAMED_PER_CONNECTION) {
        name = `k${createHash('sha1').update(text).digest('hex')}`;
        names.set(text, name);
      }
      if (name !== undefined) {
        const named = name;
        return (query({ name: named, text, values }) as Promise<unknown>).catch((error: unknown) => {
          // Another instance changed a table under this statement (a migration in a rolling
          // deploy): PostgreSQL refuses the cached plan. Prepare the text afresh, once.
          if (!isCachedPlanError(error)) throw error;
          const renamed = `${named}_${Date.now().toString(36)}`;
          names.set(text, renamed);
          return query({ name: renamed, text, values });
        });
      }
    }
    return query(...args);
  };
}

function isCachedPlanError(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e.code === '0A000' && typeof e.message === 'string' && e.message.includes('cached plan');
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed) {
    const cause = error instanceof Error ? error : new Error(String(error ?? 'unknown error'));
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${cause.message}`, { cause });
  }
}
