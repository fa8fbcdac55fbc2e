import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProviderConfig } from '../config.ts';
import { createOfflinePaymentProvider } from './offline.ts';
import { createStripePaymentProvider } from './stripe.ts';
import type { PaymentProvider } from './types.ts';

// D41 (decision 078): the invoice's card payment provider from configuration (none unless
// PAYMENT_PROVIDER names a vendor).

export type {
  CheckoutRequest,
  CheckoutResult,
  NoticeResult,
  PaymentNotice,
  PaymentProvider,
} from './types.ts';

export function createPaymentProvider(
  config: PaymentProviderConfig,
  deps: { timeoutMs: number; log: FastifyBaseLogger },
): PaymentProvider {
  if (config.provider === 'stripe')
    return createStripePaymentProvider({ ...config, timeoutMs: deps.timeoutMs }, { log: deps.log });
  return createOfflinePaymentProvider();
}
