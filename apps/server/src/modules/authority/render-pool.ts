import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { renderAuthority, renderThreadId } from './render-worker.ts';
import type { AuthorityRenderTask } from './render-worker.ts';

// Decision 029: signed authorities render on worker threads (RENDER_THREADS, default 1), off the
// thread that answers requests; RENDER_THREADS=0 renders on that thread. The pool starts with its
// first render, its idle threads never keep the process alive, and it closes with the app.

/** The worker module: the compiled one beside the server bundle, or the source under tsx and vitest. */
function workerFile(): { filename: string; typescript: boolean } {
  const here = import.meta.url;
  const candidates = here.endsWith('.ts')
    ? [new URL('./render-worker.ts', here)]
    : [new URL('./modules/authority/render-worker.js', here), new URL('./render-worker.js', here)];
  for (const url of candidates) {
    const filename = fileURLToPath(url);
    if (fs.existsSync(filename)) return { filename, typescript: filename.endsWith('.ts') };
  }
  throw new Error(`the PDF render worker is missing (looked for ${candidates.map(String).join(', ')})`);
}

export interface AuthorityRenderer {
  render(task: AuthorityRenderTask): Promise<Uint8Array>;
  /** The id of the thread renders run on (0: the main thread). */
  threadId(): Promise<number>;
  close(): Promise<void>;
}

export function createAuthorityRenderer(threads: number): AuthorityRenderer {
  if (threads === 0)
    return { render: renderAuthority, threadId: async () => renderThreadId(), close: async () => {} };
  let pool: Piscina | null = null;
  const start = (): Piscina => {
    const { filename, typescript } = workerFile();
    return new Piscina({
      filename,
      name: 'renderAuthority',
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 60_000,
      // The TypeScript worker (development, tests) loads through tsx; the test runner's own flags
      // (such as --expose-gc) are refused by worker threads, so none are passed on.
      ...(typescript ? { execArgv: ['--import', 'tsx'] } : {}),
    });
  };
  return {
    render: (task) => (pool ??= start()).run(task) as Promise<Uint8Array>,
    threadId: () => (pool ??= start()).run(null, { name: 'renderThreadId' }) as Promise<number>,
    async close() {
      const running = pool;
      pool = null;
      if (running) await running.destroy();
    },
  };
}
