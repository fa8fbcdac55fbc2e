import type { Journey } from './journeys.ts';
import {
  calculateMileageClaim,
  rebateSummaryOf,
  type EmployerPaid,
  type MileageClaimFigures,
  type RebateSummary,
  type VehicleType,
  type YearClaimFigures,
  type YearVehicles,
} from './mileage.ts';
import {
  EMPTY_DATE_PARTS,
  cleanDateParts,
  datePartsToIso,
  type DateParts,
  type LeaveDraft,
} from './dates.ts';
import { estimateRelief, type IncomeBandAnswer, type ReliefEstimate } from './tax-rates.ts';
import { isRecord, num, str } from './records.ts';
import { readWorkplaces, type WorkplaceAnswers } from './workplace-answers.ts';
import { claimableTaxYears, isTaxYear, taxYearInfo, type TaxYear, type TaxYearInfo } from './tax-years.ts';

// The wizard snapshot: the claimant's saved answers, the body of PUT /api/onboarding beside the
// step numbers. Declared once, here; the zod schema in schemas.ts is checked against it at compile
// time, and the browser reads saved copies with normaliseSnapshot (no zod needed to paint a step).

/** The wizard's saved answers: the `WizardSnapshot` of the API contract (never NI number, files or signature). */
export type DrivesForWorkAnswer = 'yes' | 'company-vehicle' | 'no' | '';
export type EmploymentAnswer = 'employed' | 'self-employed' | 'cis' | '';
export type VehicleAnswer = 'car-van' | 'motorbike' | 'bicycle' | '';
export type YesNoAnswer = 'yes' | 'no' | '';
/** What an employer paid towards an employment's business miles in a year ('' = not answered yet). */
export type EmployerPaidKind = 'none' | 'ppm' | 'total' | '';

/** The most employments one claim can list (D17). */
export const MAX_EMPLOYMENTS = 5;

/** One employment of the claim (D17): what HMRC's P87 asks about each job. */
export interface Employment {
  /** A stable key ('job-1'), so per-year answers survive renaming or removing another job. */
  id: string;
  employerName: string;
  /** HMRC employer PAYE reference, '123/AB45678'; '' with noPayeReference when the claimant lacks it. */
  payeReference: string;
  noPayeReference: boolean;
  jobTitle: string;
  /** 'yes': still in the job; 'no': it ended on endDate. */
  continuing: YesNoAnswer;
  endDate: DateParts;
}

/** One employment in one tax year (D17, D21): the vehicle, its business miles and what the employer paid. */
export interface EmploymentYear {
  employmentId: string;
  vehicle: VehicleAnswer;
  businessMiles: number;
  paidKind: EmployerPaidKind;
  /** Pence per mile when paidKind is 'ppm'. */
  paidPencePerMile: number;
  /** Pounds for the year when paidKind is 'total'. */
  paidTotalPounds: number;
}

export interface TaxYearEntry {
  year: string;
  selected: boolean;
  /** One entry per employment, in the order of `employments` (kept aligned by alignSnapshot). */
  jobs: EmploymentYear[];
  /** D18: with two or more employments in the year, whether the employers are the same or associated. */
  employersConnected: YesNoAnswer;
  /** D21: "Which best describes your income in that year?" ('' = not answered: basic and higher). */
  incomeBand: IncomeBandAnswer | '';
  /** D31: the year's taxable pay in pounds, from the P60 (optional; never required). */
  taxablePay?: number | undefined;
  /** D31: the income tax paid that year in pounds, from the P60 (optional): relief is capped at it. */
  taxPaid?: number | undefined;
}

export interface WizardSnapshot {
  eligibilityData: { drivesForWork: DrivesForWorkAnswer; vehicleVRM: string };
  employmentDetails: {
    employmentType: EmploymentAnswer;
    businessName: string;
    utrNumber: string;
  };
  personalInfo: {
    title: string;
    firstName: string;
    lastName: string;
    dateOfBirth: DateParts;
    email: string;
    phone: string;
    homeAddress: string;
    postcode: string;
  };
  /** The vehicle asked at the vehicle step: the default for each employment's years. */
  vehicleInfo: { type: VehicleAnswer };
  /** D21: whether the claimant pays Scottish income tax (a Scottish postcode suggests yes, to confirm). */
  scottishTaxpayer: YesNoAnswer;
  employments: Employment[];
  taxYears: TaxYearEntry[];
  journeys: Journey[];
  /** D25: periods of leave the claimant declares; the mileage log leaves them out. */
  leave: LeaveDraft[];
  /**
   * D39, decision 077: the business-journey test's answers and outcome for each regular place the
   * journeys go to; absent in snapshots saved before it was asked (nothing is left out then).
   */
  workplaces?: WorkplaceAnswers[] | undefined;
  agreementChecks: { accuracy: boolean; authorization: boolean; terms: boolean };
  affiliateName: string | null;
  utmData: Record<string, string> | null;
  fullUrl: string | null;
}

