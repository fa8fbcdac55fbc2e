import { describe, expect, it } from 'vitest';
import {
  incomeBandOptions,
  RELIEF_CAP_NOTICE,
  RUK_RATES,
  SCOTTISH_RATES,
  estimateRelief,
  incomeTaxOnPay,
  reliefOnPay,
  reliefRatesFor,
  UPPER_FIGURE_NOTICE,
  scottishTaxPrefill,
  type IncomeBandAnswer,
} from './tax-rates.ts';

// Rates from GOV.UK "Income Tax rates and allowances for current and past years" (rUK) and
// "Scottish Income Tax" / the Scottish Government's rate resolutions for each year: higher 41% then
// 42% from 2023/24; top 46%, 47% (2023/24), 48% from 2024/25; advanced 45% from 2024/25. 2026/27:
// the Scottish Budget of 13 January 2026 kept every rate (19/20/21/42/45/48%) and raised only the
// basic and intermediate thresholds (to £16,537 and £29,527), which a rate-only estimate does not use.
describe('income tax relief rates per year (D21)', () => {
  it.each(['2022/23', '2023/24', '2024/25', '2025/26', '2026/27'])('%s rUK: 20 / 40 / 45', (year) => {
    expect(RUK_RATES[year]).toEqual({ basic: 20, higher: 40, additional: 45 });
  });

  it.each([
    ['2022/23', 41, null, 46],
    ['2023/24', 42, null, 47],
    ['2024/25', 42, 45, 48],
    ['2025/26', 42, 45, 48],
    ['2026/27', 42, 45, 48],
  ])('%s Scotland: 19 / 20 / 21 / higher %s / advanced %s / top %s', (year, higher, advanced, top) => {
    expect(SCOTTISH_RATES[year]).toEqual({ starter: 19, basic: 20, intermediate: 21, higher, advanced, top });
  });

  it.each<[string, boolean, IncomeBandAnswer | undefined, number[]]>([
    ['2025/26', false, 'basic', [20]],
    ['2025/26', false, 'higher', [40]],
    ['2025/26', false, 'additional', [45]],
    ['2025/26', false, 'not-sure', [20, 40]],
    ['2025/26', false, undefined, [20, 40]],
    ['2025/26', false, 'intermediate', [20, 40]],
    ['2025/26', true, 'intermediate', [21]],
    ['2025/26', true, 'higher', [42]],
    ['2025/26', true, 'advanced', [45]],
    ['2023/24', true, 'advanced', [42]],
    ['2022/23', true, 'higher', [41]],
    ['2022/23', true, 'not-sure', [20, 41]],
    ['2026/27', true, 'top', [48]],
    ['2030/31', true, 'top', [48]],
  ])('%s scottish=%s band %s → %j', (year, scottish, band, expected) => {
    expect(reliefRatesFor(year, scottish, band)).toEqual(expected);
  });
});

const car = (miles: number, pence?: number) => [
  {
    vehicle: 'car-van' as const,
    miles,
    employerPaid: pence === undefined ? undefined : { kind: 'ppm' as const, pence },
  },
];

