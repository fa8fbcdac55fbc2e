import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/connect.ts';
import { createTestApp, newSessionId, validClaimBody } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const UNAVAILABLE = { error: 'The service is temporarily unavailable. Please try again shortly.' };
let open: TestApp[] = [];

afterEach(async () => {
  for (const t of open) await t.close().catch(() => {});
  open = [];
});

async function expectUnavailable(t: TestApp) {
  const claim = await t.app.inject({
    method: 'POST',
    url: '/api/claims',
    headers: { 'x-session-id': newSessionId() },
    payload: validClaimBody(),
  });
  expect(claim.statusCode).toBe(503);
  expect(claim.headers['retry-after']).toBe('5');
  expect(claim.json()).toEqual(UNAVAILABLE);

  const mine = await t.app.inject({
    method: 'GET',
    url: '/api/claims/mine',
    headers: { 'x-session-id': newSessionId() },
  });
  expect(mine.statusCode).toBe(503);
  expect(mine.json()).toEqual(UNAVAILABLE);

  // Decision 036: liveness answers from the process; readiness says the database is down.
  const live = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(live.statusCode).toBe(200);
  expect(live.json()).toEqual({ status: 'ok' });
  const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
  expect(ready.statusCode).toBe(503);
  expect(ready.headers['retry-after']).toBe('5');
  expect(ready.json()).toMatchObject({ status: 'error', db: 'down' });
}

describe('when the database is unreachable', () => {
  it('answers 503 with Retry-After after the connection is lost', async () => {
    const t = await createTestApp();
    open.push(t);
    // Every connection: the request pool, the jobs' pool and readiness' own.
    await t.app.database.destroy();
    await expectUnavailable(t);
  });

  it('answers 503 with Retry-After when PostgreSQL refuses connections', async () => {
    // Nothing listens on port 1: every connect fails with ECONNREFUSED.
    const t = await createTestApp({
      overrides: {
        database: createDatabase('postgres://postgres@127.0.0.1:1/none'),
        closeDatabase: true,
        skipMigrations: true,
      },
    });
    open.push(t);
    await expectUnavailable(t);
  });
});
