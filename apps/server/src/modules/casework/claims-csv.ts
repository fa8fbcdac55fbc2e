import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import { ukIsoDate } from '@taxback/domain';
import { neutraliseCell } from '../../http/csv-cells.ts';
import { toListItem } from './claims-service.ts';
import type { ClaimListRow } from './claims-repository.ts';

// The operators' claims list as a CSV download (the list's own rows and columns).

const CSV_HEADER = [
  'Reference',
  'Kind',
  'Claimant name',
  'Email',
  'Phone',
  'Submitted',
  'Status',
  'Estimated rebate (GBP)',
  'Affiliate',
  'Self Assessment',
  'P87 items missing',
  'Owner',
  'Sent to HMRC on',
  'Sent by',
  'HMRC repaid (GBP)',
  'Repaid on',
  'Our fee incl. VAT (GBP)',
  'Claimant receives (GBP)',
];

const pounds = (pence: number | null) => (pence === null ? '' : (pence / 100).toFixed(2));

/** One claim of the list as a CSV record. NI numbers are never in it: the list query does not read them. */
function csvRecord(row: ClaimListRow, today: string): string[] {
  const item = toListItem(row, today);
  return [
    item.reference,
    item.kind,
    item.name ?? '',
    item.email ?? '',
    item.phone ?? '',
    item.submittedAt ?? '',
    item.status,
    item.estimatedRebate === null ? '' : String(item.estimatedRebate),
    item.affiliate ?? '',
    item.selfAssessment === null ? '' : item.selfAssessment ? 'yes' : 'no',
    String(item.readinessMissing),
    item.owner?.name ?? '',
    item.sentOn ?? '',
    row.sent_method === 'other'
      ? `Other: ${row.sent_method_other ?? ''}`
      : row.sent_method === 'post'
        ? 'Post'
        : '',
    pounds(item.repaidPence),
    item.repaidOn ?? '',
    pounds(item.feePence),
    pounds(item.claimantPence),
  ].map(neutraliseCell);
}

/**
 * Issue 45: the filtered list as a CSV stream, a record per row as the rows arrive, so a million
 * claims take the memory of a batch (the reader's cursor) and the stream's buffer, never the list.
 * Ends with an error (the download is cut short, never a partial file passed off as whole) when
 * the rows do; `onEnd` runs once either way, with the rows written.
 */
export function claimsCsvStream(
  rows: AsyncIterable<ClaimListRow>,
  now: Date,
  onEnd: (outcome: { rows: number; error: unknown }) => void,
): Readable {
  const today = ukIsoDate(now);
  let written = 0;
  async function* records() {
    yield CSV_HEADER;
    for await (const row of rows) {
      written++;
      yield csvRecord(row, today);
    }
  }
  const csv = stringify({ record_delimiter: '\r\n' });
  pipeline(Readable.from(records()), csv, (error) => onEnd({ rows: written, error: error ?? null }));
  return csv;
}