describe('estimateRelief (D21)', () => {
  it('a Scottish intermediate-rate claimant: £4,500 claimable in 2025/26 → £945 at 21%', () => {
    const e = estimateRelief({
      scottish: true,
      years: [{ year: '2025/26', entries: car(10_000), band: 'intermediate' }],
    });
    expect(e.years[0]).toMatchObject({
      claimable: 4500,
      rates: [21],
      low: 945,
      high: 945,
      excessNotice: null,
    });
    expect([e.low, e.high]).toEqual([945, 945]);
  });

  it('a Scottish higher-rate claimant: £5,500 claimable in 2026/27 → £2,310 at 42%', () => {
    const e = estimateRelief({
      scottish: true,
      years: [{ year: '2026/27', entries: car(10_000), band: 'higher' }],
    });
    expect(e.years[0]).toMatchObject({ claimable: 5500, rates: [42], low: 2310, high: 2310 });
  });

  it('not sure: basic and higher at each year’s rates, summed from exact pence', () => {
    const e = estimateRelief({
      scottish: false,
      years: [
        { year: '2026/27', entries: car(8_000, 45) },
        { year: '2025/26', entries: car(12_000, 35), band: 'not-sure' },
      ],
    });
    expect(e.years.map((y) => [y.claimable, y.low, y.high])).toEqual([
      [800, 160, 320],
      [800, 160, 320],
    ]);
    expect([e.low, e.high]).toEqual([320, 640]);
  });

  it('an additional-rate claimant: 45%', () => {
    const e = estimateRelief({
      scottish: false,
      years: [{ year: '2025/26', entries: car(10_000), band: 'additional' }],
    });
    expect([e.low, e.high]).toEqual([2025, 2025]);
  });

  it('employer above AMAP: £0 and the taxable-excess notice for that year', () => {
    const e = estimateRelief({ scottish: false, years: [{ year: '2025/26', entries: car(5_000, 49) }] });
    expect(e.years[0]).toMatchObject({ claimable: 0, taxableExcess: 200, low: 0, high: 0 });
    expect(e.years[0]?.excessNotice).toBe(
      "In 2025/26 your employer paid £200 more than HMRC's approved mileage rates. That extra is taxable, and no tax relief is due for 2025/26.",
    );
    expect(e.claim.nothingClaimable).toBe(true);
  });

  it('always carries the relief-cannot-exceed-tax-paid sentence', () => {
    expect(estimateRelief({ scottish: false, years: [] }).reliefCapNotice).toBe(RELIEF_CAP_NOTICE);
    expect(RELIEF_CAP_NOTICE).toMatch(/cannot be more than the income tax you paid in that year/);
  });
});

// D31: relief priced on the claimant's own pay and capped at the tax they paid.
// Sources: ITEPA 2003 s327-328 and s231 (expenses are deducted from employment income, so they come
// off the top slice of taxable income); ITA 2007 s10-11 (the bands apply to taxable income) and s35
// (the personal allowance, £12,570, falls by £1 for every £2 of income over £100,000); GOV.UK
// "Income Tax rates and Personal Allowances" (basic rate on the first £37,700 of taxable income,
// additional rate above £125,140, £150,000 in 2022/23); gov.scot "Scottish Income Tax: rates and
// bands" (2025/26 starter to £15,397, basic to £27,491, intermediate to £43,662, higher to £75,000,
// advanced to £125,140; 2026/27 starter to £16,537, basic to £29,526); GOV.UK "Claim tax relief for
// your job expenses" (you must have paid tax in the year: relief cannot be more than the tax paid).
describe('incomeTaxOnPay: tax on a year of employment income (D31)', () => {
  it.each<[string, number, boolean, string, number]>([
    // (14,000 − 12,570) × 20% = £286.
    ['2025/26', 14_000, false, '£14,000 rUK', 286],
    // 37,700 × 20% + (60,000 − 12,570 − 37,700) × 40% = 7,540 + 3,892 = £11,432.
    ['2025/26', 60_000, false, '£60,000 rUK', 11_432],
    // Allowance 12,570 − 10,000 = 2,570; taxable 117,430: 7,540 + 79,730 × 40% = £39,432.
    ['2025/26', 120_000, false, '£120,000 rUK (tapered allowance)', 39_432],
    // Below the allowance: no tax.
    ['2025/26', 12_000, false, '£12,000 rUK', 0],
    // Scotland 2026/27: (16,000 − 12,570) = 3,430 all at the 19% starter rate = £651.70.
    ['2026/27', 16_000, true, '£16,000 Scotland', 651.7],
    // Scotland 2025/26, £30,000: 2,827 × 19% + 12,094 × 20% + 2,509 × 21%
    // = 537.13 + 2,418.80 + 526.89 = £3,482.82.
    ['2025/26', 30_000, true, '£30,000 Scotland', 3_482.82],
  ])('%s, %s (%s) → £%s', (year, pay, scottish, _name, pounds) => {
    expect(incomeTaxOnPay(pay, year, scottish)).toBe(Math.round(pounds * 100));
  });
});

