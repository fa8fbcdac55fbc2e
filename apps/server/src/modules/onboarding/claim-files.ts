import {
  leftOutMilesProblems,
  logMilesMismatches,
  mileageLogKey,
  mileageLogKeysOfFiles,
  parseMileageLogFilename,
  p87InputOfSnapshot,
  p87Readiness,
  ukIsoDate,
} from '@taxback/domain';
import { detailsYears, selfAssessmentYearsOfCase } from '@taxback/domain';
import type {
  GeneralDetails,
  LogMilesMismatch,
  ReadinessItem,
  TaxYear,
  WizardSnapshot,
} from '@taxback/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { readStoredDetails } from '../claims/index.ts';
import { fromJsonText } from '../../db/values.ts';
import { fileUrl } from '../files/index.ts';
import type { SavedFile } from '../files/index.ts';
import type { ClaimFileRow } from './repository.ts';

// A claim's stored files as the API shows them: summaries, grouped by tax year, the mileage logs
// and the signed authority.

export interface FileSummary {
  id: string;
  filename: string;
  url: string;
  type: string;
  size: number;
}

export function summarise(
  f: Pick<SavedFile, 'id' | 'filename' | 'url' | 'contentType' | 'size'>,
): FileSummary {
  return { id: f.id, filename: f.filename, url: f.url, type: f.contentType, size: f.size };
}

export function summariseRow(row: ClaimFileRow): FileSummary {
  return {
    id: row.id,
    filename: row.filename,
    url: fileUrl(row.id),
    type: row.content_type,
    size: Number(row.size),
  };
}

export function groupByYear(rows: ClaimFileRow[]): Record<TaxYear, FileSummary[]> {
  const out: Record<TaxYear, FileSummary[]> = {};
  for (const row of rows) (out[row.tax_year] ??= []).push(summariseRow(row));
  return out;
}

export interface LogLink {
  id: string;
  url: string;
  filename: string;
}

export function mileageLogsOf(rows: ClaimFileRow[]): Record<TaxYear, { pdf?: LogLink; csv?: LogLink }> {
  const out: Record<TaxYear, { pdf?: LogLink; csv?: LogLink }> = {};
  for (const row of rows) {
    if (row.kind !== 'mileage-log') continue;
    const link = { id: row.id, url: fileUrl(row.id), filename: row.filename };
    // Keyed '2024/25', or '2024/25:job-2' for one employment's log of the year (issue 31).
    const key = mileageLogKey(row.tax_year, parseMileageLogFilename(row.filename)?.employmentId);
    const entry = (out[key] ??= {});
    if (row.content_type === 'application/pdf') entry.pdf = link;
    else entry.csv = link;
  }
  return out;
}

/** D19: the claim's signed authority PDF (the latest, as signing again replaces it). */
export function authorityOfRows(rows: ClaimFileRow[]): LogLink | null {
  const row = rows.filter((r) => r.kind === 'authority').at(-1);
  return row ? { id: row.id, url: fileUrl(row.id), filename: row.filename } : null;
}

/** A claim's evidence files per tax year: each year's uploads and generated logs. */
export function evidenceByYear(rows: ClaimFileRow[]): Record<TaxYear, FileSummary[]> {
  return groupByYear(rows.filter((r) => r.kind === 'evidence' || r.kind === 'mileage-log'));
}

/**
 * Decision 081: a signed or submitted claim may not claim, for a year, the miles its log leaves out
 * as commuting (the business-journey test): the evidence step's check, as of `asOf`'s UK day. The
 * field errors to answer with (nothing is stored then), or an empty object.
 */
export function leftOutMilesErrors(
  snapshot: WizardSnapshot,
  rows: ClaimFileRow[],
  asOf: Date,
): Record<string, string> {
  const evidence = {
    logKeys: mileageLogKeysOfFiles(rows.filter((r) => r.kind === 'mileage-log')),
    uploadYears: rows.flatMap((r) => (r.kind === 'evidence' && r.tax_year ? [r.tax_year] : [])),
  };
  return leftOutMilesProblems(snapshot, evidence, ukIsoDate(asOf));
}

/**
 * Decision 084: leftOutMilesErrors for a submitted claim, from its `evidence_files` column (each
 * year's uploads and generated logs): what an amendment's signing checks before it stores anything.
 */
