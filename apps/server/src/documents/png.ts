import zlib from 'node:zlib';

// A PNG read with Node's own zlib (decision 025): every chunk's CRC, the header, and the pixels
// inflated and measured against the header, without converting them to RGBA in JavaScript (what
// pngjs spent most of a signature check on).

export interface PngImage {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlaced: boolean;
  /** The inflated image data: each row (of each interlace pass) a filter byte and its pixels. */
  data: Buffer;
}

const MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
// Adam7: each pass's first column and row, and its steps.
const PASSES = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** The largest single buffer a PNG's pixels are inflated into at once (8 MB). */
const MAX_INFLATE_CHUNK = 8 * 1024 * 1024;

const CRC_TABLE = new Int32Array(256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  CRC_TABLE[n] = c;
}

/** The CRC-32 a PNG chunk carries, of bytes[start, end). */
export function crc32(bytes: Uint8Array, start: number, end: number): number {
  let c = -1;
  for (let i = start; i < end; i++) c = (CRC_TABLE[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

/** Rows of `rowBytes` bytes plus a filter byte each, as (rows, rowBytes) pairs, pass by pass. */
function layout(image: Omit<PngImage, 'data'>): [number, number][] {
  const bits = (CHANNELS[image.colorType] as number) * image.bitDepth;
  const rowBytes = (width: number) => Math.ceil((width * bits) / 8);
  if (!image.interlaced) return [[image.height, rowBytes(image.width)]];
  return PASSES.map(([x0, y0, dx, dy]): [number, number] => {
    const w = image.width > x0 ? Math.ceil((image.width - x0) / dx) : 0;
    const h = image.height > y0 ? Math.ceil((image.height - y0) / dy) : 0;
    return w === 0 ? [0, 0] : [h, rowBytes(w)];
  });
}

/**
 * The image when `bytes` is a whole, well-formed PNG: the signature, IHDR first, every chunk's
 * CRC, a palette when the colour type needs one, IDAT data that inflates to exactly the rows the
 * header describes with a known filter on each, and IEND last. Null for anything else.
 */
export function readPng(bytes: Uint8Array): PngImage | null {
  if (bytes.length < 8 || MAGIC.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let header: Omit<PngImage, 'data'> | null = null;
  let palette = false;
  const idat: Uint8Array[] = [];
  let offset = 8;
  for (;;) {
    if (offset + 12 > bytes.length) return null;
    const length = view.getUint32(offset);
    const end = offset + 12 + length;
    if (end > bytes.length) return null;
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (crc32(bytes, offset + 4, offset + 8 + length) !== view.getUint32(offset + 8 + length)) return null;
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (header === null && type !== 'IHDR') return null;
    if (type === 'IHDR') {
      if (header !== null || length !== 13) return null;
      const colorType = body[9] as number;
      const bitDepth = body[8] as number;
      if (
        !DEPTHS[colorType]?.includes(bitDepth) ||
        body[10] !== 0 ||
        body[11] !== 0 ||
        (body[12] as number) > 1
      )
        return null;
      header = {
        width: view.getUint32(offset + 8),
        height: view.getUint32(offset + 12),
        bitDepth,
        colorType,
        interlaced: body[12] === 1,
      };
    } else if (type === 'PLTE') palette = true;
    else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    offset = end;
  }
  if (header === null || idat.length === 0 || (header.colorType === 3 && !palette)) return null;
  const rowsByPass = layout(header);
  const expected = rowsByPass.reduce((sum, [rows, rowBytes]) => sum + rows * (rowBytes + 1), 0);
  let data: Buffer;
  try {
    // The header says how many bytes the pixels inflate to. Inflating into one buffer of that size
    // (plus a byte, so an exact fit is seen to end) saves zlib's 16 kB steps and the copy that joins
    // them: for a 20 kB signature that was a third of the check. Larger images (the buffer is
    // capped) still inflate in steps; data that would inflate past the header's size stops there.
    const size = expected + 1;
    data = zlib.inflateSync(Buffer.concat(idat), {
      chunkSize: Math.min(Math.max(size, zlib.constants.Z_MIN_CHUNK), MAX_INFLATE_CHUNK),
      maxOutputLength: size,
    });
  } catch {
    return null;
  }
  if (data.length !== expected) return null;
  let at = 0;
  for (const [rows, rowBytes] of rowsByPass) {
    for (let row = 0; row < rows; row++) {
      if (at >= data.length || (data[at] as number) > 4) return null;
      at += rowBytes + 1;
    }
  }
  return at === data.length ? { ...header, data } : null;
}

/**
 * The pixels of an 8-bit, non-interlaced image with `channels` bytes a pixel, unfiltered (PNG
 * filters 0–4), row after row without filter bytes.
 */
export function unfilter(image: PngImage, channels: number): Buffer {
  const stride = image.width * channels;
  const out = Buffer.alloc(stride * image.height);
  const src = image.data;
  // One loop per filter, the first row's "up" being zeros: this runs over every byte of a signature.
  const zeros = new Uint8Array(stride);
  for (let y = 0; y < image.height; y++) {
    const filter = src[y * (stride + 1)] as number;
    const s = y * (stride + 1) + 1;
    const o = y * stride;
    const up = y === 0 ? zeros : out.subarray(o - stride, o);
    const row = out.subarray(o, o + stride);
    if (filter === 0) src.copy(row, 0, s, s + stride);
    else if (filter === 1) {
      for (let x = 0; x < channels; x++) row[x] = src[s + x] as number;
      for (let x = channels; x < stride; x++)
        row[x] = ((src[s + x] as number) + (row[x - channels] as number)) & 0xff;
    } else if (filter === 2) {
      for (let x = 0; x < stride; x++) row[x] = ((src[s + x] as number) + (up[x] as number)) & 0xff;
    } else if (filter === 3) {
      for (let x = 0; x < channels; x++) row[x] = ((src[s + x] as number) + ((up[x] as number) >> 1)) & 0xff;
      for (let x = channels; x < stride; x++)
        row[x] = ((src[s + x] as number) + (((row[x - channels] as number) + (up[x] as number)) >> 1)) & 0xff;
    } else {
      for (let x = 0; x < channels; x++) row[x] = ((src[s + x] as number) + (up[x] as number)) & 0xff;
      for (let x = channels; x < stride; x++) {
        const left = row[x - channels] as number;
        const above = up[x] as number;
        const upLeft = up[x - channels] as number;
        const p = left + above - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - above);
        const pc = Math.abs(p - upLeft);
        row[x] = ((src[s + x] as number) + (pa <= pb && pa <= pc ? left : pb <= pc ? above : upLeft)) & 0xff;
      }
    }
  }
  return out;
}

/**
 * RGBA pixels as their colour (RGB) and their alpha, each packed: what a PDF image and its soft
 * mask hold. A loop of its own, outside the async render, so it is optimised on its own.
 */
export function splitAlpha(pixels: Uint8Array, count: number): { colour: Buffer; alpha: Buffer } {
  const colour = Buffer.allocUnsafe(count * 3);
  const alpha = Buffer.allocUnsafe(count);
  for (let i = 0, o = 0, c = 0; i < count; i++, o += 4, c += 3) {
    colour[c] = pixels[o] as number;
    colour[c + 1] = pixels[o + 1] as number;
    colour[c + 2] = pixels[o + 2] as number;
    alpha[i] = pixels[o + 3] as number;
  }
  return { colour, alpha };
}
