// Issue 15, D23: claimants follow their claim at /status with its reference, their mobile number
// and a code texted to it. Through the real app and database.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalReference } from '@taxback/domain';
import { STATUS_MESSAGES } from '@taxback/domain/status-schemas';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import { STATUS_COOKIE } from '../src/modules/status/routes.ts';
import {
  asOperator,
  insertOperator,
  signIn,
  submitGeneralClaim,
  submitMileageClaim,
  testClock,
  storedGeneralReference,
  lastStatusCode,
} from './admin-helpers.ts';
import type { AdminSession } from './admin-helpers.ts';
import { createTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const clock = testClock('2026-11-24T09:00:00.000Z');
let t: TestApp;
let admin: AdminSession;
let ipCounter = 0;
/** Each test its own IP, so the per-IP throttle of one does not reach the next. */
const freshIp = () => `192.0.2.${++ipCounter}`;

beforeAll(async () => {
  t = await createTestApp({
    overrides: { now: clock.now },
    env: { FEE_PERCENT: '20', FEE_MINIMUM_PENCE: '0', FEE_VAT_PERCENT: '20' },
  });
  admin = await signIn(t, clock, await insertOperator(t));
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, ip: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

/** The code in the newest status text to `e164`. */
const lastCode = (e164: string) => lastStatusCode(t, e164);

async function openStatus(reference: string, phone: string, e164: string, ip = freshIp()) {
  const sent = await post('/api/status/code', { reference, phone }, ip);
  expect(sent.statusCode).toBe(202);
  const code = await lastCode(e164);
  const verified = await post('/api/status/verify', { reference, phone, code }, ip);
  expect(verified.statusCode).toBe(200);
  const cookie = verified.cookies.find((c) => c.name === STATUS_COOKIE)!;
  return { view: verified.json<ClaimStatusView>(), cookie, sent: sent.json<{ sentTo: string }>() };
}

describe('the claimant status page', () => {
  it('a general claim: a code by text, then the timeline and the signed authority to download', async () => {
    const id = await submitGeneralClaim(t, { phone: '07700 900321' });
    const reference = await storedGeneralReference(t, id);
    const { view, cookie, sent } = await openStatus(
      reference.toLowerCase(),
      '+44 7700 900321',
      '+447700900321',
    );
    expect(sent.sentTo).toBe('*********321');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/status', maxAge: 1800 });
    expect(view.reference).toBe(reference);
    expect(view.kind).toBe('general');
    expect(view.timeline.entries.map((e) => e.title)).toEqual(['We received your claim']);
    expect(view.timeline.next).toContain('We will check your claim');
    expect(view.documents).toHaveLength(1);

    const again = await t.app.inject({
      method: 'GET',
      url: '/api/status',
      cookies: { [STATUS_COOKIE]: cookie.value },
    });
    expect(again.json()).toEqual(view);
    const pdf = await t.app.inject({
      method: 'GET',
      url: view.documents[0]!.url,
      cookies: { [STATUS_COOKIE]: cookie.value },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const stored = await t.app.db
      .selectFrom('stored_files')
      .innerJoin('form_responses', 'form_responses.session_id', 'stored_files.session_id')
      .select('stored_files.sha256')
      .where('form_responses.id', '=', id)
      .where('stored_files.kind', '=', 'authority')
      .executeTakeFirstOrThrow();
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(stored.sha256);
    // Without the cookie, or with another file's id, nothing.
    expect((await t.app.inject({ method: 'GET', url: view.documents[0]!.url })).statusCode).toBe(401);
  });

  it('a mileage claim follows each status change, with the operator’s reason and the repayment', async () => {
    const claim = await submitMileageClaim(t, { firstName: 'Tia' });
    const move = async (to: string, reason: string, version: number, extra: object = {}) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/claims/${claim.id}/status`,
        headers: asOperator(admin),
        payload: { to, reason, version, ...extra },
      });
      expect(res.statusCode).toBe(200);
    };
    await move('in-review', '', 0);
    await move('information-requested', 'A copy of your P60', 1);
    const { view } = await openStatus(claim.reference, '07700 900555', '+447700900555');
    expect(view.kind).toBe('mileage');
    expect(view.timeline.entries.map((e) => [e.title, e.detail])).toEqual([
      ['We received your claim', null],
      ['We are checking your claim', null],
      ['We asked you for more information', 'What we need: A copy of your P60'],
    ]);
    expect(view.timeline.next).toContain('Answer what we asked for on this page');

    // Straight to "repaid" (the path through HMRC is the admin tests' business): the amounts show.
    await t.app.db
      .updateTable('onboarding_claims')
      .set({ status: 'repaid', repaid_pence: 50_000, fee_pence: 12_000, claimant_pence: 38_000 })
      .where('id', '=', claim.id)
      .execute();
    await t.app.db
      .insertInto('claim_status_history')
      .values({
        id: crypto.randomUUID(),
        claim_kind: 'onboarding',
        claim_id: claim.id,
        from_status: 'sent-to-hmrc',
        to_status: 'repaid',
        version: 9,
        reason: null,
        operator_id: 'op',
        created_at: new Date(clock.now().getTime() + 1000).toISOString(),
      })
      .execute();
    const after = (await openStatus(claim.reference, '07700 900555', '+447700900555')).view;
    expect(after.timeline.entries.at(-1)).toMatchObject({
      title: 'HMRC repaid your claim',
      detail: 'HMRC repaid £500.00. Our fee, including VAT, is £120.00, so you receive £380.00.',
    });
    expect(after.timeline.next).toBeNull();
  });

  it('a wrong reference and a wrong phone get the same answer', async () => {
    const id = await submitGeneralClaim(t, { phone: '07700 900654' });
    const ip = freshIp();
    const wrongRef = await post('/api/status/code', { reference: 'GEN-00000000', phone: '07700 900654' }, ip);
    const wrongPhone = await post(
      '/api/status/code',
      { reference: generalReference(id), phone: '07700 900999' },
      ip,
    );
    expect(wrongRef.statusCode).toBe(404);
    expect(wrongPhone.statusCode).toBe(404);
    expect(wrongRef.json()).toEqual({ error: STATUS_MESSAGES.notFound });
    expect(wrongPhone.body).toBe(wrongRef.body);
  });

  it('the sixth failure from one IP in 15 minutes is throttled, and the window passes', async () => {
    const id = await submitGeneralClaim(t, { phone: '07700 900655' });
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await post('/api/status/code', { reference: 'GEN-00000000', phone: '07700 900655' }, ip)).statusCode,
      ).toBe(404);
    }
    const sixth = await post(
      '/api/status/code',
      { reference: generalReference(id), phone: '07700 900655' },
      ip,
    );
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ error: STATUS_MESSAGES.throttled });
    expect(sixth.headers['retry-after']).toBe('900');
    clock.advance(15 * 60 * 1000 + 1);
    expect(
      (await post('/api/status/code', { reference: generalReference(id), phone: '07700 900655' }, ip))
        .statusCode,
    ).toBe(202);
  });

  it('a code works once, for 10 minutes, and only the newest; wrong codes count as failures', async () => {
    const id = await submitGeneralClaim(t, { phone: '07700 900656' });
    const body = { reference: generalReference(id), phone: '07700 900656' };
    const ip = freshIp();
    expect((await post('/api/status/code', body, ip)).statusCode).toBe(202);
    const first = await lastCode('+447700900656');
    clock.advance(1000);
    expect((await post('/api/status/code', body, ip)).statusCode).toBe(202);
    const second = await lastCode('+447700900656');
    const wrong = await post(
      '/api/status/verify',
      { ...body, code: first === second ? '000000' : first },
      ip,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ errors: { code: STATUS_MESSAGES.codeWrong } });
    expect((await post('/api/status/verify', { ...body, code: second }, ip)).statusCode).toBe(200);
    expect((await post('/api/status/verify', { ...body, code: second }, ip)).statusCode).toBe(400);

    expect((await post('/api/status/code', body, ip)).statusCode).toBe(202);
    const late = await lastCode('+447700900656');
    clock.advance(10 * 60 * 1000 + 1);
    expect((await post('/api/status/verify', { ...body, code: late }, ip)).statusCode).toBe(400);
    // Three codes this hour for this number: the fourth is refused.
    const fourth = await post('/api/status/code', body, freshIp());
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ error: STATUS_MESSAGES.tooManyCodes });
  });

  it('the page closes after 30 minutes, and a tampered cookie opens nothing', async () => {
    const id = await submitGeneralClaim(t, { phone: '07700 900657' });
    const { cookie } = await openStatus(generalReference(id), '07700 900657', '+447700900657');
    const [kind, claimId, expires, signature] = cookie.value.split('.') as [string, string, string, string];
    const longer = `${kind}.${claimId}.${Number(expires) + 3_600_000}.${signature}`;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/status', cookies: { [STATUS_COOKIE]: longer } }))
        .statusCode,
    ).toBe(401);
    clock.advance(30 * 60 * 1000 + 1);
    const late = await t.app.inject({
      method: 'GET',
      url: '/api/status',
      cookies: { [STATUS_COOKIE]: cookie.value },
    });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ error: STATUS_MESSAGES.expired });
  });

  // The token names the claim (it proved the reference and phone when given): the claim is read by
  // its id alone, in one statement, whatever its contact columns hold now. Read first by id and
  // then again by reference and phone, an amendment rewriting the phone column between the two
  // reads once answered 401; with no usable phone on the row that answer was certain.
  it('an open page stays open whatever the claim’s phone column holds meanwhile', async () => {
    const id = await submitGeneralClaim(t, { phone: '07700 900658' });
    const { cookie, view } = await openStatus(generalReference(id), '07700 900658', '+447700900658');
    const open = () =>
      t.app.inject({ method: 'GET', url: '/api/status', cookies: { [STATUS_COOKIE]: cookie.value } });
    for (const phone of ['07700 900659', '']) {
      await t.app.db.updateTable('form_responses').set({ phone }).where('id', '=', id).execute();
      const still = await open();
      expect(still.statusCode, phone).toBe(200);
      expect(still.json<ClaimStatusView>().reference).toBe(view.reference);
    }
    // A new sign-in needs the phone the claim has now.
    const again = await post(
      '/api/status/code',
      { reference: generalReference(id), phone: '07700 900658' },
      freshIp(),
    );
    expect(again.statusCode).toBe(404);
  });

  // Issue 28: on a shared device a link for another claim must never show the claim signed in to.
  it('a session is for its own claim: a link for another claim is refused and signs the first out', async () => {
    const first = await submitGeneralClaim(t, { phone: '07700 900711' });
    const second = await submitGeneralClaim(t, { phone: '07700 900712' });
    const { view, cookie } = await openStatus(generalReference(first), '07700 900711', '+447700900711');
    const look = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/status${query}`, cookies: { [STATUS_COOKIE]: cookie.value } });

    // Its own reference, in any spelling the form accepts, shows it.
    const own = await look(`?reference=${encodeURIComponent(generalReference(first).toLowerCase())}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(view);

    const other = await look(`?reference=${encodeURIComponent(generalReference(second))}`);
    expect(other.statusCode).toBe(401);
    expect(other.json()).toEqual({ error: STATUS_MESSAGES.otherClaim });
    expect(other.body).not.toContain(generalReference(first));
    // The first claim's cookie is cleared, so the browser is signed out of it.
    const cleared = other.cookies.find((c) => c.name === STATUS_COOKIE);
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/api/status');

    const malformed = await look('?reference=hello');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ errors: { reference: STATUS_MESSAGES.referenceInvalid } });
  });

  it('"Sign out" ends the status session', async () => {
    const id = await submitGeneralClaim(t, { phone: '07700 900713' });
    const { cookie } = await openStatus(generalReference(id), '07700 900713', '+447700900713');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/status/sign-out',
      cookies: { [STATUS_COOKIE]: cookie.value },
    });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === STATUS_COOKIE)?.value).toBe('');
    // Signing out without a session is fine too.
    expect((await t.app.inject({ method: 'POST', url: '/api/status/sign-out' })).statusCode).toBe(204);
  });

  it('bad input gets field messages and stores nothing', async () => {
    const before = await t.app.db
      .selectFrom('status_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await post('/api/status/code', { reference: 'hello', phone: '12' }, freshIp());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: { reference: STATUS_MESSAGES.referenceInvalid, phone: 'Please enter a valid UK phone number' },
    });
    const verify = await post(
      '/api/status/verify',
      { reference: 'GEN-00000000', phone: '07700 900657', code: '12ab' },
      freshIp(),
    );
    expect(verify.json()).toEqual({ errors: { code: STATUS_MESSAGES.codeInvalid } });
    const after = await t.app.db
      .selectFrom('status_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
