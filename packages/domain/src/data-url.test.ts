import { describe, expect, it } from 'vitest';
import { SIGNATURE_MAX_SIDE, isPngDataUrl, isSaneSignatureSize, pngDimensions } from './data-url.ts';

describe('isPngDataUrl', () => {
  it.each([
    ['plain base64', 'data:image/png;base64,iVBORw0KGgo', true],
    ['one = of padding', 'data:image/png;base64,iVBORw0KGg=', true],
    ['two = of padding', 'data:image/png;base64,iVBORw0KG==', true],
    ['+ and /', 'data:image/png;base64,ab+/cd09', true],
    ['three = of padding', 'data:image/png;base64,iVBORw0K===', false],
    ['padding only', 'data:image/png;base64,==', false],
    ['nothing after the comma', 'data:image/png;base64,', false],
    ['= in the middle', 'data:image/png;base64,ab=cd', false],
    ['a space', 'data:image/png;base64,ab cd', false],
    ['a line break', 'data:image/png;base64,abcd\nefgh', false],
    ['URL-safe alphabet', 'data:image/png;base64,ab-_cd', false],
    ['a non-ASCII letter', 'data:image/png;base64,abcé', false],
    ['a JPEG', 'data:image/jpeg;base64,/9j/4AAQ', false],
    ['upper-case media type', 'DATA:IMAGE/PNG;BASE64,iVBORw0KGgo', false],
    ['not base64', 'data:image/png,iVBORw0KGgo', false],
    ['a web address', 'https://example.com/x.png', false],
    ['empty', '', false],
  ])('%s', (_label, value, expected) => {
    expect(isPngDataUrl(value)).toBe(expected);
  });

  it('accepts a 20 KB signature', () => {
    expect(isPngDataUrl(`data:image/png;base64,${'QUJD'.repeat(7000)}`)).toBe(true);
    expect(isPngDataUrl(`data:image/png;base64,${'QUJD'.repeat(7000)}<`)).toBe(false);
  });
});

/** The first 33 bytes of a PNG (signature, IHDR) with the given size; `patch` alters bytes. */
function pngHead(width: number, height: number, patch: Record<number, number> = {}): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  for (const [i, b] of Object.entries(patch)) bytes[Number(i)] = b;
  return bytes;
}

describe('signature PNG header (issue 17)', () => {
  // The PNG specification (W3C, 2nd edition, 5.2 and 11.2.2): an 8-byte signature, then IHDR
  // first, 13 bytes long, width and height as 4-byte big-endian integers.
  it('reads the dimensions of a PNG header', () => {
    expect(pngDimensions(pngHead(600, 200))).toEqual({ width: 600, height: 200 });
  });

  it.each([
    ['too short', pngHead(1, 1).subarray(0, 32)],
    ['a wrong signature byte', pngHead(1, 1, { 1: 0x51 })],
    ['a first chunk that is not IHDR', pngHead(1, 1, { 12: 0x74 })],
    ['an IHDR of the wrong length', pngHead(1, 1, { 11: 14 })],
    [
      'HTML after the signature',
      new Uint8Array([
        ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
        ...Array.from('<html><script>alert(1)</script></html>', (c) => c.charCodeAt(0)),
      ]),
    ],
  ])('refuses %s', (_name, bytes) => {
    expect(pngDimensions(bytes)).toBeNull();
  });

  it.each([
    [1, 1, true],
    [600, 200, true],
    [2400, 800, true],
    [SIGNATURE_MAX_SIDE, SIGNATURE_MAX_SIDE, true],
    [SIGNATURE_MAX_SIDE + 1, 200, false],
    [600, SIGNATURE_MAX_SIDE + 1, false],
    [0, 200, false],
    [600, 0, false],
    [100_000, 100_000, false],
  ])('%i × %i is a sane signature size: %s', (width, height, expected) => {
    expect(isSaneSignatureSize({ width, height })).toBe(expected);
  });
});
