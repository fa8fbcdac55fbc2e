import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CARD_PAYMENT_MESSAGES } from '@taxback/domain/card-payment-schemas';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import { StatusInvoice, goTo } from './status-invoice.tsx';
import { PaymentReturnNotice } from './status-payment-return.tsx';
import { answers, cleanUpAfterEach } from '../../../test/status-helpers.ts';

// Decision 078: the status page's invoice offers "Pay £X by card" where a payment provider takes
// cards and something is owed; the button asks the server for the provider's checkout page (with
// the page's CSRF token) and goes there. Back from it, the page thanks the claimant and says the
// payment will be confirmed, without offering to pay again.

type Invoice = NonNullable<ClaimStatusView['invoice']>;
const invoice: Invoice = {
  number: 'INV-000042',
  issuedOn: '2026-11-29',
  dueOn: '2026-12-13',
  repaidPence: 45_000,
  taxCodePence: 0,
  feePence: 9_000,
  vatPence: 1_800,
  totalPence: 10_800,
  paidPence: 0,
  owedPence: 10_800,
  claimantPence: 34_200,
  state: 'issued',
  stateLabel: 'Issued',
  stateReason: null,
  howToPay:
    'Pay £108.00 by 13 December 2026 by bank transfer to Example Claims Ltd, quoting the reference INV-000042.',
  version: 1,
  downloadUrl: '/api/status/invoice.pdf',
  payByCard: true,
};
const casework = {
  version: 1,
  csrfToken: 'csrf-token',
  thread: { messages: [], requests: [] },
  amendable: null,
} as unknown as ClaimStatusView['casework'];

cleanUpAfterEach();

const payButton = () => screen.queryByRole('button', { name: 'Pay £108.00 by card' });

describe('StatusInvoice: paying by card', () => {
  it('asks for the checkout page with the CSRF token and goes there', async () => {
    const go = vi.spyOn(goTo, 'url').mockImplementation(() => {});
    const fetchMock = answers({ status: 200, body: { url: 'https://checkout.stripe.com/c/pay/cs_test_1' } });
    render(<StatusInvoice invoice={invoice} casework={casework} />);
    expect(screen.getByText(invoice.howToPay!)).toBeInTheDocument();
    fireEvent.click(payButton()!);
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/status/invoice/checkout');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['X-CSRF-Token']).toBe('csrf-token');
  });

  it('says why when the checkout cannot be started, and offers the button again', async () => {
    const go = vi.spyOn(goTo, 'url').mockImplementation(() => {});
    answers({ status: 503, body: { error: CARD_PAYMENT_MESSAGES.providerFailed } });
    render(<StatusInvoice invoice={invoice} casework={casework} />);
    fireEvent.click(payButton()!);
    expect(await screen.findByText(CARD_PAYMENT_MESSAGES.providerFailed)).toBeInTheDocument();
    expect(payButton()).not.toHaveAttribute('aria-busy');
    expect(go).not.toHaveBeenCalled();
  });

  it('offers no card payment when none is offered, nothing is owed, or the claimant just paid', () => {
    const { rerender } = render(
      <StatusInvoice invoice={{ ...invoice, payByCard: false }} casework={casework} />,
    );
    expect(payButton()).toBeNull();
    rerender(<StatusInvoice invoice={invoice} casework={casework} cardPaid />);
    expect(payButton()).toBeNull();
    expect(screen.getByRole('link', { name: 'Download invoice INV-000042 (PDF)' })).toBeInTheDocument();
  });

  it('thanks the claimant back from paying, promising a confirmation rather than saying it is paid', () => {
    const { rerender } = render(<PaymentReturnNotice paymentReturn="done" />);
    expect(screen.getByRole('status')).toHaveTextContent('Thank you — we will confirm your payment shortly');
    rerender(<PaymentReturnNotice paymentReturn="cancelled" />);
    expect(screen.getByRole('status')).toHaveTextContent(CARD_PAYMENT_MESSAGES.cancelled);
  });
});
