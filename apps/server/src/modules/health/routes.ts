import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../../http/contract.ts';
import type { Backlog } from '../../jobs/queue.ts';

/**
 * Decision 036 (issue 35): liveness and readiness apart.
 * - `GET /api/health` (liveness) answers from the process alone: a load balancer's health check
 *   never waits behind requests for a database connection, so a busy instance is not taken out.
 * - `GET /api/health/ready` (readiness) asks the database on its own connection, with a short
 *   timeout, and reports the job backlog and the pools. Only a database that does not answer makes
 *   it 503; a backlog over its limit is reported (claims are still accepted: jobs are durable),
 *   since every instance shares the backlog and refusing on it would take them all out at once.
 */
export async function healthRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const timeoutMs = app.appConfig.database.readyTimeoutMs;
  // Probes arriving together share one database check.
  let inFlight: Promise<Backlog> | null = null;

  app.get('/health', { schema: routeSchema('getHealth'), config: { rateLimit: false } }, () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/health/ready',
    { schema: routeSchema('getReadiness'), config: { rateLimit: false } },
    async (request, reply) => {
      const started = performance.now();
      const pool = { requests: app.database.pool.stats(), jobs: app.database.jobsPool.stats() };
      try {
        inFlight ??= withTimeout(app.jobs.backlog(app.database.probeDb), timeoutMs).finally(() => {
          inFlight = null;
        });
        const jobs = await inFlight;
        return {
          status: 'ok' as const,
          db: 'ok' as const,
          checkedInMs: Math.round((performance.now() - started) * 10) / 10,
          jobs,
          pool,
        };
      } catch (error) {
        request.log.warn({ code: (error as { code?: unknown }).code }, 'readiness: database did not answer');
        return reply.code(503).header('retry-after', '5').send({ status: 'error', db: 'down', pool });
      }
    },
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('readiness check timed out'), { code: 'ETIMEDOUT' })),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
