import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { stripeEventSchema } from '@taxback/domain/card-payment-schemas';
import { asText, isRecord, requestJson, type HttpOutcome } from '../http.ts';
import type { CheckoutRequest, CheckoutResult, NoticeResult, PaymentProvider } from './types.ts';

type Options = { secretKey: string; webhookSecret: string; baseUrl: string; timeoutMs: number };

/** Stripe's own default: a signature more than five minutes from now is refused (replays). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/**
 * Stripe Checkout (https://docs.stripe.com/api/checkout/sessions/create), with the secret key as a
 * bearer token:
 * - `POST /v1/checkout/sessions` (form-encoded: `mode=payment`, `payment_method_types[0]=card`, one
 *   line item in gbp of the amount owed in pence, `client_reference_id` our invoice's id, metadata
 *   with the invoice's number and our checkout's id, `success_url`, `cancel_url`) → 200
 *   `{ id: 'cs_…', url, amount_total, currency, expires_at }` (Unix seconds);
 * - errors `{ error: { type, code, message } }` (400 invalid_request_error, 401 authentication_error,
 *   429 rate_limit_error, 5xx api_error): our code is `http-<status>-<type>`; the message is not
 *   kept (it may quote what was sent).
 * Webhooks (https://docs.stripe.com/webhooks#verify-manually): `Stripe-Signature: t=<unix>,v1=<hex>`
 * (several v1 while a secret is rolled), v1 = HMAC-SHA256 of `${t}.${raw body}` keyed by the
 * endpoint's secret (whsec_…).
 */
export function createStripePaymentProvider(
  options: Options,
  deps: { log: FastifyBaseLogger },
): PaymentProvider {
  const failed = (code: string, status?: number): CheckoutResult => {
    deps.log.warn({ provider: 'stripe', code, status }, 'card checkout not started');
    return { ok: false, code };
  };
  const codeOf = (outcome: HttpOutcome): string => {
    if (outcome.kind !== 'response') return outcome.kind;
    const error = isRecord(outcome.body) && isRecord(outcome.body.error) ? outcome.body.error : null;
    return `http-${outcome.status}${error ? `-${asText(error.type)}` : ''}`;
  };

  return {
    name: 'stripe',
    offersCard: true,

    async createCheckout(request: CheckoutRequest): Promise<CheckoutResult> {
      const form = new URLSearchParams({
        mode: 'payment',
        'payment_method_types[0]': 'card',
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'gbp',
        'line_items[0][price_data][unit_amount]': String(request.amountPence),
        'line_items[0][price_data][product_data][name]': `Invoice ${request.invoiceNumber}`,
        client_reference_id: request.invoiceId,
        'metadata[invoice_id]': request.invoiceId,
        'metadata[invoice_number]': request.invoiceNumber,
        'metadata[checkout_id]': request.checkoutId,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      const outcome = await requestJson(
        `${options.baseUrl}/v1/checkout/sessions`,
        {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${options.secretKey}`,
            'Content-Type': 'application/x-www-form-urlencoded',
            Accept: 'application/json',
          },
          body: form.toString(),
        },
        options.timeoutMs,
      );
      if (outcome.kind !== 'response' || outcome.status !== 200 || !isRecord(outcome.body))
        return failed(codeOf(outcome), outcome.kind === 'response' ? outcome.status : undefined);
      const sessionId = asText(outcome.body.id);
      const url = asText(outcome.body.url);
      if (!sessionId || !/^https?:\/\//.test(url)) return failed('malformed');
      const expires = Number(outcome.body.expires_at);
      return {
        ok: true,
        sessionId,
        url,
        expiresAt: Number.isFinite(expires) && expires > 0 ? new Date(expires * 1000).toISOString() : null,
      };
    },

    readNotice(rawBody: string, signature: string | undefined, at: Date): NoticeResult {
      const problem = signatureProblem(rawBody, signature, options.webhookSecret, at);
      if (problem) return { ok: false, code: problem };
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        return { ok: false, code: 'malformed' };
      }
      const event = stripeEventSchema.safeParse(parsed);
      if (!event.success) return { ok: false, code: 'malformed' };
      const { id: eventId, type, data } = event.data;
      const session = data.object;
      if (!PAID_EVENTS.has(type) || session.payment_status !== 'paid' || !session.id)
        return { ok: true, notice: { kind: 'ignored', eventId, type } };
      return {
        ok: true,
        notice: {
          kind: 'checkout-paid',
          eventId,
          sessionId: session.id,
          invoiceId: session.client_reference_id ?? null,
          amountPence: session.amount_total ?? null,
          currency: session.currency ?? null,
        },
      };
    },
  };
}

/** Why a Stripe-Signature header does not vouch for `rawBody`; null when it does. */
export function signatureProblem(
  rawBody: string,
  header: string | undefined,
  secret: string,
  at: Date,
): string | null {
  if (!header) return 'no-signature';
  const pairs = header.split(',').map((part) => {
    const equals = part.indexOf('=');
    return [part.slice(0, equals).trim(), part.slice(equals + 1).trim()] as const;
  });
  const timestamp = pairs.find(([key]) => key === 't')?.[1] ?? '';
  const signatures = pairs.filter(([key]) => key === 'v1').map(([, value]) => value);
  if (!/^\d{1,12}$/.test(timestamp) || signatures.length === 0) return 'malformed-signature';
  if (Math.abs(at.getTime() / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS)
    return 'signature-too-old';
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest();
  const matches = signatures.some((hex) => {
    const given = /^[0-9a-f]{64}$/i.test(hex) ? Buffer.from(hex, 'hex') : null;
    return given !== null && timingSafeEqual(given, expected);
  });
  return matches ? null : 'signature-mismatch';
}
