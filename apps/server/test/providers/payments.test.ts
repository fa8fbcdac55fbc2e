// D41 (issue 47, decision 078): the invoice's card payment providers. The offline default takes no
// card; the Stripe adapter is checked against a stand-in of its API on 127.0.0.1 (the session it
// asks for, the answers and errors it reads, as codes with nothing personal in the log) and reads
// webhooks only under a good Stripe-Signature.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProviderConfig } from '../../src/providers/config.ts';
import { createPaymentProvider, type CheckoutRequest } from '../../src/providers/payments/index.ts';
import { recordingLogger, type LogCall } from './recording-logger.ts';
import {
  STRIPE_TEST_SECRET_KEY,
  STRIPE_TEST_WEBHOOK_SECRET,
  checkoutCompletedEvent,
  checkoutSessionAnswer,
  stripeSignature,
} from './stripe-stub.ts';
import { startStub, type Stub } from './stub-server.ts';

let stub: Stub;
beforeAll(async () => {
  stub = await startStub();
});
afterAll(async () => {
  await stub.close();
});

const env = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: STRIPE_TEST_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
};
/** Generous: a busy machine must not turn a slow stand-in into a failure. */
const TIMEOUT_MS = 15_000;
const stripe = (calls: LogCall[] = [], timeoutMs = TIMEOUT_MS) =>
  createPaymentProvider(loadProviderConfig({ ...env, STRIPE_API_URL: stub.url }).payments, {
    timeoutMs,
    log: recordingLogger(calls),
  });

const checkout: CheckoutRequest = {
  checkoutId: 'co-1',
  invoiceId: 'inv-1',
  invoiceNumber: 'INV-000042',
  amountPence: 9_000,
  successUrl: 'http://localhost:3000/status?reference=TB%204K7&payment=done',
  cancelUrl: 'http://localhost:3000/status?reference=TB%204K7&payment=cancelled',
};

