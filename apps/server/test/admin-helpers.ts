import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { encryptField } from '../src/crypto/field-encryption.ts';
import { hashPassword } from '../src/crypto/password.ts';
import type { TestApp } from './helpers.ts';

/** A clock the app reads (AppOverrides.now) that a test moves by hand. */
export function testClock(start = '2026-03-02T09:00:00.000Z') {
  let current = new Date(start);
  return {
    now: () => current,
    advance(ms: number) {
      current = new Date(current.getTime() + ms);
    },
  };
}
export type TestClock = ReturnType<typeof testClock>;

export const OPERATOR_PASSWORD = 'correct horse battery staple';
export const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export interface TestOperator {
  id: string;
  email: string;
  role: 'admin' | 'caseworker';
}

/** Inserts an operator straight into the database, enrolled in TOTP unless `enrolled: false`. */
export async function insertOperator(
  t: TestApp,
  options: { role?: 'admin' | 'caseworker'; enrolled?: boolean; email?: string } = {},
): Promise<TestOperator> {
  const id = randomUUID();
  const role = options.role ?? 'admin';
  const email = options.email ?? `op-${id.slice(0, 8)}@example.com`;
  await t.app.db
    .insertInto('operator_users')
    .values({
      id,
      email,
      name: `Operator ${id.slice(0, 4)}`,
      password_hash: await hashPassword(OPERATOR_PASSWORD),
      role,
      created_at: new Date().toISOString(),
      last_login_at: null,
      disabled_at: null,
      totp_secret: options.enrolled === false ? null : encryptField(TOTP_SECRET, t.app.keys.dataKey),
      totp_enrolled_at: null,
      totp_last_step: null,
      locked_until: null,
    })
    .execute();
  return { id, email, role };
}

export function totpCode(clock: TestClock, secret = TOTP_SECRET): Promise<string> {
  return generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
}

/** The `tb_admin` cookie a response set, as a Cookie header value. */
export function adminCookie(res: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = res.cookies.find((c) => c.name === 'tb_admin');
  if (!cookie) throw new Error('no admin cookie set');
  return `tb_admin=${cookie.value}`;
}

export interface AdminSession {
  cookie: string;
  csrf: string;
}

/** Password then TOTP code; moves the clock on a time step so each sign-in has a fresh code. */
export async function signIn(t: TestApp, clock: TestClock, op: TestOperator): Promise<AdminSession> {
  clock.advance(30_000);
  const first = await t.app.inject({
    method: 'POST',
    url: '/api/admin/sign-in',
    payload: { email: op.email, password: OPERATOR_PASSWORD },
  });
  if (first.statusCode !== 200) throw new Error(`sign-in answered ${first.statusCode}`);
  const { csrfToken } = first.json<{ csrfToken: string }>();
  const second = await t.app.inject({
    method: 'POST',
    url: '/api/admin/sign-in/code',
    headers: { cookie: adminCookie(first), 'x-csrf-token': csrfToken },
    payload: { code: await totpCode(clock) },
  });
  if (second.statusCode !== 200) throw new Error(`code answered ${second.statusCode}`);
  return { cookie: adminCookie(second), csrf: second.json<{ csrfToken: string }>().csrfToken };
}

export function asOperator(session: AdminSession, withCsrf = true): Record<string, string> {
  return { cookie: session.cookie, ...(withCsrf ? { 'x-csrf-token': session.csrf } : {}) };
}

export async function auditCount(t: TestApp, action: string, entityId?: string): Promise<number> {
  let query = t.app.db.selectFrom('audit_events').select('id').where('action', '=', action);
  if (entityId !== undefined) query = query.where('entity_id', '=', entityId);
  return (await query.execute()).length;
}
