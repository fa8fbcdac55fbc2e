import zlib from 'node:zlib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { crc32, readPng, splitAlpha, unfilter } from '../src/documents/png.ts';

// Decision 025: signatures are checked and unfiltered with Node's zlib instead of pngjs.

function noisyPng(width: number, height: number, colorType: 2 | 6, filterType: number): Buffer {
  const image = new PNG({ width, height });
  let seed = 7;
  for (let i = 0; i < image.data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    // Smooth runs and noise.
    image.data[i] = i % 97 < 50 ? (i >> 4) & 0xff : seed & 0xff;
  }
  return PNG.sync.write(image, { colorType, inputHasAlpha: true, filterType });
}

/** A chunk with its length and CRC, as a PNG carries it. */
function chunk(type: string, body: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const out = Buffer.alloc(typed.length + 8);
  out.writeUInt32BE(body.length, 0);
  typed.copy(out, 4);
  out.writeUInt32BE(crc32(typed, 0, typed.length), typed.length + 4);
  return out;
}

function handMadePng(width: number, height: number, rows: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('readPng and unfilter', () => {
  const FILTERS = [0, 1, 2, 3, 4]; // none, sub, up, average, Paeth
  it.each([
    ...FILTERS.map((filter) => ['RGBA', filter, 6, 4] as const),
    ...FILTERS.map((filter) => ['RGB', filter, 2, 3] as const),
  ])('give the same %s pixels as pngjs, rows with filter %i', (_name, filter, colorType, channels) => {
    const bytes = noisyPng(61, 23, colorType, filter);
    const image = readPng(bytes);
    const stride = 61 * channels;
    expect(image?.data[stride + 1]).toBe(filter); // the second row's filter byte
    expect(image).toMatchObject({ width: 61, height: 23, bitDepth: 8, colorType, interlaced: false });
    const decoded = PNG.sync.read(bytes).data; // always RGBA
    const expected = Buffer.alloc(61 * 23 * channels);
    for (let p = 0; p < 61 * 23; p++) decoded.copy(expected, p * channels, p * 4, p * 4 + channels);
    expect(unfilter(image!, channels).equals(expected)).toBe(true);
  });

  it('takes rows that match the header, and refuses one row short, one too many, or an unknown filter', () => {
    const row = (filter: number) => Buffer.from([filter, 1, 2, 3]);
    expect(readPng(handMadePng(3, 2, Buffer.concat([row(0), row(1)])))).not.toBeNull();
    expect(readPng(handMadePng(3, 2, row(0)))).toBeNull();
    expect(readPng(handMadePng(3, 2, Buffer.concat([row(0), row(0), row(0)])))).toBeNull();
    expect(readPng(handMadePng(3, 2, Buffer.concat([row(0), row(5)])))).toBeNull();
    // A megabyte of valid rows behind a 3×2 header: inflating stops at the header's size.
    expect(readPng(handMadePng(3, 2, Buffer.alloc(1_000_000)))).toBeNull();
  });

  it('reads an image whose pixels inflate to more than one buffer at once', () => {
    const bytes = noisyPng(2000, 1100, 6, 0); // 8.8 MB of pixels, over the 8 MB buffer
    expect(readPng(bytes)).toMatchObject({ width: 2000, height: 1100 });
  });
});

describe('splitAlpha', () => {
  it("gives pngjs's colour and alpha of every pixel, packed apart", () => {
    const bytes = noisyPng(37, 19, 6, 4);
    const pixels = unfilter(readPng(bytes)!, 4);
    const decoded = PNG.sync.read(bytes).data;
    const { colour, alpha } = splitAlpha(pixels, 37 * 19);
    expect(colour.length).toBe(37 * 19 * 3);
    expect(alpha.length).toBe(37 * 19);
    for (let p = 0; p < 37 * 19; p++) {
      expect([colour[p * 3], colour[p * 3 + 1], colour[p * 3 + 2], alpha[p]]).toEqual([
        decoded[p * 4],
        decoded[p * 4 + 1],
        decoded[p * 4 + 2],
        decoded[p * 4 + 3],
      ]);
    }
  });
});
