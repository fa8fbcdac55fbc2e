import { describe, expect, it } from 'vitest';
import { caseReadiness, isPayeReference, p87Readiness, selfAssessmentLabel } from './p87-readiness.ts';
import type { P87Input, P87YearInput } from './p87-readiness.ts';
import { claimableTaxYears } from './tax-years.ts';
import { normaliseSnapshot } from './wizard-snapshot.ts';
import { p87InputOfSnapshot } from './p87-snapshot.ts';

// DECISIONS D17 lists what HMRC's P87 asks for ("Claim for tax relief for expenses of employment",
// GOV.UK form P87): claimant's names, date of birth, NI number, address and contact details, and
// per employment the employer's name and PAYE reference, job title, whether it continues, and per
// tax year the vehicle, business miles and what the employer paid.
const COMPLETE: P87Input = {
  firstName: 'Jane',
  lastName: 'Doe',
  dateOfBirth: '1980-02-29',
  hasNiNumber: true,
  address: '1 High Street, Leeds',
  postcode: 'LS1 1AA',
  phone: '07700 900123',
  email: 'jane@example.com',
  employments: [
    {
      employerName: 'Acme Ltd',
      payeReference: '123/AB45678',
      jobTitle: 'Engineer',
      continuing: true,
      years: [
        { taxYear: '2024/25', vehicleType: 'car-van', businessMiles: 1200, employerPaidPencePerMile: 0 },
      ],
    },
  ],
};

describe('p87Readiness (D17)', () => {
  it('a claim holding every answer is ready', () => {
    expect(p87Readiness(COMPLETE)).toEqual([]);
  });

  it("today's mileage claim: date of birth, PAYE reference, job title and end date are not collected", () => {
    const today: P87Input = {
      ...COMPLETE,
      dateOfBirth: undefined,
      employments: [
        {
          employerName: 'Acme Ltd',
          years: [
            { taxYear: '2024/25', vehicleType: 'car-van', businessMiles: 1200, employerPaidPencePerMile: 10 },
          ],
        },
      ],
    };
    expect(p87Readiness(today).map((i) => i.label)).toEqual([
      'Date of birth',
      'Employer PAYE reference (employment 1)',
      'Job title (employment 1)',
      'Whether the job continues or when it ended (employment 1)',
    ]);
  });

  it.each<[string, P87Input, string[]]>([
    ['no NI number', { ...COMPLETE, hasNiNumber: false }, ['niNumber']],
    ['blank names', { ...COMPLETE, firstName: ' ', lastName: null }, ['firstName', 'lastName']],
    ['no address or postcode', { ...COMPLETE, address: '', postcode: undefined }, ['address', 'postcode']],
    ['no contact details', { ...COMPLETE, phone: null, email: '' }, ['phone', 'email']],
    ['no employment', { ...COMPLETE, employments: [] }, ['employments']],
    [
      '"I don\'t have it" for the PAYE reference',
      { ...COMPLETE, employments: [{ ...COMPLETE.employments![0]!, payeReference: null }] },
      ['employments.0.payeReference'],
    ],
    [
      'a malformed PAYE reference',
      { ...COMPLETE, employments: [{ ...COMPLETE.employments![0]!, payeReference: 'AB/123' }] },
      ['employments.0.payeReference'],
    ],
    [
      'ended without a date',
      { ...COMPLETE, employments: [{ ...COMPLETE.employments![0]!, continuing: false, endDate: null }] },
      ['employments.0.continuing'],
    ],
    [
      'ended with a date',
      {
        ...COMPLETE,
        employments: [{ ...COMPLETE.employments![0]!, continuing: false, endDate: '2025-01-31' }],
      },
      [],
    ],
    [
      'a year without miles, vehicle or employer payment',
      {
        ...COMPLETE,
        employments: [{ ...COMPLETE.employments![0]!, years: [{ taxYear: '2023/24' }] }],
      },
      [
        'employments.0.years.0.vehicleType',
        'employments.0.years.0.businessMiles',
        'employments.0.years.0.employerPaid',
      ],
    ],
    [
      'a yearly total counts as what the employer paid',
      {
        ...COMPLETE,
        employments: [
          {
            ...COMPLETE.employments![0]!,
            years: [
              { taxYear: '2023/24', vehicleType: 'car-van', businessMiles: 10, employerPaidTotalPence: 5000 },
            ],
          },
        ],
      },
      [],
    ],
    [
      'the second employment is checked on its own',
      { ...COMPLETE, employments: [COMPLETE.employments![0]!, { employerName: 'Beta plc', years: [] }] },
      [
        'employments.1.payeReference',
        'employments.1.jobTitle',
        'employments.1.continuing',
        'employments.1.years',
      ],
    ],
  ])('%s', (_name, input, fields) => {
    expect(p87Readiness(input).map((i) => i.field)).toEqual(fields);
  });

  it.each<[string, boolean]>([
    ['123/AB45678', true],
    ['123/A', true],
    ['123/ab45678', true],
    ['123/ABCDEFGHIJK', false],
    ['12/AB456', false],
    ['123AB456', false],
    ['', false],
  ])('isPayeReference(%j) = %s', (value, ok) => {
    expect(isPayeReference(value)).toBe(ok);
  });
});