export function emptyEmployment(id: string): Employment {
  return {
    id,
    employerName: '',
    payeReference: '',
    noPayeReference: false,
    jobTitle: '',
    continuing: '',
    endDate: { ...EMPTY_DATE_PARTS },
  };
}

export function emptyEmploymentYear(employmentId: string, vehicle: VehicleAnswer = ''): EmploymentYear {
  return { employmentId, vehicle, businessMiles: 0, paidKind: '', paidPencePerMile: 0, paidTotalPounds: 0 };
}

/** The first 'job-N' id not used by `employments`. */
export function nextEmploymentId(employments: readonly Pick<Employment, 'id'>[]): string {
  const used = new Set(employments.map((e) => e.id));
  for (let n = 1; ; n++) if (!used.has(`job-${n}`)) return `job-${n}`;
}

export function createEmptySnapshot(years: readonly TaxYearInfo[] = claimableTaxYears()): WizardSnapshot {
  const first = emptyEmployment('job-1');
  return {
    eligibilityData: { drivesForWork: '', vehicleVRM: '' },
    employmentDetails: { employmentType: '', businessName: '', utrNumber: '' },
    personalInfo: {
      title: '',
      firstName: '',
      lastName: '',
      dateOfBirth: { ...EMPTY_DATE_PARTS },
      email: '',
      phone: '',
      homeAddress: '',
      postcode: '',
    },
    vehicleInfo: { type: '' },
    scottishTaxpayer: '',
    employments: [first],
    taxYears: years.map((y) => ({
      year: y.year,
      selected: false,
      jobs: [emptyEmploymentYear(first.id)],
      employersConnected: '',
      incomeBand: '',
    })),
    journeys: [],
    leave: [],
    agreementChecks: { accuracy: false, authorization: false, terms: false },
    affiliateName: null,
    utmData: null,
    fullUrl: null,
  };
}

/**
 * Keeps every year's jobs in step with the employments: one entry per employment in their order
 * (a new employment gets an empty entry with the default vehicle; a removed one's entries go), and
 * at least one employment. Pure; returns the same object when nothing changes shape.
 */
export function alignSnapshot<S extends Pick<WizardSnapshot, 'employments' | 'taxYears' | 'vehicleInfo'>>(
  snapshot: S,
): S {
  const employments = snapshot.employments.length > 0 ? snapshot.employments : [emptyEmployment('job-1')];
  const ids = employments.map((e) => e.id);
  const aligned = (jobs: readonly EmploymentYear[]) =>
    jobs.length === ids.length && jobs.every((j, i) => j.employmentId === ids[i]);
  if (employments === snapshot.employments && snapshot.taxYears.every((y) => aligned(y.jobs)))
    return snapshot;
  return {
    ...snapshot,
    employments,
    taxYears: snapshot.taxYears.map((y) =>
      aligned(y.jobs)
        ? y
        : {
            ...y,
            jobs: ids.map(
              (id) =>
                y.jobs.find((j) => j.employmentId === id) ??
                emptyEmploymentYear(id, snapshot.vehicleInfo.type),
            ),
          },
    ),
  };
}

/**
 * Drafts saved before employments (snapshot version 1) kept one employer name, one vehicle, one
 * employer rate and per-year miles with a company name. They become employments (one per distinct
 * company name, the employer name first) with each year's miles on the job named for that year,
 * the vehicle on every year, and the rate as pence per mile (SPEC §5: an empty rate meant 0, so a
 * year with miles and no rate is "paid nothing"). A version-2 snapshot is returned as it is.
 */
