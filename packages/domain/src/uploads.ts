// D6: the rules for the files a claimant uploads, shared by the browser's early check and the
// server, which decides from the bytes (never from the name or the browser's Content-Type).

import { stripUnsafeCharacters } from './sanitise.ts';

export type UploadKind = 'evidence' | 'p60';

/** One file per request, at most 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The types each kind accepts, as the server recognises them from the bytes. */
export const UPLOAD_TYPES = {
  evidence: ['pdf', 'xlsx', 'xls', 'docx', 'doc', 'csv', 'jpg', 'png'],
  p60: ['pdf', 'jpg', 'png'],
} as const satisfies Record<UploadKind, readonly string[]>;

export type UploadType = (typeof UPLOAD_TYPES)[UploadKind][number];

/** The content type each accepted upload type is stored and served with. */
export const UPLOAD_CONTENT_TYPES: Record<UploadType, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  csv: 'text/csv',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** The file-name endings a browser may offer for each kind ('jpeg' is a JPG too). */
export function uploadExtensions(kind: UploadKind): readonly string[] {
  return UPLOAD_TYPES[kind].flatMap((t): string[] => (t === 'jpg' ? ['jpg', 'jpeg'] : [t]));
}

const MB = MAX_UPLOAD_BYTES / (1024 * 1024);

export const UPLOAD_MESSAGES = {
  tooLarge: `The file is too large. The maximum size is ${MB} MB.`,
  empty: 'The selected file is empty',
  missing: 'Select a file to upload',
  typeNotAllowed: {
    evidence: 'This file type is not allowed. Upload a PDF, Word, Excel, CSV, JPG or PNG file.',
    p60: 'This file type is not allowed. Upload a PDF, JPG or PNG file.',
  } satisfies Record<UploadKind, string>,
} as const;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * What can be told before the bytes are read: the name's ending and the size. The server still
 * checks the bytes; the browser uses this to answer at once.
 */
export function checkUploadName(file: { name: string; size: number }, kind: UploadKind): string | null {
  if (!uploadExtensions(kind).includes(extensionOf(file.name))) return UPLOAD_MESSAGES.typeNotAllowed[kind];
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  return null;
}

const FILE_NAME_MAX_LENGTH = 150;
// Beyond the text rule's characters (stripUnsafeCharacters), a file name never keeps the C0
// controls the text rule allows (tab, line breaks) or the characters Windows forbids in names.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NAME_UNSAFE = /[\u0000-\u001f<>:"|?*]/g;

/**
 * A stored file's display name (issue 17): the last path part only (a claimant's `../../x` or
 * `C:\Users\me\x` is `x`), without control, bidi override or reserved characters, at most 150
 * characters with its extension kept; `fallback` when nothing is left.
 */
export function cleanFileName(name: string, fallback = 'file'): string {
  const cleaned = lastPathPart(name);
  return cleaned === '' || /^\.+$/.test(cleaned) ? fallback : withinLength(cleaned);
}

function lastPathPart(name: string): string {
  const parts = name.split(/[\\/]/);
  return stripUnsafeCharacters(parts[parts.length - 1] ?? '')
    .replace(NAME_UNSAFE, '')
    .trim();
}

function withinLength(name: string): string {
  if (name.length <= FILE_NAME_MAX_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot, dot + 10) : '';
  return name.slice(0, FILE_NAME_MAX_LENGTH - ext.length) + ext;
}

/**
 * The name an upload is stored under: cleaned, and ending in the type its bytes were recognised
 * as, so a PDF sent as `statement.html` is kept as `statement.pdf` (a `.jpeg` JPG keeps `.jpeg`).
 * A name with no other extension gets the type's; one with a different extension has it replaced.
 */
export function uploadFileName(name: string, type: UploadType): string {
  const cleaned = lastPathPart(name);
  const dot = cleaned.lastIndexOf('.');
  const current = dot >= 0 ? cleaned.slice(dot + 1).toLowerCase() : '';
  const stem = (dot >= 0 ? cleaned.slice(0, dot) : cleaned).trim();
  if (stem === '' || /^\.+$/.test(stem)) return `upload.${type}`;
  if (current === type || (type === 'jpg' && current === 'jpeg')) return withinLength(cleaned);
  return withinLength(`${stem}.${type}`);
}
