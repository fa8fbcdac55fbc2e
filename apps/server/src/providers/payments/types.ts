// D41 (issue 47, decision 078): paying an invoice by card through a payment provider. A provider
// starts a checkout for what is owed and reads the provider's signed notices (webhooks) of a paid
// one. Adapters never throw for a vendor failure or a bad notice: they answer `ok: false` with a
// code (never a card, a name or an email).

export type PaymentProviderName = 'offline' | 'stripe';

export interface CheckoutRequest {
  /** Our checkout's id, sent as metadata so a session can be traced to it. */
  checkoutId: string;
  invoiceId: string;
  /** As printed: INV-000042. */
  invoiceNumber: string;
  /** What is owed, in pence (the domain's invoiceViewOf). */
  amountPence: number;
  /** Where the provider sends the browser back to after paying, or after giving up. */
  successUrl: string;
  cancelUrl: string;
}

export type CheckoutResult =
  { ok: true; sessionId: string; url: string; expiresAt: string | null } | { ok: false; code: string };

/** A notice the provider signed, read. */
export type PaymentNotice =
  /** A checkout was paid: what it says was paid, to record against our checkout of `sessionId`. */
  | {
      kind: 'checkout-paid';
      eventId: string;
      sessionId: string;
      invoiceId: string | null;
      amountPence: number | null;
      currency: string | null;
    }
  /** Anything else the provider tells us (another event type, an unpaid checkout): acknowledged. */
  | { kind: 'ignored'; eventId: string; type: string };

export type NoticeResult = { ok: true; notice: PaymentNotice } | { ok: false; code: string };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Whether the status page offers "Pay by card" at all. */
  readonly offersCard: boolean;
  createCheckout(request: CheckoutRequest): Promise<CheckoutResult>;
  /** Checks the signature on the raw body as sent, then reads it; `at` is now. */
  readNotice(rawBody: string, signature: string | undefined, at: Date): NoticeResult;
}
