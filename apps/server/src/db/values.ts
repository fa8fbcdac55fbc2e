// Helpers for the portable column encodings (docs/decisions/002-portable-schema.md).

/** Current time as ISO-8601 UTC text. */
export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}

export function toJsonText(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

/** Parses a JSON text column; a null column or unreadable text gives `fallback`. */
export function fromJsonText<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function toIntBool(value: boolean): number;
export function toIntBool(value: boolean | null | undefined): number | null;
export function toIntBool(value: boolean | null | undefined): number | null {
  return value === null || value === undefined ? null : value ? 1 : 0;
}

export function fromIntBool(value: number | null | undefined): boolean | null {
  return value === null || value === undefined ? null : Number(value) !== 0;
}
