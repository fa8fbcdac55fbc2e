import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PDFFont } from 'pdf-lib';
import { fitText, winAnsiSafe, wrapText } from '../src/pdf/text.ts';

let font: PDFFont;
beforeAll(async () => {
  font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
});

describe('PDF text helpers', () => {
  it('keeps WinAnsi text, turns line breaks and tabs into spaces and anything else into ?', () => {
    expect(winAnsiSafe(font, 'Café £12.50')).toBe('Café £12.50');
    expect(winAnsiSafe(font, 'a\r\n\tb')).toBe('a b');
    expect(winAnsiSafe(font, 'car 🚗 Łódź')).toBe('car ? ?ód?');
  });

  it('fits text to a width with an ellipsis only where it had to cut', () => {
    expect(fitText(font, 'short', 10, 200)).toBe('short');
    const cut = fitText(font, 'a very long employer name that cannot fit', 10, 60);
    expect(cut.endsWith('...')).toBe(true);
    expect(font.widthOfTextAtSize(cut, 10)).toBeLessThanOrEqual(60);
  });

  it('wraps words onto lines within the width, keeps paragraphs and cuts an over-long word without losing it', () => {
    const lines = wrapText(font, 'one two three four five six\nseven', 10, 60);
    expect(lines.join(' ')).toBe('one two three four five six seven');
    expect(lines.at(-1)).toBe('seven');
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(60);

    const word = 'x'.repeat(80);
    const pieces = wrapText(font, word, 10, 60);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(word);
    expect(wrapText(font, '', 10, 60)).toEqual(['']);
  });
});
