// Issue 47 (D41, decision 078): an invoice paid by card through Stripe, with a stand-in of Stripe's
// API on 127.0.0.1. The claimant starts a checkout for what is owed from the status page; only
// Stripe's signed webhook records the payment, once however often it is sent, through the same
// recordPayment as an operator's (state, audit, version); a wrong signature stores nothing; an
// authentic notice for another amount or currency, or for more than is still owed, is refused on
// the record and audited. Through the real app and database (SQLite, or PostgreSQL with
// TEST_DATABASE_URL).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CARD_PAYMENT_MESSAGES } from '@taxback/domain/card-payment-schemas';
import type { OperatorInvoice } from '@taxback/domain/invoice-schemas';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import { STATUS_COOKIE } from '../src/modules/status/routes.ts';
import {
  asOperator,
  auditCount,
  repaidMileageClaim,
  signInTeam,
  signInToStatus,
  testClock,
  type AdminSession,
  type TestOperator,
} from './admin-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import {
  STRIPE_TEST_SECRET_KEY,
  STRIPE_TEST_WEBHOOK_SECRET,
  checkoutCompletedEvent,
  checkoutSessionAnswer,
  stripeSignature,
} from './providers/stripe-stub.ts';
import { startStub, type Stub } from './providers/stub-server.ts';

const clock = testClock('2026-11-29T10:00:00.000Z');
const PUBLIC_URL = 'https://claims.example.com';
let t: TestApp;
let stub: Stub;
let owner: { op: TestOperator; session: AdminSession };
let phones = 0;
let sessions = 0;

beforeAll(async () => {
  stub = await startStub();
  t = await createTestApp({
    overrides: { now: clock.now },
    env: {
      FEE_PERCENT: '20',
      FEE_VAT_PERCENT: '20',
      INVOICE_PAY_TO: 'Example Claims Ltd, sort code 00-00-00, account 00000000',
      PUBLIC_URL,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_API_URL: stub.url,
      STRIPE_SECRET_KEY: STRIPE_TEST_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
      // Generous: a busy machine must not turn the stand-in's answer into a timeout.
      PROVIDER_TIMEOUT_MS: '15000',
    },
  });
  ({ owner } = await signInTeam(t, clock));
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
});
beforeEach(() => {
  stub.requests.length = 0;
  stub.answer((req) => checkoutSessionAnswer(req, `cs_test_${++sessions}`, clock.now()));
});

/** A case repaid £450 with its invoice issued (£90 fee + £18 VAT), the claimant signed in to it. */
async function invoicedClaimant() {
  const claim = await repaidMileageClaim(t, owner, `07700 903${String(++phones).padStart(3, '0')}`, {
    pence: 45_000,
  });
  const issued = await t.app.inject({
    method: 'POST',
    url: `/api/admin/claims/${claim.id}/invoice`,
    headers: asOperator(owner.session),
  });
  expect(issued.statusCode, issued.body).toBe(201);
  const invoice = issued.json<OperatorInvoice>().invoice!;
  const verified = await signInToStatus(t, claim, `198.51.100.${100 + phones}`);
  expect(verified.statusCode, verified.body).toBe(200);
  const view = verified.json<ClaimStatusView>();
  const cookie = verified.cookies.find((c) => c.name === STATUS_COOKIE)!.value;
  const checkout = (csrf: string | null = view.casework.csrfToken) =>
    t.app.inject({
      method: 'POST',
      url: '/api/status/invoice/checkout',
      cookies: { [STATUS_COOKIE]: cookie },
      headers: csrf ? { 'x-csrf-token': csrf } : {},
    });
  return { claim, invoice, view, checkout };
}

const stored = async (invoiceNumber: string) => {
  const invoice = await t.app.db
    .selectFrom('invoices')
    .selectAll()
    .where('number', '=', Number(invoiceNumber.slice(4)))
    .executeTakeFirstOrThrow();
  return {
    invoice,
    payments: await t.app.db
      .selectFrom('invoice_payments')
      .selectAll()
      .where('invoice_id', '=', invoice.id)
      .execute(),
    checkouts: await t.app.db
      .selectFrom('card_checkouts')
      .selectAll()
      .where('invoice_id', '=', invoice.id)
      .orderBy('created_at')
      .execute(),
  };
};

const webhook = (body: string, signature: string | null = stripeSignature(body, { at: clock.now() })) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    payload: body,
  });