export function upgradeLegacySnapshot(raw: unknown): unknown {
  if (!isRecord(raw) || Array.isArray(raw.employments)) return raw;
  const legacyYears = Array.isArray(raw.taxYears) ? raw.taxYears.filter(isRecord) : [];
  const looksLegacy =
    'employerMileageRate' in raw ||
    legacyYears.some((y) => 'businessMiles' in y || 'companyName' in y) ||
    (isRecord(raw.employmentDetails) && 'employerName' in raw.employmentDetails);
  if (!looksLegacy) return raw;
  const employerName = isRecord(raw.employmentDetails) ? str(raw.employmentDetails.employerName).trim() : '';
  const names: string[] = [];
  const addName = (n: string) => {
    const key = n.trim();
    if (
      key !== '' &&
      !names.some((x) => x.toLowerCase() === key.toLowerCase()) &&
      names.length < MAX_EMPLOYMENTS
    )
      names.push(key);
  };
  addName(employerName);
  for (const y of legacyYears) addName(str(y.companyName));
  if (names.length === 0) names.push('');
  const employments = names.map((name, i) => ({ ...emptyEmployment(`job-${i + 1}`), employerName: name }));
  const vehicle = isRecord(raw.vehicleInfo) ? str(raw.vehicleInfo.type) : '';
  const rate = num(raw.employerMileageRate);
  const taxYears = legacyYears.map((y) => {
    const miles = Math.round(num(y.businessMiles));
    const company = str(y.companyName).trim().toLowerCase();
    const owner = employments.find((e) => e.employerName.toLowerCase() === company) ?? employments[0]!;
    return {
      year: y.year,
      selected: y.selected === true,
      employersConnected: '',
      incomeBand: '',
      jobs: employments.map((e) => ({
        ...emptyEmploymentYear(e.id, vehicle as VehicleAnswer),
        ...(e.id === owner.id && miles > 0
          ? { businessMiles: miles, paidKind: rate > 0 ? 'ppm' : 'none', paidPencePerMile: rate }
          : {}),
      })),
    };
  });
  const { employerMileageRate: _rate, ...rest } = raw;
  const details = isRecord(raw.employmentDetails) ? { ...raw.employmentDetails } : {};
  delete details.employerName;
  return { ...rest, employmentDetails: details, employments, taxYears };
}

