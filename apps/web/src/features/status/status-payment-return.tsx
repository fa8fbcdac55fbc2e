import {
  CARD_PAYMENT_MESSAGES,
  CARD_PAYMENT_RETURNS,
  type CardPaymentReturn,
} from '@taxback/domain/card-payment-schemas';
import { Notice } from '../../components/ui/notice.tsx';

/** Decision 078: back from the card payment provider's page (the return address says which way). */
export function paymentReturnOf(value: string | null): CardPaymentReturn | null {
  return CARD_PAYMENT_RETURNS.find((r) => r === value) ?? null;
}

/**
 * The notice for the address's `?payment=`, if it is one of the provider's returns. Loaded only
 * when the address has one (decision 092: the module's words come with the domain's zod schemas).
 */
export function PaymentReturnFromAddress({ payment }: { payment: string }) {
  const paymentReturn = paymentReturnOf(payment);
  return paymentReturn && <PaymentReturnNotice paymentReturn={paymentReturn} />;
}

/**
 * Decision 078: what the provider's return says. Only the provider's signed webhook records a
 * payment, so "done" thanks the claimant and promises a confirmation, never that it is paid.
 */
export function PaymentReturnNotice({ paymentReturn }: { paymentReturn: CardPaymentReturn }) {
  return (
    <div className="mb-6">
      <Notice
        tone="done"
        title={paymentReturn === 'done' ? CARD_PAYMENT_MESSAGES.thanks : CARD_PAYMENT_MESSAGES.cancelled}
        testId="status-payment-notice"
      />
    </div>
  );
}
