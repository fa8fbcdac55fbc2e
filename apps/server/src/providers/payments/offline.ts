import type { PaymentProvider } from './types.ts';

// D41 (decision 078): the offline default takes no card: the invoice is paid by bank transfer as it
// says, and an operator records it. No page here pretends a card was charged.

export function createOfflinePaymentProvider(): PaymentProvider {
  return {
    name: 'offline',
    offersCard: false,
    createCheckout: () => Promise.resolve({ ok: false, code: 'not-offered' }),
    readNotice: () => ({ ok: false, code: 'not-offered' }),
  };
}
