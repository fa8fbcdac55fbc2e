import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';
import { migrationProvider } from './migrations/index.ts';
import { SqliteDatabase } from './sqlite-driver.ts';

export type DbDialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DbDialect;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** Opens SQLite (a file path, optionally prefixed `sqlite:` or `file:`) or PostgreSQL (`postgres://…`). */
export function createDatabase(url: string): DatabaseHandle {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
    // A client losing its connection (a database restart, a terminated backend) must never end the
    // process. The pool listens while a client is idle; while Kysely holds one, an 'error' event
    // without a listener would be thrown. The query in flight still rejects ("Connection
    // terminated"), the request answers 503, and pg-pool drops the broken client on release.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', () => {});
      withNamedStatements(client);
    });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }

  const file = url.replace(/^(sqlite|file):(\/\/)?/i, '');
  if (file !== ':memory:') createPrivateFile(file);
  const sqlite = new SqliteDatabase(file);
  // exec, not pragma(): pragma() prepares a statement object only to throw it away.
  sqlite.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;',
  );
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }),
    dialect: 'sqlite',
  };
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