describe('payment provider configuration', () => {
  it('is offline by default, and Stripe needs its secret key and webhook secret', () => {
    expect(loadProviderConfig({}).payments).toEqual({ provider: 'offline' });
    expect(loadProviderConfig(env).payments).toEqual({
      provider: 'stripe',
      secretKey: STRIPE_TEST_SECRET_KEY,
      webhookSecret: STRIPE_TEST_WEBHOOK_SECRET,
      baseUrl: 'https://api.stripe.com',
    });
    expect(() => loadProviderConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe[\s\S]*STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=stripe/,
    );
    expect(() => loadProviderConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
  });
});

describe('offline payment provider', () => {
  it('offers no card and reads no notice', async () => {
    const offline = createPaymentProvider(loadProviderConfig({}).payments, {
      timeoutMs: TIMEOUT_MS,
      log: recordingLogger([]),
    });
    expect(offline.offersCard).toBe(false);
    expect(await offline.createCheckout(checkout)).toEqual({ ok: false, code: 'not-offered' });
    const body = checkoutCompletedEvent({ id: 'cs_1', amountTotal: 9_000 });
    expect(offline.readNotice(body, stripeSignature(body), new Date())).toEqual({
      ok: false,
      code: 'not-offered',
    });
  });
});

describe('Stripe adapter', () => {
  it('creates a Checkout Session for the amount owed in pence, in gbp, naming the invoice', async () => {
    stub.requests.length = 0;
    stub.answer((req) => checkoutSessionAnswer(req));
    const result = await stripe().createCheckout(checkout);
    expect(result).toEqual({
      ok: true,
      sessionId: 'cs_test_a1',
      url: 'https://checkout.stripe.com/c/pay/cs_test_a1',
      expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const [sent] = stub.requests;
    expect(sent).toMatchObject({ method: 'POST', url: '/v1/checkout/sessions' });
    expect(sent!.headers.authorization).toBe(`Bearer ${STRIPE_TEST_SECRET_KEY}`);
    expect(sent!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(sent!.body))).toEqual({
      mode: 'payment',
      'payment_method_types[0]': 'card',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'gbp',
      'line_items[0][price_data][unit_amount]': '9000',
      'line_items[0][price_data][product_data][name]': 'Invoice INV-000042',
      client_reference_id: 'inv-1',
      'metadata[invoice_id]': 'inv-1',
      'metadata[invoice_number]': 'INV-000042',
      'metadata[checkout_id]': 'co-1',
      success_url: checkout.successUrl,
      cancel_url: checkout.cancelUrl,
    });
  });

  it('answers Stripe’s errors and a malformed answer as codes, logging neither key nor message', async () => {
    const calls: LogCall[] = [];
    stub.answer({
      status: 401,
      body: { error: { type: 'authentication_error', message: `Invalid API Key provided: sk_test_***` } },
    });
    expect(await stripe(calls).createCheckout(checkout)).toEqual({
      ok: false,
      code: 'http-401-authentication_error',
    });
    stub.answer({
      status: 400,
      body: { error: { type: 'invalid_request_error', code: 'parameter_invalid' } },
    });
    expect(await stripe(calls).createCheckout(checkout)).toEqual({
      ok: false,
      code: 'http-400-invalid_request_error',
    });
    stub.answer({ status: 200, body: { id: 'cs_1' } });
    expect(await stripe(calls).createCheckout(checkout)).toEqual({ ok: false, code: 'malformed' });
    stub.answer({ status: 200, body: 'not json' });
    expect(await stripe(calls).createCheckout(checkout)).toEqual({ ok: false, code: 'http-200' });
    expect(calls.filter((c) => c.level === 'warn')).toHaveLength(4);
    const logged = JSON.stringify(calls);
    expect(logged).not.toContain(STRIPE_TEST_SECRET_KEY);
    expect(logged).not.toContain('Invalid API Key');
  });

  it('gives up after the provider timeout', async () => {
    stub.answer({ status: 200, body: {}, delayMs: 2_000 });
    expect(await stripe([], 300).createCheckout(checkout)).toEqual({ ok: false, code: 'timeout' });
  });

  it('reads a paid checkout.session.completed under a good signature', () => {
    const body = checkoutCompletedEvent({ id: 'cs_test_a1', amountTotal: 9_000, clientReferenceId: 'inv-1' });
    expect(stripe().readNotice(body, stripeSignature(body), new Date())).toEqual({
      ok: true,
      notice: {
        kind: 'checkout-paid',
        eventId: 'evt_test_1',
        sessionId: 'cs_test_a1',
        invoiceId: 'inv-1',
        amountPence: 9_000,
        currency: 'gbp',
      },
    });
    // While a secret is rolled Stripe signs with both: one good v1 is enough.
    const [t, good] = stripeSignature(body).split(',');
    const rolled = `${t},v1=${'0'.repeat(64)},${good}`;
    expect(stripe().readNotice(body, rolled, new Date()).ok).toBe(true);
  });

  it('acknowledges other events and unpaid checkouts without reading them as payments', () => {
    for (const body of [
      checkoutCompletedEvent({ id: 'cs_1', amountTotal: 9_000, paymentStatus: 'unpaid' }),
      checkoutCompletedEvent({ id: 'cs_1', amountTotal: 9_000, type: 'checkout.session.expired' }),
    ])
      expect(stripe().readNotice(body, stripeSignature(body), new Date())).toMatchObject({
        ok: true,
        notice: { kind: 'ignored', eventId: 'evt_test_1' },
      });
  });

  it('refuses a notice whose signature is missing, wrong, for another body or too old', () => {
    const body = checkoutCompletedEvent({ id: 'cs_test_a1', amountTotal: 9_000 });
    const now = new Date();
    const read = (signature: string | undefined, text = body) => stripe().readNotice(text, signature, now);
    expect(read(undefined)).toEqual({ ok: false, code: 'no-signature' });
    expect(read('v1=abc')).toEqual({ ok: false, code: 'malformed-signature' });
    expect(read(stripeSignature(body, { secret: 'whsec_other' }))).toEqual({
      ok: false,
      code: 'signature-mismatch',
    });
    expect(read(stripeSignature(body), body.replace('9000', '1'))).toEqual({
      ok: false,
      code: 'signature-mismatch',
    });
    const sixMinutesAgo = new Date(now.getTime() - 6 * 60_000);
    expect(read(stripeSignature(body, { at: sixMinutesAgo }))).toEqual({
      ok: false,
      code: 'signature-too-old',
    });
    const fourMinutesAgo = new Date(now.getTime() - 4 * 60_000);
    expect(read(stripeSignature(body, { at: fourMinutesAgo })).ok).toBe(true);
    expect(read(stripeSignature('{}'), '{}')).toEqual({ ok: false, code: 'malformed' });
  });
});
