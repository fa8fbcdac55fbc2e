// Issue 47 (D41): without a nomination we invoice our fee once HMRC has repaid: one invoice per
// case, numbered in one gapless sequence even when issued at once, emailed with the way to pay,
// paid or part paid by what an operator records, written off by an admin, credited; the claimant
// sees it and downloads it. Through the real app and database (SQLite, or PostgreSQL with
// TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES } from '@taxback/domain';
import { CARD_PAYMENT_MESSAGES } from '@taxback/domain/card-payment-schemas';
import type { OperatorInvoice } from '@taxback/domain/invoice-schemas';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import { STATUS_COOKIE } from '../src/modules/status/routes.ts';
import {
  asOperator,
  repaidMileageClaim,
  signIn,
  signInTeam,
  signInToStatus,
  testClock,
  type AdminSession,
  type TestOperator,
} from './admin-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { expectInOrder, pdfText } from './pdf-text.ts';

const clock = testClock('2026-11-29T10:00:00.000Z');
let t: TestApp;
let admin: AdminSession;
let adminOp: TestOperator;
let owner: { op: TestOperator; session: AdminSession };
let other: AdminSession;
let phones = 0;

beforeAll(async () => {
  t = await createTestApp({
    overrides: { now: clock.now },
    env: {
      FEE_PERCENT: '20',
      FEE_VAT_PERCENT: '20',
      VAT_NUMBER: 'GB 000 0000 00',
      INVOICE_PAY_TO: 'Example Claims Ltd, sort code 00-00-00, account 00000000',
      INVOICE_DUE_DAYS: '14',
    },
  });
  ({ adminOp, admin, owner, other } = await signInTeam(t, clock));
});
afterAll(async () => {
  await t.close();
});