describe('p87InputOfSnapshot: readiness of a wizard claim (D17)', () => {
  const complete = normaliseSnapshot(
    {
      personalInfo: {
        firstName: 'Jane',
        lastName: 'Doe',
        dateOfBirth: { day: '4', month: '3', year: '1990' },
        email: 'jane@example.com',
        phone: '07700 900123',
        homeAddress: '1 Main St, Wigan',
        postcode: 'WN2 1AR',
      },
      vehicleInfo: { type: 'car-van' },
      employments: [
        {
          id: 'job-1',
          employerName: 'Acme',
          payeReference: '123/AB45678',
          jobTitle: 'Engineer',
          continuing: 'yes',
        },
        {
          id: 'job-2',
          employerName: 'Beta',
          noPayeReference: true,
          jobTitle: 'Driver',
          continuing: 'no',
          endDate: { day: '1', month: '6', year: '2025' },
        },
      ],
      taxYears: [
        {
          year: '2025/26',
          selected: true,
          employersConnected: 'no',
          jobs: [
            // 5,000 × 45p + (500 × 45p − £50) = £2,425: under £2,500, so a P87 year (D31).
            { employmentId: 'job-1', businessMiles: 5000, paidKind: 'none' },
            { employmentId: 'job-2', businessMiles: 500, paidKind: 'total', paidTotalPounds: 50 },
          ],
        },
        {
          year: '2024/25',
          selected: true,
          jobs: [{ employmentId: 'job-1', businessMiles: 100, paidKind: '' }],
        },
      ],
    },
    claimableTaxYears(new Date('2026-11-23T12:00:00Z')),
  );

  it('lists the PAYE reference the claimant did not have, the NI number and an unanswered payment', () => {
    expect(p87Readiness(p87InputOfSnapshot(complete, false)).map((i) => i.field)).toEqual([
      'niNumber',
      'employments.0.years.1.employerPaid',
      'employments.1.payeReference',
    ]);
  });

  it('is empty once every P87 answer is there', () => {
    const ready = {
      ...complete,
      employments: complete.employments.map((e) => ({
        ...e,
        noPayeReference: false,
        payeReference: '120/XY1',
      })),
      taxYears: complete.taxYears.map((y) => ({
        ...y,
        jobs: y.jobs.map((j) => (j.paidKind === '' ? { ...j, paidKind: 'none' as const } : j)),
      })),
    };
    expect(p87Readiness(p87InputOfSnapshot(ready, true))).toEqual([]);
    // Years without miles for a job are not the job's years on the form.
    expect(p87InputOfSnapshot(ready, true).employments?.[1]?.years?.map((y) => y.taxYear)).toEqual([
      '2025/26',
    ]);
  });

  it('needs a date of birth that is a real date', () => {
    const noDob = {
      ...complete,
      personalInfo: { ...complete.personalInfo, dateOfBirth: { day: '31', month: '2', year: '1990' } },
    };
    expect(p87Readiness(p87InputOfSnapshot(noDob, true)).map((i) => i.field)).toContain('dateOfBirth');
  });

  // D31 and GOV.UK "Claim tax relief for your job expenses": "If your expenses are over £2,500 you
  // must claim using a Self Assessment tax return". The expenses are the relief-able amount (the
  // approved mileage amount less what the employer paid, ITEPA 2003 s231), not the tax refund, and
  // only an amount over £2,500 (not £2,500 itself) needs Self Assessment.
  it.each<[string, number, number, string[]]>([
    ['5,555 miles (£2,499.75)', 5_555, 0, []],
    ['5,556 miles (£2,500.20)', 5_556, 0, ['2025/26']],
    // £3,600 − 8,000 × 10p = £2,800 of expenses; relief at 20% only £560, still Self Assessment.
    ['8,000 miles with 10p a mile from the employer (£2,800)', 8_000, 10, ['2025/26']],
    // £3,600 − 8,000 × 15p = £2,400: a P87 year.
    ['8,000 miles with 15p a mile from the employer (£2,400)', 8_000, 15, []],
  ])('%s in 2025/26', (_name, miles, ppm, years) => {
    // One employment (the first), so the year's expenses are only these miles.
    const snap = {
      ...complete,
      employments: [{ ...complete.employments[0]!, noPayeReference: false, payeReference: '120/XY1' }],
      taxYears: complete.taxYears.map((y) =>
        y.year === '2025/26'
          ? {
              ...y,
              jobs: [
                {
                  ...y.jobs[0]!,
                  businessMiles: miles,
                  paidKind: ppm > 0 ? ('ppm' as const) : ('none' as const),
                  paidPencePerMile: ppm,
                },
              ],
            }
          : { ...y, selected: false },
      ),
    };
    const input = p87InputOfSnapshot(snap, true);
    expect(input.selfAssessmentYears).toEqual(years);
    expect(p87Readiness(input)).toEqual(
      years.map((year) => ({ field: `selfAssessment.${year}`, label: selfAssessmentLabel(year) })),
    );
    if (years.length > 0) expect(selfAssessmentLabel(years[0]!)).toContain('Self Assessment, not P87');
  });

  it('a fuel claim (company vehicle, D27) has no AMAP figure, so no Self Assessment year from it', () => {
    const fuel = {
      ...complete,
      eligibilityData: { drivesForWork: 'company-vehicle' as const, vehicleVRM: 'AB12CDE' },
    };
    expect(p87InputOfSnapshot({ ...fuel, taxYears: fuel.taxYears }, true).selfAssessmentYears).toEqual([]);
  });
});

