// D6: the rules for the files a claimant uploads, shared by the browser's early check and the
// server, which decides from the bytes (never from the name or the browser's Content-Type).

export type UploadKind = 'evidence' | 'p60';

/** One file per request, at most 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The types each kind accepts, as the server recognises them from the bytes. */
export const UPLOAD_TYPES = {
  evidence: ['pdf', 'xlsx', 'xls', 'docx', 'doc', 'csv', 'jpg', 'png'],
  p60: ['pdf', 'jpg', 'png'],
} as const satisfies Record<UploadKind, readonly string[]>;

export type UploadType = (typeof UPLOAD_TYPES)[UploadKind][number];

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
