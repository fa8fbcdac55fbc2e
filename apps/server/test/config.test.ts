import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEVELOPMENT_COMPANY_ADDRESS, loadConfig } from '../src/config.ts';

describe('loadConfig', () => {
  it('has offline defaults for every variable', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.databaseUrl).toBe(path.join(path.resolve('data'), 'taxback.sqlite'));
    expect(config.fileStoreDir).toBe(path.join(path.resolve('data'), 'files'));
    expect(config.trustProxy).toBe(false);
    expect(config.dataKey).toBeNull();
    expect(config.signingKey).toBeNull();
    expect(config.redisUrl).toBeNull();
    expect(config.draftRetentionDays).toBe(90);
    expect(config.webDist).toBe(path.resolve('apps/web/dist'));
    expect(config.nodeEnv).toBe('development');
    expect(config.logLevel).toBe('info');
  });

  it('bounds the pools, the wait for a connection and the jobs (decision 036)', () => {
    const defaults = loadConfig({});
    expect(defaults.database).toEqual({
      poolSize: 10,
      jobsPoolSize: 3,
      maxWaiting: 50,
      retryAfterSeconds: 2,
      readyTimeoutMs: 800,
    });
    expect(defaults.jobs).toEqual({ concurrency: 5, leaseMs: 30_000, backlogLimit: 5_000 });
    const set = loadConfig({
      DB_POOL_SIZE: '20',
      JOBS_DB_POOL_SIZE: '4',
      DB_MAX_WAITING: 'off',
      SHED_RETRY_AFTER_SECONDS: '5',
      READY_TIMEOUT_MS: '500',
      JOBS_CONCURRENCY: '8',
      JOBS_LEASE_SECONDS: '45',
      JOBS_BACKLOG_LIMIT: '100',
    });
    expect(set.database).toEqual({
      poolSize: 20,
      jobsPoolSize: 4,
      maxWaiting: null,
      retryAfterSeconds: 5,
      readyTimeoutMs: 500,
    });
    expect(set.jobs).toEqual({ concurrency: 8, leaseMs: 45_000, backlogLimit: 100 });
    expect(loadConfig({ DB_MAX_WAITING: '0' }).database.maxWaiting).toBe(0);
    expect(() => loadConfig({ DB_MAX_WAITING: 'lots' })).toThrow(/DB_MAX_WAITING/);
    expect(() => loadConfig({ JOBS_LEASE_SECONDS: '1' })).toThrow(/JOBS_LEASE_SECONDS/);
  });

  it('reads the given values', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const config = loadConfig({
      PORT: '3101',
      DATA_DIR: '/tmp/tb',
      DATABASE_URL: 'postgres://u@db:5432/taxback',
      FILE_STORE: '/srv/files',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      DATA_KEY: key,
      SIGNING_KEY: key,
      DRAFT_RETENTION_DAYS: '30',
      MARKETING_SITE_URL: 'https://example.test',
      REDIS_URL: 'redis://localhost:6379',
    });
    expect(config.port).toBe(3101);
    expect(config.databaseUrl).toBe('postgres://u@db:5432/taxback');
    expect(config.fileStoreDir).toBe('/srv/files');
    expect(config.trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(config.dataKey?.equals(Buffer.alloc(32, 7))).toBe(true);
    expect(config.draftRetentionDays).toBe(30);
    expect(config.marketingSiteUrl).toBe('https://example.test');
    expect(config.redisUrl).toBe('redis://localhost:6379');
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('lists every bad key at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATA_KEY: 'dG9vIHNob3J0', DRAFT_RETENTION_DAYS: '0', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const key of ['PORT', 'DATA_KEY', 'DRAFT_RETENTION_DAYS', 'LOG_LEVEL'])
      expect(problems).toContain(key);
  });

  it('reads FILE_STORE=s3://bucket/prefix with the S3 variables (decision 021)', () => {
    const config = loadConfig({
      FILE_STORE: 's3://claims-bucket/taxback',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-west-1',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret-example',
    });
    expect(config.s3).toEqual({
      bucket: 'claims-bucket',
      prefix: 'taxback/',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret-example' },
    });
    // AWS itself: no endpoint, virtual-host buckets, the SDK's region variable or London.
    expect(loadConfig({ FILE_STORE: 's3://claims-bucket' }).s3).toEqual({
      bucket: 'claims-bucket',
      prefix: '',
      region: 'eu-west-2',
      endpoint: null,
      forcePathStyle: false,
      credentials: null,
    });
    expect(loadConfig({ FILE_STORE: 's3://claims-bucket', AWS_REGION: 'us-east-1' }).s3?.region).toBe(
      'us-east-1',
    );
    expect(loadConfig({}).s3).toBeNull();
  });

  it('refuses an unusable s3:// address or S3 setting with a clear message', () => {
    expect(() => loadConfig({ FILE_STORE: 's3://Bad_Bucket' })).toThrow(/FILE_STORE: must be s3:\/\/bucket/);
    expect(() => loadConfig({ FILE_STORE: 'https://example.com/files' })).toThrow(
      /FILE_STORE: must be a local folder path or an s3:\/\/ address/,
    );
    expect(() => loadConfig({ FILE_STORE: 's3://bucket', S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ FILE_STORE: 's3://bucket', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });

  // Issue 32.2: the signed authority prints our company's name and address (D19); a production
  // start without them is refused, and outside production the default says it is not an address.
  it('refuses a production start without COMPANY_ADDRESS or COMPANY_NAME, naming each', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', COMPANY_NAME: 'Example Claims Ltd' })).toThrow(
      /COMPANY_ADDRESS: required when NODE_ENV=production/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', COMPANY_ADDRESS: '1 High St', COMPANY_NAME: ' ' }),
    ).toThrow(/COMPANY_NAME: required when NODE_ENV=production/);
    const config = loadConfig({
      NODE_ENV: 'production',
      COMPANY_NAME: 'Example Claims Ltd',
      COMPANY_ADDRESS: '2 Agent Road\\nLondon',
    });
    expect(config.company).toMatchObject({ name: 'Example Claims Ltd', address: '2 Agent Road\nLondon' });
  });

  it('outside production, the default address says it is a development value', () => {
    expect(loadConfig({}).company.address).toBe(DEVELOPMENT_COMPANY_ADDRESS);
    expect(DEVELOPMENT_COMPANY_ADDRESS).toMatch(/^Development value, not our address/);
    expect(loadConfig({ NODE_ENV: 'test' }).company.name).toBe('TaxBack');
  });

  it('the server exits at start in production without COMPANY_ADDRESS, with a message naming it', () => {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      COMPANY_NAME: 'Example Ltd',
    };
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('COMPANY_ADDRESS: required when NODE_ENV=production');
  });
});
