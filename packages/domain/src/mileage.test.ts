import { describe, expect, it } from 'vitest';
import {
  AMAP_RATES,
  amapRatesFor,
  calculateAllowance,
  calculateRebate,
  estimateAnnualMiles,
  SELF_ASSESSMENT_THRESHOLD_GBP,
  type VehicleType,
} from './mileage.ts';

describe('AMAP rates', () => {
  it('covers 2019/20 to 2026/27 with 45p/25p, 24p and 20p', () => {
    for (const year of [
      '2019/20',
      '2020/21',
      '2021/22',
      '2022/23',
      '2023/24',
      '2024/25',
      '2025/26',
      '2026/27',
    ]) {
      expect(AMAP_RATES[year]).toEqual({
        'car-van': { pencePerMile: 45, thresholdMiles: 10000, pencePerMileAbove: 25 },
        motorbike: { pencePerMile: 24 },
        bicycle: { pencePerMile: 20 },
      });
    }
  });

  it('falls back to the nearest known year', () => {
    expect(amapRatesFor('2030/31')).toEqual(AMAP_RATES['2026/27']);
    expect(amapRatesFor('2010/11')).toEqual(AMAP_RATES['2019/20']);
    expect(() => amapRatesFor('nonsense')).toThrow();
  });
});

describe('calculateAllowance (pounds, exact to the penny)', () => {
  it.each<[number, VehicleType, number]>([
    [0, 'car-van', 0],
    [1, 'car-van', 0.45],
    [100, 'car-van', 45],
    [9999, 'car-van', 4499.55],
    [10000, 'car-van', 4500],
    [10001, 'car-van', 4500.25],
    [10500, 'car-van', 4625],
    [12000, 'car-van', 5000],
    [12345, 'car-van', 5086.25],
    [1000, 'motorbike', 240],
    [12000, 'motorbike', 2880],
    [1000, 'bicycle', 200],
    [12000, 'bicycle', 2400],
    [-50, 'car-van', 0],
    [Number.NaN, 'car-van', 0],
  ])('%s miles by %s → £%s', (miles, vehicle, expected) => {
    expect(calculateAllowance(miles, vehicle, '2024/25')).toBe(expected);
  });
});

