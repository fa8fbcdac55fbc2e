import { deflateSync } from 'node:zlib';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Encodes 8-bit RGBA pixels (row-major, width*height*4 bytes) as a PNG, filter 0 on every row. */
export function encodeRgbaPng(width: number, height: number, rgba: Uint8Array): Buffer {
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0;
    raw.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type RGBA, what signature_pad's canvas export produces
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function drawSignature(width: number, height: number, strokes: number): Uint8Array {
  const px = new Uint8Array(width * height * 4);
  const random = mulberry32(20_000 + strokes);
  // A wandering pen with a jittery alpha edge: looks like ink, compresses like a real canvas export.
  let x = width * 0.1;
  let y = height / 2;
  for (let s = 0; s < strokes; s++) {
    x += (random() - 0.45) * 6;
    y += (random() - 0.5) * 8;
    if (x < 2 || x > width - 3) x = width * 0.1 + random() * width * 0.8;
    if (y < 2 || y > height - 3) y = height / 2;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const i = (Math.round(y + dy) * width + Math.round(x + dx)) * 4;
        px[i] = 17;
        px[i + 1] = 24;
        px[i + 2] = 39;
        px[i + 3] = Math.max(px[i + 3] ?? 0, 80 + Math.floor(random() * 175));
      }
    }
  }
  return px;
}

/** A valid RGBA PNG of a drawn-looking signature, within ±5% of `targetBytes` (deterministic). */
export function makeSignaturePng(targetBytes = 20 * 1024): Buffer {
  const width = 600;
  const height = 200;
  let lo = 100;
  let hi = 400_000;
  let best = encodeRgbaPng(width, height, drawSignature(width, height, lo));
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    const png = encodeRgbaPng(width, height, drawSignature(width, height, mid));
    if (Math.abs(png.length - targetBytes) < Math.abs(best.length - targetBytes)) best = png;
    if (Math.abs(png.length - targetBytes) <= targetBytes * 0.02) return png;
    if (png.length < targetBytes) lo = mid + 1;
    else hi = mid - 1;
  }
  return best;
}

export function toPngDataUrl(png: Buffer): string {
  return `data:image/png;base64,${png.toString('base64')}`;
}
