import type { Journey } from './journeys.ts';
import { calculateRebate, type RebateSummary, type VehicleType } from './mileage.ts';
import { isRecord, num, str } from './records.ts';
import { claimableTaxYears, isTaxYear, type TaxYearInfo } from './tax-years.ts';

// The wizard snapshot: the claimant's saved answers, the body of PUT /api/onboarding beside the
// step numbers. Declared once, here; the zod schema in schemas.ts is checked against it at compile
// time, and the browser reads saved copies with normaliseSnapshot (no zod needed to paint a step).

/** The wizard's saved answers: the `WizardSnapshot` of the API contract (never NI number, files or signature). */
export type DrivesForWorkAnswer = 'yes' | 'company-vehicle' | 'no' | '';
export type EmploymentAnswer = 'employed' | 'self-employed' | 'cis' | '';
export type VehicleAnswer = 'car-van' | 'motorbike' | 'bicycle' | '';

export interface TaxYearEntry {
  year: string;
  selected: boolean;
  businessMiles: number;
  companyName: string;
}

export interface WizardSnapshot {
  eligibilityData: { drivesForWork: DrivesForWorkAnswer; vehicleVRM: string };
  employmentDetails: {
    employmentType: EmploymentAnswer;
    employerName: string;
    businessName: string;
    utrNumber: string;
  };
  personalInfo: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    homeAddress: string;
    postcode: string;
  };
  vehicleInfo: { type: VehicleAnswer };
  taxYears: TaxYearEntry[];
  employerMileageRate: number;
  journeys: Journey[];
  agreementChecks: { accuracy: boolean; authorization: boolean; terms: boolean };
  affiliateName: string | null;
  utmData: Record<string, string> | null;
  fullUrl: string | null;
}

/** What one save carries (PUT /api/onboarding without the revision). */
export interface SavePayload {
  step: number;
  currentStep: number;
  lastStepCompleted: number;
  snapshot: WizardSnapshot;
}

export function createEmptySnapshot(years: readonly TaxYearInfo[] = claimableTaxYears()): WizardSnapshot {
  return {
    eligibilityData: { drivesForWork: '', vehicleVRM: '' },
    employmentDetails: { employmentType: '', employerName: '', businessName: '', utrNumber: '' },
    personalInfo: { firstName: '', lastName: '', email: '', phone: '', homeAddress: '', postcode: '' },
    vehicleInfo: { type: '' },
    taxYears: years.map((y) => ({ year: y.year, selected: false, businessMiles: 0, companyName: '' })),
    employerMileageRate: 0,
    journeys: [],
    agreementChecks: { accuracy: false, authorization: false, terms: false },
    affiliateName: null,
    utmData: null,
    fullUrl: null,
  };
}

function oneOf<T extends string>(x: unknown, options: readonly T[]): T | '' {
  return typeof x === 'string' && (options as readonly string[]).includes(x) ? (x as T) : '';
}
function section(x: unknown): Record<string, unknown> {
  return isRecord(x) ? x : {};
}

/**
 * Reads a snapshot from the server or local storage defensively: unknown or malformed values fall
 * back to empty answers, and the tax years are the claimable ones (D2) with any saved answers laid
 * over them. Fields that are never restored (the NI number) are simply not read.
 */
export function normaliseSnapshot(
  raw: unknown,
  years: readonly TaxYearInfo[] = claimableTaxYears(),
): WizardSnapshot {
  const empty = createEmptySnapshot(years);
  if (!isRecord(raw)) return empty;
  const elig = section(raw.eligibilityData);
  const emp = section(raw.employmentDetails);
  const pers = section(raw.personalInfo);
  const veh = section(raw.vehicleInfo);
  const agree = section(raw.agreementChecks);
  const savedYears = new Map<string, Record<string, unknown>>();
  if (Array.isArray(raw.taxYears)) {
    for (const y of raw.taxYears) {
      if (isRecord(y) && typeof y.year === 'string' && isTaxYear(y.year)) savedYears.set(y.year, y);
    }
  }
  const utm = isRecord(raw.utmData)
    ? Object.fromEntries(
        Object.entries(raw.utmData).filter((e): e is [string, string] => typeof e[1] === 'string'),
      )
    : null;
  return {
    eligibilityData: {
      drivesForWork: oneOf(elig.drivesForWork, ['yes', 'company-vehicle', 'no'] as const),
      vehicleVRM: str(elig.vehicleVRM),
    },
    employmentDetails: {
      employmentType: oneOf(emp.employmentType, ['employed', 'self-employed', 'cis'] as const),
      employerName: str(emp.employerName),
      businessName: str(emp.businessName),
      utrNumber: str(emp.utrNumber),
    },
    personalInfo: {
      firstName: str(pers.firstName),
      lastName: str(pers.lastName),
      email: str(pers.email),
      phone: str(pers.phone),
      homeAddress: str(pers.homeAddress),
      postcode: str(pers.postcode),
    },
    vehicleInfo: { type: oneOf(veh.type, ['car-van', 'motorbike', 'bicycle'] as const) },
    taxYears: empty.taxYears.map((entry) => {
      const saved = savedYears.get(entry.year);
      if (!saved) return entry;
      return {
        year: entry.year,
        selected: saved.selected === true,
        businessMiles: Math.round(num(saved.businessMiles)),
        companyName: str(saved.companyName),
      };
    }),
    employerMileageRate: num(raw.employerMileageRate),
    journeys: Array.isArray(raw.journeys) ? (raw.journeys.filter(isRecord) as unknown as Journey[]) : [],
    agreementChecks: {
      accuracy: agree.accuracy === true,
      authorization: agree.authorization === true,
      terms: agree.terms === true,
    },
    affiliateName: typeof raw.affiliateName === 'string' ? raw.affiliateName : null,
    utmData: utm,
    fullUrl: typeof raw.fullUrl === 'string' ? raw.fullUrl : null,
  };
}

export function selectedYears(snapshot: WizardSnapshot): TaxYearEntry[] {
  return snapshot.taxYears.filter((y) => y.selected);
}

/** The vehicle the figures use: SPEC §3 stores car-van by default until one is chosen. */
export function vehicleOf(snapshot: Pick<WizardSnapshot, 'vehicleInfo'>): VehicleType {
  return snapshot.vehicleInfo.type || 'car-van';
}

/**
 * D3: every figure of a claim from its raw answers, per selected tax year. The browser shows these
 * and the server stores them; neither trusts totals from anywhere else.
 */
export function summariseClaim(
  snapshot: Pick<WizardSnapshot, 'vehicleInfo' | 'taxYears' | 'employerMileageRate'>,
): RebateSummary {
  return calculateRebate({
    years: snapshot.taxYears.filter((y) => y.selected).map((y) => ({ year: y.year, miles: y.businessMiles })),
    vehicle: vehicleOf(snapshot),
    employerRatePence: snapshot.employerMileageRate,
  });
}

/** The rebate at 20% for one year alone (the employer-rate step's per-year line). */
export function yearRebate(
  snapshot: Pick<WizardSnapshot, 'vehicleInfo' | 'employerMileageRate'>,
  year: string,
  miles: number,
): number {
  return calculateRebate({
    years: [{ year, miles }],
    vehicle: vehicleOf(snapshot),
    employerRatePence: snapshot.employerMileageRate,
  }).rebate20;
}
