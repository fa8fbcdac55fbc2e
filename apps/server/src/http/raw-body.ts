import type { FastifyInstance, FastifyRequest } from 'fastify';

// Decisions 078 and 079: a provider's webhook is checked against the body exactly as it was sent,
// so its route reads that body itself, in a plugin scope of its own.

/**
 * Takes over the parsing of one content type in the calling plugin's scope: the body is read whole
 * (`parseAs: 'buffer'`, under the app's body limit), kept as sent, and handed to `parse`, whose
 * answer is the request's body (throw to refuse it). Outside the scope the app's parsers are
 * unchanged. Answers a look-up of a request's body as sent.
 */
export function keepRawBodies(
  app: FastifyInstance,
  contentType: string,
  parse: (raw: Buffer, request: FastifyRequest) => unknown,
): (request: FastifyRequest) => Buffer | undefined {
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();
  if (app.hasContentTypeParser(contentType)) app.removeContentTypeParser(contentType);
  app.addContentTypeParser(contentType, { parseAs: 'buffer' }, (request, body, done) => {
    const raw = Buffer.isBuffer(body) ? body : Buffer.from(body);
    rawBodies.set(request, raw);
    Promise.resolve()
      .then(() => parse(raw, request))
      .then(
        (parsed) => done(null, parsed),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), undefined),
      );
  });
  return (request) => rawBodies.get(request);
}
