import { describe, expect, it } from 'vitest';
import type { Journey } from './journeys.ts';
import { MESSAGES } from './schema-basics.ts';
import { fieldErrors } from './schema-validation.ts';
import { taxYearEntrySchema, wizardSnapshotSchema } from './snapshot-schemas.ts';
import { claimableTaxYears } from './tax-years.ts';
import {
  emptyEmployment,
  journeysOf,
  normaliseSnapshot,
  reliefOf,
  summariseClaim,
} from './wizard-snapshot.ts';

const journey = (id: string, employmentId?: string): Journey => ({
  id,
  startAddress: 'WN2 1AR',
  endAddress: 'SK5 6AQ',
  frequency: 'daily',
  tripType: 'return',
  reason: 'site-visit',
  customReason: '',
  distance: 10,
  ...(employmentId === undefined ? {} : { employmentId }),
});

// D25: one mileage log per employment, each from that employment's journeys.
describe('journeysOf', () => {
  const employments = [emptyEmployment('job-1'), emptyEmployment('job-2')];
  const journeys = [journey('a'), journey('b', 'job-2'), journey('c', 'job-1'), journey('d', 'job-9')];

  it('gives each employment its own journeys; unmarked or unknown ones belong to the first', () => {
    expect(journeysOf({ journeys, employments }, 'job-1').map((j) => j.id)).toEqual(['a', 'c', 'd']);
    expect(journeysOf({ journeys, employments }, 'job-2').map((j) => j.id)).toEqual(['b']);
  });

  it('never leaves a journey out of every log', () => {
    const all = employments.flatMap((e) => journeysOf({ journeys, employments }, e.id).map((j) => j.id));
    expect(all.sort()).toEqual(['a', 'b', 'c', 'd']);
  });
});

// D21: the estimate uses the band the claimant chose per year and Scottish rates when they pay
// Scottish income tax (GOV.UK "Scottish Income Tax": 21% intermediate, 42% higher in 2025/26 and
// 2026/27); without a band, basic and higher rate.
describe('reliefOf', () => {
  const snapshot = (scottish: 'yes' | 'no' | '', band: string) =>
    normaliseSnapshot(
      {
        scottishTaxpayer: scottish,
        vehicleInfo: { type: 'car-van' },
        taxYears: [
          {
            year: '2025/26',
            selected: true,
            incomeBand: band,
            jobs: [{ employmentId: 'job-1', businessMiles: 10_000, paidKind: 'none' }],
          },
        ],
      },
      claimableTaxYears(new Date('2026-11-23T12:00:00Z')),
    );

  it.each<['yes' | 'no' | '', string, number, number]>([
    // 10,000 miles in 2025/26 at 45p = £4,500 claimable.
    ['yes', 'intermediate', 945, 945],
    ['yes', 'higher', 1890, 1890],
    ['yes', 'not-sure', 900, 1890],
    ['no', 'higher', 1800, 1800],
    ['no', 'additional', 2025, 2025],
    ['', '', 900, 1800],
  ])('Scottish %j, band %j → £%s to £%s', (scottish, band, low, high) => {
    expect(reliefOf(snapshot(scottish, band))).toMatchObject({ low, high, scottish: scottish === 'yes' });
  });

  it('drops an answer that is not a band', () => {
    expect(snapshot('no', 'tractor').taxYears.find((y) => y.year === '2025/26')?.incomeBand).toBe('');
  });
});

// D27 and ITEPA s235-236 (no mileage allowance relief for a company vehicle): a fuel claim keeps its
// miles but shows no approved amount, relief or Self Assessment flag; an operator assesses the fuel.
describe('summariseClaim for a fuel claim', () => {
  const twelveThousand = (drivesForWork: string) =>
    normaliseSnapshot(
      {
        eligibilityData: { drivesForWork, vehicleVRM: '' },
        vehicleInfo: { type: 'car-van' },
        taxYears: [
          {
            year: '2026/27',
            selected: true,
            jobs: [{ employmentId: 'job-1', businessMiles: 12_000, paidKind: 'none' }],
          },
        ],
      },
      claimableTaxYears(new Date('2026-11-23T12:00:00Z')),
    );

  it('a mileage claim: 12,000 miles in 2026/27 = £5,500 + £500, so Self Assessment', () => {
    expect(summariseClaim(twelveThousand('yes'))).toMatchObject({
      totalMiles: 12_000,
      totalAllowance: 6000,
      rebate20: 1200,
      selfAssessmentRequired: true,
    });
  });

  it('a fuel claim: the same miles, no approved amount', () => {
    const fuel = summariseClaim(twelveThousand('company-vehicle'));
    expect(fuel).toMatchObject({
      totalMiles: 12_000,
      totalAllowance: 0,
      totalClaimable: 0,
      rebate20: 0,
      rebate40: 0,
      selfAssessmentRequired: false,
    });
    expect(fuel.years).toEqual([
      expect.objectContaining({ year: '2026/27', miles: 12_000, allowance: 0, claimable: 0 }),
    ]);
  });
});

