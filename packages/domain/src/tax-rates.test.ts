import { describe, expect, it } from 'vitest';
import {
  incomeBandOptions,
  RELIEF_CAP_NOTICE,
  RUK_RATES,
  SCOTTISH_RATES,
  estimateRelief,
  reliefRatesFor,
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
