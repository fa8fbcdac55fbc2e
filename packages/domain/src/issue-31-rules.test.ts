import { describe, expect, it } from 'vitest';
import { calculateMileageClaim, SELF_ASSESSMENT_THRESHOLD_GBP, type VehicleMiles } from './mileage.ts';
import { estimateRelief, reliefRatesFor, type IncomeBandAnswer } from './tax-rates.ts';

// Issue 31's rules, each case worked by hand from HMRC's words, beside the tests of each module
// (mileage.test.ts, tax-rates.test.ts, p87-readiness.test.ts) that hold the rest of the oracle.

// ITEPA 2003 s229-232 and EIM31230 ("Approved mileage allowance payments: approved amount"): the
// approved amount is the miles times the rate for the kind of vehicle, cars and vans 45p a mile for
// the first 10,000 business miles in the tax year and 25p after (55p from 2026/27, D21),
// motorcycles 24p and bicycles 20p whatever the miles (GOV.UK "Expenses and benefits: business
// travel mileage for employees' own vehicles"). s231: relief is the approved amount less what the
// employer paid (EIM31240), compared kind by kind (EIM31235).
describe('approved mileage allowance payments (ITEPA 2003 s229-232, EIM31230)', () => {
  const one = (year: string, entries: VehicleMiles[]) => calculateMileageClaim([{ year, entries }]).years[0]!;
  it.each<[string, string, VehicleMiles['vehicle'], number, number]>([
    // 10,000 × 45p.
    ['car, 10,000 miles', '2024/25', 'car-van', 10_000, 4_500],
    // 10,000 × 45p + 2,000 × 25p = £4,500 + £500.
    ['car, 12,000 miles', '2024/25', 'car-van', 12_000, 5_000],
    // 12,000 × 24p: no 10,000-mile step for motorcycles.
    ['motorcycle, 12,000 miles', '2024/25', 'motorbike', 12_000, 2_880],
    // 3,000 × 20p.
    ['bicycle, 3,000 miles', '2025/26', 'bicycle', 3_000, 600],
    // 10,000 × 55p + 1,000 × 25p (D21: 55p from 6 April 2026).
    ['car, 11,000 miles in 2026/27', '2026/27', 'car-van', 11_000, 5_750],
  ])('%s in %s → £%s', (_name, year, vehicle, miles, pounds) => {
    const y = one(year, [{ vehicle, miles }]);
    expect(y.allowance).toBe(pounds);
    expect(y.claimable).toBe(pounds);
  });

  it('an employer paying 25p a car mile on 12,000 miles leaves £2,000 (s231: £5,000 less £3,000)', () => {
    const y = one('2024/25', [
      { vehicle: 'car-van', miles: 12_000, employerPaid: { kind: 'ppm', pence: 25 } },
    ]);
    expect(y).toMatchObject({ allowance: 5_000, claimable: 2_000, taxableExcess: 0 });
  });
});

