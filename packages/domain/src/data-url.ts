// The signature arrives as a PNG data URL: 'data:image/png;base64,' then base64 with no line
// breaks (what canvas.toDataURL and signature_pad produce).

export const PNG_DATA_URL_PREFIX = 'data:image/png;base64,';

// 1 for each character of the base64 alphabet (A–Z, a–z, 0–9, '+', '/'), by char code.
const BASE64_ALPHABET = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/')
  BASE64_ALPHABET[c.charCodeAt(0)] = 1;

const EQUALS = 61;

/**
 * True for 'data:image/png;base64,' followed by at least one base64 character and at most two
 * '=' of padding. A character loop rather than a regular expression: on a 20 KB signature the
 * expression /^…[A-Za-z0-9+/]+={0,2}$/ took twice as long, and it runs on every claim.
 */
export function isPngDataUrl(value: string): boolean {
  if (!value.startsWith(PNG_DATA_URL_PREFIX)) return false;
  const start = PNG_DATA_URL_PREFIX.length;
  let end = value.length;
  if (end > start && value.charCodeAt(end - 1) === EQUALS) end--;
  if (end > start && value.charCodeAt(end - 1) === EQUALS) end--;
  if (end === start) return false;
  for (let i = start; i < end; i++) {
    const c = value.charCodeAt(i);
    if (c >= 128 || BASE64_ALPHABET[c] !== 1) return false;
  }
  return true;
}
