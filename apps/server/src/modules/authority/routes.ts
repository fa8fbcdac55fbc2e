import type { FastifyInstance } from 'fastify';
import { publicSettingsSchema } from '@taxback/domain/schemas';
import { routeSchema } from '../../http/contract.ts';
import { authorityTermsOf } from './terms.ts';

/** GET /api/settings: the public configuration the web app reads once (D19, D20). */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const body = publicSettingsSchema.parse({ ...authorityTermsOf(app.appConfig), site: app.appConfig.site });
  app.get('/settings', { schema: routeSchema('getSettings') }, async (_request, reply) =>
    // Configuration changes only with a restart: a short public cache is safe.
    reply.header('cache-control', 'public, max-age=300').send(body),
  );
}