describe('reliefOnPay: the deduction comes off the top slice, each band at its rate (D31)', () => {
  it.each<[string, string, boolean, number, number, number | undefined, number, [number, number][]]>([
    // The case: £2,250 claimable (5,000 miles × 45p) on £14,000 of pay only removes the
    // £1,430 of taxable income there is: £286, whatever the 20% of £2,250 (£450) suggests.
    [
      '£14,000 pay, £2,250 claimable, tax paid £286',
      '2025/26',
      false,
      14_000,
      2_250,
      286,
      286,
      [[20, 1_430]],
    ],
    // £52,000: taxable 39,430, of which 1,730 is above the £37,700 basic band. A £3,000 deduction:
    // 1,730 at 40% (£692) + 1,270 at 20% (£254) = £946.
    [
      'spans the higher and basic bands',
      '2025/26',
      false,
      52_000,
      3_000,
      undefined,
      946,
      [
        [40, 1_730],
        [20, 1_270],
      ],
    ],
    // Scotland 2025/26, £45,000: taxable 32,430; the higher band starts above £31,092 of taxable
    // income (£43,662 of pay). A £2,000 deduction: 1,338 at 42% (£561.96) + 662 at 21% (£139.02) = £700.98 → £701.
    [
      'Scottish higher and intermediate',
      '2025/26',
      true,
      45_000,
      2_000,
      undefined,
      701,
      [
        [42, 1_338],
        [21, 662],
      ],
    ],
    // £110,000: the allowance is 7,570 (taxable 102,430); after a £1,000 deduction pay is £109,000,
    // the allowance 8,070 (taxable 100,930): 1,500 of taxable income at 40% = £600 (the taper).
    ['in the allowance taper', '2025/26', false, 110_000, 1_000, undefined, 600, [[40, 1_500]]],
    // 2022/23 rUK additional rate above £150,000: £160,000 less £5,000 is all above it: 5,000 × 45%.
    ['2022/23 additional rate', '2022/23', false, 160_000, 5_000, undefined, 2_250, [[45, 5_000]]],
    // The cap: the same £52,000 case with only £500 of tax paid (a tax code took the rest).
    [
      'capped at the tax paid',
      '2025/26',
      false,
      52_000,
      3_000,
      500,
      500,
      [
        [40, 1_730],
        [20, 1_270],
      ],
    ],
  ])('%s', (_name, year, scottish, taxablePay, deduction, taxPaid, pounds, slices) => {
    const r = reliefOnPay({ year, scottish, taxablePay, deductionPence: deduction * 100, taxPaid });
    expect(Math.round(r.pence / 100)).toBe(pounds);
    expect(r.slices.map((s) => [s.rate, s.amount])).toEqual(slices);
    expect(r.capped).toBe(taxPaid !== undefined && r.uncappedPence > taxPaid * 100);
  });
});

