import type { FastifyInstance } from 'fastify';
import { getOpenApiDocument } from './openapi.ts';

/** GET /api/docs: the OpenAPI 3.1 description as JSON (no UI: the CSP and bundle stay as they are). */
export async function docsRoutes(app: FastifyInstance): Promise<void> {
  // Built at start-up so a schema that cannot be described fails the boot, not a request.
  const { body } = getOpenApiDocument();
  app.get('/docs', async (_request, reply) =>
    // The document holds no personal data; no-cache lets clients keep it but revalidate after a deploy.
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(body),
  );
}
