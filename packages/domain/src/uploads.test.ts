import { describe, expect, it } from 'vitest';
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  checkUploadName,
  cleanFileName,
  uploadExtensions,
  uploadFileName,
} from './uploads.ts';

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

describe('stored file names (issue 17)', () => {
  it.each([
    ['fuel receipts.pdf', 'fuel receipts.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\pay "slip".pdf', 'pay slip.pdf'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['a\u0000b\u0007c.pdf', 'abc.pdf'],
    ['\u2066name\u2069.png', 'name.png'],
    ['..', 'file'],
    ['', 'file'],
    ['  ', 'file'],
    ['Zoë’s P60.pdf', 'Zoë’s P60.pdf'],
  ])('cleanFileName(%j) → %j', (name, expected) => {
    expect(cleanFileName(name)).toBe(expected);
  });

  it('keeps a long name at 150 characters with its extension', () => {
    expect(cleanFileName(`${'a'.repeat(300)}.pdf`)).toMatch(/^a{146}\.pdf$/);
  });

  it.each([
    ['statement.pdf', 'pdf', 'statement.pdf'],
    ['statement.PDF', 'pdf', 'statement.PDF'],
    ['statement.html', 'pdf', 'statement.pdf'],
    ['invoice\u202Efdp.exe', 'pdf', 'invoicefdp.pdf'],
    ['../../x', 'pdf', 'x.pdf'],
    ['odometer.jpeg', 'jpg', 'odometer.jpeg'],
    ['odometer.jpg', 'png', 'odometer.png'],
    ['scan', 'png', 'scan.png'],
    ['.pdf', 'pdf', 'upload.pdf'],
    ['', 'csv', 'upload.csv'],
    ['mileage.2024.xlsx', 'xlsx', 'mileage.2024.xlsx'],
    [`${'b'.repeat(300)}.html`, 'pdf', `${'b'.repeat(146)}.pdf`],
  ] as const)('uploadFileName(%j, %j) → %j', (name, type, expected) => {
    expect(uploadFileName(name, type)).toBe(expected);
  });
});
