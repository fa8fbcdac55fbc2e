import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { routeSchema } from '../../http/contract.ts';

export async function healthRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/health',
    { schema: routeSchema('getHealth'), config: { rateLimit: false } },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ok', db: 'ok' } as const;
      } catch (error) {
        request.log.warn({ code: (error as { code?: unknown }).code }, 'health check: database unreachable');
        return reply.code(503).header('retry-after', '5').send({ status: 'error', db: 'down' });
      }
    },
  );
}
