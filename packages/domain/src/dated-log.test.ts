import { describe, expect, it } from 'vitest';
import type { UkNation } from './bank-holidays.ts';
import { buildDatedLog, datedLogMiles, type DatedLogInput, type LeavePeriod } from './dated-log.ts';
import type { Journey } from './journeys.ts';

// Bank holidays from GOV.UK (https://www.gov.uk/bank-holidays.json), as in bank-holidays.test.ts.
// Working days counted by hand: 6 April 2024 (Sat) to 5 April 2025 (Sat) has 260 weekdays; in it
// England and Wales have 6 bank holidays on weekdays (6 and 27 May, 26 August, 25 and 26 December,
// 1 January), Scotland 8 (6 and 27 May, 5 August, 2 December, 25 and 26 December, 1 and 2 January),
// Northern Ireland 8 (6 and 27 May, 12 July, 26 August, 25 and 26 December, 1 January, 17 March).
// 6 April 2025 (Sun) to 5 April 2026 (Sun): 260 weekdays; E&W 9 (Good Friday and Easter Monday
// 2025, 5 and 26 May, 25 August, 25 and 26 December, 1 January, Good Friday 2026), Scotland 10 (no
// Easter Monday; 4 August, 1 December, 2 January), Northern Ireland 11 (adds 14 July, 17 March).

const journey = (overrides: Partial<Journey>): Journey => ({
  id: 'j1',
  startAddress: 'WN2 1AR',
  endAddress: 'SK5 6AQ',
  frequency: 'daily',
  tripType: 'return',
  reason: 'site-visit',
  customReason: '',
  distance: 10,
  ...overrides,
});

const daily = journey({});
const AFTER_BOTH_YEARS = '2026-11-23';

function log(overrides: Partial<DatedLogInput>) {
  return buildDatedLog({
    journeys: [daily],
    year: '2024/25',
    nation: 'england-and-wales',
    today: AFTER_BOTH_YEARS,
    ...overrides,
  });
}

const dates = (l: ReturnType<typeof log>) => l.trips.map((t) => t.date);

describe('buildDatedLog: daily patterns on working days (D25)', () => {
  it.each<[string, UkNation, number]>([
    ['2024/25', 'england-and-wales', 254],
    ['2024/25', 'scotland', 252],
    ['2024/25', 'northern-ireland', 252],
    ['2025/26', 'england-and-wales', 251],
    ['2025/26', 'scotland', 250],
    ['2025/26', 'northern-ireland', 249],
  ])('%s %s: %i working days', (year, nation, days) => {
    const l = log({ year, nation });
    expect(l.trips).toHaveLength(days);
    expect(l.totalMiles).toBe(days * 20);
    expect(new Set(dates(l)).size).toBe(days);
  });

  it('never dates a trip on a Saturday or a Sunday', () => {
    const weekdays = log({}).trips.map((t) => new Date(`${t.date}T00:00:00Z`).getUTCDay());
    expect(weekdays).not.toContain(0);
    expect(weekdays).not.toContain(6);
    expect(dates(log({}))).not.toContain('2024-04-06');
    expect(dates(log({}))[0]).toBe('2024-04-08');
    expect(dates(log({})).at(-1)).toBe('2025-04-04');
  });

  it.each<[string, string, UkNation, boolean]>([
    // Easter Monday 2025: a bank holiday in England and Wales and Northern Ireland, not in Scotland.
    ['2025/26', '2025-04-21', 'england-and-wales', false],
    ['2025/26', '2025-04-21', 'northern-ireland', false],
    ['2025/26', '2025-04-21', 'scotland', true],
    // 2 January and St Andrew's Day (Monday 2 December 2024): Scotland only.
    ['2024/25', '2025-01-02', 'scotland', false],
    ['2024/25', '2025-01-02', 'england-and-wales', true],
    ['2024/25', '2025-01-02', 'northern-ireland', true],
    ['2024/25', '2024-12-02', 'scotland', false],
    ['2024/25', '2024-12-02', 'england-and-wales', true],
    // St Patrick's Day and 12 July: Northern Ireland only.
    ['2024/25', '2025-03-17', 'northern-ireland', false],
    ['2024/25', '2025-03-17', 'england-and-wales', true],
    ['2024/25', '2025-03-17', 'scotland', true],
    ['2024/25', '2024-07-12', 'northern-ireland', false],
    ['2024/25', '2024-07-12', 'scotland', true],
    // The first Monday of August is Scotland's summer holiday; the last Monday everyone else's.
    ['2024/25', '2024-08-05', 'scotland', false],
    ['2024/25', '2024-08-05', 'england-and-wales', true],
    ['2024/25', '2024-08-26', 'scotland', true],
    ['2024/25', '2024-08-26', 'england-and-wales', false],
    // Christmas and Boxing Day everywhere.
    ['2024/25', '2024-12-25', 'scotland', false],
    ['2024/25', '2024-12-26', 'northern-ireland', false],
  ])('%s: a trip on %s in %s is %s', (year, date, nation, present) => {
    expect(dates(log({ year, nation })).includes(date)).toBe(present);
  });

  it.each<[LeavePeriod[], number, string, boolean]>([
    // Two weeks: 10 weekdays fewer.
    [[{ from: '2024-08-12', to: '2024-08-23' }], 244, '2024-08-14', false],
    // Christmas leave over bank holidays: only the 7 weekdays that were working days go.
    [[{ from: '2024-12-23', to: '2025-01-03' }], 247, '2025-01-03', false],
    // Overlapping periods count each day once; a reversed or malformed period is ignored.
    [
      [
        { from: '2024-08-12', to: '2024-08-16' },
        { from: '2024-08-14', to: '2024-08-23' },
        { from: '2024-09-10', to: '2024-09-01' },
        { from: 'soon', to: '2024-09-30' },
      ],
      244,
      '2024-09-02',
      true,
    ],
    [[], 254, '2024-08-14', true],
  ])('declared leave %j: %i trips; %s present: %s', (leave, count, date, present) => {
    const l = log({ leave });
    expect(l.trips).toHaveLength(count);
    expect(dates(l).includes(date)).toBe(present);
  });
});

