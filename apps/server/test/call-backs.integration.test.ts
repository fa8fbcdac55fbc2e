// D27: a self-employed or CIS claimant may ask to be called about Self Assessment. The name and
// number are kept only then, with consent; operators see and remove them (audited, D22); the purge
// deletes them after CALL_BACK_RETENTION_DAYS.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_BACK_MESSAGES, CALL_BACK_RETENTION_DAYS } from '@taxback/domain/schemas';
import { purgeCallBacks } from '../src/jobs/purge-drafts.ts';
import { asOperator, auditCount, insertOperator, signIn, testClock } from './admin-helpers.ts';
import type { AdminSession } from './admin-helpers.ts';
import { createTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const clock = testClock('2026-11-23T10:00:00.000Z');
let t: TestApp;
let caseworker: AdminSession;

beforeAll(async () => {
  t = await createTestApp({ overrides: { now: clock.now } });
  caseworker = await signIn(t, clock, await insertOperator(t, { role: 'caseworker' }));
});
afterAll(async () => {
  await t.close();
});

const ask = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/call-backs', payload: payload as Record<string, unknown> });
const rows = () => t.app.db.selectFrom('call_back_requests').selectAll().execute();

describe('POST /api/call-backs', () => {
  it('keeps the name, the number and the topic, only with consent', async () => {
    const before = (await rows()).length;
    const refused = await ask({ name: 'Sam Trader', phone: '07700 900123' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ errors: { consent: CALL_BACK_MESSAGES.consentRequired } });
    const empty = await ask({ name: ' ', phone: '', consent: true });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      errors: { name: CALL_BACK_MESSAGES.nameRequired, phone: 'Phone number is required' },
    });
    const badPhone = await ask({ name: 'Sam', phone: '12345', consent: true, topic: 'gossip' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json()).toEqual({
      errors: { phone: 'Please enter a valid UK phone number', topic: 'Unknown topic' },
    });
    expect((await rows()).length).toBe(before);

    const res = await ask({ name: 'Sam Trader', phone: '07700 900123', consent: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    const stored = (await rows()).filter((r) => r.name === 'Sam Trader');
    expect(stored).toEqual([
      {
        id: expect.any(String),
        name: 'Sam Trader',
        phone: '+447700900123',
        topic: 'self-assessment',
        created_at: clock.now().toISOString(),
      },
    ]);
  });
});

describe('/api/admin/call-backs', () => {
  it('needs an operator session, and the CSRF token to remove one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/call-backs' })).statusCode).toBe(401);
    const id = randomUUID();
    const noSession = await t.app.inject({ method: 'DELETE', url: `/api/admin/call-backs/${id}` });
    expect(noSession.statusCode).toBe(401);
    const noCsrf = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/call-backs/${id}`,
      headers: asOperator(caseworker, false),
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('lists the requests oldest first (audited once per view), and removes one once called', async () => {
    await ask({ name: 'Alex Builder', phone: '01632 960001', consent: true });
    const viewsBefore = await auditCount(t, 'call-backs-viewed');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/call-backs',
      headers: asOperator(caseworker),
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const { callBacks } = list.json<{ callBacks: Array<{ id: string; name: string; topic: string }> }>();
    const alex = callBacks.find((c) => c.name === 'Alex Builder');
    expect(alex).toMatchObject({ phone: '+441632960001', topic: 'self-assessment' });
    expect(await auditCount(t, 'call-backs-viewed')).toBe(viewsBefore + 1);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/call-backs/${alex!.id}`,
      headers: asOperator(caseworker),
    });
    expect(removed.statusCode).toBe(204);
    expect((await rows()).some((r) => r.id === alex!.id)).toBe(false);
    expect(await auditCount(t, 'call-back-removed', alex!.id)).toBe(1);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/call-backs/${alex!.id}`,
      headers: asOperator(caseworker),
    });
    expect(again.statusCode).toBe(404);
    expect(await auditCount(t, 'call-back-removed', alex!.id)).toBe(1);
  });

  it('purges requests older than the retention period, and keeps newer ones', async () => {
    const day = 86_400_000;
    const at = (daysAgo: number) => new Date(clock.now().getTime() - daysAgo * day).toISOString();
    const old = randomUUID();
    const recent = randomUUID();
    await t.app.db
      .insertInto('call_back_requests')
      .values([
        { id: old, name: 'Old', phone: '+447700900001', topic: 'self-assessment', created_at: at(31) },
        { id: recent, name: 'Recent', phone: '+447700900002', topic: 'self-assessment', created_at: at(29) },
      ])
      .execute();
    expect(CALL_BACK_RETENTION_DAYS).toBe(30);
    expect(await purgeCallBacks({ db: t.app.db, now: clock.now() })).toBe(1);
    const ids = (await rows()).map((r) => r.id);
    expect(ids).not.toContain(old);
    expect(ids).toContain(recent);
  });
});
