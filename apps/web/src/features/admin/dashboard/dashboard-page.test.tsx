import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Dashboard } from '@taxback/domain/dashboard-schemas';
import { fakeAdminApi, typeDate } from '../../../../test/admin-helpers.ts';
import { DashboardPage } from './dashboard-page.tsx';

// Issue 45: the dashboard's filters, its sections' table alternatives and CSV links. uPlot draws
// on a canvas jsdom does not have: the chart is a stand-in here (the e2e test draws the real one).
vi.mock('./dashboard-chart.tsx', () => ({
  default: ({ name }: { name: string }) => <div role="img" aria-label={name} />,
}));

afterEach(() => vi.unstubAllGlobals());

const WEEKS = [
  { week: '2026-W47', weekStart: '2026-11-16' },
  { week: '2026-W48', weekStart: '2026-11-23' },
];
const zeroWeek = (w: (typeof WEEKS)[number]) => ({ ...w });
const DASHBOARD: Dashboard = {
  from: '2026-11-16',
  to: '2026-11-29',
  today: '2026-11-27',
  kind: 'all',
  affiliate: null,
  waitingTargetDays: 14,
  weeks: WEEKS,
  intake: [{ ...WEEKS[1]!, affiliate: 'acme', general: 2, mileage: 1, total: 3 }],
  funnel: WEEKS.map((w) => ({ ...zeroWeek(w), landing: 9, expenses: 5, claim: 3, details: 2, signed: 1 })),
  waiting: [{ status: 'in-review', claims: 2, medianDays: 3, oldestDays: 20, overTarget: 1 }],
  hmrc: WEEKS.map((w) => ({ ...w, sent: 1, accepted: 1, reduced: 0, refused: 0, selfAssessment: 0 })),
  money: WEEKS.map((w, i) => ({
    ...w,
    repaid: i,
    repaidPence: i * 12_345,
    feePence: i * 2_469,
    claimantPence: i * 9_876,
  })),
  repaymentTime: WEEKS.map((w, i) => ({
    ...w,
    repaid: i,
    medianDays: i ? 8 : null,
    p90Days: i ? 8 : null,
  })),
  repaymentTimeOverall: { repaid: 1, medianDays: 8, p90Days: 8 },
};

async function openDashboard(search = '') {
  const api = fakeAdminApi({ 'GET /api/admin/dashboard': DASHBOARD });
  render(
    <MemoryRouter initialEntries={[`/admin/dashboard${search}`]}>
      <Routes>
        <Route path="/admin/dashboard" element={<DashboardPage />} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByTestId('dashboard-range');
  return () => api.to('GET /api/admin/dashboard');
}

describe('the dashboard (issue 45)', () => {
  it('shows each section with a chart, a table to open and its CSV', async () => {
    await openDashboard('?affiliate=acme');
    for (const heading of [
      'Claims submitted per week',
      'The claimant funnel per week',
      'Open claims waiting, by status',
      'Sent to HMRC and HMRC’s answers per week',
      'Repaid, fees and what claimants received per week',
      'Days from claim to repayment',
    ]) {
      const section = screen.getByRole('region', { name: heading });
      expect(await within(section).findByRole('img', { name: /^Chart of / })).toBeInTheDocument();
      expect(within(section).getByText('Show as a table')).toBeInTheDocument();
    }
    const money = screen.getByTestId('dashboard-money');
    const link = within(money).getByRole('link', { name: /Download as CSV/ });
    expect(link.getAttribute('href')).toBe('/api/admin/dashboard.csv?affiliate=acme&section=money');
  });

  it('reads the figures in the table alternative, formatted', async () => {
    await openDashboard();
    const money = within(screen.getByTestId('dashboard-money-table'));
    fireEvent.click(money.getByText('Show as a table'));
    const table = money.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Week starting', 'Claims repaid', 'HMRC repaid', 'Our fees incl. VAT', 'Claimants received']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[1]!.textContent).toBe('23 Nov 20261£123.45£24.69£98.76');
    const times = within(screen.getByTestId('dashboard-repayment-time-table')).getByRole('table');
    expect(within(times).getAllByRole('row').at(-1)!.textContent).toBe('All weeks188');
    expect(within(times).getAllByRole('row')[1]!.textContent).toBe('16 Nov 20260––');
  });

  it('sends the dates, kind and affiliate chosen', async () => {
    const sent = await openDashboard();
    typeDate('From', '1', '11', '2026');
    typeDate('To', '29', '11', '2026');
    fireEvent.change(screen.getByLabelText('Kind of claim'), { target: { value: 'mileage' } });
    fireEvent.change(screen.getByLabelText(/^Affiliate/), { target: { value: 'acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show the dashboard' }));
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(Object.fromEntries(sent()[1]!.query)).toEqual({
      from: '2026-11-01',
      to: '2026-11-29',
      kind: 'mileage',
      affiliate: 'acme',
    });
  });

  it('an impossible date shows its message and sends nothing', async () => {
    const sent = await openDashboard();
    typeDate('From', '31', '2', '2026');
    fireEvent.click(screen.getByRole('button', { name: 'Show the dashboard' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The start date must be a real date');
    expect(sent()).toHaveLength(1);
  });
});
