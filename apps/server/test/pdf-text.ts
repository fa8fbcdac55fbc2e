import zlib from 'node:zlib';

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
