import type { PDFFont } from 'pdf-lib';

// Text helpers shared by every PDF the server draws (the authority, the mileage log, the P87
// worksheet). They use pdf-lib's standard Helvetica, which encodes WinAnsi only.

/**
 * How every PDF is written out (decision 059): in one go, since a render runs on a thread of its
 * own with nothing else to yield to (pdf-lib otherwise waits a timer turn every 50 objects), and
 * without object streams, which pdf-lib deflates in JavaScript. Measured on the general claim's
 * authority: 11-13 ms of CPU a render before, 8-9 ms after, for a file about 1.5 KB larger.
 */
export const SAVE_OPTIONS = { useObjectStreams: false, objectsPerTick: Number.POSITIVE_INFINITY } as const;

/** One line of text the font can draw: line breaks and tabs become spaces, anything it cannot encode '?'. */
export function winAnsiSafe(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text.replace(/[\r\n\t]+/g, ' ')) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += '?';
    }
  }
  return out;
}

/** The text on one line no wider than `maxWidth`, ending in "..." where it had to be cut. */
export function fitText(font: PDFFont, text: string, size: number, maxWidth: number): string {
  const safe = winAnsiSafe(font, text);
  if (font.widthOfTextAtSize(safe, size) <= maxWidth) return safe;
  let cut = safe;
  while (cut.length > 0 && font.widthOfTextAtSize(`${cut}...`, size) > maxWidth) cut = cut.slice(0, -1);
  return `${cut}...`;
}

/** Laid-out text by font, size, width and text: most of a document's text is the same each time. */
const wrapped = new Map<string, readonly string[]>();
const MAX_WRAPPED = 2_000;

/**
 * Words onto lines no wider than `width`, paragraph by paragraph (a line break starts a new line).
 * A word wider than a line is cut across lines, so nothing is lost. Never returns no lines.
 *
 * Decision 048: measuring is most of a PDF's text cost, and an authority's terms are the same text
 * for every claimant, so each thread keeps the lines it laid out (the standard fonts' metrics are
 * fixed by their name). The lines are the same as laying the text out again.
 */
export function wrapText(font: PDFFont, text: string, size: number, width: number): string[] {
  const key = `${font.name}\u0000${size}\u0000${width}\u0000${text}`;
  const known = wrapped.get(key);
  if (known !== undefined) return [...known];
  const lines = layOut(font, text, size, width);
  if (wrapped.size >= MAX_WRAPPED) wrapped.clear();
  wrapped.set(key, lines);
  return [...lines];
}

function layOut(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of winAnsiSafe(font, paragraph)
      .split(' ')
      .filter((w) => w !== '')) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line !== '') lines.push(line);
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}
