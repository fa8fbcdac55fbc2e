import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AdminSessionProvider } from './admin-session.tsx';
import { ClaimsPage, kindWords } from './claims-page.tsx';
import { dateBoxes, fakeAdminApi, signedIn, typeDate } from '../../../test/admin-helpers.ts';

// Issue 44: the claims list's "Submitted from" and "Submitted to" are GOV.UK date inputs (day,
// month, year) whatever the browser's locale; the address and the API keep ISO dates.

const EMPTY_LIST = {
  claims: [],
  queue: 'all',
  counts: { all: 0, unallocated: 0, mine: 0 },
  countLimit: 10_000,
  total: 0,
  page: 1,
  pageSize: 50,
  pages: 1,
  hasMore: false,
};

afterEach(() => vi.unstubAllGlobals());

function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

async function openClaims(search = '', list: object = EMPTY_LIST, shown = 'All claims: 0 claims') {
  const api = fakeAdminApi({
    'GET /api/admin/me': signedIn('caseworker'),
    'GET /api/admin/claims': list,
  });
  render(
    <AdminSessionProvider>
      <MemoryRouter initialEntries={[`/admin/claims${search}`]}>
        <Routes>
          <Route
            path="/admin/claims"
            element={
              <>
                <ClaimsPage />
                <Address />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </AdminSessionProvider>,
  );
  await screen.findByText(shown, { exact: false });
  return { api, lists: () => api.to('GET /api/admin/claims') };
}

const apply = () => fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));

describe('the claims list’s date filters (issue 44)', () => {
  it('sends the dates typed as day, month and year as ISO dates, and keeps them in the address', async () => {
    const { lists } = await openClaims();
    typeDate('Submitted from', '1', '3', '2025');
    typeDate('Submitted to', '31', '03', '2025');
    apply();
    await waitFor(() => expect(lists()).toHaveLength(2));
    const query = lists()[1]!.query;
    expect(query.get('from')).toBe('2025-03-01');
    expect(query.get('to')).toBe('2025-03-31');
    expect(screen.getByTestId('address')).toHaveTextContent('?from=2025-03-01&to=2025-03-31');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the address’s ISO dates as day, month and year', async () => {
    await openClaims('?from=2025-03-01&to=2025-12-25');
    expect(dateBoxes('Submitted from')).toMatchObject({
      day: { value: '1' },
      month: { value: '3' },
      year: { value: '2025' },
    });
    expect(dateBoxes('Submitted to')).toMatchObject({
      day: { value: '25' },
      month: { value: '12' },
      year: { value: '2025' },
    });
  });

  it('an impossible date (31 2 2027) shows the GOV.UK message, marks the day box and sends nothing', async () => {
    const { lists } = await openClaims();
    typeDate('Submitted from', '31', '2', '2027');
    apply();
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('The start date must be a real date');
    expect(within(summary).getByRole('link')).toHaveAttribute('href', '#filter-from');
    const from = screen.getByRole('group', { name: 'Submitted from' });
    expect(from).toHaveAccessibleDescription(/The start date must be a real date/);
    const boxes = dateBoxes('Submitted from');
    expect(boxes.day).toHaveAttribute('aria-invalid', 'true');
    expect(boxes.month).not.toHaveAttribute('aria-invalid');
    expect(boxes.year).not.toHaveAttribute('aria-invalid');
    await new Promise((r) => setTimeout(r, 50));
    expect(lists()).toHaveLength(1);
    expect(screen.getByTestId('address')).toHaveTextContent(/^$/);
  });

  it('a partly typed date says which box is missing and sends nothing', async () => {
    const { lists } = await openClaims('?to=2025-04-30');
    typeDate('Submitted to', '30', '', '2025');
    apply();
    expect(await screen.findByRole('alert')).toHaveTextContent('The end date must include a month');
    expect(dateBoxes('Submitted to').month).toHaveAttribute('aria-invalid', 'true');
    expect(dateBoxes('Submitted to').day).not.toHaveAttribute('aria-invalid');
    await new Promise((r) => setTimeout(r, 50));
    expect(lists()).toHaveLength(1);
    expect(screen.getByTestId('address')).toHaveTextContent('?to=2025-04-30');
  });

  it('empty boxes are no bound: the date leaves the query and the address', async () => {
    const { lists } = await openClaims('?from=2025-03-01&q=Smith');
    expect(lists()[0]!.query.get('from')).toBe('2025-03-01');
    typeDate('Submitted from', '', '', '');
    apply();
    await waitFor(() => expect(lists()).toHaveLength(2));
    expect(lists()[1]!.query.has('from')).toBe(false);
    expect(lists()[1]!.query.has('to')).toBe(false);
    expect(lists()[1]!.query.get('q')).toBe('Smith');
    expect(screen.getByTestId('address')).toHaveTextContent('?q=Smith');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the claims list above the count limit (issue 45)', () => {
  it('says "10,000+" for a queue and the total, and pages by "Next page" alone', async () => {
    await openClaims(
      '?page=2',
      {
        ...EMPTY_LIST,
        counts: { all: 10_001, unallocated: 10_001, mine: 12 },
        total: 10_001,
        page: 2,
        pages: null,
        hasMore: true,
      },
      'All claims: 10,000+ claims',
    );
    expect(screen.getByRole('link', { name: 'Unallocated (10,000+)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My claims (12)' })).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 2')).toBeInTheDocument();
    expect(within(pages).getByRole('link', { name: 'Next page' })).toBeInTheDocument();
    expect(within(pages).getByRole('link', { name: 'Previous page' })).toBeInTheDocument();
  });

  it('shows the exact figures and the page count below the limit', async () => {
    await openClaims(
      '',
      {
        ...EMPTY_LIST,
        counts: { all: 9_999, unallocated: 40, mine: 0 },
        total: 9_999,
        pages: 200,
        hasMore: true,
      },
      'All claims: 9,999 claims',
    );
    expect(screen.getByRole('link', { name: 'All claims (9,999)' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 200')).toBeInTheDocument();
  });
});

// D38 (issue 42): the queue lists a case once, by its first claim, naming every kind in it.
describe('the kind a queue row names', () => {
  it('names a case’s kinds, a lone claim’s own, and a claim a search found inside a case', () => {
    expect(kindWords({ kind: 'general', caseKinds: ['general', 'mileage'], followsCase: false })).toBe(
      'General and Mileage',
    );
    expect(kindWords({ kind: 'mileage', caseKinds: ['mileage'], followsCase: false })).toBe('Mileage');
    expect(kindWords({ kind: 'mileage', caseKinds: ['mileage'], followsCase: true })).toBe(
      'Mileage, in a case',
    );
  });
});
