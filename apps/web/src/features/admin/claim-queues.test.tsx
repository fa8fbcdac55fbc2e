import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ClaimList, ClaimListItem, OperatorListItem } from '@taxback/domain/api/admin-responses';
import { AllocateNext, ClaimFlags, QueueTabs, TakeNext } from './claim-queues.tsx';
import { fakeAdminApi, type Reply } from '../../../test/admin-helpers.ts';

// D34: the claims page's queues, "Take next", an admin's "allocate the next N", each row's flags.

afterEach(() => vi.unstubAllGlobals());

const NO_FLAGS: ClaimListItem['flags'] = {
  replyReceived: false,
  overdue: false,
  selfAssessment: false,
  readinessMissing: 0,
  authoritySuperseded: false,
  possibleDuplicate: false,
  unreadMessages: 0,
};
const row = (n: number, owner: ClaimListItem['owner'] = null): ClaimListItem => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  kind: 'mileage',
  caseKinds: ['mileage'],
  followsCase: false,
  reference: `TB-000${n}`,
  name: null,
  email: null,
  phone: null,
  status: 'in-review',
  submittedAt: '2026-11-01T10:00:00.000Z',
  estimatedRebate: null,
  affiliate: null,
  selfAssessment: null,
  readinessMissing: 0,
  owner,
  lastActionAt: null,
  flags: NO_FLAGS,
  sentOn: null,
  sentMethod: null,
  repaidPence: null,
  repaidOn: null,
  feePence: null,
  claimantPence: null,
});
const operator = (n: number, name: string, disabled = false): OperatorListItem => ({
  id: `00000000-0000-4000-8000-0000000000a${n}`,
  email: `${name.toLowerCase()}@example.com`,
  name,
  role: 'caseworker',
  disabled,
  secondFactor: true,
  locked: false,
  lastSignIn: null,
});
const ALLOCATE = 'POST /api/admin/claims/allocate';
const TAKE_NEXT = 'POST /api/admin/claims/take-next';

describe('the queue tabs', () => {
  const list: ClaimList = {
    claims: [],
    queue: 'mine',
    counts: { all: 10_001, unallocated: 4, mine: 1 },
    countLimit: 10_000,
    total: 1,
    page: 1,
    pageSize: 25,
    pages: 1,
    hasMore: false,
  };

  it('names each queue with its count, marks the current one and tells which was picked', () => {
    const onPick = vi.fn();
    render(
      <MemoryRouter>
        <QueueTabs list={list} hrefOf={(q) => `/admin/claims?queue=${q}`} onPick={onPick} />
      </MemoryRouter>,
    );
    const mine = screen.getByRole('link', { name: /^My claims/ });
    expect(mine).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: /^All claims/ })).toHaveTextContent('All claims (10,000+)');
    expect(screen.getByRole('link', { name: /^Unallocated/ })).not.toHaveAttribute('aria-current');
    fireEvent.click(screen.getByRole('link', { name: /^Unallocated/ }));
    expect(onPick).toHaveBeenCalledWith('unallocated');
  });
});