// GOV.UK "Claim tax relief for your job expenses": "If your expenses are over £2,500 you must claim
// using a Self Assessment tax return". Per tax year (each year its own claim), the year's expenses
// being the relief-able amounts of every kind of vehicle added up; £2,500.00 itself is not over.
describe('the £2,500 Self Assessment limit, per tax year (GOV.UK "Claim tax relief for your job expenses")', () => {
  it.each<[string, VehicleMiles[], number, boolean]>([
    // 10,416 × 24p = £2,499.84.
    ['motorcycle 10,416 miles', [{ vehicle: 'motorbike', miles: 10_416 }], 2_499.84, false],
    // 10,417 × 24p = £2,500.08.
    ['motorcycle 10,417 miles', [{ vehicle: 'motorbike', miles: 10_417 }], 2_500.08, true],
    // 12,500 × 20p = £2,500.00 exactly: not over.
    ['bicycle 12,500 miles', [{ vehicle: 'bicycle', miles: 12_500 }], 2_500, false],
    // 12,501 × 20p = £2,500.20.
    ['bicycle 12,501 miles', [{ vehicle: 'bicycle', miles: 12_501 }], 2_500.2, true],
    // Car 4,000 × 45p = £1,800 and motorcycle 3,000 × 24p = £720: £2,520 in the year.
    [
      'car and motorcycle in one year',
      [
        { vehicle: 'car-van', miles: 4_000 },
        { vehicle: 'motorbike', miles: 3_000 },
      ],
      2_520,
      true,
    ],
    // 12,000 car miles at 0p (the Playwright case): £5,000.
    ['car 12,000 miles at 0p', [{ vehicle: 'car-van', miles: 12_000 }], 5_000, true],
  ])('%s in 2024/25: £%s of expenses → Self Assessment %s', (_name, entries, pounds, sa) => {
    expect(SELF_ASSESSMENT_THRESHOLD_GBP).toBe(2_500);
    const claim = calculateMileageClaim([{ year: '2024/25', entries }]);
    expect(claim.years[0]!.claimable).toBe(pounds);
    expect(claim.years[0]!.selfAssessmentRequired).toBe(sa);
    expect(claim.selfAssessmentRequired).toBe(sa);
  });

  it('years are judged one by one: £2,400 in each of two years is no Self Assessment year', () => {
    const claim = calculateMileageClaim(
      ['2023/24', '2024/25'].map((year) => ({
        year,
        entries: [{ vehicle: 'motorbike' as const, miles: 10_000 }],
      })),
    );
    expect(claim.totalClaimable).toBe(4_800);
    expect(claim.years.map((y) => y.selfAssessmentRequired)).toEqual([false, false]);
    expect(claim.selfAssessmentRequired).toBe(false);
  });
});

// Relief is given at the claimant's marginal rate (GOV.UK "Claim tax relief for your job expenses":
// "you get tax relief based on what you've spent and the rate at which you pay tax"): rUK 20/40/45%
// (GOV.UK "Income Tax rates and Personal Allowances"); Scotland 19/20/21/42/45/48% for 2024/25 and
// 2025/26 (gov.scot "Scottish Income Tax: rates and bands"; higher 41% in 2022/23, 42% from 2023/24;
// advanced 45% from 2024/25). Never more than the tax paid (same GOV.UK page: relief cannot exceed
// the tax you paid), so with the P60's tax paid the estimate is capped at it.
describe('relief at the marginal rate, capped by the tax paid', () => {
  it.each<[string, boolean, IncomeBandAnswer, number]>([
    ['2025/26', true, 'starter', 19],
    ['2025/26', true, 'basic', 20],
    ['2025/26', true, 'intermediate', 21],
    ['2025/26', true, 'higher', 42],
    ['2025/26', true, 'advanced', 45],
    ['2025/26', true, 'top', 48],
    ['2024/25', false, 'basic', 20],
    ['2024/25', false, 'higher', 40],
    ['2024/25', false, 'additional', 45],
  ])('%s scottish=%s %s → %s%%', (year, scottish, band, rate) => {
    expect(reliefRatesFor(year, scottish, band)).toEqual([rate]);
    // 4,000 car miles at 0p: £1,800 of expenses, relief at the one rate.
    const e = estimateRelief({
      scottish,
      years: [{ year, entries: [{ vehicle: 'car-van', miles: 4_000 }], band }],
    });
    expect(e.low).toBe(Math.round((1_800 * rate) / 100));
    expect(e.upperFigure).toBe(true);
  });

  it.each<[string, number, number]>([
    // 5,000 × 45p = £2,250 at 20% = £450, capped at the £286 paid (a £14,000 salary, 2025/26).
    ['tax paid below the estimate', 286, 286],
    // The cap only lowers: £1,000 paid leaves £450.
    ['tax paid above the estimate', 1_000, 450],
  ])('%s: £%s paid → £%s', (_name, taxPaid, pounds) => {
    const e = estimateRelief({
      scottish: false,
      years: [{ year: '2025/26', entries: [{ vehicle: 'car-van', miles: 5_000 }], band: 'basic', taxPaid }],
    });
    expect(e.low).toBe(pounds);
    expect(e.high).toBe(pounds);
    expect(e.upperFigure).toBe(false);
  });
});