// D31 from the P87 answers alone (no snapshot): GOV.UK "Claim tax relief for your job expenses":
// "If your expenses are over £2,500 you must claim using a Self Assessment tax return". Each
// employment has its own 10,000 miles (ITEPA 2003 s230; D18) and relief is the approved amount less
// what that employment paid (s231).
describe('p87Readiness: Self Assessment years from the P87 answers (D31)', () => {
  const person: P87Input = {
    firstName: 'Jane',
    lastName: 'Doe',
    dateOfBirth: '1990-03-04',
    hasNiNumber: true,
    address: '1 Main St',
    postcode: 'WN2 1AR',
    phone: '07700 900123',
    email: 'jane@example.com',
  };
  const job = (years: P87YearInput[]) => ({
    employerName: 'Acme',
    payeReference: '123/AB45678',
    jobTitle: 'Engineer',
    continuing: true,
    years,
  });
  it.each<[string, P87Input['employments'], string[]]>([
    // 12,000 miles in 2024/25 at 0p: 10,000 × 45p + 2,000 × 25p = £5,000.
    [
      '12,000 miles at 0p in 2024/25',
      [
        job([
          { taxYear: '2024/25', vehicleType: 'car-van', businessMiles: 12_000, employerPaidPencePerMile: 0 },
        ]),
      ],
      ['2024/25'],
    ],
    // 6,000 × 45p = £2,700 less 6,000 × 10p = £600 → £2,100.
    [
      '6,000 miles at 10p in 2024/25',
      [
        job([
          { taxYear: '2024/25', vehicleType: 'car-van', businessMiles: 6_000, employerPaidPencePerMile: 10 },
        ]),
      ],
      [],
    ],
    // Two employments in one year: £1,800 + £1,800 = £3,600 of expenses in 2025/26.
    [
      'two jobs of 4,000 miles each at 0p in 2025/26',
      [
        job([
          { taxYear: '2025/26', vehicleType: 'car-van', businessMiles: 4_000, employerPaidPencePerMile: 0 },
        ]),
        job([
          { taxYear: '2025/26', vehicleType: 'car-van', businessMiles: 4_000, employerPaidTotalPence: 0 },
        ]),
      ],
      ['2025/26'],
    ],
    // 2026/27 at 55p: 5,000 × 55p = £2,750 less a £300 yearly total → £2,450.
    [
      '5,000 miles in 2026/27 with £300 paid',
      [
        job([
          {
            taxYear: '2026/27',
            vehicleType: 'car-van',
            businessMiles: 5_000,
            employerPaidTotalPence: 30_000,
          },
        ]),
      ],
      [],
    ],
  ])('%s', (_name, employments, years) => {
    const items = p87Readiness({ ...person, employments });
    expect(items).toEqual(
      years.map((year) => ({ field: `selfAssessment.${year}`, label: selfAssessmentLabel(year) })),
    );
  });

  it('a given list of Self Assessment years wins (a fuel claim gives none)', () => {
    const employments = [
      job([
        { taxYear: '2024/25', vehicleType: 'car-van', businessMiles: 12_000, employerPaidPencePerMile: 0 },
      ]),
    ];
    expect(p87Readiness({ ...person, employments, selfAssessmentYears: [] })).toEqual([]);
  });
});

