import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify } from 'otplib';
import {
  OPERATOR_PASSWORD,
  adminCookie,
  asOperator,
  auditCount,
  insertOperator,
  signIn,
  testClock,
  totpCode,
} from './admin-helpers.ts';
import { createTestApp, newSessionId } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const clock = testClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ overrides: { now: clock.now } });
});
afterAll(async () => {
  await t.close();
});

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
}

describe('operator sign-in (D22)', () => {
  it('password then TOTP code signs in; me answers with the operator and the CSRF token', async () => {
    const op = await insertOperator(t);
    clock.advance(30_000);
    const first = await post('/api/admin/sign-in', {
      email: op.email.toUpperCase(),
      password: OPERATOR_PASSWORD,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ next: 'code' });
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/tb_admin=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).not.toMatch(/Secure/i); // not production
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['x-robots-tag']).toMatch(/noindex/);

    // Half signed in: nothing but the second factor works yet.
    const early = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { cookie: adminCookie(first) },
    });
    expect(early.statusCode).toBe(401);

    const csrf = first.json<{ csrfToken: string }>().csrfToken;
    const second = await post(
      '/api/admin/sign-in/code',
      { code: await totpCode(clock) },
      { cookie: adminCookie(first), 'x-csrf-token': csrf },
    );
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ operator: { id: op.id, email: op.email, role: 'admin' } });
    // A new session id once fully signed in; the half-signed one is gone.
    expect(adminCookie(second)).not.toBe(adminCookie(first));
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/admin/enrol',
      headers: { cookie: adminCookie(first) },
    });
    expect(stale.statusCode).toBe(401);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { cookie: adminCookie(second) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      operator: { id: op.id, email: op.email, name: expect.any(String), role: 'admin' },
      csrfToken: second.json<{ csrfToken: string }>().csrfToken,
    });
    expect(await auditCount(t, 'sign-in', op.id)).toBe(1);
  });

  it('answers an unknown email and a wrong password the same way, and audits each failure once', async () => {
    const op = await insertOperator(t);
    const unknown = await post('/api/admin/sign-in', {
      email: 'nobody@example.com',
      password: OPERATOR_PASSWORD,
    });
    const wrong = await post('/api/admin/sign-in', { email: op.email, password: 'not the password' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({
      error: 'Enter a correct email address and password',
      errors: { email: 'Enter a correct email address and password' },
    });
    expect(unknown.headers['set-cookie']).toBeUndefined();
    expect(await auditCount(t, 'sign-in-failed', op.id)).toBe(1);
    expect(await auditCount(t, 'sign-in-failed', 'unknown')).toBe(1);
  });

  it('answers 400 with field messages for a missing email or code', async () => {
    const res = await post('/api/admin/sign-in', { password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: { email: 'Enter your email address', password: 'Enter your password' },
    });
  });

  it('locks the account for 15 minutes after 10 failed sign-ins, with a clear message', async () => {
    const op = await insertOperator(t);
    for (let i = 1; i <= 9; i++) {
      const res = await post('/api/admin/sign-in', { email: op.email, password: `wrong ${i}` });
      expect(res.statusCode).toBe(401);
    }
    const tenth = await post('/api/admin/sign-in', { email: op.email, password: 'wrong 10' });
    expect(tenth.statusCode).toBe(423);
    expect(tenth.json<{ error: string }>().error).toMatch(/locked for 15 minutes/);
    // Even the right password is refused while locked.
    const right = await post('/api/admin/sign-in', { email: op.email, password: OPERATOR_PASSWORD });
    expect(right.statusCode).toBe(423);
    expect(await auditCount(t, 'sign-in-failed', op.id)).toBe(10);
    expect(await auditCount(t, 'account-locked', op.id)).toBe(1);

    clock.advance(15 * 60 * 1000 + 1000);
    const after = await post('/api/admin/sign-in', { email: op.email, password: OPERATOR_PASSWORD });
    expect(after.statusCode).toBe(200);
  });

  it('counts wrong security codes toward the lockout', async () => {
    const op = await insertOperator(t);
    const first = await post('/api/admin/sign-in', { email: op.email, password: OPERATOR_PASSWORD });
    const headers = {
      cookie: adminCookie(first),
      'x-csrf-token': first.json<{ csrfToken: string }>().csrfToken,
    };
    const bad = await post('/api/admin/sign-in/code', { code: '000000' }, headers);
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ errors: { code: expect.stringMatching(/security code/) } });
    expect(await auditCount(t, 'second-factor-failed', op.id)).toBe(1);
    const row = await t.app.db
      .selectFrom('operator_users')
      .select('failed_sign_ins')
      .where('id', '=', op.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.failed_sign_ins)).toBe(1);
  });

  it('never accepts the same code twice', async () => {
    const op = await insertOperator(t);
    await signIn(t, clock, op);
    const again = await post('/api/admin/sign-in', { email: op.email, password: OPERATOR_PASSWORD });
    const res = await post(
      '/api/admin/sign-in/code',
      { code: await totpCode(clock) },
      { cookie: adminCookie(again), 'x-csrf-token': again.json<{ csrfToken: string }>().csrfToken },
    );
    expect(res.statusCode).toBe(401);
  });

  it('first sign-in enrols: QR code and setup key, confirmed by a code; the secret is stored encrypted', async () => {
    const op = await insertOperator(t, { enrolled: false });
    clock.advance(30_000);
    const first = await post('/api/admin/sign-in', { email: op.email, password: OPERATOR_PASSWORD });
    expect(first.json()).toMatchObject({ next: 'enrol' });
    const headers = {
      cookie: adminCookie(first),
      'x-csrf-token': first.json<{ csrfToken: string }>().csrfToken,
    };

    const enrol = await t.app.inject({ method: 'GET', url: '/api/admin/enrol', headers });
    expect(enrol.statusCode).toBe(200);
    const { qrCode, setupKey } = enrol.json<{ qrCode: string; setupKey: string }>();
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    expect(setupKey).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    // Asking again shows the same key until it is confirmed.
    const again = await t.app.inject({ method: 'GET', url: '/api/admin/enrol', headers });
    expect(again.json<{ setupKey: string }>().setupKey).toBe(setupKey);

    const secret = setupKey.replace(/ /g, '');
    const wrong = await post('/api/admin/enrol', { code: '123 456' }, headers);
    expect(wrong.statusCode).toBe(401);
    const code = await totpCode(clock, secret);
    const ok = await post('/api/admin/enrol', { code }, headers);
    expect(ok.statusCode).toBe(200);
    const row = await t.app.db
      .selectFrom('operator_users')
      .selectAll()
      .where('id', '=', op.id)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).toMatch(/^v1:/);
    expect(row.totp_secret).not.toContain(secret);
    expect(await auditCount(t, 'second-factor-enrolled', op.id)).toBe(1);
    expect(
      (await verify({ secret, token: code, epoch: Math.floor(clock.now().getTime() / 1000) })).valid,
    ).toBe(true);
  });

  it('expires a session after 30 minutes idle, and activity keeps it alive', async () => {
    const op = await insertOperator(t);
    const s = await signIn(t, clock, op);
    const me = () => t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: s.cookie } });
    clock.advance(29 * 60 * 1000);
    expect((await me()).statusCode).toBe(200);
    clock.advance(29 * 60 * 1000);
    expect((await me()).statusCode).toBe(200);
    clock.advance(30 * 60 * 1000);
    expect((await me()).statusCode).toBe(401);
  });

  it('ends every session after 12 hours however active', async () => {
    const op = await insertOperator(t);
    const s = await signIn(t, clock, op);
    const me = () => t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: s.cookie } });
    // 28 × 25 min = 11 h 40 min: still signed in; the 29th (12 h 5 min) is past the limit.
    for (let i = 1; i <= 29; i++) {
      clock.advance(25 * 60 * 1000);
      expect((await me()).statusCode).toBe(i <= 28 ? 200 : 401);
    }
  });

  it('sign-out ends the session and needs the CSRF token', async () => {
    const op = await insertOperator(t);
    const s = await signIn(t, clock, op);
    const noCsrf = await post('/api/admin/sign-out', {}, asOperator(s, false));
    expect(noCsrf.statusCode).toBe(403);
    const out = await post('/api/admin/sign-out', {}, asOperator(s));
    expect(out.statusCode).toBe(204);
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: s.cookie } });
    expect(me.statusCode).toBe(401);
    expect(await auditCount(t, 'sign-out', op.id)).toBe(1);
  });

  it("a claimant's session id never works on /api/admin", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { 'x-session-id': newSessionId() },
    });
    expect(res.statusCode).toBe(401);
    const cookie = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { cookie: `tb_admin=${newSessionId()}` },
    });
    expect(cookie.statusCode).toBe(401);
  });
});

