import { isRecord, isTaxYear, num, str, type RebateSummary } from '@taxback/domain';

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
  /** D19: the signed authority PDF, once signed. */
  signedAuthority: LogLink | null;
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
    signedAuthority: null,
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

export function readLogLink(x: unknown): LogLink | undefined {
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
      taxableExcess: n(y.taxableExcess),
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
    signedAuthority: readLogLink(raw.signedAuthority) ?? null,
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
