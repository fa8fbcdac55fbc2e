import { describe, expect, it } from 'vitest';
import {
  FREQUENCIES,
  JOURNEY_REASONS,
  TRIP_TYPES,
  frequencyLabel,
  isFrequency,
  isOneOffJourney,
  journeyAnnualMiles,
  journeyMilesInYear,
  journeyReasonLabel,
  journeysMilesInYear,
  journeysAnnualMiles,
  journeysTotalMiles,
  journeysMilesByYear,
  oneOffDateProblem,
  ONE_OFF_DATE_MESSAGES,
  type Journey,
} from './journeys.ts';

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

describe('journeys', () => {
  it('has the SPEC frequencies, trip types and reasons', () => {
    expect(FREQUENCIES.map((f) => [f.id, f.perYear])).toEqual([
      ['daily', 250],
      ['weekly', 48],
      ['monthly', 12],
    ]);
    expect(TRIP_TYPES.map((t) => t.id)).toEqual(['return', 'single', 'one-off']);
    expect(JOURNEY_REASONS.map((r) => r.id)).toEqual([
      'client-meeting',
      'site-visit',
      'delivery',
      'training',
      'conference',
      'supplier-meeting',
      'temporary-workplace',
      'other',
    ]);
  });

  it.each<[Journey['frequency'], Journey['tripType'], number | null, number]>([
    ['daily', 'return', 12.5, 6250],
    ['weekly', 'single', 30, 1440],
    ['monthly', 'return', 20, 480],
    // A journey made once counts once, whatever pattern it carries (issue 31; see below).
    ['monthly', 'one-off', 20, 20],
    ['daily', 'single', 0.33, 82.5],
    ['weekly', 'return', 0.15, 14.4],
    ['daily', 'return', null, 0],
    ['daily', 'return', -5, 0],
  ])('%s %s of %s miles → %s a year', (frequency, tripType, distance, expected) => {
    expect(journeyAnnualMiles({ frequency, tripType, distance })).toBe(expected);
  });

  // HMRC's mileage log records each journey actually made, with its date (GOV.UK "Claim tax relief
  // for your job expenses": vehicles you use for work; D25), so a journey made once is one trip: the
  // 'one-off' trip type counts once whatever frequency (daily 250, weekly 48, monthly 12 a year) it
  // also carries, and once across all the years claimed, not once a year.
  describe("the 'one-off' trip type counts once, whatever pattern it carries", () => {
    it.each<[Journey['frequency'], number, number]>([
      ['daily', 20, 20],
      ['weekly', 20, 20],
      ['monthly', 20, 20],
      ['one-off', 20, 20],
      ['daily', 12.34, 12.3],
    ])('%s pattern, %s miles, one-off trip → %s miles', (frequency, distance, expected) => {
      const j = { frequency, tripType: 'one-off' as const, distance };
      expect(isOneOffJourney(j)).toBe(true);
      expect(journeyAnnualMiles(j)).toBe(expected);
    });

    it('counts once over three claimed years, beside a regular pattern that counts every year', () => {
      const js = [
        journey({ frequency: 'daily', tripType: 'one-off', distance: 20 }),
        journey({ id: 'j2', frequency: 'weekly', tripType: 'single', distance: 10 }),
      ];
      // 48 × 10 = 480 a year × 3 years = 1,440, plus the one trip of 20 = 1,460 (not 15,000 + 1,440).
      expect(journeysAnnualMiles(js)).toBe(500);
      expect(journeysTotalMiles(js, 3)).toBe(1460);
    });

    it('with a date, counts in that tax year only', () => {
      const j = journey({ frequency: 'daily', tripType: 'one-off', distance: 20, date: '2024-06-03' });
      expect(journeyMilesInYear(j, '2024/25')).toBe(20);
      expect(journeyMilesInYear(j, '2025/26')).toBe(0);
      expect(journeysMilesByYear([j], ['2024/25', '2025/26'])).toEqual({
        perYear: [
          { year: '2024/25', miles: 20 },
          { year: '2025/26', miles: 0 },
        ],
        total: 20,
      });
    });
  });

  it('sums journeys and multiplies by the number of selected years', () => {
    const js = [
      journey({ frequency: 'daily', tripType: 'return', distance: 12.5 }),
      journey({ id: 'j2', frequency: 'weekly', tripType: 'single', distance: 30 }),
    ];
    expect(journeysAnnualMiles(js)).toBe(7690);
    expect(journeysTotalMiles(js, 2)).toBe(15380);
    expect(journeysTotalMiles(js, 0)).toBe(0);
    expect(journeysAnnualMiles([])).toBe(0);
  });

  it('labels reasons, using the custom text for other', () => {
    expect(journeyReasonLabel({ reason: 'site-visit', customReason: '' })).toBe('Site visit');
    expect(journeyReasonLabel({ reason: 'other', customReason: 'Bank run' })).toBe('Bank run');
    expect(journeyReasonLabel({ reason: '', customReason: '' })).toBe('');
  });

  // D21 and issue 12: a single trip is entered once with its date, not as a daily pattern (a
  // 50-mile trip marked daily became 12,500 miles a year on the log).
  describe('one-off journeys', () => {
    const trip = (overrides: Partial<Journey>) =>
      journey({ frequency: 'one-off', tripType: 'single', distance: 50, date: '2026-05-14', ...overrides });

    it('a one-off 50-mile trip counts 50 miles, 100 if it was a return trip', () => {
      expect(journeyAnnualMiles(trip({}))).toBe(50);
      expect(journeyAnnualMiles(trip({ tripType: 'return' }))).toBe(100);
      expect(isFrequency('one-off')).toBe(true);
      expect(frequencyLabel('one-off')).toBe('One-off journey');
      expect(frequencyLabel('weekly')).toBe('Weekly');
    });

    it.each([
      ['2026-05-14', '2026/27', 50],
      ['2026-04-06', '2026/27', 50],
      ['2026-04-05', '2026/27', 0],
      ['2026-04-05', '2025/26', 50],
      ['2027-04-05', '2026/27', 50],
      ['2027-04-06', '2026/27', 0],
    ])('dated %s counts in %s: %s miles', (date, year, expected) => {
      expect(journeyMilesInYear(trip({ date }), year)).toBe(expected);
    });

    it('counts once across years; regular patterns count every year', () => {
      const js = [journey({ frequency: 'weekly', tripType: 'single', distance: 30 }), trip({ id: 'j2' })];
      expect(journeysTotalMiles(js, 2)).toBe(1440 * 2 + 50);
      expect(journeysTotalMiles(js, 0)).toBe(0);
      expect(journeysMilesInYear(js, '2026/27')).toBe(1490);
      expect(journeysMilesInYear(js, '2025/26')).toBe(1440);
    });

    it('count per claimed year: a one-off dated outside the claimed years adds nothing', () => {
      const js = [journey({ frequency: 'weekly', tripType: 'single', distance: 30 }), trip({ id: 'j2' })];
      expect(journeysMilesByYear(js, ['2025/26', '2026/27'])).toEqual({
        perYear: [
          { year: '2025/26', miles: 1440 },
          { year: '2026/27', miles: 1490 },
        ],
        total: 2930,
      });
      expect(journeysMilesByYear(js, ['2024/25']).total).toBe(1440);
    });

    // D21: the trip counts in the tax year of its date (6 April to 5 April), so the date must fall in a
    // year claimed and not after today (UK date).
    it.each([
      ['2026-05-14', ['2026/27'], null],
      ['2026-11-23', ['2026/27'], null],
      ['2026-11-24', ['2026/27'], ONE_OFF_DATE_MESSAGES.future],
      ['2026-04-05', ['2026/27'], ONE_OFF_DATE_MESSAGES.outside],
      ['2026-04-05', ['2025/26', '2026/27'], null],
      ['2021-04-05', ['2022/23'], ONE_OFF_DATE_MESSAGES.outside],
    ] as const)('dated %s with years %j: %s', (date, years, expected) => {
      expect(oneOffDateProblem(trip({ date }), years, '2026-11-23')).toBe(expected);
    });

    it('leaves regular patterns and unfinished dates to the journey schema', () => {
      expect(oneOffDateProblem(journey({ date: '2030-01-01' }), ['2026/27'], '2026-11-23')).toBeNull();
      expect(oneOffDateProblem(trip({ date: '2026--14' }), ['2026/27'], '2026-11-23')).toBeNull();
      expect(oneOffDateProblem(trip({ date: undefined }), ['2026/27'], '2026-11-23')).toBeNull();
    });
  });
});