describe('buildDatedLog: weekly, monthly and one-off journeys (D25)', () => {
  const weekly = journey({ id: 'w1', frequency: 'weekly', tripType: 'single', distance: 25 });

  it('weekly: one trip a week on Monday, moved to Tuesday when Monday is a bank holiday', () => {
    const l = log({ journeys: [weekly] });
    expect(l.trips).toHaveLength(52);
    // Easter Monday 1 April 2024 moves that week's trip to 2 April, which is in 2023/24.
    expect(dates(l)[0]).toBe('2024-04-08');
    expect(dates(l)).toContain('2024-05-07');
    expect(dates(l)).not.toContain('2024-05-06');
    expect(dates(l)).toContain('2024-08-27');
    expect(dates(l).at(-1)).toBe('2025-03-31');
    expect(l.totalMiles).toBe(52 * 25);
    expect(log({ year: '2023/24', journeys: [weekly] }).trips.at(-1)?.date).toBe('2024-04-02');
  });

  it('weekly: a second weekly journey goes on Tuesday, back to Monday when Tuesday to Friday are leave', () => {
    const second = { ...weekly, id: 'w2' };
    const l = log({ journeys: [weekly, second], leave: [{ from: '2024-06-11', to: '2024-06-14' }] });
    const w2 = l.trips.filter((t) => t.journeyId === 'w2').map((t) => t.date);
    expect(w2).toContain('2024-06-04');
    expect(w2).toContain('2024-06-10');
    expect(w2).toHaveLength(52);
    // A whole week of leave has no weekly trip.
    expect(log({ journeys: [weekly], leave: [{ from: '2024-08-12', to: '2024-08-16' }] }).trips).toHaveLength(
      51,
    );
  });

  it('monthly: the first working day of each month, each month once across the tax years', () => {
    const monthly = journey({ id: 'm1', frequency: 'monthly', tripType: 'single', distance: 40 });
    const l = log({ journeys: [monthly] });
    expect(dates(l)).toEqual([
      '2024-05-01',
      '2024-06-03',
      '2024-07-01',
      '2024-08-01',
      '2024-09-02',
      '2024-10-01',
      '2024-11-01',
      '2024-12-02',
      '2025-01-02',
      '2025-02-03',
      '2025-03-03',
      '2025-04-01',
    ]);
    expect(l.totalMiles).toBe(480);
    // April 2024's trip (2 April, after Easter Monday) is in 2023/24's log.
    expect(dates(log({ year: '2023/24', journeys: [monthly] })).at(-1)).toBe('2024-04-02');
    // Scotland: 2 January is a holiday too.
    expect(dates(log({ journeys: [monthly], nation: 'scotland' }))).toContain('2025-01-03');
  });

  it('one-off: its own date once, in its own tax year only, weekend or not', () => {
    const oneOff = journey({
      id: 'o1',
      frequency: 'one-off',
      tripType: 'single',
      distance: 50,
      date: '2024-09-14', // a Saturday
    });
    const l = log({ journeys: [oneOff] });
    expect(l.trips).toEqual([
      {
        date: '2024-09-14',
        from: 'WN2 1AR',
        to: 'SK5 6AQ',
        reason: 'Site visit',
        returnTrip: false,
        miles: 50,
        journeyId: 'o1',
      },
    ]);
    expect(l.totalMiles).toBe(50);
    expect(log({ journeys: [oneOff], year: '2023/24' }).trips).toEqual([]);
    expect(log({ journeys: [oneOff], today: '2024-09-13' }).trips).toEqual([]);
    expect(log({ journeys: [{ ...oneOff, tripType: 'return' }] }).totalMiles).toBe(100);
  });

  // A journey made once is one dated trip in HMRC's log (GOV.UK "Claim tax relief for your job
  // expenses", vehicles you use for work; D25): the 'one-off' trip type on a daily, weekly or
  // monthly pattern is not repeated on every working day, week or month.
  it.each<[Journey['frequency'], string | undefined, number, number]>([
    ['daily', '2024-07-10', 1, 20],
    ['weekly', '2024-07-10', 1, 20],
    ['monthly', '2024-07-10', 1, 20],
    ['daily', undefined, 0, 0],
  ])(
    'a %s pattern with the one-off trip type dated %s gives %s trip(s), %s miles',
    (frequency, date, trips, miles) => {
      const l = log({ journeys: [journey({ frequency, tripType: 'one-off', distance: 20, date })] });
      expect(l.trips).toHaveLength(trips);
      expect(l.totalMiles).toBe(miles);
      if (date !== undefined) expect(dates(l)).toEqual([date]);
    },
  );

  it('sorts by date and sums every trip to the total, to the tenth of a mile', () => {
    const l = log({
      journeys: [
        journey({ distance: 12.3 }),
        { ...weekly, distance: 7.7 },
        journey({ id: 'o1', frequency: 'one-off', tripType: 'return', distance: 0.1, date: '2024-06-01' }),
        journey({ id: 'none', distance: null }),
      ],
    });
    const sorted = [...dates(l)].sort();
    expect(dates(l)).toEqual(sorted);
    expect(l.totalMiles).toBe(6649); // 254 × 24.6 + 52 × 7.7 + 0.2, with no floating-point drift
    const sum = l.trips.reduce((s, t) => s + Math.round(t.miles * 10), 0) / 10;
    expect(l.totalMiles).toBe(sum);
    // A journey with no distance yet gives trips of 0 miles, never NaN.
    expect(l.trips.filter((t) => t.journeyId === 'none').every((t) => t.miles === 0)).toBe(true);
    const input: DatedLogInput = {
      journeys: [journey({ distance: 12.3 })],
      year: '2024/25',
      nation: 'england-and-wales',
      today: AFTER_BOTH_YEARS,
    };
    expect(datedLogMiles(input)).toBe(6248.4);
    expect(datedLogMiles(input)).toBe(buildDatedLog(input).totalMiles);
  });

  it("uses the reason's label, the custom text for 'Other', and 'Not given' without one", () => {
    const other = journey({ reason: 'other', customReason: 'Visiting stores' });
    expect(log({ journeys: [other] }).trips[0]?.reason).toBe('Visiting stores');
    expect(log({ journeys: [journey({ reason: '' })] }).trips[0]?.reason).toBe('Not given');
  });
});