// D27 (ITEPA s235-236: no mileage allowance relief for a company vehicle): the claimant was told a
// fuel claim has no AMAP estimate, so the relief estimate is none: £0 in every year.
describe('reliefOf for a fuel claim', () => {
  it('is £0 for a company vehicle, £2,700 to £5,400 at 20%/40% for the same 12,000 miles otherwise', () => {
    const claim = (drivesForWork: string) =>
      normaliseSnapshot(
        {
          eligibilityData: { drivesForWork, vehicleVRM: drivesForWork === 'yes' ? '' : 'AB12CDE' },
          vehicleInfo: { type: 'car-van' },
          taxYears: [
            {
              year: '2025/26',
              selected: true,
              jobs: [{ employmentId: 'job-1', businessMiles: 12_000, paidKind: 'none' }],
            },
          ],
        },
        claimableTaxYears(new Date('2026-11-23T12:00:00Z')),
      );
    // 10,000 × 45p + 2,000 × 25p = £5,000: 20% £1,000, 40% £2,000.
    expect(reliefOf(claim('yes'))).toMatchObject({ low: 1000, high: 2000 });
    const fuel = reliefOf(claim('company-vehicle'));
    expect(fuel).toMatchObject({ low: 0, high: 0 });
    expect(fuel.years.map((y) => [y.year, y.claimable, y.low, y.high])).toEqual([['2025/26', 0, 0, 0]]);
  });
});

// D31: the optional P60 figures per year (taxable pay and tax paid). GOV.UK "Claim tax relief for
// your job expenses": relief cannot be more than the tax paid; (14,000 − 12,570) × 20% = £286.
describe('the P60 figures in a tax-year entry (D31)', () => {
  const years = claimableTaxYears(new Date('2026-11-23T12:00:00Z'));
  const withP60 = (p60: Record<string, unknown>) =>
    normaliseSnapshot(
      {
        vehicleInfo: { type: 'car-van' },
        taxYears: [
          {
            year: '2025/26',
            selected: true,
            incomeBand: 'basic',
            jobs: [{ employmentId: 'job-1', businessMiles: 5_000, paidKind: 'none' }],
            ...p60,
          },
        ],
      },
      years,
    );

  it.each<[string, Record<string, unknown>, number, boolean]>([
    // 5,000 × 45p = £2,250 at 20% = £450, an upper figure without the P60.
    ['no P60 figures', {}, 450, true],
    ['a £14,000 salary that paid £286', { taxablePay: 14_000, taxPaid: 286 }, 286, false],
    ['tax paid only', { taxPaid: 286 }, 286, false],
    ['taxable pay only', { taxablePay: 14_000 }, 286, false],
    ['figures that are not amounts are dropped', { taxablePay: 'lots', taxPaid: -5 }, 450, true],
  ])('%s → £%s', (_name, p60, low, upper) => {
    expect(reliefOf(withP60(p60))).toMatchObject({ low, high: low, upperFigure: upper });
  });

  it('the snapshot schema keeps them optional and checks them', () => {
    const entry = { year: '2025/26', selected: true, jobs: [] };
    expect(taxYearEntrySchema.parse(entry)).not.toHaveProperty('taxablePay');
    expect(taxYearEntrySchema.parse({ ...entry, taxablePay: '', taxPaid: '' })).not.toHaveProperty('taxPaid');
    expect(taxYearEntrySchema.parse({ ...entry, taxablePay: '14000.50', taxPaid: 286 })).toMatchObject({
      taxablePay: 14_000.5,
      taxPaid: 286,
    });
    const bad = (p60: Record<string, unknown>) => {
      const r = taxYearEntrySchema.safeParse({ ...entry, ...p60 });
      return r.success ? {} : fieldErrors(r);
    };
    expect(bad({ taxablePay: 'abc' })).toEqual({ taxablePay: MESSAGES.taxablePayInvalid('2025/26') });
    expect(bad({ taxPaid: -1 })).toEqual({ taxPaid: MESSAGES.taxPaidInvalid('2025/26') });
    expect(bad({ taxPaid: 1.234 })).toEqual({ taxPaid: MESSAGES.taxPaidInvalid('2025/26') });
    expect(bad({ taxablePay: 1_000, taxPaid: 2_000 })).toEqual({
      taxPaid: MESSAGES.taxPaidMoreThanPay('2025/26'),
    });
    const snap = wizardSnapshotSchema.parse({
      taxYears: [{ ...entry, taxablePay: 14_000, taxPaid: 286 }],
    });
    expect(snap.taxYears[0]).toMatchObject({ taxablePay: 14_000, taxPaid: 286 });
  });
});
