import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Dashboard } from '@taxback/domain/dashboard-schemas';
import { DashboardSection } from './dashboard-section.tsx';

// Issue 45: one dashboard section on its own: its heading, legend (never colour alone), chart,
// the same figures as a table and as a CSV. uPlot needs a canvas jsdom lacks: the chart here is a
// stand-in named as the real one is (the e2e test draws the real one).
vi.mock('./dashboard-chart.tsx', () => ({
  default: ({ name }: { name: string }) => <div role="img" aria-label={name} />,
}));

afterEach(() => vi.unstubAllGlobals());

const WEEKS = [
  { week: '2026-W47', weekStart: '2026-11-16' },
  { week: '2026-W48', weekStart: '2026-11-23' },
];
const EMPTY: Dashboard = {
  from: '2026-11-16',
  to: '2026-11-29',
  today: '2026-11-27',
  kind: 'all',
  affiliate: null,
  waitingTargetDays: 14,
  weeks: WEEKS,
  intake: [],
  funnel: [],
  waiting: [],
  hmrc: [],
  money: [],
  repaymentTime: [],
  repaymentTimeOverall: { repaid: 0, medianDays: null, p90Days: null },
};

const openTable = (section: HTMLElement) => fireEvent.click(within(section).getByText('Show as a table'));

describe('a dashboard section', () => {
  it('a week chart: its legend names each line’s pattern; the table’s dates and money formatted', async () => {
    const dashboard: Dashboard = {
      ...EMPTY,
      money: [{ ...WEEKS[1]!, repaid: 2, repaidPence: 123_456, feePence: 24_691, claimantPence: 98_765 }],
    };
    render(
      <DashboardSection
        dashboard={dashboard}
        section="money"
        filters={{ from: '2026-11-16' }}
        note="Repaid claims only."
      />,
    );
    const section = screen.getByRole('region', { name: 'Repaid, fees and what claimants received per week' });
    expect(within(section).getByText('Repaid claims only.')).toBeVisible();
    const legend = within(section).getByRole('list', { name: 'What the chart’s lines show' });
    expect(within(legend).getAllByRole('listitem')[0]!.textContent).toMatch(/\(solid line\)$/);
    expect(
      await within(section).findByRole('img', {
        name: /^Chart of repaid, fees .*, in pounds\. The same figures are in the table below\.$/,
      }),
    ).toBeInTheDocument();
    openTable(section);
    const rows = within(within(section).getByRole('table')).getAllByRole('row');
    expect(rows.at(-1)!.textContent).toBe('23 Nov 20262£1,234.56£246.91£987.65');
    expect(within(section).getByRole('link', { name: /^Download as CSV/ })).toHaveAttribute(
      'href',
      '/api/admin/dashboard.csv?from=2026-11-16&section=money',
    );
  });

  it('a status chart: bars, each status in words, the target in the column’s name', () => {
    const dashboard: Dashboard = {
      ...EMPTY,
      waiting: [{ status: 'information-requested', claims: 3, medianDays: 4, oldestDays: 30, overTarget: 1 }],
    };
    render(<DashboardSection dashboard={dashboard} section="waiting" filters={{}} />);
    const section = screen.getByTestId('dashboard-waiting');
    expect(within(section).getByRole('list', { name: 'What the chart’s bars show' })).toHaveTextContent(
      /Claims waiting\s*Over 14 days/,
    );
    expect(within(section).queryByText(/solid line/)).toBeNull();
    openTable(section);
    const table = within(section).getByRole('table', { name: 'Open claims waiting, by status' });
    expect(within(table).getAllByRole('columnheader').at(-1)).toHaveTextContent('Over 14 days');
    expect(within(table).getByRole('rowheader', { name: 'Information requested' })).toBeVisible();
  });

  it('nothing in the range: the table says so; a gap is a dash, not a zero', () => {
    const { unmount } = render(<DashboardSection dashboard={EMPTY} section="intake" filters={{}} />);
    openTable(screen.getByTestId('dashboard-intake'));
    expect(screen.getByText('Nothing in this range.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    unmount();
    const times: Dashboard = {
      ...EMPTY,
      repaymentTime: WEEKS.map((w) => ({ ...w, repaid: 0, medianDays: null, p90Days: null })),
    };
    render(<DashboardSection dashboard={times} section="repayment-time" filters={{}} />);
    const section = screen.getByTestId('dashboard-repayment-time');
    openTable(section);
    expect(within(section).getAllByRole('row')[1]!.textContent).toBe('16 Nov 20260––');
  });
});
