import { fileTypeFromBuffer } from 'file-type';
import {
  UPLOAD_CONTENT_TYPES,
  UPLOAD_MESSAGES,
  UPLOAD_TYPES,
  type UploadKind,
  type UploadType,
} from '@taxback/domain';

// D6: an upload's type comes from its bytes, never from its name or the browser's Content-Type.

export type { UploadKind };

export interface SniffedType {
  ext: UploadType;
  mime: string;
}

const BY_EXT: Record<SniffedType['ext'], string> = UPLOAD_CONTENT_TYPES;

export const FILE_TYPE_MESSAGES: Record<UploadKind, string> = UPLOAD_MESSAGES.typeNotAllowed;

function extensionOf(filename: string): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(filename);
  return m?.[1]?.toLowerCase() ?? '';
}

/**
 * CSV has no magic number: accept valid UTF-8 text with no control characters (other than tab and
 * line breaks) that has commas or line breaks and no markup, so an HTML page renamed .csv is refused.
 */
export function looksLikeCsv(bytes: Uint8Array, partial = false): boolean {
  let text: string;
  try {
    // `partial`: the start of a longer file, which may end inside a character.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: partial });
  } catch {
    return false;
  }
  text = text.replace(/^\uFEFF/, '');
  if (text.trim() === '') return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) return false;
  if (/<\s*[!?/A-Za-z]/.test(text)) return false;
  return /[,\n]/.test(text);
}

/** The allowed type of `bytes` for this upload kind, or null when it is not allowed. */
export async function sniffUploadType(
  bytes: Uint8Array,
  filename: string,
  kind: UploadKind,
  partial = false,
): Promise<SniffedType | null> {
  const detected = await fileTypeFromBuffer(bytes);
  let ext: SniffedType['ext'] | null = null;
  if (detected) {
    switch (detected.ext) {
      case 'pdf':
      case 'xlsx':
      case 'docx':
      case 'jpg':
      case 'png':
        ext = detected.ext;
        break;
      case 'cfb': {
        // Legacy Office files share one container format (OLE2); the name says which it is.
        const named = extensionOf(filename);
        ext = named === 'xls' || named === 'doc' ? named : null;
        break;
      }
      default:
        ext = null;
    }
  } else if (looksLikeCsv(bytes, partial)) {
    ext = 'csv';
  }
  if (ext === null || !(UPLOAD_TYPES[kind] as readonly UploadType[]).includes(ext)) return null;
  return { ext, mime: BY_EXT[ext] };
}
