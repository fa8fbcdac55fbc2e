import type { PoolStats } from '../db/pool-guard.ts';
import type { ReadinessPools } from './readiness.ts';

// Decision 046: what the main thread tells the health thread, in shared memory: when its event
// loop last ran (liveness) and the gauges readiness reports. Plain numbers, written every 100 ms.

const BEAT = 0;
const REQUESTS = 1;
const JOBS = 7;
const ALERTS = 13;
const SLOTS = 14;
const POOL_FIELDS = ['size', 'inUse', 'waiting', 'maxWaiting', 'waits', 'shed'] as const;

export function createHealthMemory(): SharedArrayBuffer {
  return new SharedArrayBuffer(SLOTS * Float64Array.BYTES_PER_ELEMENT);
}

export function writeHealthMemory(
  memory: SharedArrayBuffer,
  state: { beatAt: number; pools: ReadinessPools; alerts: number },
): void {
  const view = new Float64Array(memory);
  view[BEAT] = state.beatAt;
  writePool(view, REQUESTS, state.pools.requests);
  writePool(view, JOBS, state.pools.jobs);
  view[ALERTS] = state.alerts;
}

export function readHealthMemory(memory: SharedArrayBuffer): {
  beatAt: number;
  pools: ReadinessPools;
  alerts: number;
} {
  const view = new Float64Array(memory);
  return {
    beatAt: view[BEAT] ?? 0,
    pools: { requests: readPool(view, REQUESTS), jobs: readPool(view, JOBS) },
    alerts: view[ALERTS] ?? 0,
  };
}

function writePool(view: Float64Array, at: number, stats: PoolStats): void {
  for (const [i, field] of POOL_FIELDS.entries()) view[at + i] = stats[field] ?? -1;
}

function readPool(view: Float64Array, at: number): PoolStats {
  const value = (i: number) => view[at + i] ?? 0;
  const maxWaiting = value(3);
  return {
    size: value(0),
    inUse: value(1),
    waiting: value(2),
    maxWaiting: maxWaiting < 0 ? null : maxWaiting,
    waits: value(4),
    shed: value(5),
  };
}
