// Small, real files for upload tests, made in the test so nothing binary lives in the repository,
// plus readers for what the server sends back (the text of a generated PDF).
import { deflateSync, inflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';

export interface SampleFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A one-page PDF (pdf-lib) with `text` on it. */
export async function makePdf(name: string, text: string): Promise<SampleFile> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([300, 200]);
  page.drawText(text, { x: 20, y: 150, size: 12, font });
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid RGB PNG of `width`×`height` with a diagonal gradient (so each size has distinct bytes). */
export function makePngBytes(width = 24, height = 16, seed = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: truecolour
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      row[1 + x * 3] = (x * 10 + seed) & 0xff;
      row[2 + x * 3] = (y * 15 + seed) & 0xff;
      row[3 + x * 3] = ((x + y) * 5) & 0xff;
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export function makePng(name: string, seed = 0): SampleFile {
  return { name, mimeType: 'image/png', buffer: makePngBytes(24, 16, seed) };
}

/** A Windows executable's opening bytes (the 'MZ' DOS header and a PE signature) under another name. */
export function makeRenamedExecutable(name: string): SampleFile {
  const buffer = Buffer.alloc(512);
  buffer.write('MZ', 0, 'ascii');
  buffer.writeUInt32LE(0x80, 0x3c); // e_lfanew: where the PE header starts
  buffer.write('This program cannot be run in DOS mode.', 0x4e, 'ascii');
  buffer.write('PE\0\0', 0x80, 'binary');
  buffer.writeUInt16LE(0x14c, 0x84); // machine: i386
  return { name, mimeType: 'application/pdf', buffer };
}

/** An HTML page (with a script) under an image's name. */
export function makeHtmlAsPng(name: string): SampleFile {
  const html =
    '<!DOCTYPE html><html><head><title>x</title></head><body><script>alert(1)</script></body></html>';
  return { name, mimeType: 'image/png', buffer: Buffer.from(html, 'utf8') };
}

/** A PDF header padded to `bytes` (default 11 MB, over the 10 MB limit). */
export function makeOversizedPdf(name: string, bytes = 11 * 1024 * 1024): SampleFile {
  const buffer = Buffer.alloc(bytes, 0x20);
  buffer.write('%PDF-1.4\n', 0, 'ascii');
  return { name, mimeType: 'application/pdf', buffer };
}

function decodePdfString(hexOrLiteral: string): string {
  if (hexOrLiteral.startsWith('<')) {
    const hex = hexOrLiteral.slice(1, -1).replace(/\s+/g, '');
    return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex').toString('latin1');
  }
  return hexOrLiteral
    .slice(1, -1)
    .replace(/\\([nrtbf()\\])/g, (_, c: string) => ({ n: '\n', r: '\r', t: '\t', b: '', f: '' })[c] ?? c);
}

/**
 * The text drawn on a PDF's pages: every stream is inflated when it is Flate-compressed (pdf-lib
 * compresses content and object streams), then the strings shown by Tj/TJ are decoded and joined
 * with spaces, one line per text operation.
 */
export function extractPdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const pieces: string[] = [];
  // Not the 'stream' inside 'endstream': that would read the next stream's header as data and skip it.
  const streamPattern = /(?<!end)stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamPattern.exec(raw)) !== null) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end === -1) break;
    const bytes = pdf.subarray(start, end);
    const dictStart = raw.lastIndexOf('<<', match.index);
    const dict = raw.slice(dictStart, match.index);
    let content = bytes.toString('latin1');
    if (dict.includes('/FlateDecode')) {
      try {
        content = inflateSync(bytes).toString('latin1');
      } catch {
        // Trailing end-of-line bytes before 'endstream' are allowed; retry without them.
        try {
          content = inflateSync(bytes.subarray(0, bytes.length - 1)).toString('latin1');
        } catch {
          content = '';
        }
      }
    }
    pieces.push(content);
    streamPattern.lastIndex = end;
  }
  const lines: string[] = [];
  for (const content of pieces) {
    const textOps = /(\[(?:[^\]]*)\]\s*TJ)|((<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\))\s*Tj)/g;
    let op: RegExpExecArray | null;
    while ((op = textOps.exec(content)) !== null) {
      if (op[1]) {
        const strings = op[1].match(/<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\)/g) ?? [];
        lines.push(strings.map(decodePdfString).join(''));
      } else if (op[3]) {
        lines.push(decodePdfString(op[3]));
      }
    }
  }
  return lines.join('\n');
}
