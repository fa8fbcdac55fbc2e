import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_MESSAGES } from '@taxback/domain';
import {
  BadRequestError,
  PayloadTooLargeError,
  ServiceError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../errors.ts';
import type { StagedUpload } from './file-records.ts';

/**
 * Reads a multipart body of one `file` part and a few fields (register @fastify/multipart with a
 * 10 MB file limit first). The file is streamed into the store by `stage` as it arrives (never
 * whole in memory); over the limit, cut off or unreadable, what was staged is discarded and the
 * answer is a 4xx, never a 500. Used by the wizard's and the status page's uploads.
 */
export async function readSingleUpload(
  request: FastifyRequest,
  stage: (stream: Readable) => Promise<StagedUpload>,
  discard: (staged: StagedUpload) => Promise<void>,
): Promise<{ fields: Record<string, string>; staged: StagedUpload; filename: string }> {
  if (!request.isMultipart()) throw new UnsupportedMediaTypeError('Send the file as multipart/form-data.');
  const fields: Record<string, string> = {};
  let staged: StagedUpload | null = null;
  let filename = '';
  let tooLarge = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      staged = await stage(part.file);
      filename = part.filename;
      if (part.file.truncated) tooLarge = true;
    }
  } catch (error) {
    if (staged) await discard(staged);
    if (error instanceof ServiceError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') tooLarge = true;
    else if (code === 'FST_FILES_LIMIT') throw new ValidationError({ file: 'Upload one file at a time' });
    // Anything else thrown while reading the parts is a body busboy could not parse (cut off,
    // no closing boundary, bad part headers): the client's fault, never a 500.
    else throw new BadRequestError('The upload could not be read. Please try again.');
  }
  if (tooLarge) {
    if (staged) await discard(staged);
    throw new PayloadTooLargeError(UPLOAD_MESSAGES.tooLarge);
  }
  if (!staged) throw new ValidationError({ file: UPLOAD_MESSAGES.missing });
  return { fields, staged, filename };
}
