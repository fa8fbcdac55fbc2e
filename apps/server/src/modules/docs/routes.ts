import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../../http/contract.ts';

/** GET /api/docs: the OpenAPI 3.1 description as JSON (no UI: the CSP and bundle stay as they are). */
export async function docsRoutes(app: FastifyInstance): Promise<void> {
  let body = '';
  // Built once every route is registered, so a schema that cannot be described fails the boot.
  app.addHook('onReady', async () => {
    body = JSON.stringify(app.swagger());
  });
  app.get('/docs', { schema: routeSchema('getOpenApi') }, async (_request, reply) =>
    // The document holds no personal data; no-cache lets clients keep it but revalidate after a deploy.
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(body),
  );
}
