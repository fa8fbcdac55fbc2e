import zlib from 'node:zlib';
import { expect } from 'vitest';

/** The text drawn on a pdf-lib page: inflate each content stream and decode its hex strings (WinAnsi ≈ latin1). */
export function pdfText(bytes: Uint8Array): string {
  const buf = Buffer.from(bytes);
  const raw = buf.toString('latin1');
  const out: string[] = [];
  const re = /stream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    try {
      out.push(
        zlib
          .inflateSync(buf.subarray(start, end), { finishFlush: zlib.constants.Z_SYNC_FLUSH })
          .toString('latin1'),
      );
    } catch {
      // not a deflated stream (fonts are standard, so there are none we need)
    }
  }
  return (
    out
      .join('\n')
      .match(/<([0-9A-Fa-f]*)>\s*Tj/g)
      ?.map((tj) => Buffer.from(/<([0-9A-Fa-f]*)>/.exec(tj)?.[1] ?? '', 'hex').toString('latin1'))
      .join('\n') ?? ''
  );
}

/** One piece of text as a pdf-lib page draws it: where (in points from the bottom left), how big, in which font. */
export interface PdfTextRun {
  /** Which content stream (one per page here) the text is in. */
  stream: number;
  x: number;
  y: number;
  size: number;
  bold: boolean;
  text: string;
}

/** Every piece of text drawn, with its position: pdf-lib writes each as BT … Tf … Tm <hex> Tj … ET. */
export function pdfTextRuns(bytes: Uint8Array): PdfTextRun[] {
  const buf = Buffer.from(bytes);
  const raw = buf.toString('latin1');
  const runs: PdfTextRun[] = [];
  const re = /stream\r?\n/g;
  let stream = 0;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = zlib
        .inflateSync(buf.subarray(start, end), { finishFlush: zlib.constants.Z_SYNC_FLUSH })
        .toString('latin1');
    } catch {
      continue;
    }
    for (const block of content.match(/BT[\s\S]*?ET/g) ?? []) {
      const font = /\/(\S+) ([\d.]+) Tf/.exec(block);
      const at = /1 0 0 1 ([\d.-]+) ([\d.-]+) Tm/.exec(block);
      const hex = /<([0-9A-Fa-f]*)>\s*Tj/.exec(block);
      if (!font || !at || !hex) continue;
      runs.push({
        stream,
        x: Number(at[1]),
        y: Number(at[2]),
        size: Number(font[2]),
        bold: font[1]!.includes('Bold'),
        text: Buffer.from(hex[1]!, 'hex').toString('latin1'),
      });
    }
    stream += 1;
  }
  return runs;
}

/** The text runs on one baseline, left to right (a PDF's visual line). */
export function pdfLines(runs: PdfTextRun[]): PdfTextRun[][] {
  const lines = new Map<string, PdfTextRun[]>();
  for (const run of runs) {
    const key = `${run.stream}:${run.y.toFixed(2)}`;
    lines.set(key, [...(lines.get(key) ?? []), run]);
  }
  return [...lines.values()].map((line) => line.sort((a, b) => a.x - b.x));
}

/** Each piece appears in `text` after the one before it (a document read top to bottom). */
export function expectInOrder(text: string, pieces: readonly string[]): void {
  let at = -1;
  for (const piece of pieces) {
    const next = text.indexOf(piece, at + 1);
    expect(next, piece).toBeGreaterThan(at);
    at = next;
  }
}
