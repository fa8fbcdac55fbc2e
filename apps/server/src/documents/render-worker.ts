import { threadId } from 'node:worker_threads';
import type { AuthorityDocument } from '@taxback/domain';
import { renderAuthorityPdf } from './authority-pdf.ts';
import type { SigningEvidence } from './authority-pdf.ts';
import { renderP87Worksheet } from './p87-worksheet.ts';
import type { P87WorksheetInput } from './p87-worksheet.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import type { InvoiceDocument } from './invoice-pdf.ts';
import { generateMileageLog } from './mileage-log.ts';
import type { MileageLogDocument, MileageLogInput } from './mileage-log.ts';

// Decision 029: the worker thread that renders documents, so the CPU a PDF takes (5-10 ms for a
// signed authority or a P87 worksheet, up to hundreds for a five-year mileage log) never holds up
// the requests the main thread is answering. Loaded by render-pool.ts through piscina; each export
// is a task.

export interface AuthorityRenderTask {
  document: AuthorityDocument;
  evidence: SigningEvidence;
  companyName: string;
}

export function renderAuthority(task: AuthorityRenderTask): Promise<Uint8Array> {
  return renderAuthorityPdf(task.document, task.evidence, task.companyName);
}

export function renderMileageLog(input: MileageLogInput): Promise<MileageLogDocument[]> {
  return generateMileageLog(input);
}

export function renderWorksheet(input: P87WorksheetInput): Promise<Uint8Array> {
  return renderP87Worksheet(input);
}

export function renderInvoice(input: InvoiceDocument): Promise<Uint8Array> {
  return renderInvoicePdf(input);
}

/** The thread a task runs on (tests check that the pool renders off the main thread). */
export function renderThreadId(): number {
  return threadId;
}
