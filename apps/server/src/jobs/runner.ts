import type { FastifyBaseLogger } from 'fastify';
import type { JobRow, JobStore } from './job-store.ts';

/**
 * `signal` is aborted when this instance loses the job's lease (its heartbeat found another
 * instance had taken the job over): a handler checks it before doing something it cannot undo.
 */
export type JobHandler = (
  payload: unknown,
  job: { id: string; attempt: number; signal: AbortSignal },
) => Promise<void>;

export interface JobRunnerOptions {
  store: JobStore;
  handlers: ReadonlyMap<string, { handler: JobHandler; maxAttempts: number }>;
  /** Enqueues the due schedules' runs (once per poll). */
  runSchedules: () => Promise<void>;
  log?: FastifyBaseLogger | undefined;
  pollMs: number;
  leaseMs: number;
  heartbeatMs: number;
  concurrency: number;
  backoffMs: (attempt: number) => number;
}

/** A job error as stored and logged: its code or name only, never its message (personal data). */
export function errorLabel(error: unknown): string {
  if (error && typeof error === 'object') {
    const { code, name, statusCode } = error as { code?: unknown; name?: unknown; statusCode?: unknown };
    if (typeof code === 'string' || typeof code === 'number') return String(code).slice(0, 100);
    if (typeof statusCode === 'number') return `HTTP ${statusCode}`;
    if (typeof name === 'string') return name.slice(0, 100);
  }
  return 'Error';
}

/**
 * The runner (decision 036): keeps up to `concurrency` jobs running, claiming more as slots free,
 * renews the lease of each job in hand every `heartbeatMs`, and writes each try's result only
 * while the lease is still that try's.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { store, handlers, log, pollMs, leaseMs, heartbeatMs, concurrency, backoffMs } = options;
  /** Jobs in hand: the try (attempt) this instance claimed, which fences every later update. */
  const running = new Map<string, { attempt: number; lost: AbortController; done: Promise<void> }>();
  let timer: NodeJS.Timeout | null = null;
  let heartbeatTimer: NodeJS.Timeout | null = null;
  let stopped = true;
  let looking: Promise<void> | null = null;
  let busy = false;
  let lastSchedulesAt = 0;

  const claim = () => store.claimDue([...handlers.keys()], concurrency - running.size, leaseMs);

  /** Runs a claimed job; its result is written only while the lease is still this try's. */
  function runOne(job: JobRow): Promise<void> {
    const attempt = Number(job.attempts);
    const lost = new AbortController();
    const done = runClaimed(job, attempt, lost.signal).finally(() => {
      running.delete(job.id);
      if (running.size === 0 && heartbeatTimer) {
        clearInterval(heartbeatTimer);
        heartbeatTimer = null;
      }
    });
    running.set(job.id, { attempt, lost, done });
    if (heartbeatTimer === null) {
      heartbeatTimer = setInterval(() => void heartbeat(), heartbeatMs);
      heartbeatTimer.unref();
    }
    return done;
  }

  async function runClaimed(job: JobRow, attempt: number, signal: AbortSignal): Promise<void> {
    const entry = handlers.get(job.name);
    if (!entry) return;
    try {
      await entry.handler(JSON.parse(job.payload) as unknown, { id: job.id, attempt, signal });
      await store.markDone(job.id, attempt);
    } catch (error) {
      const label = errorLabel(error);
      if (attempt >= Number(job.max_attempts)) {
        log?.error({ job: job.name, jobId: job.id, attempt, error: label }, 'job failed for good');
        await store.markFailed(job.id, attempt, label);
      } else {
        log?.warn({ job: job.name, jobId: job.id, attempt, error: label }, 'job failed; will retry');
        await store.markForRetry(job.id, attempt, label, backoffMs(attempt));
      }
    }
  }

  /**
   * Renews the lease of every job in hand (decision 036): a job runs as long as it needs, yet one
   * held by an instance that died is free again a lease (30 s) after its last heartbeat. A job
   * another instance took over (this instance stalled past its lease) is marked lost.
   */
  async function heartbeat(): Promise<number> {
    let renewed = 0;
    for (const [id, hand] of running) {
      if (hand.lost.signal.aborted) continue;
      try {
        if (await store.renewLease(id, hand.attempt, leaseMs)) renewed += 1;
        else if (running.has(id)) {
          log?.warn({ jobId: id, attempt: hand.attempt }, 'job lease lost to another instance');
          hand.lost.abort();
        }
      } catch (error) {
        // The database is busy or away: the next beat tries again, well inside the lease.
        log?.warn({ jobId: id, error: errorLabel(error) }, 'job heartbeat failed');
      }
    }
    return renewed;
  }

  /** One look: schedules, then the due jobs, run side by side. Returns how many jobs ran. */
  async function tick(): Promise<number> {
    await options.runSchedules();
    const jobs = await claim();
    await Promise.all(jobs.map(runOne));
    return jobs.length;
  }

  /** Looks again after `delayMs` (unless a look is under way or the runner is stopped). */
  function wake(delayMs: number): void {
    if (stopped || busy) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      looking = look();
    }, delayMs);
    timer.unref();
  }

  async function look(): Promise<void> {
    busy = true;
    let claimed = 0;
    try {
      if (Date.now() - lastSchedulesAt >= pollMs) {
        lastSchedulesAt = Date.now();
        await options.runSchedules();
      }
      const jobs = await claim();
      claimed = jobs.length;
      for (const job of jobs) {
        runOne(job).then(
          // Claim again once half the slots are free, so claims stay batched under load.
          () => {
            if (running.size <= Math.floor(concurrency / 2)) wake(0);
          },
          (error: unknown) => {
            log?.error({ job: job.name, jobId: job.id, error: errorLabel(error) }, 'job result not recorded');
            wake(0);
          },
        );
      }
    } catch (error) {
      log?.error({ error: errorLabel(error) }, 'job queue look failed');
    } finally {
      busy = false;
    }
    if (stopped) return;
    // Straight on while there is work and room; otherwise a poll interval, or a job's end.
    if (claimed > 0 && running.size < concurrency) wake(0);
    else if (running.size < concurrency) wake(pollMs);
  }

  return {
    tick,
    heartbeat,
    runningCount: () => running.size,
    start(): void {
      if (!stopped) return;
      stopped = false;
      wake(0);
    },
    /** Stops looking and waits for the jobs in hand (their heartbeats go on until they end). */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await looking;
      await Promise.all([...running.values()].map((hand) => hand.done));
    },
  };
}
