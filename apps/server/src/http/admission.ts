import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { API } from '@taxback/domain/api/contract';
import type { PoolGauge } from '../db/pool-guard.ts';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../errors.ts';

// Issue 35, decision 046: admission at the HTTP layer. Under overload every refused client asks
// again at once, so a refusal must cost next to nothing, and work let in must be bounded where it
// is let in (a pool's queue only sees requests after their bodies were read and checked).

export interface AdmissionOptions {
  /** Requests that may be in hand at once (let in and not yet answered); null: no bound. */
  maxInFlight: number | null;
  retryAfterSeconds: number;
  /** The security headers every /api answer carries. */
  apiHeaders: ReadonlyArray<[string, string]>;
}

/** The options Fastify passes a server factory that it would apply to a server of its own. */
interface ServerOptionsFromFastify {
  http?: http.ServerOptions | null;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
}

/**
 * Paths that never touch the database or declare no 503 in the contract (liveness, readiness,
 * settings, the API docs, the address and distance look-ups): always let in. Anything outside
 * /api (the web app's files) never touches the database either.
 */
const ALWAYS_ADMITTED = new Set<string>(
  Object.values(API)
    .filter((op) => !(503 in op.responses) || op.path.startsWith('/api/health'))
    .map((op) => op.path),
);

function sheddable(url: string): boolean {
  if (!url.startsWith('/api/') || url.startsWith('/api/health')) return false;
  const query = url.indexOf('?');
  return !ALWAYS_ADMITTED.has(query < 0 ? url : url.slice(0, query));
}

/**
 * A Fastify `serverFactory` whose server refuses a request that would touch the database with 503
 * and Retry-After before Fastify sees it (no routing, hooks, body parsing or validation; Node
 * discards the unread body and keeps the connection) when `maxInFlight` requests are already in
 * hand or the request pool's waiting bound is passed. `app.inject` does not pass through it: the
 * pool's own shedding (db/pool-guard.ts) still holds there.
 */
export function createAdmission(options: AdmissionOptions) {
  const { maxInFlight } = options;
  let pool: PoolGauge | null = null;
  let inFlight = 0;
  const body = JSON.stringify({ error: SERVICE_UNAVAILABLE_MESSAGE });
  const headers = [
    ...options.apiHeaders,
    ['cache-control', 'no-store'],
    ['content-type', 'application/json; charset=utf-8'],
    ['content-length', String(Buffer.byteLength(body))],
    ['retry-after', String(options.retryAfterSeconds)],
  ].flat();
  const release = () => {
    inFlight -= 1;
  };

  function admit(req: IncomingMessage, res: ServerResponse): boolean {
    if (!sheddable(req.url ?? '/')) return true;
    // Either refusal counts as shed in the pool's gauge, which readiness reports.
    const full = maxInFlight !== null && inFlight >= maxInFlight;
    if (full) pool?.countShed();
    if (full || pool?.shedAtTheDoor() === true) {
      res.writeHead(503, headers);
      res.end(body);
      return false;
    }
    inFlight += 1;
    res.once('close', release);
    return true;
  }

  return {
    serverFactory(
      handler: (req: IncomingMessage, res: ServerResponse) => void,
      opts: ServerOptionsFromFastify,
    ): http.Server {
      const server = http.createServer({ ...opts.http }, (req, res) => {
        if (admit(req, res)) handler(req, res);
      });
      // What Fastify sets on a server it makes itself.
      if (opts.keepAliveTimeout !== undefined) server.keepAliveTimeout = opts.keepAliveTimeout;
      if (opts.requestTimeout !== undefined) server.requestTimeout = opts.requestTimeout;
      if (opts.connectionTimeout !== undefined) server.setTimeout(opts.connectionTimeout);
      return server;
    },
    /** The request pool: past its waiting bound, requests are refused at the door too. */
    watch(gauge: PoolGauge): void {
      pool = gauge;
    },
  };
}

export type Admission = ReturnType<typeof createAdmission>;
