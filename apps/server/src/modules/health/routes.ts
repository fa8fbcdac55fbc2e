import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../../http/contract.ts';
import { createReadinessCheck, NOT_READY_RETRY_AFTER } from '../../http/readiness.ts';

/**
 * Decision 036 (issue 35): liveness and readiness apart.
 * - `GET /api/health` (liveness) answers from the process alone: a load balancer's health check
 *   never waits behind requests for a database connection, so a busy instance is not taken out.
 * - `GET /api/health/ready` (readiness) asks the database on its own connection, with a short
 *   timeout, and reports the job backlog and the pools. Only a database that does not answer makes
 *   it 503; a backlog over its limit is reported (claims are still accepted: jobs are durable),
 *   since every instance shares the backlog and refusing on it would take them all out at once.
 * Decision 046: with HEALTH_PORT set, the same answers come from a thread of their own
 * (http/health-listener.ts), so a main thread swamped by requests never delays them.
 */
export async function healthRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ready = createReadinessCheck({
    measure: () => app.jobs.backlog(app.database.probeDb),
    pools: () => ({ requests: app.database.pool.stats(), jobs: app.database.jobsPool.stats() }),
    timeoutMs: app.appConfig.database.readyTimeoutMs,
  });

  app.get('/health', { schema: routeSchema('getHealth'), config: { rateLimit: false } }, () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/health/ready',
    { schema: routeSchema('getReadiness'), config: { rateLimit: false } },
    async (request, reply) => {
      const answer = await ready();
      if (answer.status === 200) return answer.body;
      request.log.warn({ code: answer.code }, 'readiness: database did not answer');
      return reply.code(503).header('retry-after', NOT_READY_RETRY_AFTER).send(answer.body);
    },
  );
}