// D25 (issue 31): HMRC asks for a mileage log whose journeys make up the miles claimed ("a
// mileage log with each journey's date ... and miles"); a log that totals other miles than the
// claim states is named until the claimant chooses which figure stands.
describe('a generated mileage log that differs from the miles claimed', () => {
  it('is a readiness item naming the year and both figures, and none when they agree', () => {
    const mismatch = {
      year: '2024/25',
      employmentId: 'job-1',
      employerName: 'Acme Ltd',
      logMiles: 11_856,
      claimedMiles: 6_000,
    };
    const items = p87Readiness({ logMismatches: [mismatch], selfAssessmentYears: [] });
    expect(items).toContainEqual({
      field: 'mileageLog.2024/25.job-1',
      label:
        'Mileage log and claim differ: 2024/25: the mileage log adds up to 11,856 miles; the claim states 6,000 miles.',
    });
    expect(p87Readiness({ logMismatches: [], selfAssessmentYears: [] }).map((i) => i.field)).not.toContain(
      'mileageLog.2024/25.job-1',
    );
  });
});

// D38 (DECISIONS.md): HMRC takes one P87 per person and year, so a case's claims share one list of
// what the form still lacks; the form's own answers (a Self Assessment year across the case, the
// NI number) are listed once.
describe('one readiness list for a case (D38, issue 42)', () => {
  const sa = { field: 'taxYears.2025/26', label: selfAssessmentLabel('2025/26') };
  it('adds each following claim’s items under its reference, and lists a shared one once', () => {
    expect(
      caseReadiness(
        [{ field: 'employments.0.payeReference', label: 'Employer PAYE reference (employment 1)' }, sa],
        [
          {
            reference: 'MIL-1',
            items: [sa, { field: 'vehicle.registration', label: 'Vehicle registration' }],
          },
        ],
      ),
    ).toEqual([
      { field: 'employments.0.payeReference', label: 'Employer PAYE reference (employment 1)' },
      sa,
      { field: 'case.MIL-1.vehicle.registration', label: 'MIL-1: Vehicle registration' },
    ]);
  });
  it('is the claim’s own list when nothing follows it, and empty when all are ready', () => {
    expect(caseReadiness([sa], [])).toEqual([sa]);
    expect(caseReadiness([], [{ reference: 'MIL-1', items: [] }])).toEqual([]);
  });
});
