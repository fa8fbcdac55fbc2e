/** SPEC §9: 'TB' + last 6 digits of the timestamp + last 8 characters of the session id, uppercased. */
export function submissionReference(sessionId: string, at: Date): string {
  return `TB${String(at.getTime()).slice(-6)}${sessionId.slice(-8)}`.toUpperCase();
}

/** The general claim's reference: it has no stored one, so it is read from its id. */
export const GENERAL_REFERENCE_PREFIX = 'GEN-';

export function generalReference(id: string): string {
  return GENERAL_REFERENCE_PREFIX + id.slice(0, 8).toUpperCase();
}

/**
 * A reference as a claimant may type it (any case, with spaces, GEN's dash dropped), in its stored form,
 * or null when it cannot be one of ours.
 */
export function parseClaimReference(
  input: string,
): { kind: 'general'; idPrefix: string } | { kind: 'mileage'; reference: string } | null {
  // Session ids are base64url, so a mileage reference may itself hold '-' and '_'.
  const compact = input.replace(/\s+/g, '').toUpperCase();
  const general = /^GEN-?([0-9A-F]{8})$/.exec(compact);
  if (general) return { kind: 'general', idPrefix: general[1]!.toLowerCase() };
  if (/^TB[0-9]{6}[0-9A-Z_-]{8}$/.test(compact)) return { kind: 'mileage', reference: compact };
  return null;
}