describe('operator management (admins only)', () => {
  it('401 without a session, 403 for a caseworker, 403 without CSRF', async () => {
    const caseworker = await insertOperator(t, { role: 'caseworker' });
    const admin = await insertOperator(t);
    const cs = await signIn(t, clock, caseworker);
    const as = await signIn(t, clock, admin);
    const body = {
      email: 'new@example.com',
      name: 'New Person',
      role: 'caseworker',
      password: 'a long password here',
    };

    expect((await t.app.inject({ method: 'GET', url: '/api/admin/operators' })).statusCode).toBe(401);
    expect((await post('/api/admin/operators', body)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/operators', headers: asOperator(cs) }))
        .statusCode,
    ).toBe(403);
    expect((await post('/api/admin/operators', body, asOperator(cs))).statusCode).toBe(403);
    expect((await post('/api/admin/operators', body, asOperator(as, false))).statusCode).toBe(403);
    expect(
      (await post('/api/admin/operators', body, { ...asOperator(as, false), 'x-csrf-token': 'forged' }))
        .statusCode,
    ).toBe(403);

    const created = await post('/api/admin/operators', body, asOperator(as));
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    expect(await auditCount(t, 'operator-created', id)).toBe(1);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/operators', headers: asOperator(as) });
    expect(
      list.json<{ operators: Array<{ id: string; secondFactor: boolean; role: string }> }>().operators,
    ).toContainEqual(expect.objectContaining({ id, role: 'caseworker', secondFactor: false }));
    const duplicate = await post('/api/admin/operators', body, asOperator(as));
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({
      errors: { email: 'An operator with this email address already exists' },
    });
    const short = await post(
      '/api/admin/operators',
      { ...body, email: 'x@example.com', password: 'short' },
      asOperator(as),
    );
    expect(short.json()).toEqual({ errors: { password: 'The password must be at least 12 characters' } });
  });

  it('disabling an operator signs them out and stops sign-in; resetting the second factor makes them enrol again', async () => {
    const admin = await insertOperator(t);
    const target = await insertOperator(t, { role: 'caseworker' });
    const as = await signIn(t, clock, admin);
    const ts = await signIn(t, clock, target);
    const patch = (payload: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/operators/${target.id}`,
        headers: asOperator(as),
        payload: payload as object,
      });

    expect((await patch({ action: 'disable' })).statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: ts.cookie } }))
        .statusCode,
    ).toBe(401);
    const refused = await post('/api/admin/sign-in', { email: target.email, password: OPERATOR_PASSWORD });
    expect(refused.statusCode).toBe(401);

    expect((await patch({ action: 'enable' })).statusCode).toBe(204);
    expect((await patch({ action: 'reset-second-factor' })).statusCode).toBe(204);
    const back = await post('/api/admin/sign-in', { email: target.email, password: OPERATOR_PASSWORD });
    expect(back.json()).toMatchObject({ next: 'enrol' });
    expect(await auditCount(t, 'operator-changed', target.id)).toBe(3);

    const self = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/operators/${admin.id}`,
      headers: asOperator(as),
      payload: { action: 'disable' },
    });
    expect(self.statusCode).toBe(409);
    expect((await patch({ action: 'nonsense' })).statusCode).toBe(400);
  });
});

describe('admin pages and answers are never stored or indexed', () => {
  it.each(['/admin/claims', '/admin/sign-in', '/api/admin/me', '/api/admin/nothing-here'])(
    '%s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toMatch(/noindex/);
    },
  );

  it('a claimant page is not marked noindex by the admin hook', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-robots-tag']).toBeUndefined();
  });
});
