import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { stripeEventSchema } from '@taxback/domain/card-payment-schemas';
import { BadRequestError } from '../../errors.ts';
import { keepRawBodies } from '../../http/raw-body.ts';
import { routeSchema } from '../../http/contract.ts';
import type { CardCheckoutService } from './checkout.ts';
import type { CardNotices } from './notices.ts';

// D41 (issue 47, decision 078): the status page's "Pay by card" and the provider's webhook.

/** POST /status/invoice/checkout: the checkout page, for the fresh cookie and the page's CSRF token. */
export async function statusCardPaymentRoutes(
  base: FastifyInstance,
  opts: {
    checkout: CardCheckoutService;
    /** The status routes' check of the cookie and the CSRF token: the claim, or the refusal. */
    changing: (request: FastifyRequest) => Promise<{ caseId: string; reference: string }>;
  },
): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post('/status/invoice/checkout', { schema: routeSchema('startStatusCardPayment') }, async (request) =>
    opts.checkout.start(await opts.changing(request)),
  );
}

/**
 * POST /webhooks/stripe, registered with prefix '/api' in a scope of its own: the signature is over
 * the body exactly as sent, so here JSON is kept as text beside the parsed event (only the fields
 * the contract reads, so nothing else of Stripe's is checked or kept).
 */
export async function cardPaymentWebhookRoutes(
  base: FastifyInstance,
  opts: { notices: CardNotices },
): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const rawOf = keepRawBodies(app, 'application/json', (raw) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new BadRequestError('The body is not JSON.');
    }
    const event = stripeEventSchema.safeParse(parsed);
    return event.success ? event.data : parsed;
  });

  app.post('/webhooks/stripe', { schema: routeSchema('receiveStripeWebhook') }, async (request) => {
    const signature = request.headers['stripe-signature'];
    const outcome = await opts.notices.receive(
      rawOf(request)?.toString('utf8') ?? '',
      typeof signature === 'string' ? signature : undefined,
    );
    return { received: true as const, outcome };
  });
}
