// Example claims in the wizard snapshot's current shape (version 2: employments and per-job years,
// D17/D18), for tests and specs that make a claim through the API rather than by clicking: one
// builder for the server's tests and the Playwright specs. The server upgrades a version-1
// snapshot, but one without a date of birth, PAYE reference or job title does not pass the
// personal and employments steps. Test support (the benchmark uses it too), never imported by the product.

export const DATE_OF_BIRTH = { day: '4', month: '3', year: '1990' } as const;

/** One employment (D17): continuing, with a PAYE reference unless `extra` says otherwise. */
export function employment(id = 'job-1', employerName = 'Acme Ltd', extra: Record<string, unknown> = {}) {
  return {
    id,
    employerName,
    payeReference: '123/AB45678',
    noPayeReference: false,
    jobTitle: 'Engineer',
    continuing: 'yes',
    endDate: { day: '', month: '', year: '' },
    ...extra,
  };
}

/** One job in one year: its miles, and the employer paying `ratePence` a mile (0: nothing). */
export function jobYear(miles: number, ratePence = 0, employmentId = 'job-1', vehicle = 'car-van') {
  return {
    employmentId,
    vehicle,
    businessMiles: miles,
    paidKind: miles > 0 ? (ratePence > 0 ? 'ppm' : 'none') : '',
    paidPencePerMile: ratePence,
    paidTotalPounds: 0,
  };
}

export interface SnapshotInput {
  /** Every year listed, selected unless `selected: false`, its miles on the one employment. */
  years: ReadonlyArray<{ year: string; miles: number; selected?: boolean }>;
  ratePence?: number;
  vehicle?: string;
  employerName?: string;
  personalInfo?: Record<string, unknown>;
}

/** A mileage claim's snapshot with one employment, complete up to step 7; `overrides` replace sections. */
export function mileageSnapshot(input: SnapshotInput, overrides: Record<string, unknown> = {}) {
  const vehicle = input.vehicle ?? 'car-van';
  return {
    eligibilityData: { drivesForWork: 'yes', vehicleVRM: '' },
    employmentDetails: { employmentType: 'employed', businessName: '', utrNumber: '' },
    personalInfo: {
      title: '',
      firstName: 'Jane',
      lastName: 'Doe',
      dateOfBirth: { ...DATE_OF_BIRTH },
      email: 'jane@example.com',
      phone: '07700 900123',
      homeAddress: '1 High Street, Wigan',
      postcode: 'WN2 1AR',
      ...input.personalInfo,
    },
    vehicleInfo: { type: vehicle },
    employments: [employment('job-1', input.employerName ?? 'Acme Ltd')],
    taxYears: input.years.map((y) => ({
      year: y.year,
      selected: y.selected ?? true,
      employersConnected: '',
      jobs: [jobYear(y.miles, input.ratePence ?? 0, 'job-1', vehicle)],
    })),
    journeys: [],
    agreementChecks: { accuracy: false, authorization: false, terms: false },
    affiliateName: null,
    utmData: null,
    fullUrl: null,
    ...overrides,
  };
}

/**
 * Decision 081: the business-journey test's answers about one regular place, as the wizard saves
 * them. EIM32080, booklet 490 paras 3.18-3.20: a site expected to last 30 months at 60% of the
 * working time is a permanent workplace from the first day (its journeys are commuting).
 */
export const THIRTY_MONTH_SITE = {
  role: 'regular-site',
  siteBased: false,
  homeWorking: 'no',
  sameAsCommute: false,
  shareOfWorkingTime: 60,
  wholeEmployment: false,
  expectedMonths: 30,
  actualMonths: 30,
} as const;

/** EIM32080: the same site expected to last 12 months (24 or less) is a temporary workplace. */
export const TWELVE_MONTH_SITE = { ...THIRTY_MONTH_SITE, expectedMonths: 12, actualMonths: 12 } as const;
