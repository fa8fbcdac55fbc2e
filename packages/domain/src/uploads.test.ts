import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, checkUploadName, uploadExtensions } from './uploads.ts';

describe('upload rules (D6)', () => {
  it('offers each kind its endings, jpeg beside jpg', () => {
    expect(uploadExtensions('evidence')).toEqual([
      'pdf',
      'xlsx',
      'xls',
      'docx',
      'doc',
      'csv',
      'jpg',
      'jpeg',
      'png',
    ]);
    expect(uploadExtensions('p60')).toEqual(['pdf', 'jpg', 'jpeg', 'png']);
  });

  it.each([
    [{ name: 'log.PDF', size: 10 }, 'evidence', null],
    [{ name: 'photo.jpeg', size: 10 }, 'p60', null],
    [{ name: 'sheet.xlsx', size: 10 }, 'p60', UPLOAD_MESSAGES.typeNotAllowed.p60],
    [{ name: 'no-ending', size: 10 }, 'evidence', UPLOAD_MESSAGES.typeNotAllowed.evidence],
    [{ name: 'big.pdf', size: MAX_UPLOAD_BYTES + 1 }, 'evidence', UPLOAD_MESSAGES.tooLarge],
    [{ name: 'exact.pdf', size: MAX_UPLOAD_BYTES }, 'evidence', null],
    [{ name: 'empty.csv', size: 0 }, 'evidence', UPLOAD_MESSAGES.empty],
  ] as const)('%j as %s → %j', (file, kind, message) => {
    expect(checkUploadName(file, kind)).toBe(message);
  });

  it('states the limit the check applies', () => {
    expect(MAX_UPLOAD_BYTES).toBe(10 * 1024 * 1024);
    expect(UPLOAD_MESSAGES.tooLarge).toBe('The file is too large. The maximum size is 10 MB.');
  });
});
