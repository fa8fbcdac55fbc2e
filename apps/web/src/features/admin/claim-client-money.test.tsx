import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { CaseClientMoney } from '@taxback/domain/client-money-schemas';
import { AdminSessionProvider } from './admin-session.tsx';
import { ClientMoneyPanel } from './claim-client-money.tsx';
import type { ClaimDetail } from './claim-detail.ts';
import { fakeAdminApi, signedIn, type Reply } from '../../../test/admin-helpers.ts';
import { CLAIM_ID, claimDetail } from '../../../test/claim-fixture.ts';

// D41 with D29 (issue 47): the case's client money on the claim page. The owner or an admin records
// HMRC's money and the claimant's bank details; only an admin writes money off. Refunds and
// write-offs are tested beside client-money-out.tsx.

afterEach(() => vi.unstubAllGlobals());

const MONEY_PATH = `/api/admin/claims/${CLAIM_ID}/client-money`;
const RECEIPT = `POST ${MONEY_PATH}/receipts`;
const BANK = `PUT /api/admin/claims/${CLAIM_ID}/bank-details`;
const ME = signedIn('caseworker').operator;
const NOTHING_YET: CaseClientMoney = {
  nomination: true,
  balances: {
    receivedPence: 0,
    feePence: 0,
    heldPence: 0,
    paidOutPence: 0,
    refundedPence: 0,
    writtenOffPence: 0,
  },
  postings: [],
  payouts: [],
  bankDetails: null,
  nominations: [],
};
const RECEIVED: CaseClientMoney = {
  ...NOTHING_YET,
  balances: { ...NOTHING_YET.balances, receivedPence: 100_000, feePence: 30_000, heldPence: 70_000 },
  postings: [
    { kind: 'receipt', amountPence: 100_000, postedOn: '2026-11-20', createdAt: '2026-11-20T10:00:00.000Z' },
  ],
  payouts: [
    {
      id: 'p1',
      caseId: CLAIM_ID,
      claimId: CLAIM_ID,
      reference: 'TB-TEST',
      amountPence: 70_000,
      dueOn: '2026-11-23',
      state: 'due',
      madeOn: null,
      account: { sortCode: '**-**-56', accountNumber: '****5678' },
      version: 1,
    },
  ],
  bankDetails: {
    sortCode: '**-**-56',
    accountNumber: '****5678',
    accountName: 'F Fuel',
    version: 1,
    signatureId: 'sig-1',
    enteredBy: 'operator',
    createdAt: '2026-11-19T10:00:00.000Z',
  },
  nominations: [
    {
      signatureId: 'sig-1',
      provider: 'dropbox-sign',
      signedAt: '2026-11-18T10:00:00.000Z',
      documentUrl: '/api/files/n1',
      auditTrailUrl: '/api/files/n2',
    },
  ],
};

function open(
  role: 'admin' | 'caseworker',
  money: CaseClientMoney,
  replies: Record<string, Reply[]> = {},
  claim?: ClaimDetail,
) {
  const api = fakeAdminApi({ 'GET /api/admin/me': signedIn(role), [`GET ${MONEY_PATH}`]: money }, replies);
  const owned = claimDetail({ owner: { id: ME.id, name: ME.name, role: 'caseworker' } });
  render(
    <AdminSessionProvider>
      <ClientMoneyPanel claim={claim ?? owned} />
    </AdminSessionProvider>,
  );
  return api;
}
const settled = (api: ReturnType<typeof fakeAdminApi>) =>
  waitFor(() => expect(api.to(`GET ${MONEY_PATH}`)).toHaveLength(1)).then(
    () => new Promise((r) => setTimeout(r, 20)),
  );

