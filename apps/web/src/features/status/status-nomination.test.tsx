import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BANK_MESSAGES, NOMINATION_MESSAGES } from '@taxback/domain';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import { StatusNomination } from './status-nomination.tsx';
import { UNSIGNED_NOMINATION, answers, cleanUpAfterEach } from '../../../test/status-helpers.ts';

// D29 (decision 076): the status page's nomination: sign with a typed name and consent, then the
// bank details (the server's modulus message at the field), and a change leads through signing again.

type Nomination = NonNullable<ClaimStatusView['nomination']>;
const base: Nomination = UNSIGNED_NOMINATION;
const signed = {
  signatureId: 'nom-1',
  signedAt: '2026-11-30T10:00:00.000Z',
  documentUrl: '/api/status/nominations/nom-1',
};
const viewWith = (nomination: Nomination) =>
  ({
    casework: { version: 1, csrfToken: 'csrf', thread: { messages: [], requests: [] }, amendable: null },
    nomination,
  }) as unknown as ClaimStatusView;

cleanUpAfterEach();

describe('StatusNomination', () => {
  it('asks for the typed name and consent before signing, then sends them', async () => {
    const after = viewWith({ ...base, signed, signatureUnused: true });
    const fetchMock = answers({ status: 200, body: after });
    const onChanged = vi.fn();
    render(<StatusNomination view={viewWith(base)} nomination={base} onChanged={onChanged} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign the nomination' }));
    expect(await screen.findAllByText(NOMINATION_MESSAGES.fullNameRequired)).not.toHaveLength(0);
    expect(screen.getAllByText(NOMINATION_MESSAGES.consentRequired)).not.toHaveLength(0);
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Your full name'), { target: { value: 'Alex Claimant' } });
    fireEvent.click(screen.getByLabelText(/I nominate you to receive HMRC’s repayment/));
    fireEvent.click(screen.getByRole('button', { name: 'Sign the nomination' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/status/nomination');
    expect(JSON.parse(String(init.body))).toEqual({ fullName: 'Alex Claimant', consent: true });
  });

  it('shows the server’s modulus message at the account number, with the new signature sent', async () => {
    const fetchMock = answers({
      status: 400,
      body: { errors: { accountNumber: BANK_MESSAGES.modulusFailed } },
    });
    const nomination = { ...base, signed, signatureUnused: true };
    render(<StatusNomination view={viewWith(nomination)} nomination={nomination} onChanged={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Name on the account'), { target: { value: 'A Claimant' } });
    fireEvent.change(screen.getByLabelText(/^Sort code/), { target: { value: '08-99-99' } });
    fireEvent.change(screen.getByLabelText(/^Account number/), { target: { value: '66374959' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save your bank details' }));
    expect((await screen.findAllByText(BANK_MESSAGES.modulusFailed)).length).toBeGreaterThan(0);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ signatureId: 'nom-1', version: 0 });
  });

  it('shows only masked details, and a change leads through signing again', () => {
    const nomination = {
      ...base,
      signed,
      bankDetails: { sortCode: '**-**-99', accountNumber: '****4958', version: 1 },
      payouts: [{ amountPence: 36_000, dueOn: '2099-12-07', state: 'due' as const, madeOn: null }],
    };
    render(<StatusNomination view={viewWith(nomination)} nomination={nomination} onChanged={vi.fn()} />);
    expect(screen.getByTestId('status-bank-details')).toHaveTextContent('**-**-99 ****4958');
    expect(screen.getByTestId('status-payouts')).toHaveTextContent('We pay you £360.00 by 7 December 2099.');
    expect(screen.queryByRole('button', { name: 'Sign the nomination' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change your bank details' }));
    expect(
      screen.getByRole('heading', { name: 'Sign the nomination again to change your bank details' }),
    ).toBeVisible();
  });
});
