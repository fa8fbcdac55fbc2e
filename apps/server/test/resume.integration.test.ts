import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimableTaxYears } from '@taxback/domain';
import type { FastifyBaseLogger } from 'fastify';
import { hmacSha256Hex } from '../src/crypto/hash.ts';
import { RESUME_LIMITS, createResumeService } from '../src/modules/resume/service.ts';
import { createTestApp, newSessionId } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { mileageSnapshot } from './snapshots.ts';

let t: TestApp;
const YEARS = claimableTaxYears().map((y) => y.year);
const NOT_FOUND = { error: 'Resume code not found. It may have expired or been used already.' };
const INVALID = { errors: { code: 'Invalid resume code. Please check your SMS and try again.' } };
let ipCounter = 10;

beforeAll(async () => {
  // 100 guesses at once must all reach the throttle, which this file tests: on PostgreSQL's pool of
  // 10, shedding (decision 036, its own tests in overload.integration.test.ts) would answer some 503.
  t = await createTestApp({ env: { DB_MAX_WAITING: 'off' } });
});
afterAll(async () => {
  await t.close();
});

/** Each test uses its own client IP so the per-IP throttle of one test never affects another. */
function freshIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

function snapshot(phone: string): Record<string, unknown> {
  return mileageSnapshot({
    years: YEARS.map((year, i) => ({ year, selected: i === 0, miles: 5000 })),
    personalInfo: { phone, homeAddress: '1 High Street' },
    employerName: 'Acme',
  });
}

/** A claim saved through step 3 and the resume code texted to `phone`. */
async function claimWithCode(phone: string): Promise<{ sessionId: string; code: string }> {
  const sessionId = newSessionId();
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/onboarding',
    headers: { 'x-session-id': sessionId },
    payload: {
      revision: 0,
      currentStep: 'vehicle',
      lastStepCompleted: 'tax-years',
      snapshot: snapshot(phone),
    },
  });
  expect(res.statusCode).toBe(200);
  const e164 = `+44${phone.replace(/\s/g, '').slice(1)}`;
  const sms = await t.app.db
    .selectFrom('sms_outbox')
    .select('body')
    .where('to_phone', '=', e164)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const code = /code is ([A-Z0-9]{4})/.exec(sms.body)?.[1];
  if (!code) throw new Error('no code in the outbox');
  return { sessionId, code };
}

function resume(body: Record<string, unknown>, ip: string) {
  return t.app.inject({ method: 'POST', url: '/api/resume', payload: body, remoteAddress: ip });
}

function getClaim(sessionId: string) {
  return t.app.inject({ method: 'GET', url: '/api/onboarding', headers: { 'x-session-id': sessionId } });
}