const post = (id: string, path: string, s: AdminSession, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/claims/${id}/invoice${path}`,
    headers: asOperator(s),
    ...(payload ? { payload } : {}),
  });
const issue = (id: string, s: AdminSession = owner.session) => post(id, '', s);
const pay = (id: string, payload: object, s: AdminSession = owner.session) =>
  post(id, '/payments', s, payload);
const stored = async () => ({
  invoices: await t.app.db.selectFrom('invoices').selectAll().execute(),
  payments: await t.app.db.selectFrom('invoice_payments').selectAll().execute(),
  counter: await t.app.db.selectFrom('invoice_numbers').select('last_number').executeTakeFirstOrThrow(),
});

/** A submitted mileage claim sent to HMRC and owned by `owner`, HMRC's answer `repaid` pence. */
const repaidClaim = (repaid: { pence: number; givenAs?: 'repayment' | 'tax-code' } | null) =>
  repaidMileageClaim(t, owner, `07700 902${String(++phones).padStart(3, '0')}`, repaid);

describe('invoices (D41, no nomination)', () => {
  it('numbers 20 invoices issued at once on 20 cases 1 to 20, with no gap and none twice', async () => {
    const before = Number((await stored()).counter.last_number);
    const claims = [];
    for (let i = 0; i < 20; i++) claims.push(await repaidClaim({ pence: 45_000 }));
    const answers = await Promise.all(claims.map((c) => issue(c.id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const numbers = answers.map((a) => a.json<OperatorInvoice>().invoice!.number).sort();
    const expected = Array.from({ length: 20 }, (_, i) => `INV-${String(before + i + 1).padStart(6, '0')}`);
    expect(numbers).toEqual(expected);
    expect(Number((await stored()).counter.last_number)).toBe(before + 20);
  });

  it('issues the fee on what HMRC repaid, emails it with the way to pay, and refuses a second', async () => {
    const claim = await repaidClaim({ pence: 45_000 });
    const res = await issue(claim.id);
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json<OperatorInvoice>().invoice!;
    expect(invoice).toMatchObject({
      repaidPence: 45_000,
      feePence: 9_000,
      vatPence: 1_800,
      totalPence: 10_800,
      owedPence: 10_800,
      claimantPence: 34_200,
      state: 'issued',
      issuedOn: '2026-11-29',
      dueOn: '2026-12-13',
      version: 1,
    });
    expect(invoice.howToPay).toBe(
      `Pay £108.00 by 13 December 2026 by bank transfer to Example Claims Ltd, sort code 00-00-00, account 00000000, quoting the reference ${invoice.number}.`,
    );

    await t.app.jobs.drain();
    const email = await t.app.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('template', '=', 'invoice-issued')
      .where('claim_id', '=', claim.id)
      .executeTakeFirstOrThrow();
    expect(email.subject).toBe(`Our invoice ${invoice.number} for claim ${claim.reference}`);
    expect(email.body_text).toContain(`our fee of £108.00`);
    expect(email.body_text).toContain(invoice.howToPay!);

    const before = await stored();
    const again = await issue(claim.id, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: INVOICE_MESSAGES.exists,
      errors: { invoice: INVOICE_MESSAGES.exists },
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses an invoice when nothing was repaid (tax-code relief only, or no answer), storing nothing', async () => {
    const taxCode = await repaidClaim({ pence: 30_000, givenAs: 'tax-code' });
    const unanswered = await repaidClaim(null);
    const before = await stored();
    for (const claim of [taxCode, unanswered]) {
      const res = await issue(claim.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: INVOICE_MESSAGES.nothingRepaid,
        errors: { invoice: INVOICE_MESSAGES.nothingRepaid },
      });
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/admin/claims/${claim.id}`,
        headers: asOperator(owner.session),
      });
      expect(detail.json<{ invoice: OperatorInvoice }>().invoice).toEqual({
        invoice: null,
        notIssuable: INVOICE_MESSAGES.nothingRepaid,
      });
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses the wrong operator and the wrong role, storing nothing', async () => {
    const claim = await repaidClaim({ pence: 45_000 });
    const before = await stored();
    expect((await issue(claim.id, other)).statusCode).toBe(403);
    expect((await issue(claim.id, { ...owner.session, csrf: 'forged' })).statusCode).toBe(403);
    expect(await stored()).toEqual(before);
    expect((await issue(claim.id)).statusCode).toBe(201);
    const writeOff = await post(claim.id, '/write-off', owner.session, {
      reason: 'cannot trace',
      version: 1,
    });
    expect(writeOff.statusCode).toBe(403);
    expect((await stored()).invoices.find((i) => i.claim_id === claim.id)?.state).toBe('issued');
  });

  it('records payments up to what is owed: part paid, then paid; an overpayment and a stale version are refused', async () => {
    const claim = await repaidClaim({ pence: 45_000 });
    expect((await issue(claim.id)).statusCode).toBe(201);
    const part = await pay(claim.id, { amount: '40.00', method: 'bank-transfer', version: 1 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json<OperatorInvoice>().invoice).toMatchObject({
      state: 'part-paid',
      paidPence: 4_000,
      owedPence: 6_800,
      version: 2,
    });

    const before = await stored();
    const over = await pay(claim.id, { amount: '68.01', method: 'bank-transfer', version: 2 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ errors: { amount: INVOICE_MESSAGES.overpaid('£68.00') } });
    const stale = await pay(claim.id, { amount: '10.00', method: 'card', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ error: string; invoice: OperatorInvoice }>()).toMatchObject({
      error: INVOICE_MESSAGES.stale,
      invoice: { invoice: { version: 2, paidPence: 4_000 } },
    });
    const bad = await pay(claim.id, { amount: 'ten', method: 'barter', version: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      errors: { amount: INVOICE_MESSAGES.amountInvalid, method: INVOICE_MESSAGES.methodRequired },
    });
    const future = await pay(claim.id, { amount: '1.00', method: 'card', paidOn: '2026-11-30', version: 2 });
    expect(future.json()).toEqual({
      errors: { paidOn: 'The date it was paid must be today or in the past' },
    });
    expect(await stored()).toEqual(before);

    clock.advance(60_000);
    const rest = await pay(claim.id, { amount: '68.00', method: 'card', paidOn: '2026-11-28', version: 2 });
    expect(rest.statusCode, rest.body).toBe(200);
    const paid = rest.json<OperatorInvoice>().invoice!;
    expect(paid).toMatchObject({ state: 'paid', paidPence: 10_800, owedPence: 0, howToPay: null });
    expect(paid.payments.map((p) => [p.amountPence, p.method])).toEqual([
      [4_000, 'bank-transfer'],
      [6_800, 'card'],
    ]);
    const closed = await pay(claim.id, { amount: '1.00', method: 'card', version: 3 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json<{ error: string }>().error).toBe(INVOICE_MESSAGES.closed('Paid'));
  });

  it('takes one of ten payments sent at once at the same version', async () => {
    const claim = await repaidClaim({ pence: 45_000 });
    expect((await issue(claim.id)).statusCode).toBe(201);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => pay(claim.id, { amount: '10.00', method: 'cash', version: 1 })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const invoice = (await stored()).invoices.find((i) => i.claim_id === claim.id)!;
    expect(Number(invoice.paid_pence)).toBe(1_000);
    expect((await stored()).payments.filter((p) => p.invoice_id === invoice.id)).toHaveLength(1);
  });

  it('shows the claimant the invoice on the status page, and lets operator and claimant download the PDF', async () => {
    const claim = await repaidClaim({ pence: 45_000 });
    const issued = (await issue(claim.id)).json<OperatorInvoice>().invoice!;
    const verified = await signInToStatus(t, claim, '198.51.100.78');
    expect(verified.statusCode).toBe(200);
    const view = verified.json<ClaimStatusView>();
    expect(view.invoice).toMatchObject({
      number: issued.number,
      totalPence: 10_800,
      claimantPence: 34_200,
      state: 'issued',
      howToPay: issued.howToPay,
      downloadUrl: '/api/status/invoice.pdf',
      // Decision 078: offline, no card is offered; the way to pay is the bank transfer.
      payByCard: false,
    });
    const cookie = verified.cookies.find((c) => c.name === STATUS_COOKIE)!;
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/status/invoice/checkout',
      cookies: { [STATUS_COOKIE]: cookie.value },
      headers: { 'x-csrf-token': view.casework.csrfToken },
    });
    expect([card.statusCode, card.json()]).toEqual([409, { error: CARD_PAYMENT_MESSAGES.notOffered }]);
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'stripe-signature': 't=1,v1=00' },
      payload: { id: 'evt_1', type: 'checkout.session.completed', data: { object: {} } },
    });
    expect(webhook.statusCode).toBe(404);
    const download = await t.app.inject({
      method: 'GET',
      url: '/api/status/invoice.pdf',
      cookies: { [STATUS_COOKIE]: cookie.value },
    });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    // A claimant may be on a shared device: the invoice is never kept by a cache on the way.
    expect(download.headers['cache-control']).toBe('no-store');
    expectInOrder(pdfText(download.rawPayload), [
      `Invoice ${issued.number}`,
      'VAT registration number GB 000 0000 00',
      claim.reference,
      'HMRC repaid you',
      '£450.00',
      'Our fee',
      '£90.00',
      'VAT at 20%',
      '£18.00',
      'Total',
      '£108.00',
      'quoting the reference',
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/status/invoice.pdf' })).statusCode).toBe(401);

    const operatorPdf = await t.app.inject({
      method: 'GET',
      url: `/api/admin/claims/${claim.id}/invoice.pdf`,
      headers: asOperator(other),
    });
    expect(operatorPdf.statusCode).toBe(200);
    expect(pdfText(operatorPdf.rawPayload)).toContain(issued.number);
  });

  it('is written off by an admin or credited with a reason; overdue after its due date, with a reminder', async () => {
    const writtenOff = await repaidClaim({ pence: 45_000 });
    const credited = await repaidClaim({ pence: 45_000 });
    for (const c of [writtenOff, credited]) expect((await issue(c.id)).statusCode).toBe(201);
    const noReason = await post(credited.id, '/credit', owner.session, { reason: ' ', version: 1 });
    expect(noReason.json()).toEqual({ errors: { reason: INVOICE_MESSAGES.reasonRequired } });
    const credit = await post(credited.id, '/credit', owner.session, { reason: 'fee waived', version: 1 });
    expect(credit.json<OperatorInvoice>().invoice).toMatchObject({
      state: 'credited',
      stateReason: 'fee waived',
      owedPence: 0,
    });

    // Last in the file: the purge the jobs run ages out every session signed in before this.
    clock.advance(15 * 24 * 60 * 60 * 1000);
    const late = await signIn(t, clock, adminOp);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/claims/${writtenOff.id}`,
      headers: asOperator(late),
    });
    expect(detail.json<{ invoice: OperatorInvoice }>().invoice.invoice?.state).toBe('overdue');
    await t.app.jobs.drain();
    const reminders = await t.app.db
      .selectFrom('email_outbox')
      .select(['claim_id', 'subject'])
      .where('template', '=', 'invoice-reminder')
      .where('claim_id', 'in', [writtenOff.id, credited.id])
      .execute();
    // The credited invoice owes nothing: only the other is reminded.
    expect(reminders.map((r) => r.claim_id)).toEqual([writtenOff.id]);

    const off = await post(writtenOff.id, '/write-off', late, {
      reason: 'claimant cannot be traced',
      version: 1,
    });
    expect(off.json<OperatorInvoice>().invoice).toMatchObject({ state: 'written-off', owedPence: 0 });
  });
});
