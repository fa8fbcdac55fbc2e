import type { TaxYear } from '@taxback/domain';
import { fileUrl } from '../files/service.ts';
import type { SavedFile } from '../files/service.ts';
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
    const entry = (out[row.tax_year] ??= {});
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

/** evidence_files column: each year's uploads and generated logs (SPEC §3: filename, url, type, size). */
export function evidenceColumn(rows: ClaimFileRow[]): string {
  return JSON.stringify(groupByYear(rows.filter((r) => r.kind === 'evidence' || r.kind === 'mileage-log')));
}
