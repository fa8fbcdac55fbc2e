import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { OperatorInvoice } from '@taxback/domain/invoice-schemas';
import { AdminSessionProvider } from './admin-session.tsx';
import { InvoicePanel } from './claim-invoice.tsx';
import type { ClaimDetail } from './claim-detail.ts';
import { fakeAdminApi, signedIn, type Reply } from '../../../test/admin-helpers.ts';
import { CLAIM_ID, claimDetail } from '../../../test/claim-fixture.ts';

// D41 (issue 47): the case's invoice on the claim page. The owner or an admin issues it once HMRC
// has repaid, records payments and credits it; only an admin writes off what is owed.

afterEach(() => vi.unstubAllGlobals());

const ISSUE = `POST /api/admin/claims/${CLAIM_ID}/invoice`;
const PAY = `POST /api/admin/claims/${CLAIM_ID}/invoice/payments`;
const CREDIT = `POST /api/admin/claims/${CLAIM_ID}/invoice/credit`;
const WRITE_OFF = `POST /api/admin/claims/${CLAIM_ID}/invoice/write-off`;
const ME = signedIn('caseworker').operator;

const INVOICE: NonNullable<OperatorInvoice['invoice']> = {
  number: 'INV-000042',
  issuedOn: '2026-11-10',
  dueOn: '2026-11-24',
  repaidPence: 100_000,
  taxCodePence: 0,
  feePence: 25_000,
  vatPence: 5_000,
  totalPence: 30_000,
  paidPence: 0,
  owedPence: 30_000,
  claimantPence: 70_000,
  state: 'issued',
  stateLabel: 'Issued',
  stateReason: null,
  howToPay: 'Bank transfer to 12-34-56 12345678',
  version: 2,
  payments: [],
  pdfUrl: `/api/admin/claims/${CLAIM_ID}/invoice.pdf`,
};
const REPAID_MONEY = {
  ...claimDetail().hmrcYears.money,
  repaidPence: 100_000,
  feeBasePence: 100_000,
  feePence: 30_000,
};
const repaid = (invoice: ClaimDetail['invoice'], owned = true) =>
  claimDetail({
    invoice,
    hmrcYears: { ...claimDetail().hmrcYears, money: REPAID_MONEY },
    owner: owned ? { id: ME.id, name: ME.name, role: 'caseworker' } : null,
  });

function open(role: 'admin' | 'caseworker', claim: ClaimDetail, replies: Record<string, Reply[]> = {}) {
  const api = fakeAdminApi({ 'GET /api/admin/me': signedIn(role) }, replies);
  const onChanged = vi.fn(() => Promise.resolve());
  render(
    <AdminSessionProvider>
      <InvoicePanel claim={claim} onChanged={onChanged} />
    </AdminSessionProvider>,
  );
  return { api, onChanged };
}
/** Waits until the panel knows who is signed in. */
const signedInKnown = (api: ReturnType<typeof fakeAdminApi>) =>
  waitFor(() => expect(api.to('GET /api/admin/me')).toHaveLength(1)).then(
    () => new Promise((r) => setTimeout(r, 20)),
  );

