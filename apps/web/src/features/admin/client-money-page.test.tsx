import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { PayoutDay, PayoutView, Reconciliation } from '@taxback/domain/client-money-schemas';
import { ClientMoneyPage } from './client-money-page.tsx';
import { fakeAdminApi, typeDate, type Reply } from '../../../test/admin-helpers.ts';

// D41 (issue 47): /admin/client-money: the day's payouts with the bank's file and "Mark made"; the
// reconciliation of a period with the ledger's net. Every figure is the server's.

afterEach(() => vi.unstubAllGlobals());

const PAYOUTS = 'GET /api/admin/client-money/payouts';
const RECONCILIATION = 'GET /api/admin/client-money/reconciliation';
const payout = (n: number, fields: Partial<PayoutView> = {}): PayoutView => ({
  id: `00000000-0000-4000-8000-0000000000b${n}`,
  caseId: `case-${n}`,
  claimId: `claim-${n}`,
  reference: `TB-000${n}`,
  amountPence: 70_000,
  dueOn: '2026-11-23',
  state: 'due',
  madeOn: null,
  account: { sortCode: '**-**-56', accountNumber: '****5678' },
  version: 3,
  ...fields,
});
const MARK_1 = `POST /api/admin/client-money/payouts/${payout(1).id}/made`;
const DAY: PayoutDay = {
  day: '2026-11-23',
  payouts: [payout(1), payout(2, { account: null }), payout(3, { state: 'made', madeOn: '2026-11-23' })],
  duePence: 140_000,
  fileUrl: '/api/admin/client-money/payouts.csv?day=2026-11-23',
};
const FIGURES = {
  receivedPence: 100_000,
  feePence: 30_000,
  paidOutPence: 70_000,
  refundedPence: 0,
  writtenOffPence: 0,
  heldPence: 0,
};
const BALANCED: Reconciliation = {
  from: '2026-11-01',
  to: '2026-11-30',
  cases: [{ caseId: 'case-1', claimId: 'claim-1', reference: 'TB-0001', ...FIGURES }],
  totals: FIGURES,
  ledgerNetPence: 0,
  csvUrl: '/api/admin/client-money/reconciliation.csv',
};

function open(day: PayoutDay, reconciliation: Reconciliation, replies: Record<string, Reply[]> = {}) {
  const api = fakeAdminApi({ [PAYOUTS]: day, [RECONCILIATION]: reconciliation }, replies);
  render(
    <MemoryRouter>
      <ClientMoneyPage />
    </MemoryRouter>,
  );
  return api;
}
const payoutsTable = () => screen.findByRole('region', { name: 'Payouts' });

