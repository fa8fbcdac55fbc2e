import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalJson, datePartsToIso, personKeyText } from '@taxback/domain';
import type { DateParts } from '@taxback/domain';

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Keyed hash for values we must look up but never store in clear (resume codes, phones, IPs). */
export function hmacSha256Hex(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value, 'utf8').digest('hex');
}

/** D15: SHA-256 of the canonical JSON (sorted keys, no whitespace) of what was signed. */
export function hashCanonical(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

/**
 * D38 (migration 035): the stored key of a person, their names, date of birth and postcode
 * (personKeyText), as a SHA-256, so the column holds no date of birth in clear. Null unless all
 * are given.
 */
export function personKeyOf(p: {
  firstName: string | null | undefined;
  lastName: string | null | undefined;
  dateOfBirth: DateParts | null | undefined;
  postcode: string | null | undefined;
}): string | null {
  const text = personKeyText({ ...p, dateOfBirth: p.dateOfBirth ? datePartsToIso(p.dateOfBirth) : null });
  return text === null ? null : sha256Hex(text);
}

/** Constant-time comparison of two hex digests. */
export function hexDigestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** The keyed hash an NI number is matched by (issue 17's possible duplicates); never reversible. */
export function niNumberKey(niNumber: string, signingKey: Buffer): string {
  return hmacSha256Hex(signingKey, `ni:${niNumber.replace(/\s+/g, '').toUpperCase()}`);
}
