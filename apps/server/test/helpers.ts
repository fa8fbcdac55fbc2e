import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { authorityInputOfGeneralClaim, buildAuthorityDocument, createSessionId } from '@taxback/domain';
import type { AuthorityDocument, AuthorityTerms } from '@taxback/domain';
import { buildApp } from '../src/app.ts';
import type { AppOverrides } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Config } from '../src/config.ts';
import { startS3StandIn } from './s3-stand-in.ts';
import type { S3StandIn } from './s3-stand-in.ts';
import { recordCheckedAnswers, watchContract } from './contract.ts';

/**
 * Integration tests run against a real, fresh database: SQLite in a temp folder by default, or,
 * when TEST_DATABASE_URL is a postgres:// URL, a uniquely named PostgreSQL database created for
 * this app and dropped by `close()`.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? '';
export const usingPostgres = /^postgres(ql)?:\/\//i.test(TEST_DATABASE_URL);
/**
 * TEST_FILE_STORE=s3 stores every test app's files in an S3 bucket on its own s3rver (decision
 * 021) instead of a local folder, so the whole suite runs against both stores (CI's PostgreSQL
 * pass uses S3; the SQLite pass the local folder).
 */
export const usingS3 = process.env.TEST_FILE_STORE === 's3';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** The temp folder holding DATA_DIR (files, keys, SQLite). */
  dir: string;
  /** The S3 stand-in holding this app's files, when TEST_FILE_STORE=s3. */
  s3: S3StandIn | null;
  close: () => Promise<void>;
}

async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createPostgresTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `taxback_test_${process.pid}_${randomBytes(5).toString('hex')}`;
  await withAdminClient((c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    overrides?: AppOverrides;
    /** For tests that provoke answers outside the contract on purpose (a database outage). */
    allowContractBreaches?: boolean;
  } = {},
): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taxback-test-'));
  const pgDb = usingPostgres ? await createPostgresTestDatabase() : null;
  const s3 = usingS3 && options.env?.FILE_STORE === undefined ? await startS3StandIn() : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    WEB_DIST: path.join(dir, 'web-dist-missing'),
    DATA_KEY: randomBytes(32).toString('base64'),
    SIGNING_KEY: randomBytes(32).toString('base64'),
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...s3?.env,
    ...options.env,
  });
  let app: FastifyInstance;
  let breaches: string[] = [];
  try {
    app = await buildApp(config, {
      logger: false,
      ...options.overrides,
      onCreate: (created) => {
        breaches = watchContract(created);
      },
    });
    await app.ready();
  } catch (error) {
    await pgDb?.drop();
    await s3?.close();
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    config,
    dir,
    s3,
    async close() {
      await app.close();
      await pgDb?.drop();
      await s3?.close();
      fs.rmSync(dir, { recursive: true, force: true });
      recordCheckedAnswers();
      if (breaches.length > 0 && !options.allowContractBreaches)
        throw new Error(`Answers that break the API contract (GET /api/docs):\n${breaches.join('\n')}`);
    },
  };
}

export function newSessionId(): string {
  return createSessionId();
}

/** A real 1×1 PNG. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
export const PNG_DATA_URL = `data:image/png;base64,${PNG_BASE64}`;

export function validClaimBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: '  <Jane> ',
    lastName: 'Doe',
    email: 'Jane.Doe@Example.COM ',
    phone: '07700 900123',
    signature: PNG_DATA_URL,
    selectedExpenses: ['travel', 'uniform'],
    earnsOver18k: true,
    affiliateName: 'partner-one',
    utmData: { utm_source: 'google', utm_campaign: 'spring', kw: 'tax refund' },
    fullUrl: 'https://example.test/?utm_source=google',
    assessmentData: {
      qualifies: 'yes',
      timestamp: '2025-06-01T10:00:00.000Z',
      step: 'expenses_completed',
      lastUpdated: '2025-06-01T10:01:00.000Z',
    },
    ...overrides,
  };
}

/** D19: the shorter authority a general claimant signs, for validClaimBody()'s claimant. */
export function generalClaimAuthority(terms: AuthorityTerms, signedAt: string): AuthorityDocument {
  return buildAuthorityDocument(
    authorityInputOfGeneralClaim(
      {
        firstName: 'Jane',
        lastName: 'Doe',
        email: 'jane.doe@example.com',
        phone: '07700 900123',
        selectedExpenses: ['travel', 'uniform'],
      },
      terms,
      signedAt,
    ),
  );
}

/** Every object key in the app's file store ('ab/abcd…'): its local folder or its S3 bucket. */
export async function listStoredObjects(t: TestApp): Promise<string[]> {
  if (t.s3) return t.s3.keys();
  const root = t.config.fileStoreDir;
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((entry) => fs.statSync(path.join(root, entry)).isFile())
    .map((entry) => entry.split(path.sep).join('/'));
}
