import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { isPostgresUrl, openProbeDatabase } from '../db/connect.ts';
import { createBacklogAlert } from '../jobs/backlog.ts';
import { createJobStore } from '../jobs/job-store.ts';
import { readHealthMemory } from './health-shared.ts';
import { createReadinessCheck, NOT_READY_RETRY_AFTER } from './readiness.ts';

// Decision 046: liveness and readiness on a thread of their own, listening on HEALTH_PORT, so a
// main thread swamped by requests never makes a balancer's probe wait. Started by
// health-listener.ts; the compiled server loads http/health-worker.js.

export interface HealthWorkerData {
  port: number;
  host: string;
  databaseUrl: string;
  readyTimeoutMs: number;
  backlogLimit: number;
  /** A main thread that has not run for this long is hung: liveness answers 503. */
  stallMs: number;
  apiHeaders: ReadonlyArray<[string, string]>;
  memory: SharedArrayBuffer;
}

const data = workerData as HealthWorkerData;
const probe = openProbeDatabase(data.databaseUrl, data.readyTimeoutMs);
const store = probe
  ? createJobStore({
      db: probe.db,
      dialect: isPostgresUrl(data.databaseUrl) ? 'postgres' : 'sqlite',
      clock: () => new Date(),
    })
  : null;
// The main thread logs the backlog's alerts and counts them; this thread only reports them.
const backlog = createBacklogAlert(data.backlogLimit);
const ready = createReadinessCheck({
  async measure() {
    if (!probe || !store) throw Object.assign(new Error('no readiness connection'), { code: 'ENOPROBE' });
    const { count, oldestAgeSeconds } = await store.countDue(probe.db, data.backlogLimit * 10);
    return { ...backlog.observe(count, oldestAgeSeconds), alerts: readHealthMemory(data.memory).alerts };
  },
  pools: () => readHealthMemory(data.memory).pools,
  timeoutMs: data.readyTimeoutMs,
});

const headers = data.apiHeaders.flat();
function send(res: ServerResponse, status: number, body: unknown, extra: string[] = []): void {
  const text = JSON.stringify(body);
  res.writeHead(status, [
    ...headers,
    'cache-control',
    'no-store',
    'content-type',
    'application/json; charset=utf-8',
    'content-length',
    String(Buffer.byteLength(text)),
    ...extra,
  ]);
  res.end(text);
}

function answer(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? '/').split('?')[0]?.replace(/\/$/, '');
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { error: 'Method not allowed' });
  if (path === '/api/health') {
    const stalledMs = Date.now() - readHealthMemory(data.memory).beatAt;
    if (stalledMs > data.stallMs) return send(res, 503, { status: 'error' }, ['retry-after', '1']);
    return send(res, 200, { status: 'ok' });
  }
  if (path === '/api/health/ready') {
    void ready().then((result) =>
      result.status === 200
        ? send(res, 200, result.body)
        : send(res, 503, result.body, ['retry-after', NOT_READY_RETRY_AFTER]),
    );
    return;
  }
  send(res, 404, { error: 'Not found' });
}

const server = http.createServer(answer);
server.keepAliveTimeout = 65_000;
server.on('error', (error: NodeJS.ErrnoException) =>
  parentPort?.postMessage({ error: error.code ?? 'Error' }),
);
server.listen(data.port, data.host, () => {
  const address = server.address();
  parentPort?.postMessage({ listening: typeof address === 'object' && address ? address.port : data.port });
});
parentPort?.on('message', (message: { close?: boolean }) => {
  if (!message.close) return;
  server.close();
  server.closeAllConnections();
  void (probe?.destroy() ?? Promise.resolve()).finally(() => parentPort?.close());
});
