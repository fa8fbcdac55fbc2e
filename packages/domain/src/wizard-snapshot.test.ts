import { describe, expect, it } from 'vitest';
import type { Journey } from './journeys.ts';
import { MESSAGES } from './schema-basics.ts';
import { fieldErrors, validateStep } from './schema-validation.ts';
import { taxYearEntrySchema, wizardSnapshotSchema } from './snapshot-schemas.ts';
import { claimableTaxYears } from './tax-years.ts';
import {
  emptyEmployment,
  jobFieldKey,
  journeysOf,
  normaliseSnapshot,
  reliefOf,
  summariseClaim,
  yearsAfterEmployment,
  yearsForEmployment,
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

// Issue 31: a job that ended before a tax year began has no business miles in it. Mileage allowance
// relief is for travel in the performance of the duties of the employment (ITEPA 2003 s337-338) in
// the tax year claimed (s231); a tax year runs from 6 April to 5 April (GOV.UK "Income Tax rates and
// Personal Allowances"), so a job that ended on 10 August 2024 has 2024/25 but not 2025/26.
describe('years for an employment that ended (issue 31)', () => {
  const ended = (day: string, month: string, year: string) => ({
    ...emptyEmployment('job-1'),
    continuing: 'no' as const,
    endDate: { day, month, year },
  });
  const YEARS = ['2022/23', '2023/24', '2024/25', '2025/26', '2026/27'];

  it.each<[string, ReturnType<typeof ended> | ReturnType<typeof emptyEmployment>, string[]]>([
    ['ended 10 August 2024', ended('10', '8', '2024'), ['2022/23', '2023/24', '2024/25']],
    [
      'ended 5 April 2025 (the last day of 2024/25)',
      ended('5', '4', '2025'),
      ['2022/23', '2023/24', '2024/25'],
    ],
    [
      'ended 6 April 2025 (the first day of 2025/26)',
      ended('6', '4', '2025'),
      ['2022/23', '2023/24', '2024/25', '2025/26'],
    ],
    ['ended in 1999', ended('1', '6', '1999'), []],
    ['still employed', { ...emptyEmployment('job-1'), continuing: 'yes' as const }, YEARS],
    ['not answered yet', emptyEmployment('job-1'), YEARS],
    ['ended, with no real date yet', ended('31', '2', '2024'), YEARS],
  ])('%s', (_name, employment, asked) => {
    expect(yearsForEmployment(employment, YEARS)).toEqual(asked);
    expect(yearsAfterEmployment(employment, YEARS)).toEqual(YEARS.filter((y) => !asked.includes(y)));
  });

  const snapshotWith = (miles: number, end: { day: string; month: string; year: string }) => ({
    employments: [
      { ...emptyEmployment('job-1'), employerName: 'Acme', continuing: 'no', endDate: end },
      { ...emptyEmployment('job-2'), employerName: 'Beta', continuing: 'yes' },
    ],
    taxYears: [
      {
        year: '2024/25',
        selected: true,
        employersConnected: 'no',
        jobs: [
          { employmentId: 'job-1', businessMiles: miles, paidKind: 'none' },
          { employmentId: 'job-2', businessMiles: 1_000, paidKind: 'none' },
        ],
      },
    ],
  });

  it('the mileage step refuses miles for a year after the job ended (a job that ended in 1999, 2024/25)', () => {
    expect(validateStep('mileage', snapshotWith(6_000, { day: '1', month: '6', year: '1999' }))).toEqual({
      ok: false,
      errors: {
        [jobFieldKey.miles('2024/25', 'job-1')]: MESSAGES.milesAfterEmploymentEnded('Acme', '2024/25'),
      },
    });
    // 0 miles for the ended job is the right answer, and the year stays valid with the other job.
    expect(validateStep('mileage', snapshotWith(0, { day: '1', month: '6', year: '1999' })).ok).toBe(true);
    // A job that ended during 2024/25 keeps its miles for that year.
    expect(validateStep('mileage', snapshotWith(6_000, { day: '10', month: '8', year: '2024' })).ok).toBe(
      true,
    );
  });
});
