/** A plain object (not null, not an array): the one guard for reading JSON of unknown shape. */
export function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** A string read from JSON of unknown shape; anything else reads as ''. */
export function str(x: unknown): string {
  return typeof x === 'string' ? x : '';
}

/** A finite number of zero or more read from JSON of unknown shape; anything else reads as 0. */
export function num(x: unknown): number {
  return typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : 0;
}