const viewOf = async (claim: { reference: string; phone: string }, cookie: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/status?reference=${encodeURIComponent(claim.reference)}`,
      cookies: { [STATUS_COOKIE]: cookie },
    })
  ).json<ClaimStatusView>();

describe('paying an invoice by card through Stripe (decision 078)', () => {
  it('starts a Stripe checkout for what is owed, back to the status page, and reuses it while open', async () => {
    const { claim, invoice, view, checkout } = await invoicedClaimant();
    expect(view.invoice).toMatchObject({ owedPence: 10_800, payByCard: true });

    expect((await checkout(null)).statusCode).toBe(403);
    const started = await checkout();
    expect(started.statusCode, started.body).toBe(200);
    const { url } = started.json<{ url: string }>();
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_\d+$/);
    const form = new URLSearchParams(stub.requests[0]!.body);
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('10800');
    expect(form.get('line_items[0][price_data][currency]')).toBe('gbp');
    expect(form.get('metadata[invoice_number]')).toBe(invoice.number);
    const back = `${PUBLIC_URL}/status?reference=${encodeURIComponent(claim.reference)}&payment=`;
    expect(form.get('success_url')).toBe(`${back}done`);
    expect(form.get('cancel_url')).toBe(`${back}cancelled`);

    const again = await checkout();
    expect(again.json()).toEqual({ url });
    expect(stub.requests).toHaveLength(1);
    const { checkouts, payments, invoice: row } = await stored(invoice.number);
    expect(checkouts).toMatchObject([{ state: 'open', provider: 'stripe', currency: 'gbp' }]);
    expect(Number(checkouts[0]!.amount_pence)).toBe(10_800);
    expect(form.get('client_reference_id')).toBe(row.id);
    expect(payments).toEqual([]);
  });

  it('answers 503 and keeps nothing when Stripe fails', async () => {
    const { invoice, checkout } = await invoicedClaimant();
    stub.answer({ status: 500, body: { error: { type: 'api_error', message: 'Something went wrong' } } });
    const failed = await checkout();
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ error: CARD_PAYMENT_MESSAGES.providerFailed });
    expect((await stored(invoice.number)).checkouts).toEqual([]);
  });

  it('records a card payment once from the signed webhook, however often it comes; the invoice is then paid', async () => {
    const { claim, invoice, checkout } = await invoicedClaimant();
    const { url } = (await checkout()).json<{ url: string }>();
    const sessionId = url.split('/').at(-1)!;
    const before = await stored(invoice.number);
    const body = checkoutCompletedEvent({
      id: sessionId,
      amountTotal: 10_800,
      clientReferenceId: before.invoice.id,
      eventId: `evt_${sessionId}`,
    });
    const auditsBefore = await auditCount(t, 'invoice-payment', before.invoice.case_id);

    const first = await webhook(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'recorded' });
    // The same event again, twice at once, and another event about the same session.
    const repeats = await Promise.all([webhook(body), webhook(body)]);
    const other = checkoutCompletedEvent({
      id: sessionId,
      amountTotal: 10_800,
      eventId: `evt_${sessionId}_b`,
    });
    repeats.push(await webhook(other));
    for (const r of repeats) expect(r.json()).toEqual({ received: true, outcome: 'duplicate' });

    const after = await stored(invoice.number);
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0]).toMatchObject({ method: 'card', operator_id: 'payment-provider:stripe' });
    expect(Number(after.payments[0]!.amount_pence)).toBe(10_800);
    expect(after.invoice.state).toBe('paid');
    expect(Number(after.invoice.paid_pence)).toBe(10_800);
    expect(Number(after.invoice.version)).toBe(Number(before.invoice.version) + 1);
    expect(after.checkouts).toMatchObject([{ state: 'paid', event_id: `evt_${sessionId}` }]);
    expect(await auditCount(t, 'invoice-payment', before.invoice.case_id)).toBe(auditsBefore + 1);
    const audit = await t.app.db
      .selectFrom('audit_events')
      .select(['actor', 'detail'])
      .where('action', '=', 'invoice-payment')
      .where('entity_id', '=', before.invoice.case_id)
      .executeTakeFirstOrThrow();
    expect(audit.actor).toBe('payment-provider:stripe');
    expect(JSON.parse(audit.detail!)).toMatchObject({ method: 'card', amountPence: 10_800, sessionId });
    expect(audit.detail).not.toContain('claimant@example.com');

    // The claimant's page: paid, nothing more to pay by card.
    const cookieView = await viewOf(
      claim,
      (await signInToStatus(t, claim, '198.51.100.250')).cookies.find((c) => c.name === STATUS_COOKIE)!.value,
    );
    expect(cookieView.invoice).toMatchObject({
      state: 'paid',
      owedPence: 0,
      payByCard: false,
      howToPay: null,
    });
    const operator = await t.app.inject({
      method: 'GET',
      url: `/api/admin/claims/${claim.id}`,
      headers: asOperator(owner.session),
    });
    expect(operator.json<{ invoice: OperatorInvoice }>().invoice.invoice!.payments).toMatchObject([
      { method: 'card', amountPence: 10_800, operator: 'The payment provider' },
    ]);
  });

  it('refuses a webhook with a wrong, missing or old signature with 400, storing nothing', async () => {
    const { invoice, checkout } = await invoicedClaimant();
    const sessionId = (await checkout()).json<{ url: string }>().url.split('/').at(-1)!;
    const body = checkoutCompletedEvent({ id: sessionId, amountTotal: 10_800, eventId: `evt_${sessionId}` });
    const old = new Date(clock.now().getTime() - 10 * 60_000);
    for (const signature of [
      stripeSignature(body, { secret: 'whsec_someone_else', at: clock.now() }),
      stripeSignature(body, { at: old }),
      null,
    ]) {
      const refused = await webhook(body, signature);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: CARD_PAYMENT_MESSAGES.signatureWrong });
    }
    const after = await stored(invoice.number);
    expect(after.payments).toEqual([]);
    expect(after.invoice.state).toBe('issued');
    expect(after.checkouts).toMatchObject([{ state: 'open', event_id: null }]);
  });

  it('refuses, on the record and audited, a paid notice for another amount or currency', async () => {
    for (const [wrong, reason] of [
      [{ amountTotal: 100 }, 'amount-mismatch'],
      [{ amountTotal: 10_800, currency: 'eur' }, 'currency-mismatch'],
    ] as const) {
      const { invoice, checkout } = await invoicedClaimant();
      const sessionId = (await checkout()).json<{ url: string }>().url.split('/').at(-1)!;
      const body = checkoutCompletedEvent({ id: sessionId, eventId: `evt_${sessionId}`, ...wrong });
      const answer = await webhook(body);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ received: true, outcome: 'refused' });
      expect((await webhook(body)).json()).toEqual({ received: true, outcome: 'duplicate' });
      const after = await stored(invoice.number);
      expect(after.payments).toEqual([]);
      expect(after.invoice.state).toBe('issued');
      expect(after.checkouts).toMatchObject([{ state: 'refused', refusal: reason }]);
      expect(await auditCount(t, 'invoice-card-payment-refused', after.invoice.case_id)).toBe(1);
    }
  });

  it('refuses a card payment for more than is still owed after an operator recorded part of it', async () => {
    const { claim, invoice, checkout } = await invoicedClaimant();
    const sessionId = (await checkout()).json<{ url: string }>().url.split('/').at(-1)!;
    const part = await t.app.inject({
      method: 'POST',
      url: `/api/admin/claims/${claim.id}/invoice/payments`,
      headers: asOperator(owner.session),
      payload: { amount: '8.00', method: 'bank-transfer', version: invoice.version },
    });
    expect(part.statusCode, part.body).toBe(200);
    const body = checkoutCompletedEvent({ id: sessionId, amountTotal: 10_800, eventId: `evt_${sessionId}` });
    expect((await webhook(body)).json()).toEqual({ received: true, outcome: 'refused' });
    const after = await stored(invoice.number);
    expect(after.payments.map((p) => p.method)).toEqual(['bank-transfer']);
    expect(after.invoice.state).toBe('part-paid');
    expect(after.checkouts[0]).toMatchObject({ state: 'refused' });
    expect(after.checkouts[0]!.refusal).toMatch(/more than the £100\.00 still owed/);
  });

  it('acknowledges events that are not a paid checkout of ours, recording nothing', async () => {
    const unknown = checkoutCompletedEvent({ id: 'cs_not_ours', amountTotal: 500, eventId: 'evt_other' });
    expect((await webhook(unknown)).json()).toEqual({ received: true, outcome: 'ignored' });
    const expired = checkoutCompletedEvent({
      id: 'cs_x',
      amountTotal: 500,
      type: 'checkout.session.expired',
    });
    expect((await webhook(expired)).json()).toEqual({ received: true, outcome: 'ignored' });
    expect(
      await t.app.db.selectFrom('card_checkouts').select('id').where('event_id', '=', 'evt_other').execute(),
    ).toEqual([]);
  });
});
