import { describe, expect, it } from 'vitest';
import {
  AMAP_RATES,
  amapRatesFor,
  calculateAllowance,
  calculateMileageClaim,
  calculateRebate,
  carVanRatePence,
  estimateAnnualMiles,
  SELF_ASSESSMENT_THRESHOLD_GBP,
  type EmployerPaid,
  type VehicleMiles,
  type VehicleType,
} from './mileage.ts';

// Source: GOV.UK "Rates and thresholds for employers: mileage allowance payments" and ITEPA 2003
// s230 (approved amounts); D21. Cars and vans 45p to 2025/26, 55p from 6 April 2026 (GOV.UK's
// mileage calculator has 0.55 / 0.25 for 2026-27); 25p beyond 10,000; motorbikes 24p; bicycles 20p.
describe('AMAP rates per tax year (D21)', () => {
  const flat = { motorbike: { pencePerMile: 24 }, bicycle: { pencePerMile: 20 } };
  it.each(['2019/20', '2020/21', '2021/22', '2022/23', '2023/24', '2024/25', '2025/26'])(
    '%s: cars and vans 45p then 25p',
    (year) => {
      expect(AMAP_RATES[year]).toEqual({
        'car-van': { pencePerMile: 45, thresholdMiles: 10000, pencePerMileAbove: 25 },
        ...flat,
      });
      expect(carVanRatePence(year)).toBe(45);
    },
  );

  it('2026/27: cars and vans 55p then 25p', () => {
    expect(AMAP_RATES['2026/27']).toEqual({
      'car-van': { pencePerMile: 55, thresholdMiles: 10000, pencePerMileAbove: 25 },
      ...flat,
    });
    expect(carVanRatePence('2026/27')).toBe(55);
  });

  it('falls back to the nearest known year', () => {
    expect(amapRatesFor('2030/31')).toEqual(AMAP_RATES['2026/27']);
    expect(amapRatesFor('2010/11')).toEqual(AMAP_RATES['2019/20']);
    expect(() => amapRatesFor('nonsense')).toThrow();
  });
});

