/**
 * D15: a stable serialisation of what the claimant signed: object keys sorted at every depth, no
 * whitespace. Values follow JSON.stringify (undefined members dropped, non-finite numbers → null,
 * toJSON honoured), so the same content always hashes the same.
 */
export function canonicalJson(value: unknown): string {
  return serialise(value) ?? 'null';
}

function serialise(value: unknown): string | undefined {
  if (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  ) {
    return serialise((value as { toJSON: () => unknown }).toJSON());
  }
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'bigint':
      return JSON.stringify(value.toString());
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (Array.isArray(value)) {
    return `[${value.map((v) => serialise(v) ?? 'null').join(',')}]`;
  }
  const obj = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of Object.keys(obj).sort()) {
    const v = serialise(obj[key]);
    if (v !== undefined) parts.push(`${JSON.stringify(key)}:${v}`);
  }
  return `{${parts.join(',')}}`;
}
