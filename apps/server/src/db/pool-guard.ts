import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseConnection, Dialect, Driver, TransactionSettings } from 'kysely';

// Issue 35, decision 036: a pool's gauges, and load shedding at the pool.

/** A request refused because too many requests already wait for a database connection. */
export class PoolSaturatedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many requests are waiting for a database connection');
    this.name = 'PoolSaturatedError';
  }
}

export interface PoolStats {
  /** Connections the pool may open. */
  size: number;
  inUse: number;
  /** Acquisitions waiting for a connection now. */
  waiting: number;
  /** The most that may wait before a request's first acquisition is refused (null: no bound). */
  maxWaiting: number | null;
  /** Acquisitions since start that had to wait, and requests refused (shed) since start. */
  waits: number;
  shed: number;
}

export interface PoolGauge {
  stats(): PoolStats;
  /**
   * At the door: true (and counted as shed) when the bound is already passed, so a request can be
   * refused before its body is read and checked, the cheapest refusal there is.
   */
  shedAtTheDoor(): boolean;
  /** Counts a request refused at the door for another reason (too many in hand, decision 046). */
  countShed(): void;
}

export interface GuardOptions {
  size: number;
  /** Past this many waiting, a request's first acquisition is refused at once; null: never. */
  maxWaiting: number | null;
  retryAfterSeconds: number;
}

interface RequestScope {
  acquired: boolean;
}

const requestScope = new AsyncLocalStorage<RequestScope>();

/**
 * Runs `fn` (a request's handler) as one request: its first database acquisition may be shed.
 * Later acquisitions of the same request wait as before, so a request that has started to change
 * something is never cut off half way (a shed request has touched nothing).
 */
export function runAsRequest(fn: () => void): void {
  requestScope.run({ acquired: false }, fn);
}

/**
 * Wraps a dialect so its driver counts connections in use and acquisitions waiting, and sheds: a
 * request's first acquisition, when every connection is in use and `maxWaiting` already wait,
 * throws PoolSaturatedError at once instead of joining the queue. Work outside a request (jobs,
 * schedules, start-up) is never shed. The same code serves pg's pool and SQLite's one connection.
 */
export function guardDialect(
  inner: Dialect,
  options: GuardOptions,
): { dialect: Dialect; gauge: PoolGauge; close: () => void; idle: () => boolean } {
  let closed = false;
  let inUse = 0;
  let pending = 0;
  let waits = 0;
  let shed = 0;
  const waitingNow = () => Math.max(0, inUse + pending - options.size);

  const gauge: PoolGauge = {
    stats: () => ({
      size: options.size,
      inUse,
      waiting: waitingNow(),
      maxWaiting: options.maxWaiting,
      waits,
      shed,
    }),
    shedAtTheDoor: () => {
      if (options.maxWaiting === null || inUse + pending < options.size) return false;
      if (waitingNow() < options.maxWaiting) return false;
      shed += 1;
      return true;
    },
    countShed: () => {
      shed += 1;
    },
  };

  function guardDriver(driver: Driver): Driver {
    const guarded: Driver = {
      init: () => driver.init(),
      async acquireConnection(): Promise<DatabaseConnection> {
        // A pool Kysely never opened is not marked destroyed by destroy(): refuse it here.
        if (closed) throw new Error('The database connection is not open');
        const scope = requestScope.getStore();
        if (inUse + pending >= options.size) {
          if (
            scope !== undefined &&
            !scope.acquired &&
            options.maxWaiting !== null &&
            waitingNow() >= options.maxWaiting
          ) {
            shed += 1;
            throw new PoolSaturatedError(options.retryAfterSeconds);
          }
          waits += 1;
        }
        pending += 1;
        let connection: DatabaseConnection;
        try {
          connection = await driver.acquireConnection();
        } finally {
          pending -= 1;
        }
        inUse += 1;
        if (scope !== undefined) scope.acquired = true;
        return connection;
      },
      beginTransaction: (connection: DatabaseConnection, settings: TransactionSettings) =>
        driver.beginTransaction(connection, settings),
      commitTransaction: (connection: DatabaseConnection) => driver.commitTransaction(connection),
      rollbackTransaction: (connection: DatabaseConnection) => driver.rollbackTransaction(connection),
      async releaseConnection(connection: DatabaseConnection): Promise<void> {
        inUse -= 1;
        await driver.releaseConnection(connection);
      },
      destroy: () => driver.destroy(),
    };
    if (driver.savepoint) guarded.savepoint = driver.savepoint.bind(driver);
    if (driver.rollbackToSavepoint) guarded.rollbackToSavepoint = driver.rollbackToSavepoint.bind(driver);
    if (driver.releaseSavepoint) guarded.releaseSavepoint = driver.releaseSavepoint.bind(driver);
    return guarded;
  }

  const dialect: Dialect = {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => guardDriver(inner.createDriver()),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db: Parameters<Dialect['createIntrospector']>[0]) => inner.createIntrospector(db),
  };
  return {
    dialect,
    gauge,
    close: () => {
      closed = true;
    },
    /** No connection is in use or being acquired (decision 048's synchronous statements). */
    idle: () => !closed && inUse + pending === 0,
  };
}