export function leftOutMilesErrorsOfEvidence(
  snapshot: WizardSnapshot,
  evidenceFiles: string | null,
  asOf: Date,
): Record<string, string> {
  const byYear = fromJsonText<Record<string, { filename?: string }[]>>(evidenceFiles, {});
  const files = Object.values(byYear).flat();
  const uploadYears = Object.entries(byYear).flatMap(([year, list]) =>
    list.some((f) => parseMileageLogFilename(f.filename ?? '') === null) ? [year] : [],
  );
  return leftOutMilesProblems(
    snapshot,
    { logKeys: mileageLogKeysOfFiles(files), uploadYears },
    ukIsoDate(asOf),
  );
}

/** evidence_files column: each year's uploads and generated logs (SPEC §3: filename, url, type, size). */
export function evidenceColumn(rows: ClaimFileRow[]): string {
  return JSON.stringify(evidenceByYear(rows));
}

/** The files listed in an `evidence_files` column (each year's uploads and generated logs). */
export function filesOfEvidenceColumn(evidenceFiles: string | null): { filename?: string }[] {
  return Object.values(fromJsonText<Record<string, { filename?: string }[]>>(evidenceFiles, {})).flat();
}

/**
 * D25, issue 31: each generated log (per year, or per year and employment) that adds up to other
 * miles than the claim states, as of `asOf`'s UK day: what check your answers, the authority and the
 * operators' readiness all say.
 */
export function logMismatchesOfFiles(
  snapshot: WizardSnapshot,
  files: readonly { filename?: string | null }[],
  asOf: Date,
): LogMilesMismatch[] {
  return logMilesMismatches(snapshot, mileageLogKeysOfFiles(files), ukIsoDate(asOf));
}

/**
 * D17 with D25: a mileage claim's readiness list, the log mismatches included. One function for
 * the stored count at submission (migration 019), the queue's count when none is stored, and the
 * claim page's list, so "P87: n missing" is always the length of the list the operator opens.
 */
/**
 * Issue 42 (D31 with D38): a mileage claim's own years that are Self Assessment years across its
 * case, with the funnel claim's details; undefined for a claim alone (its own years decide).
 */
export function mileageCaseSelfAssessment(
  snapshot: WizardSnapshot,
  caseDetails: GeneralDetails | null | undefined,
): string[] | undefined {
  if (!caseDetails) return undefined;
  const own = snapshot.taxYears.filter((t) => t.selected).map((t) => t.year);
  return selfAssessmentYearsOfCase({ mileage: snapshot, details: caseDetails }).filter((y) =>
    own.includes(y),
  );
}

/** Issue 42: the details of the funnel claim whose case a mileage claim joined (case_id), or null. */
export async function caseDetailsOf(
  db: Kysely<Database>,
  caseId: string | null,
): Promise<GeneralDetails | null> {
  if (caseId === null) return null;
  const row = await db
    .selectFrom('form_responses')
    .select('details')
    .where('id', '=', caseId)
    .executeTakeFirst();
  return readStoredDetails(row?.details ?? null)?.details ?? null;
}

/**
 * Issue 42: when a case's mileage claim is submitted or amended, its funnel claim keeps which of
 * its own years are Self Assessment years across the case (migration 034), for the queues.
 */
export async function storeCaseSelfAssessment(
  trx: Kysely<Database>,
  caseId: string | null,
  snapshot: WizardSnapshot,
  caseDetails: GeneralDetails | null,
): Promise<void> {
  if (caseId === null || caseDetails === null) return;
  const own = detailsYears(caseDetails).map((y) => y.year);
  const years = selfAssessmentYearsOfCase({ mileage: snapshot, details: caseDetails }).filter((y) =>
    own.includes(y),
  );
  await trx
    .updateTable('form_responses')
    .set({ case_self_assessment: JSON.stringify(years) })
    .where('id', '=', caseId)
    .execute();
}

export function mileageReadiness(
  snapshot: WizardSnapshot,
  hasNi: boolean,
  files: readonly { filename?: string | null }[],
  asOf: Date,
  /** Issue 42: the case's Self Assessment years, when the claim shares its years with another. */
  selfAssessmentYears?: readonly string[],
): ReadinessItem[] {
  return p87Readiness({
    ...p87InputOfSnapshot(snapshot, hasNi),
    ...(selfAssessmentYears ? { selfAssessmentYears } : {}),
    logMismatches: logMismatchesOfFiles(snapshot, files, asOf),
  });
}
