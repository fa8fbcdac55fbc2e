import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

/**
 * ARCHITECTURE.md "Scaling out": with REDIS_URL set, every API instance counts requests against
 * one shared limit per IP. Redis must be running (CI has it on 127.0.0.1:6379): an unreachable
 * Redis fails this file rather than skipping it, so a broken shared limit is never hidden.
 */

const REDIS_BASE_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
// Every run gets its own key prefix (ioredis reads `keyPrefix` from the URL), so parallel runs
// on one Redis never see each other's counters, and cleanup removes only this run's keys.
const KEY_PREFIX = `taxback-test-${process.pid}-${randomBytes(6).toString('hex')}:`;
const REDIS_URL = `${REDIS_BASE_URL}${REDIS_BASE_URL.includes('?') ? '&' : '?'}keyPrefix=${KEY_PREFIX}`;
const LIMIT = 5;

let admin: Redis;

async function connectAdmin(): Promise<Redis> {
  const client = new Redis(REDIS_BASE_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: () => null,
    connectTimeout: 3000,
  });
  let lastError: Error | null = null;
  client.on('error', (error: Error) => {
    lastError = error;
  });
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    const cause: unknown = lastError ?? error;
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new Error(
      `Redis is not reachable at ${REDIS_BASE_URL} (${reason}). These tests need a running Redis: ` +
        'start one on 127.0.0.1:6379 or set TEST_REDIS_URL.',
    );
  }
  return client;
}

async function runKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await admin.scan(cursor, 'MATCH', `${KEY_PREFIX}*`, 'COUNT', 1000);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0');
  return keys;
}

/** A documentation-only address per test, so each test starts from a clean counter. */
function uniqueIp(): string {
  const [a = 0, b = 0] = randomBytes(2);
  return `198.51.${a}.${b}`;
}

function get(app: TestApp, ip: string) {
  // Any limited route will do: the global limit is checked before the handler runs.
  return app.app.inject({ method: 'GET', url: '/api/claims/mine', remoteAddress: ip });
}

beforeAll(async () => {
  admin = await connectAdmin();
});

afterAll(async () => {
  if (!admin) return;
  const keys = await runKeys();
  if (keys.length > 0) await admin.del(...keys);
  admin.disconnect();
});

describe('rate limits shared through Redis (REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const env = { REDIS_URL, RATE_LIMIT_MAX: String(LIMIT) };
    a = await createTestApp({ env });
    b = await createTestApp({ env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('counts requests through two instances against one limit per IP', async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (const app of [a, b, a, b, a]) statuses.push((await get(app, ip)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);

    const sixth = await get(b, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ error: 'Too many requests. Please wait a moment and try again.' });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(a, ip)).statusCode).toBe(429);

    // The counter lives in Redis under this run's prefix, not in either process.
    const keys = await runKeys();
    const counterKey = keys.find((k) => k.endsWith(`-${ip}`));
    expect(counterKey).toBeDefined();
    expect(Number(await admin.get(counterKey as string))).toBeGreaterThanOrEqual(LIMIT + 1);
  });

  it('reports the shared remaining count on either instance', async () => {
    const ip = uniqueIp();
    const first = await get(a, ip);
    const second = await get(b, ip);
    expect(first.headers['x-ratelimit-limit']).toBe(String(LIMIT));
    expect(first.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1));
    expect(second.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 2));
  });

  it('keeps other IPs apart', async () => {
    const busy = uniqueIp();
    for (let i = 0; i < LIMIT; i++) await get(i % 2 === 0 ? a : b, busy);
    expect((await get(a, busy)).statusCode).toBe(429);
    let other = uniqueIp();
    while (other === busy) other = uniqueIp();
    expect((await get(b, other)).statusCode).toBe(400);
  });

  it('still leaves health checks unlimited', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < LIMIT + 2; i++) {
      const res = await b.app.inject({ method: 'GET', url: '/api/health', remoteAddress: ip });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('rate limits without REDIS_URL', () => {
  it('are counted by each instance on its own', async () => {
    const env = { RATE_LIMIT_MAX: String(LIMIT) };
    const a = await createTestApp({ env });
    const b = await createTestApp({ env });
    try {
      const ip = uniqueIp();
      for (let i = 0; i < LIMIT; i++) expect((await get(a, ip)).statusCode).toBe(400);
      expect((await get(a, ip)).statusCode).toBe(429);
      // B has seen none of A's requests.
      for (let i = 0; i < LIMIT; i++) expect((await get(b, ip)).statusCode).toBe(400);
      expect((await get(b, ip)).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
