import type { FastifyBaseLogger } from 'fastify';

/** Due jobs not yet running, and how long the oldest has waited since it was due. */
export interface Backlog {
  count: number;
  oldestAgeSeconds: number | null;
  limit: number;
  overLimit: boolean;
  /** Times since start this instance saw the backlog cross its limit (the alert's counter). */
  alerts: number;
}

/**
 * The backlog's alert hook (decision 036): crossing the limit logs a warning (again each minute
 * while over) and counts one alert; coming back under logs once. Claims are still accepted: the
 * jobs are durable.
 */
export function createBacklogAlert(limit: number, log?: FastifyBaseLogger) {
  const alert = { over: false, alerts: 0, lastWarnAt: 0 };
  function observe(count: number, oldestAgeSeconds: number | null): Backlog {
    const overLimit = count > limit;
    if (overLimit && (!alert.over || Date.now() - alert.lastWarnAt >= 60_000)) {
      if (!alert.over) alert.alerts += 1;
      alert.lastWarnAt = Date.now();
      log?.warn(
        { backlog: count, limit, oldestAgeSeconds, alerts: alert.alerts },
        'job backlog over its limit',
      );
    } else if (!overLimit && alert.over) {
      log?.info({ backlog: count, limit }, 'job backlog back under its limit');
    }
    alert.over = overLimit;
    return {
      count,
      oldestAgeSeconds: oldestAgeSeconds === null ? null : Math.round(oldestAgeSeconds * 10) / 10,
      limit,
      overLimit,
      alerts: alert.alerts,
    };
  }
  return { observe, alerts: () => alert.alerts };
}
