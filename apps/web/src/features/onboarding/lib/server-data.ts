import { parseMileageLogKey } from '@taxback/domain';
import type { ClaimEvidence, RebateSummary } from '@taxback/domain';
import type { FileLink, FileSummary, OnboardingProgress } from '@taxback/domain/api/responses';

// ---------------------------------------------------------------------------------------------
// Server-owned data: GET /api/onboarding returns it beside the snapshot; the browser only reads it.
// Every shape is the API contract's (packages/domain/src/api/responses.ts).

/** An uploaded file as the API describes it (`POST /api/onboarding/files`). */
export type UploadedFile = FileSummary;
export type LogLink = FileLink;
/** A year's generated mileage log (D12): a PDF and a CSV. */
export type MileageLogFiles = OnboardingProgress['mileageLogs'][string];

/** The server-owned fields of the progress; no totals until the server has sent some. */
export type ServerData = Pick<
  OnboardingProgress,
  | 'evidenceFiles'
  | 'mileageLogs'
  | 'p60File'
  | 'signatureUrl'
  | 'signedAuthority'
  | 'hasNiNumber'
  | 'caseDetails'
  | 'status'
  | 'submissionReference'
  | 'submittedAt'
> & { totals: RebateSummary | null };

export function createEmptyServerData(): ServerData {
  return {
    evidenceFiles: {},
    mileageLogs: {},
    p60File: null,
    signatureUrl: null,
    signedAuthority: null,
    hasNiNumber: false,
    caseDetails: null,
    status: 'draft',
    submissionReference: null,
    submittedAt: null,
    totals: null,
  };
}

/** The server-owned fields of a `GET /api/onboarding` answer. */
export function serverDataFrom(progress: OnboardingProgress): ServerData {
  const {
    evidenceFiles,
    mileageLogs,
    p60File,
    signatureUrl,
    signedAuthority,
    hasNiNumber,
    caseDetails,
    status,
    submissionReference,
    submittedAt,
    totals,
  } = progress;
  return {
    evidenceFiles,
    mileageLogs,
    p60File,
    signatureUrl,
    signedAuthority,
    hasNiNumber,
    caseDetails,
    status,
    submissionReference,
    submittedAt,
    totals,
  };
}

/**
 * Evidence per year as the step-8 rule sees it: uploaded files plus the generated mileage log,
 * which is stored as that year's evidence (D12).
 */
export function evidenceByYear(server: ServerData): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const [year, files] of Object.entries(server.evidenceFiles)) out[year] = [...files];
  for (const [key, log] of Object.entries(server.mileageLogs)) {
    // A log is keyed by its year, or its year and employment ('2024/25:job-2', issue 31).
    const list = (out[parseMileageLogKey(key).year] ??= []);
    if (log.pdf) list.push(log.pdf);
    if (log.csv) list.push(log.csv);
  }
  return out;
}

/** What the claim holds as evidence, for the journeys' checks (decision 081). */
export function claimEvidenceOf(server: ServerData): ClaimEvidence {
  return {
    logKeys: Object.keys(server.mileageLogs),
    uploadYears: Object.keys(server.evidenceFiles).filter((y) => (server.evidenceFiles[y] ?? []).length > 0),
  };
}

/** A generated log's name for people: '2024/25', or '2024/25, Acme Ltd' for one employment's. */
export function mileageLogLabel(
  key: string,
  employments: readonly { id: string; employerName: string }[],
): string {
  const { year, employmentId } = parseMileageLogKey(key);
  if (employmentId === null) return year;
  const i = employments.findIndex((e) => e.id === employmentId);
  const name = employments[i]?.employerName || (i >= 0 ? `Employer ${i + 1}` : 'an employment');
  return `${year}, ${name}`;
}
