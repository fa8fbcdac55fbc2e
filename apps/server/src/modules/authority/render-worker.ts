import { threadId } from 'node:worker_threads';
import type { AuthorityDocument } from '@taxback/domain';
import { renderAuthorityPdf } from './pdf.ts';
import type { SigningEvidence } from './pdf.ts';

// Decision 029: the worker thread that renders signed authorities, so a PDF's 5-10 ms of CPU never
// holds up the requests the main thread is answering. Loaded by render-pool.ts through piscina.

export interface AuthorityRenderTask {
  document: AuthorityDocument;
  evidence: SigningEvidence;
  companyName: string;
}

export function renderAuthority(task: AuthorityRenderTask): Promise<Uint8Array> {
  return renderAuthorityPdf(task.document, task.evidence, task.companyName);
}

/** The thread a task would run on (tests check that the pool renders off the main thread). */
export function renderThreadId(): number {
  return threadId;
}
