import type { PDFFont } from 'pdf-lib';

// Text helpers shared by every PDF the server draws (the authority, the mileage log, the P87
// worksheet). They use pdf-lib's standard Helvetica, which encodes WinAnsi only.

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

/**
 * Words onto lines no wider than `width`, paragraph by paragraph (a line break starts a new line).
 * A word wider than a line is cut across lines, so nothing is lost. Never returns no lines.
 */
export function wrapText(font: PDFFont, text: string, size: number, width: number): string[] {
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
