// Decision 039: which better-sqlite3 this process loads, chosen once at start.
// - better-sqlite3 13 (the `better-sqlite3-node22` alias) is built on Node-API 10. It is the one
//   that runs crash-free on Node 24; on a Node without Node-API 10 (Node 20, Node 22 before 22.14)
//   it loads and then crashes with a segmentation fault on its first query.
// - better-sqlite3 12 (V8's C++ API, compiled for the running Node) runs on Node 20; on Node 24 it
//   can abort the process as it exits (WiseLibs/better-sqlite3#1515).
// Both have the same API; the types are @types/better-sqlite3's.
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

export type SqliteDriver = 'better-sqlite3' | 'better-sqlite3-node22';

/** The package to load on a Node that supports Node-API `napiVersion` (`process.versions.napi`). */
export function sqliteDriverFor(napiVersion: string | undefined): SqliteDriver {
  const version = Number(napiVersion);
  return Number.isInteger(version) && version >= 10 ? 'better-sqlite3-node22' : 'better-sqlite3';
}

export const sqliteDriver: SqliteDriver = sqliteDriverFor(process.versions.napi);

// require, not import: the name is chosen at run time, and esbuild leaves a require of a variable
// as it is, so the compiled server resolves it from node_modules like any other dependency.
const require = createRequire(import.meta.url);

/** better-sqlite3's Database class, from the package that is safe on this Node. */
export const SqliteDatabase = require(sqliteDriver) as typeof BetterSqlite3;
