import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

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

  it('refuses s3:// storage in this build with a clear message', () => {
    expect(() => loadConfig({ FILE_STORE: 's3://bucket/prefix' })).toThrow(
      /FILE_STORE: s3:\/\/ storage is not available in this build/,
    );
  });
});
