// D41 (issue 47, decision 078): an invoice paid by card through the payment provider: checkout.ts
// starts a checkout for the claimant, notices.ts records what the provider's webhook says was paid,
// routes.ts serves both.

export { createCardCheckout, type CardCheckoutService } from './checkout.ts';
export { createCardNotices, type CardNotices } from './notices.ts';
export { cardPaymentWebhookRoutes, statusCardPaymentRoutes } from './routes.ts';