/** D31: the optional P60 figures of a saved year, kept only when they are real amounts. */
function p60Figures(saved: Record<string, unknown>): Pick<TaxYearEntry, 'taxablePay' | 'taxPaid'> {
  const amount = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : undefined);
  const taxablePay = amount(saved.taxablePay);
  const taxPaid = amount(saved.taxPaid);
  return {
    ...(taxablePay === undefined ? {} : { taxablePay }),
    ...(taxPaid === undefined ? {} : { taxPaid }),
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
 * back to empty answers, a version-1 draft is upgraded (upgradeLegacySnapshot), and the tax years
 * are the claimable ones (D21) with any saved answers laid over them. Fields that are never
 * restored (the NI number) are simply not read.
 */
export function normaliseSnapshot(
  input: unknown,
  years: readonly TaxYearInfo[] = claimableTaxYears(),
): WizardSnapshot {
  const empty = createEmptySnapshot(years);
  const raw = upgradeLegacySnapshot(input);
  if (!isRecord(raw)) return empty;
  const elig = section(raw.eligibilityData);
  const emp = section(raw.employmentDetails);
  const pers = section(raw.personalInfo);
  const veh = section(raw.vehicleInfo);
  const agree = section(raw.agreementChecks);
  const vehicle = oneOf(veh.type, VEHICLES);
  const savedYears = new Map<string, Record<string, unknown>>();
  if (Array.isArray(raw.taxYears)) {
    for (const y of raw.taxYears) {
      if (isRecord(y) && typeof y.year === 'string' && isTaxYear(y.year)) savedYears.set(y.year, y);
    }
  }
  const employments: Employment[] = (Array.isArray(raw.employments) ? raw.employments : [])
    .filter(isRecord)
    .slice(0, MAX_EMPLOYMENTS)
    .map((e, i) => ({
      id: str(e.id) || `job-${i + 1}`,
      employerName: str(e.employerName),
      payeReference: str(e.payeReference),
      noPayeReference: e.noPayeReference === true,
      jobTitle: str(e.jobTitle),
      continuing: oneOf(e.continuing, YES_NO),
      endDate: cleanDateParts(section(e.endDate)),
    }));
  const utm = isRecord(raw.utmData)
    ? Object.fromEntries(
        Object.entries(raw.utmData).filter((e): e is [string, string] => typeof e[1] === 'string'),
      )
    : null;
  return alignSnapshot({
    eligibilityData: {
      drivesForWork: oneOf(elig.drivesForWork, ['yes', 'company-vehicle', 'no'] as const),
      vehicleVRM: str(elig.vehicleVRM),
    },
    employmentDetails: {
      employmentType: oneOf(emp.employmentType, ['employed', 'self-employed', 'cis'] as const),
      businessName: str(emp.businessName),
      utrNumber: str(emp.utrNumber),
    },
    personalInfo: {
      title: str(pers.title),
      firstName: str(pers.firstName),
      lastName: str(pers.lastName),
      dateOfBirth: cleanDateParts(section(pers.dateOfBirth)),
      email: str(pers.email),
      phone: str(pers.phone),
      homeAddress: str(pers.homeAddress),
      postcode: str(pers.postcode),
    },
    vehicleInfo: { type: vehicle },
    scottishTaxpayer: oneOf(raw.scottishTaxpayer, YES_NO),
    employments: employments.length > 0 ? employments : empty.employments,
    taxYears: empty.taxYears.map((entry) => {
      const saved = savedYears.get(entry.year);
      if (!saved) return { ...entry, jobs: [] };
      return {
        year: entry.year,
        selected: saved.selected === true,
        employersConnected: oneOf(saved.employersConnected, YES_NO),
        incomeBand: oneOf(saved.incomeBand, INCOME_BAND_ANSWERS),
        ...p60Figures(saved),
        jobs: (Array.isArray(saved.jobs) ? saved.jobs : []).filter(isRecord).map((j) => ({
          employmentId: str(j.employmentId),
          vehicle: oneOf(j.vehicle, VEHICLES),
          businessMiles: Math.round(num(j.businessMiles)),
          paidKind: oneOf(j.paidKind, ['none', 'ppm', 'total'] as const),
          paidPencePerMile: num(j.paidPencePerMile),
          paidTotalPounds: num(j.paidTotalPounds),
        })),
      };
    }),
    journeys: Array.isArray(raw.journeys) ? (raw.journeys.filter(isRecord) as unknown as Journey[]) : [],
    leave: (Array.isArray(raw.leave) ? raw.leave : []).filter(isRecord).map((l, i) => ({
      id: str(l.id) || `leave-${i + 1}`,
      from: cleanDateParts(section(l.from)),
      to: cleanDateParts(section(l.to)),
    })),
    ...(Array.isArray(raw.workplaces) ? { workplaces: readWorkplaces(raw.workplaces) } : {}),
    agreementChecks: {
      accuracy: agree.accuracy === true,
      authorization: agree.authorization === true,
      terms: agree.terms === true,
    },
    affiliateName: typeof raw.affiliateName === 'string' ? raw.affiliateName : null,
    utmData: utm,
    fullUrl: typeof raw.fullUrl === 'string' ? raw.fullUrl : null,
  });
}

const VEHICLES = ['car-van', 'motorbike', 'bicycle'] as const;
/** Every answer to the income band question, rUK and Scottish (D21). */
export const INCOME_BAND_ANSWERS = [
  'starter',
  'basic',
  'intermediate',
  'higher',
  'advanced',
  'additional',
  'top',
  'not-sure',
] as const satisfies readonly IncomeBandAnswer[];
const YES_NO = ['yes', 'no'] as const;

export function selectedYears(snapshot: Pick<WizardSnapshot, 'taxYears'>): TaxYearEntry[] {
  return snapshot.taxYears.filter((y) => y.selected);
}

/** The vehicle the vehicle step answered: SPEC §3 stores car-van by default until one is chosen. */
export function vehicleOf(snapshot: Pick<WizardSnapshot, 'vehicleInfo'>): VehicleType {
  return snapshot.vehicleInfo.type || 'car-van';
}

/** One job's vehicle in a year: its own answer, else the vehicle step's. */
export function jobVehicle(
  job: Pick<EmploymentYear, 'vehicle'>,
  snapshot: Pick<WizardSnapshot, 'vehicleInfo'>,
): VehicleType {
  return job.vehicle || vehicleOf(snapshot);
}

/** What the employer paid as the domain's EmployerPaid (nothing answered counts as nothing paid). */
export function employerPaidOf(job: EmploymentYear): EmployerPaid | undefined {
  if (job.paidKind === 'ppm') return { kind: 'ppm', pence: job.paidPencePerMile };
  if (job.paidKind === 'total') return { kind: 'total', pounds: job.paidTotalPounds };
  return undefined;
}

/** The business miles of a year across its employments. */
export function yearMiles(entry: Pick<TaxYearEntry, 'jobs'>): number {
  return entry.jobs.reduce(
    (sum, j) => sum + (Number.isFinite(j.businessMiles) ? Math.max(0, j.businessMiles) : 0),
    0,
  );
}

/** The jobs of a year that have business miles (only these need a vehicle and an employer payment). */
export function jobsWithMiles(entry: Pick<TaxYearEntry, 'jobs'>): EmploymentYear[] {
  return entry.jobs.filter((j) => j.businessMiles > 0);
}

/** D18: whether the year asks if its employers are connected (two or more jobs with miles). */
export function asksEmployersConnected(entry: Pick<TaxYearEntry, 'jobs'>): boolean {
  return jobsWithMiles(entry).length >= 2;
}

type FiguresInput = Pick<WizardSnapshot, 'vehicleInfo' | 'taxYears'>;

/**
 * The calculator's input for a snapshot's selected years: one entry per job with miles, each job
 * its own threshold group unless the year's employers are connected (D18).
 */
export function mileageClaimInput(snapshot: FiguresInput): YearVehicles[] {
  return selectedYears(snapshot).map((y) => ({
    year: y.year,
    entries: jobsWithMiles(y).map((j) => ({
      vehicle: jobVehicle(j, snapshot),
      miles: j.businessMiles,
      employerPaid: employerPaidOf(j),
      employment: j.employmentId,
      thresholdGroup:
        y.employersConnected === 'yes' && asksEmployersConnected(y) ? 'connected' : j.employmentId,
    })),
  }));
}

/** Every figure of the claim per year and per job (D3, D18, D21). */
export function claimFigures(snapshot: FiguresInput): MileageClaimFigures {
  return calculateMileageClaim(mileageClaimInput(snapshot));
}

/** D27: a company vehicle's claim is for fuel, assessed by an operator, with no AMAP estimate. */
export function isFuelClaim(a: { eligibilityData?: { drivesForWork?: string } | undefined }): boolean {
  return a.eligibilityData?.drivesForWork === 'company-vehicle';
}

/**
 * D3: every figure of a claim from its raw answers, per selected tax year. The browser shows these
 * and the server stores them; neither trusts totals from anywhere else. A fuel claim (D27) keeps
 * its miles and what the employer paid, but no approved-amount allowance, relief, estimate or Self
 * Assessment flag: ITEPA s235-236 give a company vehicle no mileage allowance relief, and the fuel
 * relief depends on what the claimant paid, which an operator assesses.
 */
export function summariseClaim(
  snapshot: FiguresInput & { eligibilityData?: { drivesForWork?: string } },
): RebateSummary {
  const summary = rebateSummaryOf(claimFigures(snapshot));
  if (!isFuelClaim(snapshot)) return summary;
  return {
    ...summary,
    years: summary.years.map((y) => ({
      ...y,
      allowance: 0,
      claimable: 0,
      taxableExcess: 0,
      selfAssessmentRequired: false,
    })),
    totalAllowance: 0,
    totalClaimable: 0,
    rebate20: 0,
    rebate40: 0,
    selfAssessmentRequired: false,
  };
}

/**
 * D21: what the claim's relief is worth at the claimant's rates: per year the band they chose
 * (Scottish rates when they pay Scottish income tax), otherwise basic and higher rate. `low` is
 * the basic-rate figure when no band is given, which SPEC.md's estimate shows.
 */
export function reliefOf(
  snapshot: Pick<WizardSnapshot, 'vehicleInfo' | 'taxYears' | 'scottishTaxpayer'> & {
    eligibilityData?: { drivesForWork?: string };
  },
): ReliefEstimate {
  const chosen = selectedYears(snapshot);
  // D27: a company vehicle's fuel claim gets no approved-amount estimate at all.
  const fuel = isFuelClaim(snapshot);
  return estimateRelief({
    scottish: snapshot.scottishTaxpayer === 'yes',
    years: mileageClaimInput(snapshot).map((y, i) => {
      const entry = chosen[i];
      return {
        ...(fuel ? { year: y.year, entries: [] } : y),
        ...(entry?.incomeBand ? { band: entry.incomeBand } : {}),
        // D31: the year's P60 figures, when given: relief off the top slice, capped at the tax paid.
        ...(entry?.taxablePay === undefined ? {} : { taxablePay: entry.taxablePay }),
        ...(entry?.taxPaid === undefined ? {} : { taxPaid: entry.taxPaid }),
      };
    }),
  });
}

/** A year's figures alone (the employer-payment step's per-year line). */
export function yearFigures(snapshot: FiguresInput, year: string): YearClaimFigures | undefined {
  return claimFigures(snapshot).years.find((y) => y.year === year);
}

export interface JobYearFigures {
  employmentId: string;
  employerName: string;
  vehicle: VehicleType;
  miles: number;
  /** Pounds, exact to the penny. */
  allowance: number;
  employerPayment: number;
  paidKind: EmployerPaidKind;
  paidPencePerMile: number;
  paidTotalPounds: number;
}

export interface YearWithJobs extends YearClaimFigures {
  /** D18: whether the year's employers share one 10,000 (only asked with two or more jobs). */
  employersConnected: YesNoAnswer;
  jobs: JobYearFigures[];
}

/**
 * Per selected year, each job with miles and its own figures, beside the year's totals: what the
 * check-your-answers page, the authority and the operator show (one computation, D3).
 */
export function figuresByJob(snapshot: Pick<WizardSnapshot, 'vehicleInfo' | 'taxYears' | 'employments'>): {
  claim: MileageClaimFigures;
  years: YearWithJobs[];
} {
  const claim = claimFigures(snapshot);
  const entries = selectedYears(snapshot);
  const years = claim.years.map((y, i) => {
    const jobs = jobsWithMiles(entries[i]!);
    return {
      ...y,
      employersConnected: asksEmployersConnected(entries[i]!)
        ? entries[i]!.employersConnected
        : ('' as const),
      jobs: jobs.map((j, k) => ({
        employmentId: j.employmentId,
        employerName: snapshot.employments.find((e) => e.id === j.employmentId)?.employerName ?? '',
        vehicle: y.entries[k]!.vehicle,
        miles: y.entries[k]!.miles,
        allowance: y.entries[k]!.allowance,
        employerPayment: y.entries[k]!.employerPayment,
        paidKind: j.paidKind,
        paidPencePerMile: j.paidPencePerMile,
        paidTotalPounds: j.paidTotalPounds,
      })),
    };
  });
  return { claim, years };
}

/**
 * The day an employment ended ('2024-08-10'), or null while it continues or has no real end date.
 * Only a job the claimant said has ended ('no') has one.
 */
export function employmentEndIso(e: Pick<Employment, 'continuing' | 'endDate'>): string | null {
  return e.continuing === 'no' ? datePartsToIso(e.endDate) : null;
}

/**
 * Whether an employment had ended before `year` began (6 April), so it can have no business miles
 * in that year: relief is for travel in the performance of the duties of that employment (ITEPA
 * 2003 s337-338) in the tax year claimed (s231), and an employment that ended before 6 April has
 * no duties in the year. A year in which it ended part-way is still its year.
 */
export function endedBeforeYear(e: Pick<Employment, 'continuing' | 'endDate'>, year: TaxYear): boolean {
  const end = employmentEndIso(e);
  return end !== null && isTaxYear(year) && end < taxYearInfo(year).start;
}

/** The years (of `years`) to ask an employment's miles for: none that began after it ended. */
export function yearsForEmployment<Y extends string>(
  e: Pick<Employment, 'continuing' | 'endDate'>,
  years: readonly Y[],
): Y[] {
  return years.filter((y) => !endedBeforeYear(e, y));
}

/** The years (of `years`) not to ask an employment's miles for: those that began after it ended. */
export function yearsAfterEmployment<Y extends string>(
  e: Pick<Employment, 'continuing' | 'endDate'>,
  years: readonly Y[],
): Y[] {
  return years.filter((y) => endedBeforeYear(e, y));
}

/** Error keys of the per-year, per-job answers (the web's field ids come from these). */
export const jobFieldKey = {
  miles: (year: string, employmentId: string) => `miles_${year}_${employmentId}`,
  vehicle: (year: string, employmentId: string) => `vehicle_${year}_${employmentId}`,
  paid: (year: string, employmentId: string) => `paid_${year}_${employmentId}`,
  paidAmount: (year: string, employmentId: string) => `paidAmount_${year}_${employmentId}`,
  connected: (year: string) => `connected_${year}`,
} as const;

/**
 * D25: the journeys of one employment: those marked for it, and for the first employment also
 * those marked for none (or for one no longer listed), so no journey is ever left out of a log.
 */
export function journeysOf(
  snapshot: Pick<WizardSnapshot, 'journeys' | 'employments'>,
  employmentId: string,
): Journey[] {
  const ids = new Set(snapshot.employments.map((e) => e.id));
  const first = snapshot.employments[0]?.id;
  return snapshot.journeys.filter((j) =>
    j.employmentId !== undefined && ids.has(j.employmentId)
      ? j.employmentId === employmentId
      : employmentId === first,
  );
}
