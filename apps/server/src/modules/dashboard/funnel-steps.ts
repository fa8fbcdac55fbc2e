import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { ukIsoDate } from '@taxback/domain';
import type { FunnelStep } from '@taxback/domain/dashboard';
import type { Database } from '../../db/database.ts';

/** How long counts wait in memory before they are added to the table. */
const FLUSH_AFTER_MS = 10_000;

export interface FunnelSteps {
  /** One more arrival at `step` today (UK date): a counter in memory, nothing written now. */
  count(step: FunnelStep): void;
  /** Adds what has been counted to the table (the dashboard calls it before it reads). */
  flush(): Promise<void>;
  /** Flushes and stops the timer (the app's close). */
  close(): Promise<void>;
}

/**
 * Issue 45: the funnel's anonymous counts (migration 041). A step costs the request that reaches
 * it an increment in memory, never a write: counts are added to the table at most every ten
 * seconds, in one statement, by day and step, so the landing page is served as fast as before. A
 * process that dies loses at most those seconds of counts (a dashboard figure, never a record);
 * a flush that fails keeps its counts for the next one. Several instances each add their own.
 */
export function createFunnelSteps(deps: {
  db: Kysely<Database>;
  now?: () => Date;
  log?: FastifyBaseLogger;
  flushAfterMs?: number;
}): FunnelSteps {
  const now = deps.now ?? (() => new Date());
  const pending = new Map<string, { day: string; step: FunnelStep; count: number }>();
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();

  async function write(): Promise<void> {
    const rows = [...pending.values()];
    pending.clear();
    if (rows.length === 0) return;
    try {
      await deps.db
        .insertInto('funnel_steps')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['day', 'step']).doUpdateSet((eb) => ({
            count: eb('funnel_steps.count', '+', eb.ref('excluded.count')),
          })),
        )
        .execute();
    } catch (error) {
      for (const row of rows) add(row.day, row.step, row.count);
      deps.log?.warn({ err: error }, 'the funnel counts could not be saved; kept for the next try');
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    flushing = flushing.then(write);
    return flushing;
  }

  function add(day: string, step: FunnelStep, count: number) {
    const key = `${day} ${step}`;
    const entry = pending.get(key);
    if (entry) entry.count += count;
    else pending.set(key, { day, step, count });
  }

  return {
    count(step) {
      add(ukIsoDate(now()), step, 1);
      if (timer === null) {
        timer = setTimeout(() => void flush(), deps.flushAfterMs ?? FLUSH_AFTER_MS);
        timer.unref();
      }
    },
    flush,
    close: flush,
  };
}
