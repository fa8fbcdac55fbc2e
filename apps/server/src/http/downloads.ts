import type { FastifyReply } from 'fastify';

/**
 * `attachment` with the name as plain ASCII (anything else, a quote or a backslash becomes '_'),
 * and the UTF-8 name too when that changed it (RFC 6266): a name can never break out of its header.
 */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const plain = `attachment; filename="${ascii}"`;
  return ascii === filename ? plain : `${plain}; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Every download the API writes (PDFs, CSVs): an attachment named `filename`. Like every API
 * answer it is never cached (security.ts addApiNoStore): each holds a claimant's or the business's
 * figures.
 */
export function sendDownload(
  reply: FastifyReply,
  download: { type: 'pdf' | 'csv'; filename: string; body: Uint8Array | string | NodeJS.ReadableStream },
) {
  const { body: given } = download;
  // A PDF library's bytes are sent as they are, without a copy.
  const body =
    given instanceof Uint8Array && !Buffer.isBuffer(given)
      ? Buffer.from(given.buffer, given.byteOffset, given.byteLength)
      : given;
  return reply
    .type(download.type === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition(download.filename))
    .send(body);
}
