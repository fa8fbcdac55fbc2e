import { claimableTaxYears, isTaxYear, type TaxYearInfo } from '@taxback/domain';
import type { Journey, RebateSummary } from '@taxback/domain';

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

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}
function str(x: unknown): string {
  return typeof x === 'string' ? x : '';
}
function num(x: unknown): number {
  return typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : 0;
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

// ---------------------------------------------------------------------------------------------
// Server-owned data: GET /api/onboarding returns it beside the snapshot; the browser only reads it.

/** An uploaded file as the API describes it (`POST /api/onboarding/files`). */
export interface UploadedFile {
  id: string;
  filename: string;
  url: string;
  type: string;
  size: number;
}

export interface LogLink {
  id: string;
  url: string;
  filename: string;
}

/** A year's generated mileage log (D12): a PDF and a CSV. */
export interface MileageLogFiles {
  pdf?: LogLink;
  csv?: LogLink;
}

export type ClaimStatus = 'draft' | 'submitted' | (string & {});

export interface ServerData {
  evidenceFiles: Record<string, UploadedFile[]>;
  mileageLogs: Record<string, MileageLogFiles>;
  p60File: UploadedFile | null;
  signatureUrl: string | null;
  hasNiNumber: boolean;
  status: ClaimStatus;
  submissionReference: string | null;
  submittedAt: string | null;
  totals: RebateSummary | null;
}

export function createEmptyServerData(): ServerData {
  return {
    evidenceFiles: {},
    mileageLogs: {},
    p60File: null,
    signatureUrl: null,
    hasNiNumber: false,
    status: 'draft',
    submissionReference: null,
    submittedAt: null,
    totals: null,
  };
}

function nullableStr(x: unknown): string | null {
  return typeof x === 'string' && x !== '' ? x : null;
}

export function readUploadedFile(x: unknown): UploadedFile | null {
  if (!isRecord(x) || typeof x.id !== 'string' || typeof x.url !== 'string') return null;
  return {
    id: x.id,
    filename: str(x.filename) || 'file',
    url: x.url,
    type: str(x.type),
    size: num(x.size),
  };
}

function readLogLink(x: unknown): LogLink | undefined {
  if (!isRecord(x) || typeof x.id !== 'string' || typeof x.url !== 'string') return undefined;
  return { id: x.id, url: x.url, filename: str(x.filename) || 'mileage-log' };
}

/** Per-year mileage logs from `GET /api/onboarding` or `POST /api/onboarding/mileage-log`. */
export function readMileageLogs(x: unknown): Record<string, MileageLogFiles> {
  const out: Record<string, MileageLogFiles> = {};
  if (!isRecord(x)) return out;
  for (const [year, entry] of Object.entries(x)) {
    if (!isTaxYear(year) || !isRecord(entry)) continue;
    const pdf = readLogLink(entry.pdf);
    const csv = readLogLink(entry.csv);
    if (pdf || csv) out[year] = { ...(pdf ? { pdf } : {}), ...(csv ? { csv } : {}) };
  }
  return out;
}

function readTotals(x: unknown): RebateSummary | null {
  if (!isRecord(x) || !Array.isArray(x.years)) return null;
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return {
    years: x.years.filter(isRecord).map((y) => ({
      year: str(y.year),
      miles: n(y.miles),
      allowance: n(y.allowance),
      employerPayment: n(y.employerPayment),
      claimable: n(y.claimable),
      selfAssessmentRequired: y.selfAssessmentRequired === true,
    })),
    totalMiles: n(x.totalMiles),
    totalAllowance: n(x.totalAllowance),
    totalEmployerPayment: n(x.totalEmployerPayment),
    totalClaimable: n(x.totalClaimable),
    rebate20: n(x.rebate20),
    rebate40: n(x.rebate40),
    selfAssessmentRequired: x.selfAssessmentRequired === true,
  };
}

/** Reads the server-owned fields of a `GET /api/onboarding` answer defensively. */
export function normaliseServerData(raw: unknown): ServerData {
  const empty = createEmptyServerData();
  if (!isRecord(raw)) return empty;
  const evidenceFiles: Record<string, UploadedFile[]> = {};
  if (isRecord(raw.evidenceFiles)) {
    for (const [year, list] of Object.entries(raw.evidenceFiles)) {
      if (!isTaxYear(year) || !Array.isArray(list)) continue;
      const files = list.map(readUploadedFile).filter((f): f is UploadedFile => f !== null);
      if (files.length > 0) evidenceFiles[year] = files;
    }
  }
  return {
    evidenceFiles,
    mileageLogs: readMileageLogs(raw.mileageLogs),
    p60File: readUploadedFile(raw.p60File),
    signatureUrl: nullableStr(raw.signatureUrl),
    hasNiNumber: raw.hasNiNumber === true,
    status: nullableStr(raw.status) ?? 'draft',
    submissionReference: nullableStr(raw.submissionReference),
    submittedAt: nullableStr(raw.submittedAt),
    totals: readTotals(raw.totals),
  };
}

/**
 * Evidence per year as the step-8 rule sees it: uploaded files plus the generated mileage log,
 * which is stored as that year's evidence (D12).
 */
export function evidenceByYear(server: ServerData): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const [year, files] of Object.entries(server.evidenceFiles)) out[year] = [...files];
  for (const [year, log] of Object.entries(server.mileageLogs)) {
    const list = (out[year] ??= []);
    if (log.pdf) list.push(log.pdf);
    if (log.csv) list.push(log.csv);
  }
  return out;
}