describe('the case’s client money (D41)', () => {
  it('no nomination and nothing posted: no panel', async () => {
    const api = open('admin', { ...NOTHING_YET, nomination: false });
    await settled(api);
    expect(screen.queryByRole('heading', { name: 'Client money' })).toBeNull();
  });

  it('shows the server’s balances, the masked account, the payouts and the signed nominations', async () => {
    open('caseworker', RECEIVED);
    expect(await screen.findByTestId('client-money-held')).toHaveTextContent('£700.00');
    expect(screen.getByTestId('client-money-fee-kept')).toHaveTextContent('£300.00');
    expect(screen.getByTestId('client-money-bank-account')).toHaveTextContent('F Fuel, **-**-56 ****5678');
    expect(screen.queryByTestId('client-money-refunded-to-hmrc')).toBeNull();
    expect(screen.getByTestId('client-money-payouts')).toHaveTextContent(
      /£700\.00\s*23 November 2026\s*Due\s*TB-TEST/,
    );
    expect(screen.getByRole('link', { name: 'signed PDF' })).toHaveAttribute('href', '/api/files/n1');
    expect(screen.getByRole('heading', { name: 'Change the bank details' })).toBeVisible();
  });

  it('the owner records money from HMRC with a retry key, and the panel shows the answer', async () => {
    const api = open('caseworker', NOTHING_YET, { [RECEIPT]: [[200, RECEIVED]] });
    fireEvent.change(await screen.findByLabelText(/^Amount HMRC paid us/), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record the money received' }));
    await waitFor(() => expect(screen.getByTestId('client-money-held')).toHaveTextContent('£700.00'));
    const [sent] = api.sent(RECEIPT) as Array<{ amount: string; idempotencyKey: string }>;
    expect(sent).toEqual({ amount: '1000', idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(screen.getByLabelText(/^Amount HMRC paid us/)).toHaveValue('');
  });

  it('a refused receipt keeps its retry key for the next try', async () => {
    const api = open('caseworker', NOTHING_YET, {
      [RECEIPT]: [[400, { errors: { amount: 'Enter the amount' } }]],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Record the money received' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Record the money received' }));
    await waitFor(() => expect(api.to(RECEIPT)).toHaveLength(2));
    const [first, second] = api.sent(RECEIPT) as Array<{ idempotencyKey: string }>;
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
  });

  it('bank details: each field sent with the version; the server’s messages at their fields, focused', async () => {
    const errors = { sortCode: 'Enter a valid sort code', signatureId: 'This signature was used before' };
    const api = open('caseworker', NOTHING_YET, { [BANK]: [[400, { errors }]] });
    expect(await screen.findByRole('heading', { name: 'The claimant’s bank details' })).toBeVisible();
    fireEvent.change(screen.getByLabelText(/^Sort code/), { target: { value: '12-34-5' } });
    fireEvent.change(screen.getByLabelText(/^Account number/), { target: { value: '12345678' } });
    fireEvent.change(screen.getByLabelText(/^Name on the account/), { target: { value: 'F Fuel' } });
    fireEvent.change(screen.getByLabelText(/^Nomination signature reference/), {
      target: { value: 'sig-1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save the bank details' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(/Enter a valid sort code\s*This signature was used before/);
    await waitFor(() => expect(summary).toHaveFocus());
    expect(screen.getByLabelText(/^Sort code/)).toHaveAccessibleDescription(/Enter a valid sort code/);
    expect(screen.getByLabelText(/^Nomination signature reference/)).toHaveAccessibleDescription(
      /used before/,
    );
    expect(api.sent(BANK)).toEqual([
      {
        sortCode: '12-34-5',
        accountNumber: '12345678',
        accountName: 'F Fuel',
        signatureId: 'sig-1',
        version: 0,
      },
    ]);
  });

  it('money held: the owner may refund it, only an admin may write it off', async () => {
    open('caseworker', RECEIVED);
    expect(await screen.findByRole('heading', { name: 'Refund money held to HMRC' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Write off money held' })).toBeNull();
  });

  it('an admin (not the owner) sees the write-off too', async () => {
    open('admin', RECEIVED, {}, claimDetail());
    expect(await screen.findByRole('heading', { name: 'Write off money held' })).toBeVisible();
  });

  it('a caseworker who does not own the case sees the money but no form', async () => {
    const api = open('caseworker', RECEIVED, {}, claimDetail());
    await settled(api);
    expect(screen.getByTestId('client-money-held')).toHaveTextContent('£700.00');
    expect(screen.queryByRole('button', { name: 'Record the money received' })).toBeNull();
    expect(screen.queryByRole('heading', { name: /bank details/ })).toBeNull();
  });

  it('no one signed in (401): an unowned claim offers no form', async () => {
    const api = fakeAdminApi(
      { [`GET ${MONEY_PATH}`]: RECEIVED },
      { 'GET /api/admin/me': [[401, { error: 'Sign in' }]] },
    );
    render(
      <AdminSessionProvider>
        <ClientMoneyPanel claim={claimDetail()} />
      </AdminSessionProvider>,
    );
    await settled(api);
    await waitFor(() => expect(api.to('GET /api/admin/me')).toHaveLength(1));
    expect(screen.getByTestId('client-money-held')).toHaveTextContent('£700.00');
    expect(screen.queryByRole('button', { name: 'Record the money received' })).toBeNull();
  });
});
