import autocannon from 'autocannon';
import { cpuMicros } from './cpu.ts';
import { onCleanup } from './processes.ts';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** CPU time the server process used during the run (µs), when its pid was given and /proc tells. */
  cpuMicros: number | null;
  /** Answers that were not 2xx, by status code with one sample body, to explain an INVALID run. */
  failures: Record<string, { count: number; sample: string }>;
}

export interface LoadScenario {
  url: string;
  method: 'GET' | 'PUT' | 'POST';
  path: string;
  body?: string;
  /** Per-request headers; receives the connection's own context object. */
  headers?: (context: Record<string, unknown>) => Record<string, string>;
  /** Per-request body; receives the connection's own context object. */
  bodyFor?: (context: Record<string, unknown>) => string;
  /** Sees each response (e.g. to carry a revision forward on that connection). */
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  /** The server's process, whose CPU time during the run is measured. */
  pid?: number | undefined;
  /** Keep-alive connections held open for the run (CONNECTIONS unless the scenario says). */
  connections?: number;
}

export const CONNECTIONS = 10;

/** One fixed-size run: `connections` keep-alive connections for `seconds`, no pipelining. */
export async function runLoad(s: LoadScenario, seconds: number): Promise<LoadResult> {
  const failures: LoadResult['failures'] = {};
  // The promise autocannon returns is its run tracker too: stopped first if the bench is interrupted.
  const run = autocannon({
    url: s.url,
    connections: s.connections ?? CONNECTIONS,
    duration: seconds,
    pipelining: 1,
    timeout: 10,
    requests: [
      {
        method: s.method,
        path: s.path,
        setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
          const headers: Record<string, string> = {
            'content-type': 'application/json',
            ...(s.headers?.(context) ?? {}),
          };
          const body = s.bodyFor ? s.bodyFor(context) : s.body;
          return body === undefined ? { ...req, headers } : { ...req, headers, body };
        },
        onResponse: (status: number, body: string, context: Record<string, unknown>) => {
          if (status < 200 || status > 299) {
            const f = (failures[String(status)] ??= { count: 0, sample: String(body).slice(0, 200) });
            f.count += 1;
          }
          s.onResponse?.(status, body, context);
        },
      },
    ],
  } as unknown as autocannon.Options) as unknown as Promise<autocannon.Result> & { stop: () => void };
  const cpuBefore = cpuMicros(s.pid);
  const unregister = onCleanup('stop the load generator', () => run.stop());
  let result: autocannon.Result;
  try {
    result = await run;
  } finally {
    unregister();
  }
  const cpuAfter = cpuMicros(s.pid);
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    cpuMicros: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
    failures,
  };
}
