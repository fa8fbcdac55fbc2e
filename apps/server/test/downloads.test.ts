import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../src/http/downloads.ts';

// Every download's header (http/downloads.ts): a plain name stays as it is; anything that could end
// the quoted name or is not ASCII becomes '_' there, with the UTF-8 name beside it (RFC 6266).
describe('contentDisposition', () => {
  it.each([
    ['p87-worksheet-TB2026ABC.pdf', 'attachment; filename="p87-worksheet-TB2026ABC.pdf"'],
    ['claims 2026-11-30.csv', 'attachment; filename="claims 2026-11-30.csv"'],
    ['say "hi".pdf', `attachment; filename="say _hi_.pdf"; filename*=UTF-8''say%20%22hi%22.pdf`],
    ['a\\b.pdf', `attachment; filename="a_b.pdf"; filename*=UTF-8''a%5Cb.pdf`],
    [
      'Siân’s P60.pdf',
      `attachment; filename="Si_n_s P60.pdf"; filename*=UTF-8''Si%C3%A2n%E2%80%99s%20P60.pdf`,
    ],
    [
      'x\r\nSet-Cookie: a=b',
      `attachment; filename="x__Set-Cookie: a=b"; filename*=UTF-8''x%0D%0ASet-Cookie%3A%20a%3Db`,
    ],
  ])('%j', (filename, header) => {
    expect(contentDisposition(filename)).toBe(header);
  });
});