describe('before the invoice is issued', () => {
  it('nothing repaid: no panel', () => {
    open('admin', claimDetail());
    expect(screen.queryByRole('heading', { name: 'Invoice for our fee' })).toBeNull();
  });

  it('the owner issues it; the panel reloads', async () => {
    const { api, onChanged } = open('caseworker', repaid({ invoice: null, notIssuable: null }), {
      [ISSUE]: [[201, { invoice: INVOICE, notIssuable: null }]],
    });
    expect(screen.getByTestId('invoice-not-issued')).toHaveTextContent(
      'No invoice yet. The fee of £300.00 is worked out on the £0.00 HMRC repaid.',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Issue the invoice' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(api.to(ISSUE)).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a caseworker who does not own the case cannot issue it', async () => {
    const { api } = open('caseworker', repaid({ invoice: null, notIssuable: null }, false));
    await signedInKnown(api);
    expect(screen.queryByRole('button', { name: 'Issue the invoice' })).toBeNull();
  });

  it('a refusal (409) shows the field’s message in an alert', async () => {
    open('admin', repaid({ invoice: null, notIssuable: null }), {
      [ISSUE]: [[409, { error: 'Refused', errors: { invoice: 'The case has its invoice already' } }]],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Issue the invoice' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The case has its invoice already');
  });

  it('why it cannot be issued yet, with no button', async () => {
    const { api } = open('admin', repaid({ invoice: null, notIssuable: 'No fee is set for this case.' }));
    await signedInKnown(api);
    expect(screen.getByTestId('invoice-not-issued')).toHaveTextContent('No fee is set for this case.');
    expect(screen.queryByRole('button', { name: 'Issue the invoice' })).toBeNull();
  });
});

describe('an issued invoice', () => {
  const PAID_PART = {
    ...INVOICE,
    paidPence: 10_000,
    owedPence: 20_000,
    state: 'part-paid' as const,
    stateLabel: 'Part paid',
    payments: [
      {
        amountPence: 10_000,
        paidOn: '2026-11-12',
        method: 'cheque' as const,
        operator: null,
        createdAt: '2026-11-12T10:00:00.000Z',
      },
    ],
  };

  it('shows the server’s figures, the PDF and each payment', async () => {
    const { api } = open('caseworker', repaid({ invoice: PAID_PART, notIssuable: null }));
    await signedInKnown(api);
    expect(screen.getByTestId('invoice-state')).toHaveTextContent('Part paid');
    expect(screen.getByTestId('invoice')).toHaveTextContent(/Total£300\.00Paid£100\.00Still owed£200\.00/);
    expect(screen.getByRole('link', { name: 'Download invoice INV-000042 (PDF)' })).toHaveAttribute(
      'href',
      INVOICE.pdfUrl,
    );
    expect(screen.getByTestId('invoice-payments')).toHaveTextContent(
      /12 November 2026\s*£100\.00\s*Cheque\s*an operator/,
    );
  });

  it('records a payment: amount, method and version sent, the form emptied', async () => {
    const { api, onChanged } = open('caseworker', repaid({ invoice: INVOICE, notIssuable: null }), {
      [PAY]: [[200, { invoice: PAID_PART, notIssuable: null }]],
    });
    fireEvent.change(await screen.findByLabelText(/^Amount paid, in pounds/), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText(/^How it was paid/), { target: { value: 'cheque' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record the payment' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(api.sent(PAY)).toEqual([{ amount: '100', method: 'cheque', version: 2 }]);
    expect(screen.getByLabelText(/^Amount paid, in pounds/)).toHaveValue('');
  });

  it('a refused payment (400): each message at its field, the summary focused', async () => {
    const errors = { amount: 'Enter an amount up to £300.00', method: 'Select how it was paid' };
    const { onChanged } = open('caseworker', repaid({ invoice: INVOICE, notIssuable: null }), {
      [PAY]: [[400, { errors }]],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Record the payment' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(/Enter an amount up to £300\.00\s*Select how it was paid/);
    await waitFor(() => expect(summary).toHaveFocus());
    expect(screen.getByLabelText(/^Amount paid, in pounds/)).toHaveAccessibleDescription(
      /Enter an amount up to £300\.00/,
    );
    expect(screen.getByLabelText(/^Amount paid, in pounds/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^How it was paid/)).toHaveAccessibleDescription(/Select how it was paid/);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('an invoice changed meanwhile (409): said at the field and the panel reloaded', async () => {
    const { onChanged } = open('caseworker', repaid({ invoice: INVOICE, notIssuable: null }), {
      [CREDIT]: [[409, { error: 'The invoice changed: look again' }]],
    });
    fireEvent.change(await screen.findByLabelText(/^Reason/), { target: { value: 'Fee waived' } });
    fireEvent.click(screen.getByRole('button', { name: 'Credit the invoice' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The invoice changed: look again');
    expect(screen.getByLabelText(/^Reason/)).toHaveAccessibleDescription(/The invoice changed/);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('the owner (a caseworker) credits an unpaid invoice but cannot write it off', async () => {
    const { api } = open('caseworker', repaid({ invoice: INVOICE, notIssuable: null }), {
      [CREDIT]: [
        [
          200,
          {
            invoice: { ...INVOICE, owedPence: 0, state: 'credited', stateLabel: 'Credited' },
            notIssuable: null,
          },
        ],
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Credit the invoice' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Write off what is owed' })).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'Fee waived' } });
    fireEvent.click(screen.getByRole('button', { name: 'Credit the invoice' }));
    await waitFor(() => expect(api.sent(CREDIT)).toEqual([{ reason: 'Fee waived', version: 2 }]));
  });

  it('part paid: the owner can no longer credit it; an admin writes off the rest', async () => {
    const owner = open('caseworker', repaid({ invoice: PAID_PART, notIssuable: null }));
    await signedInKnown(owner.api);
    expect(screen.getByRole('heading', { name: 'Record a payment' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: /Credit/ })).toBeNull();
    vi.unstubAllGlobals();
    cleanup();
    const { api } = open('admin', repaid({ invoice: PAID_PART, notIssuable: null }, false), {
      [WRITE_OFF]: [
        [
          200,
          {
            invoice: { ...PAID_PART, owedPence: 0, state: 'written-off', stateLabel: 'Written off' },
            notIssuable: null,
          },
        ],
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Write off or credit' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Credit the invoice' })).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'Claimant cannot pay' } });
    fireEvent.click(screen.getByRole('button', { name: 'Write off what is owed' }));
    await waitFor(() => expect(api.sent(WRITE_OFF)).toEqual([{ reason: 'Claimant cannot pay', version: 2 }]));
  });

  it('nothing owed: no forms', async () => {
    const { api } = open(
      'admin',
      repaid({
        invoice: { ...INVOICE, paidPence: 30_000, owedPence: 0, state: 'paid', stateLabel: 'Paid' },
        notIssuable: null,
      }),
    );
    await signedInKnown(api);
    expect(screen.queryByRole('heading', { name: 'Record a payment' })).toBeNull();
    expect(screen.getByTestId('invoice-state')).toHaveTextContent('Paid');
  });
});
