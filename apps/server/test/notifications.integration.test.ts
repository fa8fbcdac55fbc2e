// Issue 15, D23/D24: the claimant is told by text and email when a claim arrives and when its
// status changes; each message is a durable job, so a provider outage delays messages and loses
// none. The SMS and SMTP providers here are real adapters talking to stubs on 127.0.0.1.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOTIFY_JOB } from '../src/jobs/notify-claimant.ts';
import {
  asOperator,
  insertOperator,
  signIn,
  submitGeneralClaim,
  submitMileageClaim,
  testClock,
  storedGeneralReference,
} from './admin-helpers.ts';
import type { AdminSession } from './admin-helpers.ts';
import { createTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { startSmtpStub, type SmtpStub } from './providers/smtp-stub.ts';
import { startStub, type Stub } from './providers/stub-server.ts';
import { TWILIO_CREATED } from './providers/vendor-fixtures.ts';

const clock = testClock('2026-11-24T09:00:00.000Z');
let t: TestApp;
let twilio: Stub;
let smtp: SmtpStub;
let admin: AdminSession;
let smsFailing = false;

beforeAll(async () => {
  twilio = await startStub();
  twilio.answer(() =>
    smsFailing
      ? { status: 503, body: { code: 20503, message: 'Service unavailable' } }
      : { status: 201, body: TWILIO_CREATED },
  );
  smtp = await startSmtpStub();
  t = await createTestApp({
    overrides: { now: clock.now },
    env: {
      PUBLIC_URL: 'https://claims.example',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
      TWILIO_AUTH_TOKEN: 'test-token',
      TWILIO_FROM: '+447700900000',
      TWILIO_BASE_URL: twilio.url,
      SMTP_URL: smtp.url,
      EMAIL_FROM: 'TaxBack Claims <claims@taxback.example>',
      PROVIDER_TIMEOUT_MS: '2000',
    },
  });
  admin = await signIn(t, clock, await insertOperator(t));
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await twilio?.close();
});
beforeEach(async () => {
  smsFailing = false;
  smtp.failing = false;
  await t.app.jobs.drain();
  twilio.requests.length = 0;
  smtp.received.length = 0;
  smtp.refused = 0;
});

/** Texts that reached the Twilio stub (POSTs it answered 201), by body. */
const deliveredTexts = () =>
  smsFailing
    ? []
    : twilio.requests
        .map((r) => new URLSearchParams(r.body))
        .map((p) => ({ to: p.get('To'), body: p.get('Body') ?? '' }));

describe('claimant notifications', () => {
  it('a general claim: one text and one email saying it arrived, with its reference and where to follow it', async () => {
    const id = await submitGeneralClaim(t, {
      firstName: 'Gail',
      lastName: 'Notified',
      email: 'gail@example.com',
    });
    const reference = await storedGeneralReference(t, id);
    // The jobs exist with the claim, and hold ids only.
    const jobs = await t.app.db
      .selectFrom('jobs')
      .select(['name', 'payload'])
      .where('name', '=', NOTIFY_JOB)
      .where('status', '=', 'queued')
      .execute();
    expect(jobs.map((j) => JSON.parse(j.payload) as unknown)).toEqual(
      expect.arrayContaining([
        { channel: 'sms', claimKind: 'general', claimId: id, historyId: null },
        { channel: 'email', claimKind: 'general', claimId: id, historyId: null },
      ]),
    );
    expect(JSON.stringify(jobs)).not.toMatch(/gail|Notified|07700/i);

    await t.app.jobs.drain();
    const texts = deliveredTexts();
    expect(texts).toHaveLength(1);
    expect(texts[0]!.to).toBe('+447700900123');
    expect(texts[0]!.body).toContain(`we have your claim ${reference}`);
    // D30: a funnel claim's text links to its status page, where the details HMRC needs are added.
    expect(texts[0]!.body).toContain(
      `Add them at https://claims.example/status?reference=${encodeURIComponent(reference)}`,
    );
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['gail@example.com']);
    expect(smtp.received[0]!.subject).toBe(`We have your claim ${reference}: add the details HMRC needs`);
    expect(smtp.received[0]!.raw).toContain('Dear Gail,');
  });

  it('a mileage claim: the same, with its TB reference and never the NI number', async () => {
    const claim = await submitMileageClaim(t, { firstName: 'Mo', email: 'mo@example.com' });
    await t.app.jobs.drain();
    // The wizard texted a resume code on the way (inline, D8); the claim's own text is the other.
    const [resumeText, ...texts] = deliveredTexts();
    expect(resumeText!.body).toContain('Your TaxBack resume code is');
    expect(texts).toHaveLength(1);
    expect(texts[0]!.to).toBe('+447700900555');
    expect(texts[0]!.body).toContain(claim.reference);
    expect(smtp.received.map((m) => m.subject)).toEqual([`We have your claim ${claim.reference}`]);
    expect(smtp.received[0]!.raw).not.toMatch(/AB ?12 ?34/);
  });

  it('a status change the claimant cares about is sent with the operator’s reason; our own steps are not', async () => {
    const claim = await submitMileageClaim(t, { firstName: 'Sia', email: 'sia@example.com' });
    await t.app.jobs.drain();
    twilio.requests.length = 0;
    smtp.received.length = 0;
    const move = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/claims/${claim.id}/status`,
        headers: asOperator(admin),
        payload,
      });
    expect((await move({ to: 'in-review', reason: '', version: 0 })).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(deliveredTexts().map((m) => m.body)).toEqual([
      expect.stringContaining('We are checking your claim.'),
    ]);
    expect(smtp.received.map((m) => m.subject)).toEqual([`Your claim ${claim.reference}: in review`]);
    twilio.requests.length = 0;
    smtp.received.length = 0;
    const res = await move({
      to: 'information-requested',
      reason: 'Your P60 for the year, please',
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(deliveredTexts().map((m) => m.body)).toEqual([
      expect.stringContaining(
        'We need more information before we can go on with your claim. We have emailed you the details.',
      ),
    ]);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.raw).toContain('What we need: Your P60 for the year, please');
  });

  // D31: "Needs Self Assessment" closes the claim with the advice sent (GOV.UK "Claim tax relief for
  // your job expenses": expenses over £2,500 are claimed on a Self Assessment tax return), no fee.
  it('a claim closed as "Needs Self Assessment" sends the Self Assessment advice by text and email', async () => {
    const claim = await submitMileageClaim(t, { firstName: 'Sadie', email: 'sadie@example.com' });
    const move = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/claims/${claim.id}/status`,
        headers: asOperator(admin),
        payload,
      });
    expect((await move({ to: 'in-review', reason: '', version: 0 })).statusCode).toBe(200);
    await t.app.jobs.drain();
    twilio.requests.length = 0;
    smtp.received.length = 0;
    expect((await move({ to: 'needs-self-assessment', reason: '', version: 1 })).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(deliveredTexts().map((m) => m.body)).toEqual([
      expect.stringContaining('HMRC only takes it on a Self Assessment tax return'),
    ]);
    expect(smtp.received.map((m) => m.subject)).toEqual([
      `Your claim ${claim.reference}: needs self assessment`,
    ]);
    expect(smtp.received[0]!.raw).toContain('there is no fee');
    expect(smtp.received[0]!.raw).toContain('https://www.gov.uk/tax-relief-for-employees');
  });

  it('SMS and SMTP down for 30 seconds while claims arrive: every message is delivered once after they recover', async () => {
    smsFailing = true;
    smtp.failing = true;
    const general = [
      await storedGeneralReference(
        t,
        await submitGeneralClaim(t, { firstName: 'Olu', email: 'olu@example.com' }),
      ),
      await storedGeneralReference(
        t,
        await submitGeneralClaim(t, { firstName: 'Pat', email: 'pat@example.com' }),
      ),
    ];
    const mileage = (await submitMileageClaim(t, { firstName: 'Quin', email: 'quin@example.com' })).reference;
    const references = [...general, mileage];
    // D30: a funnel claim's email asks for the details HMRC needs; a mileage claim's does not.
    const subjectOf = (reference: string) =>
      `We have your claim ${reference}${general.includes(reference) ? ': add the details HMRC needs' : ''}`;
    // The outage: the queue looks every 5 seconds for 30 seconds; every try is refused.
    for (let s = 0; s < 30; s += 5) {
      await t.app.jobs.runDue();
      clock.advance(5_000);
    }
    expect(twilio.requests.length).toBeGreaterThanOrEqual(6);
    expect(smtp.refused).toBeGreaterThanOrEqual(6);
    expect(smtp.received).toHaveLength(0);
    const failed = await t.app.db
      .selectFrom('jobs')
      .select(['status', 'last_error'])
      .where('name', '=', NOTIFY_JOB)
      .where('status', '!=', 'done')
      .execute();
    expect(failed).toHaveLength(6);
    expect(new Set(failed.map((j) => j.status))).toEqual(new Set(['queued']));
    expect(new Set(failed.map((j) => j.last_error))).toEqual(new Set(['SMS_NOT_SENT', 'EMAIL_NOT_SENT']));

    // They recover; the queue goes on looking for the next hour.
    smsFailing = false;
    smtp.failing = false;
    const triedDuringOutage = twilio.requests.length;
    for (let s = 0; s < 3_600; s += 30) {
      await t.app.jobs.runDue();
      clock.advance(30_000);
    }
    const texts = twilio.requests
      .slice(triedDuringOutage)
      .map((r) => new URLSearchParams(r.body).get('Body') ?? '');
    for (const reference of references) {
      expect(texts.filter((b) => b.includes(reference))).toHaveLength(1);
      expect(smtp.received.filter((m) => m.subject === subjectOf(reference))).toHaveLength(1);
    }
    expect(texts).toHaveLength(3);
    expect(smtp.received).toHaveLength(3);
    const left = await t.app.db
      .selectFrom('jobs')
      .select('status')
      .where('name', '=', NOTIFY_JOB)
      .where('status', '!=', 'done')
      .execute();
    expect(left).toEqual([]);
  });
});
