import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase, migrateToLatest } from '../src/db/connect.ts';

// Issue 17: a copied data folder was a readable one. The SQLite database, its folder and the
// generated keys are owner-only, and production warns when the keys live beside the data.
let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taxback-rest-'));
  dirs.push(dir);
  return dir;
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('data at rest (issue 17)', () => {
  it('creates the SQLite folder 0700 and the database, its WAL and shared-memory files 0600', async () => {
    const file = path.join(tempDir(), 'nested', 'data', 'taxback.sqlite');
    const { db } = createDatabase(file);
    try {
      await migrateToLatest(db);
      expect(modeOf(path.dirname(file))).toBe(0o700);
      expect(modeOf(path.dirname(path.dirname(file)))).toBe(0o700);
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(`${file}-wal`)).toBe(0o600);
      expect(modeOf(`${file}-shm`)).toBe(0o600);
    } finally {
      await db.destroy();
    }
  });

  it('warns at start-up in production when the keys are kept beside the data, and not when set', async () => {
    const start = async (env: Record<string, string>) => {
      const lines: string[] = [];
      const dataDir = path.join(tempDir(), 'data');
      const config = loadConfig({
        NODE_ENV: 'production',
        // A production start needs the company (decision 034).
        COMPANY_NAME: 'Example Claims Ltd',
        COMPANY_ADDRESS: '2 Agent Road\\nLondon',
        DATA_DIR: dataDir,
        DATABASE_URL: path.join(dataDir, 'taxback.sqlite'),
        WEB_DIST: path.join(dataDir, 'no-web'),
        ...env,
      });
      const app = await buildApp(config, {
        logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
      });
      await app.close();
      return { lines, dataDir };
    };

    const generated = await start({});
    const warning = generated.lines.find((line) => line.includes('not set: the key is kept in a file'));
    expect(warning).toBeDefined();
    expect(JSON.parse(warning!)).toMatchObject({ level: 40, unset: ['DATA_KEY', 'SIGNING_KEY'] });
    expect(modeOf(path.join(generated.dataDir, 'data.key'))).toBe(0o600);
    expect(modeOf(path.join(generated.dataDir, 'signing.key'))).toBe(0o600);
    expect(modeOf(generated.dataDir)).toBe(0o700);

    const key = () => Buffer.alloc(32, 7).toString('base64');
    const configured = await start({ DATA_KEY: key(), SIGNING_KEY: key() });
    expect(configured.lines.some((line) => line.includes('not set: the key is kept in a file'))).toBe(false);
  });
});
