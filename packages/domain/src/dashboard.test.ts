import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  isoWeekOf,
  percentileOfCounts,
  summariseCounts,
  ukDayStart,
  weeksInRange,
} from './dashboard.ts';
import {
  csvCell,
  dashboardCsvQuerySchema,
  dashboardQuerySchema,
  dashboardRangeProblem,
  dashboardTable,
  type Dashboard,
} from './dashboard-schemas.ts';

describe('ISO weeks (issue 45)', () => {
  it.each([
    ['2026-11-23', '2026-W48', '2026-11-23'], // a Monday
    ['2026-11-29', '2026-W48', '2026-11-23'], // its Sunday
    ['2026-01-01', '2026-W01', '2025-12-29'], // Thursday 1 January: week 1 of 2026
    ['2027-01-01', '2026-W53', '2026-12-28'], // Friday 1 January: the last week of 2026
    ['2024-12-30', '2025-W01', '2024-12-30'], // a Monday in December that is week 1 of the next year
    ['2021-01-03', '2020-W53', '2020-12-28'],
  ])('%s is in %s, which starts on %s', (date, week, weekStart) => {
    expect(isoWeekOf(date)).toEqual({ week, weekStart });
  });

  it('lists every week touching a range, empty ones included', () => {
    expect(weeksInRange('2026-11-04', '2026-11-23').map((w) => w.weekStart)).toEqual([
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
    ]);
    expect(weeksInRange('2026-11-23', '2026-11-23')).toHaveLength(1);
  });
});

describe('UK days (issue 45)', () => {
  it.each([
    ['2026-01-15', '2026-01-15T00:00:00.000Z'], // winter: UK midnight is UTC midnight
    ['2026-07-15', '2026-07-14T23:00:00.000Z'], // summer: an hour earlier
    ['2026-03-29', '2026-03-29T00:00:00.000Z'], // the clocks go forward at 01:00 UTC that day
    ['2026-10-25', '2026-10-24T23:00:00.000Z'], // and back at 01:00 UTC that day
  ])('%s begins at %s', (date, instant) => expect(ukDayStart(date)).toBe(instant));

  it('counts days across months and years', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
    expect(daysBetween('2026-03-02', '2026-02-27')).toBe(-3);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
  });
});

describe('percentiles of counted days (issue 45)', () => {
  it('is the nearest rank', () => {
    const values = [
      { value: 10, count: 1 },
      { value: 2, count: 2 },
      { value: 5, count: 1 },
    ]; // 2 2 5 10
    expect(percentileOfCounts(values, 0.5)).toBe(2);
    expect(percentileOfCounts(values, 0.75)).toBe(5);
    expect(percentileOfCounts(values, 0.9)).toBe(10);
    expect(percentileOfCounts(values, 0)).toBe(2);
    expect(percentileOfCounts([{ value: 7, count: 3 }], 0.5)).toBe(7);
  });

  it('is null with nothing counted', () => {
    expect(percentileOfCounts([], 0.5)).toBeNull();
    expect(percentileOfCounts([{ value: 4, count: 0 }], 0.5)).toBeNull();
    expect(summariseCounts([])).toEqual({ count: 0, median: null, p90: null, max: null });
  });

  it('summarises count, median, 90th percentile and the largest value', () => {
    const values = Array.from({ length: 10 }, (_, i) => ({ value: i + 1, count: 1 }));
    expect(summariseCounts(values)).toEqual({ count: 10, median: 5, p90: 9, max: 10 });
  });
});

