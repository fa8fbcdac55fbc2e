import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { SqliteDatabase, sqliteDriver, sqliteDriverFor } from '../src/db/sqlite-driver.ts';

const require = createRequire(import.meta.url);

describe('sqliteDriverFor', () => {
  // Node-API versions as each Node reports them (process.versions.napi), measured here (decision 039).
  it.each([
    ['Node 20.20.2', '9', 'better-sqlite3'],
    ['Node 22.12.0', '9', 'better-sqlite3'],
    ['Node 22.14.0', '10', 'better-sqlite3-node22'],
    ['Node 24.21.0', '10', 'better-sqlite3-node22'],
    ['a later Node', '11', 'better-sqlite3-node22'],
    ['a Node that reports no Node-API version', undefined, 'better-sqlite3'],
    ['a version that is not a number', 'ten', 'better-sqlite3'],
  ] as const)('%s (Node-API %s) loads %s', (_node, napi, driver) => {
    expect(sqliteDriverFor(napi)).toBe(driver);
  });
});

describe('the driver this process loaded', () => {
  it('is the one for this Node, and its major version is the one that is safe on it', () => {
    expect(sqliteDriver).toBe(sqliteDriverFor(process.versions.napi));
    expect(SqliteDatabase).toBe(require(sqliteDriver));
    const { version } = require(`${sqliteDriver}/package.json`) as { version: string };
    // 13 needs Node-API 10 (it crashes on Node 20); 12 is the build that runs on Node 20.
    expect(version.split('.')[0]).toBe(sqliteDriver === 'better-sqlite3-node22' ? '13' : '12');
  });

  it('opens a database and runs a query', () => {
    const db = new SqliteDatabase(':memory:');
    try {
      expect(db.prepare('SELECT 40 + 2 AS answer').get()).toEqual({ answer: 42 });
    } finally {
      db.close();
    }
  });
});
