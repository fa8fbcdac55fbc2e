// D41 (issue 47, decision 078): an invoice paid by card through a payment provider. The claimant
// starts a checkout from the status page and is sent to the provider's page; the provider tells us
// by a signed webhook, and only that records the payment. The words and the wire shapes are here.
import { z } from 'zod';

export const CARD_PAYMENT_MESSAGES = {
  notOffered: 'Paying by card is not offered: pay by bank transfer as the invoice says.',
  noInvoice: 'There is no invoice on this claim to pay.',
  nothingOwed: 'Nothing is owed on this invoice.',
  providerFailed:
    'We could not start the card payment. Please try again in a few minutes, or pay by bank transfer.',
  signatureWrong: 'The webhook’s signature is missing, wrong or too old: nothing was recorded.',
  notConfigured: 'Card payments are not configured.',
  thanks: 'Thank you — we will confirm your payment shortly.',
  cancelled: 'You did not finish paying by card, so nothing was taken.',
} as const;

/** What the status page's return address says happened at the provider (`?payment=`). */
export const CARD_PAYMENT_RETURNS = ['done', 'cancelled'] as const;
export type CardPaymentReturn = (typeof CARD_PAYMENT_RETURNS)[number];

/** POST /api/status/invoice/checkout's answer: where the browser goes to pay. */
export const cardCheckoutSchema = z.object({
  url: z.string().describe('The payment provider’s checkout page for what is owed; the browser goes there'),
});
export type CardCheckout = z.infer<typeof cardCheckoutSchema>;

/**
 * The parts of a Stripe event we read (https://docs.stripe.com/api/events/object): the event, and
 * for `checkout.session.completed` its Checkout Session. Every other field is left out of the
 * parsed body; the signature is checked on the raw body as sent.
 */
export const stripeEventSchema = z.object({
  id: z.string().describe('The event’s id (evt_…)'),
  type: z.string().describe('checkout.session.completed is recorded; other types are acknowledged'),
  created: z.number().int().optional().describe('Unix seconds'),
  data: z.object({
    object: z.object({
      id: z.string().optional().describe('The Checkout Session’s id (cs_…)'),
      object: z.string().optional(),
      payment_status: z.string().optional().describe('paid, unpaid or no_payment_required'),
      amount_total: z.number().int().nullable().optional().describe('In pence'),
      currency: z.string().nullable().optional(),
      client_reference_id: z.string().nullable().optional().describe('Our invoice’s id'),
      metadata: z.record(z.string(), z.string()).nullable().optional(),
    }),
  }),
});
export type StripeEvent = z.infer<typeof stripeEventSchema>;

export const WEBHOOK_OUTCOMES = ['recorded', 'duplicate', 'ignored', 'refused'] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

export const webhookReceivedSchema = z.object({
  received: z.literal(true),
  outcome: z
    .enum(WEBHOOK_OUTCOMES)
    .describe(
      'recorded: a card payment on the invoice; duplicate: recorded before; ignored: not a paid checkout of ours; refused: authentic but not recordable (amount, currency, or the invoice no longer owes it), audited for an operator',
    ),
});
export type WebhookReceived = z.infer<typeof webhookReceivedSchema>;