describe('calculateRebate', () => {
  it('10,000 miles, no employer payment', () => {
    expect(calculateRebate({ years: [{ year: '2024/25', miles: 10000 }], vehicle: 'car-van' })).toEqual({
      years: [
        {
          year: '2024/25',
          miles: 10000,
          allowance: 4500,
          employerPayment: 0,
          claimable: 4500,
          selfAssessmentRequired: true,
        },
      ],
      totalMiles: 10000,
      totalAllowance: 4500,
      totalEmployerPayment: 0,
      totalClaimable: 4500,
      rebate20: 900,
      rebate40: 1800,
      selfAssessmentRequired: true,
    });
  });

  it('applies the 10,000-mile threshold per tax year, not across years (D3)', () => {
    const r = calculateRebate({
      years: [
        { year: '2024/25', miles: 12000 },
        { year: '2023/24', miles: 12000 },
      ],
      vehicle: 'car-van',
    });
    expect(r.years.map((y) => y.allowance)).toEqual([5000, 5000]);
    expect(r.totalMiles).toBe(24000);
    expect(r.totalAllowance).toBe(10000);
    expect(r.rebate20).toBe(2000);
    expect(r.rebate40).toBe(4000);
  });

  it.each<[number, VehicleType, number | undefined, number, number, number, number]>([
    // miles, vehicle, employer p/mile, allowance, employer payment, claimable, rebate20
    [10001, 'car-van', undefined, 4500.25, 0, 4500.25, 900],
    [10500, 'car-van', 0, 4625, 0, 4625, 925],
    [10500, 'car-van', 25, 4625, 2625, 2000, 400],
    [10500, 'car-van', 40, 4625, 4200, 425, 85],
    [10500, 'car-van', 45, 4625, 4725, 0, 0],
    [12345, 'car-van', 10, 5086.25, 1234.5, 3851.75, 770],
    [5000, 'car-van', 45, 2250, 2250, 0, 0],
    [10000, 'car-van', 45, 4500, 4500, 0, 0],
    [10000, 'car-van', 25, 4500, 2500, 2000, 400],
    [8000, 'motorbike', 0, 1920, 0, 1920, 384],
    [8000, 'motorbike', 25, 1920, 2000, 0, 0],
    [3000, 'bicycle', 0, 600, 0, 600, 120],
    [3000, 'bicycle', 12.5, 600, 375, 225, 45],
    [333, 'car-van', 0, 149.85, 0, 149.85, 30],
    [7, 'car-van', 0, 3.15, 0, 3.15, 1],
  ])(
    '%s miles %s employer %sp → allowance %s, payment %s, claimable %s, rebate20 %s',
    (miles, vehicle, rate, allowance, payment, claimable, rebate20) => {
      const r = calculateRebate({ years: [{ year: '2024/25', miles }], vehicle, employerRatePence: rate });
      expect(r.years[0]).toMatchObject({ allowance, employerPayment: payment, claimable });
      expect(r.rebate20).toBe(rebate20);
      expect(r.totalClaimable).toBe(Math.round(claimable));
    },
  );

  it('a 45p employer rate leaves nothing to claim at any mileage up to 10,000', () => {
    for (let miles = 0; miles <= 10000; miles += 250) {
      const r = calculateRebate({
        years: [{ year: '2024/25', miles }],
        vehicle: 'car-van',
        employerRatePence: 45,
      });
      expect(r.totalClaimable).toBe(0);
      expect(r.rebate20).toBe(0);
    }
  });

  it('flags Self Assessment only when a year’s claimable exceeds £2,500', () => {
    expect(SELF_ASSESSMENT_THRESHOLD_GBP).toBe(2500);
    const at = (miles: number) =>
      calculateRebate({ years: [{ year: '2024/25', miles }], vehicle: 'car-van' }).years[0]
        ?.selfAssessmentRequired;
    // 5,555 miles × 45p = £2,499.75; 5,556 × 45p = £2,500.20
    expect(at(5555)).toBe(false);
    expect(at(5556)).toBe(true);
    // Exactly £2,500.00 is not above the threshold: 12,500 miles × 20p by bicycle.
    const exact = calculateRebate({ years: [{ year: '2024/25', miles: 12500 }], vehicle: 'bicycle' });
    expect(exact.years[0]?.claimable).toBe(2500);
    expect(exact.years[0]?.selfAssessmentRequired).toBe(false);
    expect(exact.selfAssessmentRequired).toBe(false);
  });

  it('flags the claim when any single year is over £2,500, not the total', () => {
    const r = calculateRebate({
      years: [
        { year: '2024/25', miles: 5000 },
        { year: '2023/24', miles: 5000 },
      ],
      vehicle: 'car-van',
    });
    expect(r.totalClaimable).toBe(4500);
    expect(r.selfAssessmentRequired).toBe(false);
  });

  it('rounds totals from the exact pence sum', () => {
    const r = calculateRebate({
      years: [
        { year: '2024/25', miles: 1 },
        { year: '2023/24', miles: 1 },
        { year: '2022/23', miles: 1 },
      ],
      vehicle: 'car-van',
    });
    expect(r.years.map((y) => y.allowance)).toEqual([0.45, 0.45, 0.45]);
    expect(r.totalAllowance).toBe(1);
    expect(r.totalClaimable).toBe(1);
  });

  it('treats negative or missing employer rates as 0 and empty input as nothing', () => {
    const neg = calculateRebate({
      years: [{ year: '2024/25', miles: 100 }],
      vehicle: 'car-van',
      employerRatePence: -5,
    });
    expect(neg.totalEmployerPayment).toBe(0);
    expect(calculateRebate({ years: [], vehicle: 'car-van' })).toMatchObject({
      totalMiles: 0,
      totalAllowance: 0,
      rebate20: 0,
      selfAssessmentRequired: false,
    });
  });
});

describe('estimateAnnualMiles', () => {
  it.each([
    [20, 5, 46, 4600],
    [12.3, 5, 46, 2829],
    [0, 5, 46, 0],
    [10.25, 3, 47, 1445],
    [-10, 5, 46, 0],
    [Number.NaN, 5, 46, 0],
  ])('%s × %s × %s → %s', (perDay, days, weeks, expected) => {
    expect(estimateAnnualMiles(perDay, days, weeks)).toBe(expected);
  });
});