describe('the dashboard’s query (issue 45)', () => {
  it('defaults the kind to all and reads a range', () => {
    expect(dashboardQuerySchema.parse({ from: '2026-01-01', to: '2026-03-31' })).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      kind: 'all',
    });
  });

  it.each([
    [{ from: '2026-02-31' }, 'from', 'The start date must be a real date'],
    [{ from: '2026-03-02', to: '2026-03-01' }, 'to', 'The end date must be the same as or after'],
    [{ from: '2025-01-01', to: '2026-01-02' }, 'to', 'The date range must be 366 days or fewer'],
    [{ kind: 'van' }, 'kind', 'Select a kind of claim from the list'],
    [{ affiliate: 'x'.repeat(101) }, 'affiliate', 'The affiliate must be 100 characters or fewer'],
  ])('refuses %j on %s', (query, field, message) => {
    const result = dashboardQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toContain(message);
  });

  it('takes a year and a day at most', () => {
    expect(dashboardRangeProblem('2024-01-01', '2024-12-31')).toBeNull(); // 366 days
    expect(dashboardRangeProblem('2024-01-01', '2025-01-01')).not.toBeNull();
  });

  it('needs a known section for a CSV', () => {
    expect(dashboardCsvQuerySchema.safeParse({ section: 'money' }).success).toBe(true);
    expect(dashboardCsvQuerySchema.safeParse({ section: 'everything' }).success).toBe(false);
    expect(dashboardCsvQuerySchema.safeParse({}).success).toBe(false);
  });
});

const DASHBOARD: Dashboard = {
  from: '2026-11-16',
  to: '2026-11-29',
  today: '2026-11-29',
  kind: 'all',
  affiliate: null,
  waitingTargetDays: 14,
  weeks: [
    { week: '2026-W47', weekStart: '2026-11-16' },
    { week: '2026-W48', weekStart: '2026-11-23' },
  ],
  intake: [
    { week: '2026-W48', weekStart: '2026-11-23', affiliate: 'acme', general: 2, mileage: 1, total: 3 },
  ],
  funnel: [
    { week: '2026-W48', weekStart: '2026-11-23', landing: 9, expenses: 5, claim: 3, details: 2, signed: 1 },
  ],
  waiting: [{ status: 'in-review', claims: 2, medianDays: 3, oldestDays: 20, overTarget: 1 }],
  hmrc: [
    {
      week: '2026-W48',
      weekStart: '2026-11-23',
      sent: 1,
      accepted: 1,
      reduced: 0,
      refused: 0,
      selfAssessment: 0,
    },
  ],
  money: [
    {
      week: '2026-W48',
      weekStart: '2026-11-23',
      repaid: 1,
      repaidPence: 12345,
      feePence: 0,
      claimantPence: 12345,
    },
  ],
  repaymentTime: [{ week: '2026-W48', weekStart: '2026-11-23', repaid: 1, medianDays: 40, p90Days: 40 }],
  repaymentTimeOverall: { repaid: 1, medianDays: 40, p90Days: 40 },
};

describe('each section as a table (issue 45)', () => {
  it('has a heading per column and a row per figure', () => {
    const waiting = dashboardTable(DASHBOARD, 'waiting');
    expect(waiting.columns.map((c) => c.label)).toEqual([
      'Status',
      'Claims',
      'Median age (days)',
      'Oldest (days)',
      'Over 14 days',
    ]);
    expect(waiting.rows).toEqual([['In review', 2, 3, 20, 1]]);
    expect(dashboardTable(DASHBOARD, 'funnel').rows).toEqual([['2026-11-23', 9, 5, 3, 2, 1]]);
    expect(dashboardTable(DASHBOARD, 'intake').rows).toEqual([['2026-11-23', 'acme', 2, 1, 3]]);
  });

  it('ends the repayment times with every week together', () => {
    expect(dashboardTable(DASHBOARD, 'repayment-time').rows.at(-1)).toEqual(['All weeks', 1, 40, 40]);
  });

  it('writes pence as pounds and nothing as an empty cell in a CSV', () => {
    expect(csvCell(12345, 'pence')).toBe('123.45');
    expect(csvCell(5, 'pence')).toBe('0.05');
    expect(csvCell(null, 'days')).toBe('');
    expect(csvCell(3, 'count')).toBe('3');
  });
});
