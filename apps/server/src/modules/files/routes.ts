import { UUID_PATTERN } from '@taxback/domain/uuid';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { routeSchema } from '../../http/contract.ts';
import { contentDisposition } from '../../http/downloads.ts';
import { NotFoundError } from '../../errors.ts';
import { requireSession } from '../../http/session.ts';
import type { FilesService, SavedFile } from './service.ts';

/** A stored file, streamed as a private attachment with the type sniffed at upload. */
export function sendStoredFile(reply: FastifyReply, opened: { file: SavedFile; stream: Readable }) {
  return reply
    .header('content-type', opened.file.contentType)
    .header('content-length', String(opened.file.size))
    .header('content-disposition', contentDisposition(opened.file.filename))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(opened.stream);
}

export async function filesRoutes(app: FastifyInstance, opts: { files: FilesService }): Promise<void> {
  app.get<{ Params: { id: string } }>(
    '/files/:id',
    { schema: routeSchema('getFile') },
    async (request, reply) => {
      // An operator may open any file; a claimant only their own session's (D5/D6).
      const operator = await app.operatorAuth.resolve(request);
      const sessionId = operator ? null : requireSession(request);
      if (!UUID_PATTERN.test(request.params.id)) throw new NotFoundError();

      const opened = await opts.files.openFile(request.params.id, sessionId);
      if (!opened) throw new NotFoundError();
      if (operator) await app.operatorAuth.fileOpened?.(operator, opened.file);
      return sendStoredFile(reply, opened);
    },
  );
}
