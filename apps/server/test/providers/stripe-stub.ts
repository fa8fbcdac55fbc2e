import { createHmac } from 'node:crypto';
import type { StubAnswer, StubRequest } from './stub-server.ts';

// Decision 078: what Stripe sends and answers, for the adapter's tests and the app's: a Checkout
// Session as POST /v1/checkout/sessions answers it, a checkout.session.completed event, and the
// Stripe-Signature header Stripe puts on a webhook (t=<unix>,v1=HMAC-SHA256 of `${t}.${body}`).

export const STRIPE_TEST_SECRET_KEY = 'sk_test_not_a_real_key';
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_test_not_a_real_secret';

/**
 * The stand-in's answer to a session create: a session echoing the amount and metadata asked for,
 * open for 24 hours from `now` (the app's clock in the app's tests).
 */
export function checkoutSessionAnswer(request: StubRequest, id = 'cs_test_a1', now = new Date()): StubAnswer {
  const form = new URLSearchParams(request.body);
  return {
    status: 200,
    body: {
      id,
      object: 'checkout.session',
      url: `https://checkout.stripe.com/c/pay/${id}`,
      mode: 'payment',
      amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
      currency: form.get('line_items[0][price_data][currency]'),
      client_reference_id: form.get('client_reference_id'),
      metadata: {
        invoice_id: form.get('metadata[invoice_id]'),
        invoice_number: form.get('metadata[invoice_number]'),
      },
      payment_status: 'unpaid',
      expires_at: Math.floor(now.getTime() / 1000) + 24 * 3600,
    },
  };
}

export function checkoutCompletedEvent(session: {
  id: string;
  amountTotal: number;
  currency?: string;
  clientReferenceId?: string | null;
  paymentStatus?: string;
  eventId?: string;
  type?: string;
}): string {
  return JSON.stringify(
    {
      id: session.eventId ?? 'evt_test_1',
      object: 'event',
      api_version: '2024-06-20',
      created: Math.floor(Date.now() / 1000),
      type: session.type ?? 'checkout.session.completed',
      livemode: false,
      data: {
        object: {
          id: session.id,
          object: 'checkout.session',
          amount_total: session.amountTotal,
          currency: session.currency ?? 'gbp',
          client_reference_id: session.clientReferenceId ?? null,
          customer_details: { email: 'claimant@example.com', name: 'Alex Claimant' },
          metadata: {},
          mode: 'payment',
          payment_status: session.paymentStatus ?? 'paid',
          status: 'complete',
        },
      },
    },
    null,
    2,
  );
}

export function stripeSignature(body: string, options: { secret?: string; at?: Date } = {}): string {
  const t = Math.floor((options.at ?? new Date()).getTime() / 1000);
  const v1 = createHmac('sha256', options.secret ?? STRIPE_TEST_WEBHOOK_SECRET)
    .update(`${t}.${body}`)
    .digest('hex');
  return `t=${t},v1=${v1}`;
}
