// HMRC NIM39110: first letter not D F I Q U V; second letter not D F I O Q U V; the prefixes
// BG GB KN NK NT TN ZZ are never allocated; then 6 digits and a suffix A-D.
const NI_NUMBER = /^(?!BG|GB|KN|NK|NT|TN|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]$/;

/**
 * The example the hint and message show (GOV.UK's): QQ is never allocated, so typing the example
 * is refused with a message of its own rather than the format message that shows it (issue 32.7).
 */
export const NI_NUMBER_EXAMPLE = 'QQ123456C';

export function isNiNumberExample(s: string): boolean {
  return normaliseNiNumber(s) === NI_NUMBER_EXAMPLE;
}

/** Strips whitespace (and hyphens, which people type from printed letters) and uppercases. */
export function normaliseNiNumber(s: string): string {
  return s.replace(/[\s-]+/g, '').toUpperCase();
}

export function isValidNiNumber(s: string): boolean {
  return NI_NUMBER.test(normaliseNiNumber(s));
}

/** 'AB 12 34 56 C'; input that is not 9 characters long is returned normalised but unspaced. */
export function formatNiNumber(s: string): string {
  const n = normaliseNiNumber(s);
  if (n.length !== 9) return n;
  return `${n.slice(0, 2)} ${n.slice(2, 4)} ${n.slice(4, 6)} ${n.slice(6, 8)} ${n.slice(8)}`;
}

/** 'AB •• •• •• C': shows the prefix and suffix only (D14). */
export function maskNiNumber(s: string): string {
  const n = normaliseNiNumber(s);
  if (n.length !== 9) return '•• •• •• •• •';
  return `${n.slice(0, 2)} •• •• •• ${n.slice(8)}`;
}