describe('POST /api/resume', () => {
  it('exchanges code + phone for a fresh session that owns the claim; the old session sees nothing', async () => {
    const { sessionId, code } = await claimWithCode('07700 900301');
    const before = await t.app.db
      .selectFrom('onboarding_claims')
      .select(['id', 'updated_at'])
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();

    // Any UK format of the number, lower-case code.
    const res = await resume({ code: code.toLowerCase(), phone: '+44 7700 900301' }, freshIp());
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { sessionId: fresh } = res.json<{ sessionId: string }>();
    expect(fresh).toMatch(/^tx_\d{13}_[A-Za-z0-9_-]{22,}$/);
    expect(fresh).not.toBe(sessionId);

    const restored = await getClaim(fresh);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({
      currentStep: 'vehicle',
      lastStepCompleted: 'tax-years',
      revision: 1,
    });
    expect((await getClaim(sessionId)).statusCode).toBe(404);

    const after = await t.app.db
      .selectFrom('onboarding_claims')
      .select(['id', 'updated_at', 'last_activity_at'])
      .where('session_id', '=', fresh)
      .executeTakeFirstOrThrow();
    expect(after.id).toBe(before.id);
    expect(after.updated_at > before.updated_at).toBe(true);
    expect(after.last_activity_at).toBe(after.updated_at);

    // The new session can keep saving with the claim's revision.
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/onboarding',
      headers: { 'x-session-id': fresh },
      payload: {
        revision: 1,
        currentStep: 'mileage',
        lastStepCompleted: 'vehicle',
        snapshot: snapshot('07700 900301'),
      },
    });
    expect(saved.statusCode).toBe(200);
  });

  it('works once: a used code answers the same 404', async () => {
    const { code } = await claimWithCode('07700 900302');
    const ip = freshIp();
    expect((await resume({ code, phone: '07700900302' }, ip)).statusCode).toBe(200);
    const again = await resume({ code, phone: '07700900302' }, ip);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(NOT_FOUND);
  });

  it('only the latest code works: asking for another retires the earlier one (D8)', async () => {
    const phone = '07700 900309';
    const { sessionId, code: first } = await claimWithCode(phone);
    // 'Save and finish later' texts a new code to the saved number.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/resume-code',
      headers: { 'x-session-id': sessionId },
    });
    expect(again.statusCode).toBe(202);
    const sms = await t.app.db
      .selectFrom('sms_outbox')
      .select('body')
      .where('to_phone', '=', '+447700900309')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(sms).toHaveLength(2);
    const codes = sms.map((m) => /code is ([A-Z0-9]{4})/.exec(m.body)?.[1]);
    const second = codes.find((c) => c !== first);
    if (!second) throw new Error('the second text carries no new code');
    // Both codes are stored: the first is expired, not deleted.
    const stored = await t.app.db
      .selectFrom('resume_codes')
      .select('id')
      .where('session_id', '=', sessionId)
      .execute();
    expect(stored).toHaveLength(2);
    const ip = freshIp();
    const old = await resume({ code: first, phone }, ip);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual(NOT_FOUND);
    expect((await resume({ code: second, phone }, ip)).statusCode).toBe(200);
  });

  it('answers the identical 404 for a wrong phone, an unknown code and an expired code', async () => {
    const { sessionId, code } = await claimWithCode('07700 900303');
    const ip = freshIp();

    const wrongPhone = await resume({ code, phone: '07700 900999' }, ip);
    expect(wrongPhone.statusCode).toBe(404);
    expect(wrongPhone.json()).toEqual(NOT_FOUND);

    const unknown = await resume({ code: code === 'ZZZZ' ? 'YYYY' : 'ZZZZ', phone: '07700 900303' }, ip);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(wrongPhone.body);

    await t.app.db
      .updateTable('resume_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('session_id', '=', sessionId)
      .execute();
    const expired = await resume({ code, phone: '07700 900303' }, ip);
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toBe(wrongPhone.body);

    // The claim still belongs to the original session.
    expect((await getClaim(sessionId)).statusCode).toBe(200);
  });

  it('refuses a malformed code with 400 before looking anything up', async () => {
    const ip = freshIp();
    for (const code of ['AB1', 'ABCDE', 'AB0O', 'IL11', '', 12]) {
      const res = await resume({ code, phone: '07700 900304' }, ip);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(INVALID);
    }
    // Malformed codes are not guesses: the IP is not throttled.
    const failures = await t.app.db.selectFrom('resume_attempts').select('id').execute();
    const res = await resume({ code: 'ABCD', phone: '07700 900304' }, ip);
    expect(res.statusCode).toBe(404);
    expect((await t.app.db.selectFrom('resume_attempts').select('id').execute()).length).toBe(
      failures.length + 1,
    );
  });

  it('throttles the sixth failed attempt from one IP within 15 minutes (429), even with the right code', async () => {
    const { code } = await claimWithCode('07700 900305');
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const res = await resume({ code, phone: '07700 900000' }, ip);
      expect(res.statusCode).toBe(404);
    }
    const sixth = await resume({ code, phone: '07700 900305' }, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ error: 'Too many attempts. Please wait 15 minutes and try again.' });
    expect(sixth.headers['retry-after']).toBe('900');

    // Another IP is unaffected, and the code still works there.
    expect((await resume({ code, phone: '07700 900305' }, freshIp())).statusCode).toBe(200);

    // Failures older than 15 minutes no longer count.
    await t.app.db
      .updateTable('resume_attempts')
      .set({ created_at: new Date(Date.now() - 16 * 60 * 1000).toISOString() })
      .execute();
    expect((await resume({ code: 'ABCD', phone: '07700 900305' }, ip)).statusCode).toBe(404);
  });

  it('stores only keyed hashes of IPs, codes and phones', async () => {
    const { code } = await claimWithCode('07700 900306');
    const ip = freshIp();
    await resume({ code, phone: '07700 900306' }, ip);
    const attempts = await t.app.db.selectFrom('resume_attempts').selectAll().execute();
    const codes = await t.app.db.selectFrom('resume_codes').selectAll().execute();
    const dump = JSON.stringify([attempts, codes]);
    expect(dump).not.toContain(ip);
    expect(dump).not.toContain('7700900306');
    expect(dump).not.toContain(`"${code}"`);
  });

  it('checks at most 5 of 100 concurrent guesses from one IP, and records every one (issue 17)', async () => {
    const { code } = await claimWithCode('07700 900306');
    const ip = freshIp();
    const countAll = async (extra?: (q: ReturnType<typeof attempts>) => ReturnType<typeof attempts>) => {
      const base = attempts();
      const row = await (extra ? extra(base) : base).executeTakeFirstOrThrow();
      return Number(row.n);
    };
    const attempts = () =>
      t.app.db
        .selectFrom('resume_attempts')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('succeeded', '=', 0);
    const failuresBefore = await countAll();
    // Wrong numbers for the right code: each guess is a failure once checked.
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        resume({ code, phone: `07700 9${String(10_000 + i).slice(1)}` }, ip),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 404)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(95);
    // Every attempt is recorded for the alert; only the 5 checked count for the IP's throttle.
    expect((await countAll()) - failuresBefore).toBe(100);
    const ipHash = hmacSha256Hex(t.app.keys.signingKey, `ip:${ip}`);
    const checked = await t.app.db
      .selectFrom('resume_attempts')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('ip_hash', '=', ipHash)
      .where('throttled', '=', 0)
      .executeTakeFirstOrThrow();
    expect(Number(checked.n)).toBe(5);
  });

  it('sends at most 3 codes an hour to one number, even for 20 concurrent requests (issue 17)', async () => {
    const service = createResumeService({
      db: t.app.db,
      dialect: t.app.dbDialect,
      signingKey: t.app.keys.signingKey,
      sms: t.app.providers.sms,
      log: { info: () => {}, warn: () => {} } as unknown as FastifyBaseLogger,
      publicUrl: 'https://claim.example.test',
    });
    const { sessionId } = await claimWithCode('07700 900307');
    // Saving the claim sent one code already: two more may go.
    const results = await Promise.all(
      Array.from({ length: 20 }, () => service.issueCode(sessionId, '07700 900307')),
    );
    expect(results.filter((r) => r === 'sent')).toHaveLength(2);
    expect(results.filter((r) => r === 'rate-limited')).toHaveLength(18);
    const sent = await t.app.db
      .selectFrom('sms_outbox')
      .select('id')
      .where('to_phone', '=', '+447700900307')
      .execute();
    expect(sent).toHaveLength(3);
  });

  it('logs an alert (without personal data) when failures pass the global hourly ceiling', async () => {
    const warnings: { obj: unknown; msg: unknown }[] = [];
    const log = {
      warn: (obj: unknown, msg?: unknown) => warnings.push({ obj, msg }),
      info: () => {},
    } as unknown as FastifyBaseLogger;
    const service = createResumeService({
      db: t.app.db,
      dialect: t.app.dbDialect,
      signingKey: t.app.keys.signingKey,
      sms: t.app.providers.sms,
      log,
      publicUrl: 'https://claim.example.test',
    });
    const existing = Number(
      (
        await t.app.db
          .selectFrom('resume_attempts')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('succeeded', '=', 0)
          .where('created_at', '>', new Date(Date.now() - 3_600_000).toISOString())
          .executeTakeFirstOrThrow()
      ).n,
    );
    const createdAt = new Date(Date.now() - 30 * 60 * 1000).toISOString();
    const fill = RESUME_LIMITS.globalHourlyFailureCeiling - existing;
    await t.app.db
      .insertInto('resume_attempts')
      .values(
        Array.from({ length: fill }, (_, i) => ({
          id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          ip_hash: `spread-${i}`,
          succeeded: 0,
          created_at: createdAt,
        })),
      )
      .execute();
    const result = await service.redeem({ code: 'ABCD', phone: '07700 900399', ip: freshIp() });
    expect(result).toEqual({ ok: false, reason: 'not-found' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toMatch(/ALERT/);
    expect(JSON.stringify(warnings)).not.toMatch(/ABCD|7700900399|198\.51/);
  });
});
