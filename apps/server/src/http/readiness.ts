import type { Backlog } from '../jobs/backlog.ts';
import type { PoolStats } from '../db/pool-guard.ts';

// Decision 036: readiness asks the database on its own connection with a short timeout and
// reports the job backlog and the pools. The same check answers on PORT (modules/health) and on
// HEALTH_PORT's own thread (http/health-worker.ts, decision 046).

export interface ReadinessPools {
  requests: PoolStats;
  jobs: PoolStats;
}

export type ReadinessAnswer =
  | {
      status: 200;
      body: {
        status: 'ok';
        db: 'ok';
        checkedInMs: number;
        jobs: Backlog;
        pool: ReadinessPools;
      };
    }
  | { status: 503; body: { status: 'error'; db: 'down'; pool: ReadinessPools }; code: unknown };

/** Seconds a balancer waits before asking an unready instance again. */
export const NOT_READY_RETRY_AFTER = '5';

/**
 * Readiness: `measure` (the backlog, on readiness' own connection) within `timeoutMs`. Probes that
 * arrive together share one check. Only a database that does not answer makes it 503.
 */
export function createReadinessCheck(options: {
  measure: () => Promise<Backlog>;
  pools: () => ReadinessPools;
  timeoutMs: number;
}): () => Promise<ReadinessAnswer> {
  let inFlight: Promise<Backlog> | null = null;
  return async function check(): Promise<ReadinessAnswer> {
    const started = performance.now();
    const pool = options.pools();
    try {
      inFlight ??= withTimeout(options.measure(), options.timeoutMs).finally(() => {
        inFlight = null;
      });
      const jobs = await inFlight;
      const checkedInMs = Math.round((performance.now() - started) * 10) / 10;
      return { status: 200, body: { status: 'ok', db: 'ok', checkedInMs, jobs, pool } };
    } catch (error) {
      return {
        status: 503,
        body: { status: 'error', db: 'down', pool },
        code: (error as { code?: unknown }).code,
      };
    }
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('readiness check timed out'), { code: 'ETIMEDOUT' })),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