describe('Take next', () => {
  function openTakeNext(reply: Reply) {
    const api = fakeAdminApi({}, { [TAKE_NEXT]: [reply] });
    render(
      <MemoryRouter initialEntries={['/admin/claims']}>
        <Routes>
          <Route path="/admin/claims" element={<TakeNext />} />
          <Route path="/admin/claims/:id" element={<h1>The claim taken</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Take next' }));
    return api;
  }

  it('opens the claim it took', async () => {
    const api = openTakeNext([200, { id: row(1).id, kind: 'mileage', reference: 'TB-0001' }]);
    expect(await screen.findByRole('heading', { name: 'The claim taken' })).toBeVisible();
    expect(api.to(TAKE_NEXT)).toHaveLength(1);
  });

  it('an empty pool (404) says so and stays', async () => {
    openTakeNext([404, { error: 'No claim is waiting' }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('No claim is waiting');
    expect(screen.getByRole('button', { name: 'Take next' })).toBeVisible();
  });
});

describe('allocate the next claims (an admin)', () => {
  const CLAIMS = [row(1, { id: 'o1', name: 'Olive' }), row(2), row(3), row(4)];

  function openAllocate(replies: Record<string, Reply[]> = {}) {
    const api = fakeAdminApi(
      { 'GET /api/admin/operators': { operators: [operator(1, 'Cass'), operator(2, 'Gone', true)] } },
      replies,
    );
    const onDone = vi.fn();
    render(<AllocateNext claims={CLAIMS} onDone={onDone} />);
    return { api, onDone };
  }
  const allocate = (count: string, to: string) => {
    fireEvent.change(screen.getByLabelText(/^How many claims/), { target: { value: count } });
    fireEvent.change(screen.getByLabelText(/^Allocate to/), { target: { value: to } });
    fireEvent.click(screen.getByRole('button', { name: 'Allocate' }));
  };

  it('offers only the operators still enabled', async () => {
    openAllocate();
    expect(await screen.findByRole('option', { name: 'Cass (caseworker)' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /^Gone/ })).toBeNull();
  });

  it('sends the oldest N unowned claims of the list to the one chosen', async () => {
    const { api, onDone } = openAllocate({
      [ALLOCATE]: [[200, { allocated: 2, owner: { id: operator(1, 'Cass').id, name: 'Cass' } }]],
    });
    await screen.findByRole('option', { name: 'Cass (caseworker)' });
    allocate('2', operator(1, 'Cass').id);
    expect(await screen.findByRole('status')).toHaveTextContent('2 claims allocated to Cass.');
    expect(api.sent(ALLOCATE)).toEqual([
      { ownerId: operator(1, 'Cass').id, claimIds: [row(2).id, row(3).id], reason: '' },
    ]);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('a count over the unowned claims and no one chosen: both messages, focused, nothing sent', async () => {
    const { api } = openAllocate();
    await screen.findByRole('option', { name: 'Cass (caseworker)' });
    allocate('4', '');
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Enter a number from 1 to 3');
    expect(summary).toHaveTextContent('Select a caseworker');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(screen.getByLabelText(/^How many claims/)).toHaveAccessibleDescription(
      /Enter a number from 1 to 3/,
    );
    expect(screen.getByLabelText(/^Allocate to/)).toHaveAccessibleDescription(/Select a caseworker/);
    expect(api.to(ALLOCATE)).toHaveLength(0);
  });

  it('a claim taken meanwhile (409): nothing moved, said at the count, the list reloaded', async () => {
    const { onDone } = openAllocate({ [ALLOCATE]: [[409, { error: 'TB-0002 was taken meanwhile' }]] });
    await screen.findByRole('option', { name: 'Cass (caseworker)' });
    allocate('1', operator(1, 'Cass').id);
    expect(await screen.findByRole('alert')).toHaveTextContent('TB-0002 was taken meanwhile');
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('is not offered when every claim listed has an owner', () => {
    fakeAdminApi({ 'GET /api/admin/operators': { operators: [] } });
    render(<AllocateNext claims={[row(1, { id: 'o1', name: 'Olive' })]} onDone={() => {}} />);
    expect(screen.queryByRole('heading', { name: 'Allocate claims' })).toBeNull();
  });
});

describe('a row’s flags', () => {
  it('names what needs the caseworker, or None', () => {
    const { rerender } = render(<ClaimFlags claim={row(1)} />);
    expect(screen.getByText('None')).toBeVisible();
    const flags = {
      ...NO_FLAGS,
      overdue: true,
      readinessMissing: 2,
      unreadMessages: 1,
      possibleDuplicate: true,
    };
    rerender(<ClaimFlags claim={{ ...row(1), flags }} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Overdue',
      'P87: 2 missing',
      'Possible duplicate',
      '1 unread message',
    ]);
  });
});
