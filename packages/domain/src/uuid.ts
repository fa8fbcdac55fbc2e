/**
 * The shape of a record id (a UUID as `crypto.randomUUID` writes it, any case): routes check an
 * `:id` parameter against it and answer 404 before a query, so a malformed id is a missing one.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
