// Classify driver errors so routes can answer 409/503 instead of a 500.

const SQLITE_UNAVAILABLE = new Set([
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
  'SQLITE_FULL',
]);
const NETWORK_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
// PostgreSQL SQLSTATEs: 57P01-57P03 shutdown/cannot connect now, 53300 too many connections, 08xxx connection exceptions.
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_MESSAGES = [
  'The database connection is not open', // better-sqlite3 after close()
  'driver has already been destroyed', // Kysely after destroy()
  'Connection terminated', // pg lost its socket
  'is not queryable', // pg: a client whose connection failed, used once more before the pool drops it
  'timeout exceeded when trying to connect', // pg pool connect timeout
  'Cannot use a pool after calling end on the pool',
];

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

export function isDatabaseUnavailableError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = codeOf(e);
    if (code) {
      if (
        SQLITE_UNAVAILABLE.has(code) ||
        code.startsWith('SQLITE_BUSY') ||
        code.startsWith('SQLITE_CANTOPEN')
      ) {
        return true;
      }
      if (NETWORK_UNAVAILABLE.has(code) || PG_UNAVAILABLE.has(code) || /^08[0-9A-Z]{3}$/.test(code))
        return true;
    }
    if (e instanceof Error && UNAVAILABLE_MESSAGES.some((m) => e instanceof Error && e.message.includes(m))) {
      return true;
    }
    // AggregateError (pg connecting to several addresses) and wrapped causes.
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailableError(inner)))
      return true;
    e = e instanceof Error ? e.cause : undefined;
  }
  return false;
}

/** Unique-constraint violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
