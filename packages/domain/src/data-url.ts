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

/**
 * The largest signature image accepted, per side (issue 17). The signature pad exports 600×200
 * (its backing canvas, at most the pad's width × a device pixel ratio of 4, is the fallback); a
 * larger image is not a signature, and a PNG of huge dimensions compresses to a few kilobytes but
 * takes gigabytes to decode.
 */
export const SIGNATURE_MAX_SIDE = 4096;

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IHDR = [0x49, 0x48, 0x44, 0x52];

/**
 * Width and height from a PNG's header chunk, or null when the bytes do not begin as every PNG
 * does: the 8-byte signature, then a 13-byte IHDR chunk. Reads 24 bytes; decodes nothing.
 */
export function pngDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 33) return null;
  if (PNG_MAGIC.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(8) !== 13 || IHDR.some((b, i) => bytes[12 + i] !== b)) return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** A signature's dimensions are sane: at least a pixel, at most SIGNATURE_MAX_SIDE a side. */
export function isSaneSignatureSize(size: { width: number; height: number }): boolean {
  return (
    size.width >= 1 &&
    size.height >= 1 &&
    size.width <= SIGNATURE_MAX_SIDE &&
    size.height <= SIGNATURE_MAX_SIDE
  );
}