describe('buildDatedLog: the period it covers (D25)', () => {
  it('stops the current tax year at today', () => {
    // 6 April 2026 is Easter Monday; to Friday 1 May 2026 there are 20 weekdays.
    const l = log({ year: '2026/27', today: '2026-05-01' });
    expect(l.period).toEqual({ from: '2026-04-06', to: '2026-05-01' });
    expect(l.trips).toHaveLength(19);
    expect(dates(l)[0]).toBe('2026-04-07');
    expect(dates(l).at(-1)).toBe('2026-05-01');
    expect(log({ year: '2026/27', today: '2026-05-01', nation: 'scotland' }).trips).toHaveLength(20);
    // A weekly trip later in this week is not dated yet; Monday's is.
    const weekly = journey({ id: 'w1', frequency: 'weekly' });
    expect(dates(log({ year: '2026/27', today: '2026-04-28', journeys: [weekly] })).at(-1)).toBe(
      '2026-04-27',
    );
  });

  it('has no trips for a tax year that has not started', () => {
    const l = log({ year: '2027/28', today: AFTER_BOTH_YEARS });
    expect(l).toEqual({
      year: '2027/28',
      nation: 'england-and-wales',
      period: null,
      trips: [],
      totalMiles: 0,
    });
  });

  it('stops where an employment ends mid-year and starts where it starts', () => {
    const ended = log({ employmentEnd: '2024-06-30' });
    expect(ended.period).toEqual({ from: '2024-04-06', to: '2024-06-30' });
    expect(ended.trips).toHaveLength(58); // 60 weekdays, less 6 and 27 May
    expect(dates(ended).at(-1)).toBe('2024-06-28');

    const started = log({ employmentStart: '2024-10-01' });
    expect(started.trips).toHaveLength(131); // 134 weekdays, less 25 and 26 December, 1 January
    expect(dates(started)[0]).toBe('2024-10-01');

    const monthly = journey({ id: 'm1', frequency: 'monthly' });
    expect(dates(log({ journeys: [monthly], employmentStart: '2024-10-15' }))[0]).toBe('2024-10-15');
    expect(log({ employmentEnd: '2024-03-31' }).trips).toEqual([]);
    expect(log({ employmentStart: '2025-05-01' }).period).toBeNull();
  });
});
