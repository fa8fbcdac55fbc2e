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
  // Fastify sends a PDF library's Uint8Array as a Buffer over the same bytes, without a copy.
  return reply
    .type(download.type === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition(download.filename))
    .send(download.body);
}
