import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CLIENT_MONEY_MESSAGES } from '@taxback/domain';
import { MoneyOutForm } from './client-money-out.tsx';
import { fakeAdminApi } from '../../../test/admin-helpers.ts';

// D41 (issue 47): money held refunded to HMRC or written off from the claim page, with the reason
// and one retry key per entry; the server's field messages shown and nothing else changed.

const MONEY = {
  nomination: true,
  balances: {
    receivedPence: 45_000,
    feePence: 9_000,
    heldPence: 26_000,
    paidOutPence: 0,
    refundedPence: 10_000,
    writtenOffPence: 0,
  },
  postings: [],
  payouts: [],
  bankDetails: null,
  nominations: [],
};

afterEach(() => vi.unstubAllGlobals());

describe('MoneyOutForm', () => {
  it.each([
    ['refund', 'Refund to HMRC', 'POST /api/admin/claims/c1/client-money/refunds'],
    ['write-off', 'Write it off', 'POST /api/admin/claims/c1/client-money/write-offs'],
  ] as const)(
    'a %s sends the amount, the reason and a retry key, then shows the answer',
    async (kind, button, route) => {
      const api = fakeAdminApi({ [route]: MONEY });
      const onSaved = vi.fn();
      render(<MoneyOutForm claimId="c1" kind={kind} heldPence={36_000} onSaved={onSaved} />);
      expect(screen.getByText(/£360\.00 is held\./)).toBeTruthy();
      fireEvent.change(screen.getByLabelText(/Amount, in pounds/), { target: { value: '100.00' } });
      fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'HMRC asked for it back' } });
      fireEvent.click(screen.getByRole('button', { name: button }));
      await waitFor(() => expect(onSaved).toHaveBeenCalledWith(MONEY));
      const [sent] = api.to(route).map((c) => c.body as Record<string, string>);
      expect(sent).toMatchObject({ amount: '100.00', reason: 'HMRC asked for it back' });
      expect(sent!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
      expect((screen.getByLabelText(/Amount, in pounds/) as HTMLInputElement).value).toBe('');
    },
  );

  it('shows the server’s field message and keeps what was typed', async () => {
    const message = CLIENT_MONEY_MESSAGES.outOverHeld('£360.00');
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ errors: { amount: message } }), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    );
    const onSaved = vi.fn();
    render(<MoneyOutForm claimId="c1" kind="refund" heldPence={36_000} onSaved={onSaved} />);
    fireEvent.change(screen.getByLabelText(/Amount, in pounds/), { target: { value: '400.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund to HMRC' }));
    expect(await screen.findAllByText(message)).not.toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
    expect((screen.getByLabelText(/Amount, in pounds/) as HTMLInputElement).value).toBe('400.00');
  });
});
