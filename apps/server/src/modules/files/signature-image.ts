import { PNG_DATA_URL_PREFIX, isSaneSignatureSize, pngDimensions } from '@taxback/domain';
import { PayloadTooLargeError, ValidationError } from '../../errors.ts';
import { readPng } from '../../documents/png.ts';

/** A drawn signature is tens of kilobytes; 2 MB bounds abuse. */
export const MAX_SIGNATURE_BYTES = 2 * 1024 * 1024;

/**
 * The PNG bytes of a signature data URL, for the claim form and the wizard alike (issue 17): the
 * image must be a whole, well-formed PNG (every chunk's CRC and the compressed pixels decode) of
 * sane dimensions, read from its header before anything is decoded. Anything else is the field
 * error `message`; an image over the size limit is a 413.
 */
export function signaturePngOf(dataUrl: string, message: string, field = 'signature'): Buffer {
  if (!dataUrl.startsWith(PNG_DATA_URL_PREFIX)) throw new ValidationError({ [field]: message });
  const encoded = dataUrl.slice(PNG_DATA_URL_PREFIX.length);
  // Cheap bound before decoding: base64 is 4 characters for 3 bytes.
  if (Math.floor((encoded.length * 3) / 4) > MAX_SIGNATURE_BYTES + 3) {
    throw new PayloadTooLargeError('The signature image is too large.');
  }
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length > MAX_SIGNATURE_BYTES) throw new PayloadTooLargeError('The signature image is too large.');
  const size = pngDimensions(bytes);
  if (size === null || !isSaneSignatureSize(size) || readPng(bytes) === null) {
    throw new ValidationError({ [field]: message });
  }
  return bytes;
}