describe('estimateRelief with the P60 figures (D31)', () => {
  const car = (miles: number) => [{ vehicle: 'car-van' as const, miles }];

  it('£14,000 salary in 2025/26 that paid £286: the £450 estimate becomes £286', () => {
    const without = estimateRelief({ scottish: false, years: [{ year: '2025/26', entries: car(5_000) }] });
    expect(without).toMatchObject({ low: 450, high: 900, upperFigure: true });
    expect(without.years[0]).toMatchObject({ upperFigure: true, cappedAtTaxPaid: false, slices: [] });

    const withP60 = estimateRelief({
      scottish: false,
      years: [{ year: '2025/26', entries: car(5_000), taxablePay: 14_000, taxPaid: 286 }],
    });
    expect(withP60).toMatchObject({ low: 286, high: 286, upperFigure: false });
    expect(withP60.years[0]).toMatchObject({ rates: [20], low: 286, high: 286, upperFigure: false });
  });

  it('tax paid alone caps the band figures: basic-rate £450 → £286; higher-rate £900 → £286', () => {
    for (const band of ['basic', 'higher', undefined] as const) {
      const e = estimateRelief({
        scottish: false,
        years: [{ year: '2025/26', entries: car(5_000), taxPaid: 286, ...(band ? { band } : {}) }],
      });
      expect(e).toMatchObject({ low: 286, high: 286, upperFigure: false });
      expect(e.years[0]!.cappedAtTaxPaid).toBe(true);
    }
  });

  it('taxable pay alone splits across bands: £52,000 and 6,667 miles (£3,000.15) → £946', () => {
    // 6,667 × 45p = £3,000.15: 1,730 at 40% + 1,270.15 at 20% = 692 + 254.03 = £946.03.
    const e = estimateRelief({
      scottish: false,
      years: [{ year: '2025/26', entries: car(6_667), band: 'basic', taxablePay: 52_000 }],
    });
    expect(e.years[0]).toMatchObject({ rates: [20, 40], low: 946, high: 946, upperFigure: false });
    expect(e.years[0]!.slices.map((s) => s.rate)).toEqual([40, 20]);
  });

  it('years are priced each on their own figures and summed; one year without them keeps the upper flag', () => {
    const e = estimateRelief({
      scottish: false,
      years: [
        { year: '2024/25', entries: car(5_000), taxablePay: 14_000, taxPaid: 286 },
        { year: '2025/26', entries: car(1_000), band: 'basic' },
      ],
    });
    // 286 + 1,000 × 45p × 20% = 286 + 90.
    expect(e).toMatchObject({ low: 376, high: 376, upperFigure: true });
    expect(e.years.map((y) => y.upperFigure)).toEqual([false, true]);
  });

  it('ignores negative or non-finite figures (treated as not given)', () => {
    const e = estimateRelief({
      scottish: false,
      years: [{ year: '2025/26', entries: car(5_000), taxablePay: Number.NaN, taxPaid: -1 }],
    });
    expect(e).toMatchObject({ low: 450, high: 900, upperFigure: true });
    expect(UPPER_FIGURE_NOTICE).toMatch(/upper figure/);
  });
});

describe('scottishTaxPrefill (a suggestion to confirm)', () => {
  it.each<[string, boolean, boolean]>([
    ['EH1 1YZ', true, false],
    ['g2 1dy', true, false],
    ['ZE1 0AA', true, false],
    ['KW15 1AA', true, false],
    ['TD1 1AA', true, false],
    ['TD15 1AA', true, true],
    ['TD12 4AA', true, true],
    ['DG16 5AA', true, true],
    ['GL1 1AA', false, false],
    ['GU1 1AA', false, false],
    ['CA1 1AA', false, false],
    ['NE1 1AA', false, false],
    ['WN2 1AR', false, false],
  ])('%s → scottish %s, border %s', (postcode, scottish, borderDistrict) => {
    expect(scottishTaxPrefill(postcode)).toEqual({ scottish, borderDistrict });
  });

  it('is null for something that is not a postcode', () => {
    expect(scottishTaxPrefill('EH1')).toBeNull();
    expect(scottishTaxPrefill('')).toBeNull();
  });
});

describe('incomeBandOptions (D21)', () => {
  it('lists the year’s bands with their rates, then not sure', () => {
    expect(incomeBandOptions('2026/27', false).map((o) => o.label)).toEqual([
      'Basic rate (20%)',
      'Higher rate (40%)',
      'Additional rate (45%)',
      'Not sure',
    ]);
    expect(incomeBandOptions('2025/26', true).map((o) => o.label)).toEqual([
      'Starter rate (19%)',
      'Basic rate (20%)',
      'Intermediate rate (21%)',
      'Higher rate (42%)',
      'Advanced rate (45%)',
      'Top rate (48%)',
      'Not sure',
    ]);
    // The Scottish advanced band began in 2024/25.
    expect(incomeBandOptions('2023/24', true).map((o) => o.id)).not.toContain('advanced');
  });
});