describe('the day’s payouts', () => {
  it('lists each payout with its case, masked account and state; “Mark made” only where it can be', async () => {
    open(DAY, BALANCED);
    const rows = within(await payoutsTable()).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(
      /TB-0001\s*£700\.00\s*23 November 2026\s*\*\*-\*\*-56 \*\*\*\*5678\s*Due/,
    );
    expect(rows[2]).toHaveTextContent('No bank details yet');
    expect(rows[3]).toHaveTextContent('Made');
    expect(screen.getAllByRole('button', { name: /^Mark made/ })).toHaveLength(1);
    expect(within(rows[1]!).getByRole('link', { name: 'TB-0001' })).toHaveAttribute(
      'href',
      '/admin/claims/claim-1',
    );
    expect(screen.getByRole('heading', { name: 'Payouts for 23 November 2026' })).toBeVisible();
    expect(screen.getByTestId('payouts-due')).toHaveTextContent('Still to pay: £1,400.00.');
    expect(
      screen.getByRole('link', { name: 'Download the payout file (CSV) for 23 November 2026' }),
    ).toHaveAttribute('href', '/api/admin/client-money/payouts.csv?day=2026-11-23');
  });

  it('“Mark made” sends the version seen, says so and reloads the day', async () => {
    const api = open(DAY, BALANCED, {
      [MARK_1]: [[200, payout(1, { state: 'made', madeOn: '2026-11-23', version: 4 })]],
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Mark made/ }));
    expect(await screen.findByTestId('payouts-message')).toHaveTextContent(
      'The payout of £700.00 to TB-0001 is marked made.',
    );
    expect(api.sent(MARK_1)).toEqual([{ version: 3 }]);
    await waitFor(() => expect(api.to(PAYOUTS)).toHaveLength(2));
    expect(api.to(PAYOUTS)[1]!.query.get('day')).toBe('2026-11-23');
  });

  it('a payout changed meanwhile (409): the server’s words in an alert, the day reloaded', async () => {
    const api = open(DAY, BALANCED, { [MARK_1]: [[409, { error: 'The payout was made already' }]] });
    fireEvent.click(await screen.findByRole('button', { name: /^Mark made/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The payout was made already');
    await waitFor(() => expect(api.to(PAYOUTS)).toHaveLength(2));
  });

  it('another day typed: asked for as an ISO date; none due says so', async () => {
    const api = open({ ...DAY, payouts: [], duePence: 0 }, BALANCED);
    expect(await screen.findByTestId('payouts-empty')).toHaveTextContent('No payout is due on this day.');
    typeDate('Payout day', '1', '12', '2026');
    fireEvent.click(screen.getByRole('button', { name: 'Show payouts' }));
    await waitFor(() => expect(api.to(PAYOUTS)).toHaveLength(2));
    expect(api.to(PAYOUTS)[1]!.query.get('day')).toBe('2026-12-01');
  });

  it('an impossible day: the message at the date, the summary focused, nothing asked', async () => {
    const api = open(DAY, BALANCED);
    await payoutsTable();
    typeDate('Payout day', '31', '2', '2027');
    fireEvent.click(screen.getByRole('button', { name: 'Show payouts' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('The payout day must be a real date');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(screen.getByRole('group', { name: 'Payout day' })).toHaveAccessibleDescription(
      /must be a real date/,
    );
    expect(api.to(PAYOUTS)).toHaveLength(1);
  });

  it('a day the server refuses (400): its message at the date', async () => {
    open(DAY, BALANCED, {
      [PAYOUTS]: [
        [200, DAY],
        [400, { errors: { day: 'The payout day must be in the last year' } }],
      ],
    });
    await payoutsTable();
    typeDate('Payout day', '1', '1', '2020');
    fireEvent.click(screen.getByRole('button', { name: 'Show payouts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The payout day must be in the last year');
    expect(screen.getByRole('group', { name: 'Payout day' })).toHaveAccessibleDescription(/in the last year/);
  });
});

describe('the reconciliation', () => {
  it('each case and the totals; a balanced ledger says so, with the period’s CSV', async () => {
    open(DAY, BALANCED);
    const table = await screen.findByRole('region', { name: 'Reconciliation by case' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('Held on 30 November 2026');
    expect(rows[1]).toHaveTextContent(/TB-0001\s*£1,000\.00\s*£300\.00\s*£700\.00\s*£0\.00\s*£0\.00/);
    expect(rows[2]).toHaveTextContent(/^Total/);
    expect(screen.getByTestId('ledger-net')).toHaveTextContent(
      'The ledger balances: every posting adds up to £0.00.',
    );
    expect(screen.getByRole('link', { name: 'Download the reconciliation (CSV)' })).toHaveAttribute(
      'href',
      '/api/admin/client-money/reconciliation.csv?from=2026-11-01&to=2026-11-30',
    );
  });

  it('a ledger out of balance says by how much', async () => {
    open(DAY, { ...BALANCED, ledgerNetPence: -1 });
    expect(await screen.findByTestId('ledger-net')).toHaveTextContent(
      'The ledger does not balance: it is out by -£0.01.',
    );
  });

  it('a period typed goes as ISO dates; the server’s message for it shows at the date', async () => {
    const api = open(DAY, BALANCED, {
      [RECONCILIATION]: [
        [200, BALANCED],
        [400, { errors: { to: 'The end date must be after the start date' } }],
      ],
    });
    await screen.findByTestId('ledger-net');
    typeDate('From', '1', '10', '2026');
    typeDate('To', '1', '9', '2026');
    fireEvent.click(screen.getByRole('button', { name: 'Show the reconciliation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The end date must be after the start date');
    expect(screen.getByRole('group', { name: 'To' })).toHaveAccessibleDescription(/after the start date/);
    const asked = api.to(RECONCILIATION)[1]!.query;
    expect([asked.get('from'), asked.get('to')]).toEqual(['2026-10-01', '2026-09-01']);
  });
});