// Issue 12's hand-computed cases (HMRC: claimable = approved amount − employer payments, EIM31240;
// a payment above the approved amount is taxable and leaves no relief, EIM31220).
describe('calculateMileageClaim: the issue 12 table', () => {
  const car = (year: string, miles: number, employerPaid?: EmployerPaid) =>
    calculateMileageClaim([{ year, entries: [{ vehicle: 'car-van', miles, employerPaid }] }]).years[0]!;

  it.each<[string, number, EmployerPaid | undefined, number, number, number]>([
    // year, miles, employer paid, allowance, claimable, taxable excess
    ['2026/27', 10_000, undefined, 5500, 5500, 0],
    ['2026/27', 10_001, undefined, 5500.25, 5500.25, 0],
    ['2026/27', 8_000, { kind: 'ppm', pence: 45 }, 4400, 800, 0],
    ['2026/27', 8_000, undefined, 4400, 4400, 0],
    ['2025/26', 10_000, undefined, 4500, 4500, 0],
    ['2025/26', 12_000, { kind: 'ppm', pence: 35 }, 5000, 800, 0],
    ['2025/26', 5_000, { kind: 'ppm', pence: 49 }, 2250, 0, 200],
    ['2025/26', 12_000, { kind: 'total', pounds: 4200 }, 5000, 800, 0],
    ['2026/27', 12_000, { kind: 'total', pounds: 6000.5 }, 6000, 0, 0.5],
  ])(
    '%s %s miles, employer %j → allowance £%s, claimable £%s, excess £%s',
    (year, miles, paid, allowance, claimable, excess) => {
      expect(car(year, miles, paid)).toMatchObject({ allowance, claimable, taxableExcess: excess });
    },
  );

  it('a car 11,000 mi and a motorbike 2,000 mi in 2025/26 → £4,750 + £480', () => {
    const r = calculateMileageClaim([
      {
        year: '2025/26',
        entries: [
          { vehicle: 'car-van', miles: 11_000 },
          { vehicle: 'motorbike', miles: 2_000 },
        ],
      },
    ]);
    expect(r.years[0]!.entries.map((e) => e.allowance)).toEqual([4750, 480]);
    expect(r.years[0]).toMatchObject({ miles: 13_000, allowance: 5230, claimable: 5230 });
    expect(r.totalClaimable).toBe(5230);
  });

  it('cars and vans share one 10,000 within a year (D18), whatever the order', () => {
    const year = (entries: VehicleMiles[]) => calculateMileageClaim([{ year: '2026/27', entries }]).years[0]!;
    const a = year([
      { vehicle: 'car-van', miles: 6_000 },
      { vehicle: 'car-van', miles: 6_000 },
    ]);
    expect(a.entries.map((e) => e.allowance)).toEqual([3300, 2700]);
    expect(a.allowance).toBe(6000);
    const b = year([
      { vehicle: 'bicycle', miles: 500 },
      { vehicle: 'car-van', miles: 12_000 },
    ]);
    expect(b.allowance).toBe(100 + 6000);
  });

  // D18: the higher rate applies to the first 10,000 business miles of each employment; employments
  // with the same or associated employers share one 10,000 (ITEPA 2003 s230(4); EIM31280). Relief is
  // per employment (s231), so one job's taxable excess does not cut another's relief.
  describe('several employments (D18)', () => {
    const year = (entries: VehicleMiles[]) => calculateMileageClaim([{ year: '2026/27', entries }]).years[0]!;

    it('two unconnected employments each under 10,000 are both at the higher rate', () => {
      const y = year([
        { vehicle: 'car-van', miles: 8_000, thresholdGroup: 'a', employment: 'a' },
        { vehicle: 'car-van', miles: 7_000, thresholdGroup: 'b', employment: 'b' },
      ]);
      expect(y.entries.map((e) => e.allowance)).toEqual([4400, 3850]);
      expect(y).toMatchObject({ miles: 15_000, allowance: 8250, claimable: 8250 });
    });

    it('two connected employments share one 10,000', () => {
      const y = year([
        { vehicle: 'car-van', miles: 8_000, thresholdGroup: 'a+b', employment: 'a' },
        { vehicle: 'car-van', miles: 7_000, thresholdGroup: 'a+b', employment: 'b' },
      ]);
      // 8,000 at 55p, then 2,000 at 55p and 5,000 at 25p.
      expect(y.entries.map((e) => e.allowance)).toEqual([4400, 1100 + 1250]);
      expect(y).toMatchObject({ allowance: 6750, claimable: 6750 });
    });

    it('one employment over-paying leaves the other its relief, and its excess is taxable', () => {
      const y = year([
        {
          vehicle: 'car-van',
          miles: 1_000,
          thresholdGroup: 'a',
          employment: 'a',
          employerPaid: { kind: 'ppm', pence: 65 },
        },
        { vehicle: 'car-van', miles: 1_000, thresholdGroup: 'b', employment: 'b' },
      ]);
      expect(y).toMatchObject({ allowance: 1100, employerPayment: 650, claimable: 550, taxableExcess: 100 });
    });
  });

  // ITEPA 2003 s229(2)-(3) and s231(1): the approved amount and the mileage allowance payments are
  // compared "for the kind of vehicle in question"; EIM31235: where an employee uses more than one
  // kind of vehicle, the calculation is made separately for each kind. One kind's taxable excess
  // never reduces another kind's relief, even for the same employment and year.
  describe('each kind of vehicle compared on its own (s231, EIM31235)', () => {
    const year = (y: '2025/26' | '2026/27', entries: VehicleMiles[]) =>
      calculateMileageClaim([{ year: y, entries }]).years[0]!;
    it.each<[string, VehicleMiles[], { claimable: number; taxableExcess: number; allowance: number }]>([
      [
        // Car: 1,000 × 45p = £450, paid 65p = £650 → £200 taxable. Motorbike: 1,000 × 24p = £240, paid
        // nothing → £240 relief (netted together it would wrongly be £40).
        'car over-paid, motorbike unpaid (2025/26)',
        [
          { vehicle: 'car-van', miles: 1_000, employment: 'a', employerPaid: { kind: 'ppm', pence: 65 } },
          { vehicle: 'motorbike', miles: 1_000, employment: 'a' },
        ],
        { allowance: 690, claimable: 240, taxableExcess: 200 },
      ],
      [
        // Car: 2,000 × 45p = £900, paid 30p = £600 → £300 relief. Bicycle: 500 × 20p = £100, paid
        // 30p = £150 → £50 taxable.
        'car under-paid, bicycle over-paid (2025/26)',
        [
          { vehicle: 'car-van', miles: 2_000, employment: 'a', employerPaid: { kind: 'ppm', pence: 30 } },
          { vehicle: 'bicycle', miles: 500, employment: 'a', employerPaid: { kind: 'ppm', pence: 30 } },
        ],
        { allowance: 1000, claimable: 300, taxableExcess: 50 },
      ],
      [
        // No employment named: still kind by kind. Motorbike 2,000 × 24p = £480 paid £600 total →
        // £120 taxable; car 1,000 × 45p = £450 unpaid → £450 relief.
        'no employment given, motorbike over-paid by a yearly total (2025/26)',
        [
          { vehicle: 'motorbike', miles: 2_000, employerPaid: { kind: 'total', pounds: 600 } },
          { vehicle: 'car-van', miles: 1_000 },
        ],
        { allowance: 930, claimable: 450, taxableExcess: 120 },
      ],
    ])('%s', (_name, entries, expected) => {
      expect(year('2025/26', entries)).toMatchObject(expected);
    });

    it('a car and a van are one kind: their payments are compared together (2026/27)', () => {
      // Two car-van entries of one employment: 6,000 + 6,000 share the 10,000 at 55p, 2,000 at 25p
      // = £6,000; paid 70p on the first (£4,200) and nothing on the second → £1,800 relief, no excess.
      const y = year('2026/27', [
        { vehicle: 'car-van', miles: 6_000, employment: 'a', employerPaid: { kind: 'ppm', pence: 70 } },
        { vehicle: 'car-van', miles: 6_000, employment: 'a' },
      ]);
      expect(y).toMatchObject({ allowance: 6000, claimable: 1800, taxableExcess: 0 });
    });
  });

  it('a rate that changed between years is right for each year', () => {
    const r = calculateMileageClaim([
      {
        year: '2026/27',
        entries: [{ vehicle: 'car-van', miles: 5_000, employerPaid: { kind: 'ppm', pence: 30 } }],
      },
      {
        year: '2025/26',
        entries: [{ vehicle: 'car-van', miles: 5_000, employerPaid: { kind: 'ppm', pence: 20 } }],
      },
    ]);
    expect(r.years.map((y) => y.claimable)).toEqual([1250, 1250]);
    expect(r.totalClaimable).toBe(2500);
    expect(r.nothingClaimable).toBe(false);
  });

  it('says when nothing is claimable in any year (D27)', () => {
    const r = calculateMileageClaim([
      {
        year: '2025/26',
        entries: [{ vehicle: 'car-van', miles: 5_000, employerPaid: { kind: 'ppm', pence: 45 } }],
      },
      {
        year: '2024/25',
        entries: [{ vehicle: 'car-van', miles: 5_000, employerPaid: { kind: 'ppm', pence: 49 } }],
      },
    ]);
    expect(r.nothingClaimable).toBe(true);
    expect(r.years.map((y) => y.taxableExcess)).toEqual([0, 200]);
    expect(calculateMileageClaim([]).nothingClaimable).toBe(false);
  });

  it('ignores negative, missing or non-finite payments', () => {
    const r = calculateMileageClaim([
      {
        year: '2026/27',
        entries: [
          { vehicle: 'car-van', miles: 100, employerPaid: { kind: 'ppm', pence: -5 } },
          { vehicle: 'motorbike', miles: 100, employerPaid: { kind: 'total', pounds: Number.NaN } },
        ],
      },
    ]);
    expect(r.years[0]).toMatchObject({ employerPayment: 0, claimable: 79 });
  });
});

describe('calculateRebate in 2026/27 uses 55p', () => {
  it('8,000 miles and no employer payment → £4,400 allowance', () => {
    expect(calculateRebate({ years: [{ year: '2026/27', miles: 8000 }], vehicle: 'car-van' })).toMatchObject({
      totalAllowance: 4400,
      totalClaimable: 4400,
      rebate20: 880,
      rebate40: 1760,
    });
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
          taxableExcess: 0,
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
