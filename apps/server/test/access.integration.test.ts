import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, isOperatorAccess } from '@taxback/domain/api/contract';
import type { ApiRoute, HttpMethod } from '@taxback/domain/api/contract';
import { asOperator, insertOperator, signIn, testClock } from './admin-helpers.ts';
import type { AdminSession, TestOperator } from './admin-helpers.ts';
import { createTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

// Decision 035: each route's `access` in the domain contract is what the server enforces. Every
// route is called as the contract says it may not be, and must be refused the way its access says.

const clock = testClock();
let t: TestApp;
let caseworker: AdminSession;
let caseworkerOp: TestOperator;
let admin: AdminSession;

const routes = (Object.entries(API) as Array<[string, ApiRoute]>)
  // Signing out ends the session the later calls use: it goes last.
  .sort(([a], [b]) => Number(a === 'adminSignOut') - Number(b === 'adminSignOut'));
const byAccess = (access: ApiRoute['access']) => routes.filter(([, route]) => route.access === access);

function call(route: ApiRoute, headers: Record<string, string> = {}) {
  const url = route.path.replace(/:[a-zA-Z]+/g, randomUUID());
  const method = route.method as HttpMethod;
  return t.app.inject({ method, url, headers, ...(method === 'GET' ? {} : { payload: {} }) });
}

beforeAll(async () => {
  t = await createTestApp({ overrides: { now: clock.now } });
  caseworkerOp = await insertOperator(t, { role: 'caseworker' });
  caseworker = await signIn(t, clock, caseworkerOp);
  admin = await signIn(t, clock, await insertOperator(t, { role: 'admin' }));
});
afterAll(async () => {
  await t.close();
});

describe('the contract declares who may call each route, and the server enforces it', () => {
  it('declares an access the server knows for every route, and admin access only under /api/admin', () => {
    expect(routes.length).toBeGreaterThan(30);
    for (const [, route] of routes)
      if (isOperatorAccess(route.access)) expect(route.path).toMatch(/^\/api\/admin\//);
    expect(byAccess('admin').map(([id]) => id)).toEqual(
      expect.arrayContaining(['listOperators', 'createOperator', 'changeOperator', 'auditLog', 'retryJob']),
    );
  });

  it.each(routes.filter(([, route]) => isOperatorAccess(route.access)))(
    '%s refuses a caller who is not signed in (401)',
    async (_id, route) => {
      expect((await call(route)).statusCode).toBe(401);
    },
  );

  it.each(byAccess('admin'))(
    '%s (admin) refuses a caseworker (403) and lets an admin through',
    async (_id, route) => {
      expect((await call(route, asOperator(caseworker))).statusCode).toBe(403);
      expect([401, 403]).not.toContain((await call(route, asOperator(admin))).statusCode);
    },
  );

  it.each(byAccess('operator'))('%s (operator) lets a caseworker through', async (id, route) => {
    expect([401, 403]).not.toContain((await call(route, asOperator(caseworker))).statusCode);
    // Signing out worked: the tests below need a signed-in caseworker again.
    if (id === 'adminSignOut') caseworker = await signIn(t, clock, caseworkerOp);
  });

  it.each(routes.filter(([, route]) => isOperatorAccess(route.access) && route.method !== 'GET'))(
    '%s refuses a change without the CSRF token (403)',
    async (_id, route) => {
      const session = route.access === 'admin' ? admin : caseworker;
      const status = (await call(route, asOperator(session, false))).statusCode;
      // A second-factor route refuses a fully signed-in session before it looks at the token.
      expect(status).toBe(route.access === 'second-factor' ? 401 : 403);
    },
  );

  it.each(byAccess('second-factor'))(
    '%s (second factor) refuses a fully signed-in session (401)',
    async (_id, route) => {
      expect((await call(route, asOperator(caseworker))).statusCode).toBe(401);
    },
  );

  it.each(byAccess('session'))(
    '%s (claimant session) refuses a call without X-Session-Id (400)',
    async (_id, route) => {
      const res = await call(route);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Missing or invalid session' });
    },
  );
});
