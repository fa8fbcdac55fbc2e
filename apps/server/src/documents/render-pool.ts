import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { P87WorksheetInput } from './p87-worksheet.ts';
import type { MileageLogDocument, MileageLogInput } from './mileage-log.ts';
import {
  renderAuthority,
  renderInvoice,
  renderMileageLog,
  renderThreadId,
  renderWorksheet,
} from './render-worker.ts';
import type { InvoiceDocument } from './invoice-pdf.ts';
import type { AuthorityRenderTask } from './render-worker.ts';

// Decision 029: documents render on worker threads (RENDER_THREADS, default 1), off the thread that
// answers requests; RENDER_THREADS=0 renders on that thread. The pool starts with its first render,
// its idle threads never keep the process alive, and it closes with the app.

/**
 * The worker module: the compiled one beside the server bundle, or, under tsx and vitest, the
 * plain module that loads the TypeScript worker through tsx (render-worker-source.mjs).
 */
function workerFile(): string {
  const here = import.meta.url;
  const candidates = here.endsWith('.ts')
    ? [new URL('./render-worker-source.mjs', here)]
    : [new URL('./documents/render-worker.js', here), new URL('./render-worker.js', here)];
  for (const url of candidates) {
    const filename = fileURLToPath(url);
    if (fs.existsSync(filename)) return filename;
  }
  throw new Error(`the document render worker is missing (looked for ${candidates.map(String).join(', ')})`);
}

export interface DocumentRenderer {
  /** D19: the signed authority PDF. */
  authority(task: AuthorityRenderTask): Promise<Uint8Array>;
  /** D12, D25: the dated mileage logs, a PDF and a CSV per year. */
  mileageLog(input: MileageLogInput): Promise<MileageLogDocument[]>;
  /** D22: the operator's P87 worksheet. */
  p87Worksheet(input: P87WorksheetInput): Promise<Uint8Array>;
  /** D41: our invoice for the fee. */
  invoice(input: InvoiceDocument): Promise<Uint8Array>;
  /** The id of the thread renders run on (0: the main thread). */
  threadId(): Promise<number>;
  close(): Promise<void>;
}

export function createDocumentRenderer(threads: number): DocumentRenderer {
  if (threads === 0)
    return {
      authority: renderAuthority,
      mileageLog: renderMileageLog,
      p87Worksheet: renderWorksheet,
      invoice: renderInvoice,
      threadId: async () => renderThreadId(),
      close: async () => {},
    };
  let pool: Piscina | null = null;
  const start = (): Piscina => {
    return new Piscina({
      filename: workerFile(),
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 60_000,
      // Worker threads refuse some process flags (the test runner's --expose-gc): pass none on.
      execArgv: [],
    });
  };
  const run = <T>(name: string, task: unknown) => (pool ??= start()).run(task, { name }) as Promise<T>;
  return {
    authority: (task) => run<Uint8Array>('renderAuthority', task),
    mileageLog: (input) => run<MileageLogDocument[]>('renderMileageLog', input),
    p87Worksheet: (input) => run<Uint8Array>('renderWorksheet', input),
    invoice: (input) => run<Uint8Array>('renderInvoice', input),
    threadId: () => run<number>('renderThreadId', null),
    async close() {
      const running = pool;
      pool = null;
      if (running) await running.destroy();
    },
  };
}
