const POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}$/;
/** The longest UK postcode without its space ('SW1A1AA'). */
const POSTCODE_MAX_COMPACT = 7;

export const POSTCODE_SEARCH_MIN_LENGTH = 3;

/** SPEC §5 address search: strip non-alphanumerics, uppercase. */
export function normalisePostcodeForSearch(s: string): string {
  return s.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
}

/** Address-field typing: uppercase, keep only letters, digits and spaces. */
export function sanitisePostcodeInput(s: string): string {
  return s.toUpperCase().replace(/[^A-Z0-9 ]/g, '');
}

/**
 * Journey postcodes as typed: letters and digits uppercased, a space before the last 3 once 5 or
 * more are present. Capped at 7 characters because no UK postcode is longer.
 */
export function formatPostcodeAsTyped(s: string): string {
  const c = normalisePostcodeForSearch(s).slice(0, POSTCODE_MAX_COMPACT);
  return c.length >= 5 ? `${c.slice(0, -3)} ${c.slice(-3)}` : c;
}

/** 1-2 letters, a digit, an optional letter or digit, a digit and 2 letters (one space optional). */
export function isValidUkPostcode(s: string): boolean {
  return POSTCODE.test(s.trim().toUpperCase());
}

/** Canonical form 'WN2 1AR', or null when not a valid postcode. */
export function formatPostcode(s: string): string | null {
  if (!isValidUkPostcode(s)) return null;
  const c = normalisePostcodeForSearch(s);
  return `${c.slice(0, -3)} ${c.slice(-3)}`;
}

/** The sector ('WN2 1'): what the offline distance data is keyed by. */
export function postcodeSector(s: string): string | null {
  const p = formatPostcode(s);
  return p === null ? null : p.slice(0, -2);
}

export function validatePostcodeSearch(
  s: string,
):
  | { ok: true; postcode: string }
  | { ok: false; message: 'Please enter a postcode' | 'Please enter a valid UK postcode' } {
  if (s.trim() === '') return { ok: false, message: 'Please enter a postcode' };
  const postcode = normalisePostcodeForSearch(s);
  if (postcode.length < POSTCODE_SEARCH_MIN_LENGTH || postcode.length > POSTCODE_MAX_COMPACT) {
    return { ok: false, message: 'Please enter a valid UK postcode' };
  }
  return { ok: true, postcode };
}
