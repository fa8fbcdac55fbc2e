import { describe, expect, it } from 'vitest';
import { isPngDataUrl } from './data-url.ts';

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
