import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createHealthMemory, writeHealthMemory } from './health-shared.ts';
import type { HealthWorkerData } from './health-worker.ts';
import type { ReadinessPools } from './readiness.ts';

// Decision 046: liveness and readiness on their own thread and port (HEALTH_PORT). Under overload
// the main thread's event loop is busy answering (or refusing) thousands of requests, and a probe
// on PORT waits its turn behind them; a thread of its own answers at once. The main thread writes
// when it last ran and the pools' gauges into shared memory every 100 ms; a main thread silent
// for `stallMs` is hung, and liveness says so.

const BEAT_EVERY_MS = 100;

/** The health thread's module: compiled beside the server bundle, or, from source, through tsx. */
function workerFile(): string {
  const here = import.meta.url;
  const candidates = here.endsWith('.ts')
    ? [new URL('./health-worker-source.mjs', here)]
    : [new URL('./http/health-worker.js', here), new URL('./health-worker.js', here)];
  for (const url of candidates) {
    const filename = fileURLToPath(url);
    if (fs.existsSync(filename)) return filename;
  }
  throw new Error(`the health worker is missing (looked for ${candidates.map(String).join(', ')})`);
}

export interface HealthListenerOptions {
  port: number;
  host: string;
  databaseUrl: string;
  readyTimeoutMs: number;
  backlogLimit: number;
  apiHeaders: ReadonlyArray<[string, string]>;
  pools: () => ReadinessPools;
  alerts: () => number;
  /** Told when the health thread fails after it started (liveness is then down: a restart is due). */
  onError: (error: Error) => void;
  stallMs?: number;
}

export interface HealthListener {
  port: number;
  close(): Promise<void>;
}

export async function startHealthListener(options: HealthListenerOptions): Promise<HealthListener> {
  const memory = createHealthMemory();
  const publish = () =>
    writeHealthMemory(memory, { beatAt: Date.now(), pools: options.pools(), alerts: options.alerts() });
  publish();
  const beat = setInterval(publish, BEAT_EVERY_MS);
  beat.unref();
  const data: HealthWorkerData = {
    port: options.port,
    host: options.host,
    databaseUrl: options.databaseUrl,
    readyTimeoutMs: options.readyTimeoutMs,
    backlogLimit: options.backlogLimit,
    stallMs: options.stallMs ?? 10_000,
    apiHeaders: options.apiHeaders,
    memory,
  };
  // Worker threads refuse some process flags (the test runner's): pass none on.
  const worker = new Worker(workerFile(), { workerData: data, execArgv: [] });
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the health worker stopped (exit ${code})`)));
      worker.on('message', (message: { listening?: number; error?: string }) => {
        if (message.listening !== undefined) resolve(message.listening);
        if (message.error !== undefined)
          reject(new Error(`the health listener could not listen: ${message.error}`));
      });
    });
    worker.on('error', options.onError);
    return {
      port,
      async close() {
        clearInterval(beat);
        worker.postMessage({ close: true });
        const timer = setTimeout(() => void worker.terminate(), 2_000);
        await exited;
        clearTimeout(timer);
      },
    };
  } catch (error) {
    clearInterval(beat);
    await worker.terminate();
    throw error;
  }
}
