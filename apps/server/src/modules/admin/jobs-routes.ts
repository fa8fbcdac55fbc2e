import { UUID_PATTERN } from '@taxback/domain/uuid';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../../http/contract.ts';
import { NotFoundError } from '../../errors.ts';
import { type AuditLog, type AuthService, operatorContext } from '../operators/index.ts';

/**
 * Decision 022: jobs that used up their tries, for admins, newest first, and a way to send one
 * again (audited). A job row holds ids and an error code only, never personal data. Also how many
 * jobs wait for a retry, so a provider outage shows before anything fails for good, and the backlog
 * of due jobs against its limit (decision 036), so jobs running late show.
 */
export async function jobsRoutes(base: FastifyInstance, opts: { auth: AuthService; audit: AuditLog }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/jobs', { schema: routeSchema('listFailedJobs') }, async () => {
    const [failed, retrying, backlog] = await Promise.all([
      app.jobs.failed(200),
      app.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('status', '=', 'queued')
        .where('attempts', '>', 0)
        .executeTakeFirst(),
      app.jobs.backlog(),
    ]);
    return {
      retrying: Number(retrying?.n ?? 0),
      backlog,
      failed: failed.map((j) => ({
        id: j.id,
        name: j.name,
        attempts: Number(j.attempts),
        lastError: j.last_error,
        createdAt: j.created_at,
        failedAt: j.finished_at,
      })),
    };
  });

  app.post<{ Params: { id: string } }>(
    '/jobs/:id/retry',
    { schema: routeSchema('retryJob') },
    async (request, reply) => {
      if (!UUID_PATTERN.test(request.params.id)) throw new NotFoundError();
      const id = request.params.id.toLowerCase();
      if (!(await app.jobs.retry(id)))
        throw new NotFoundError('This job is not failed (it may have been retried already)');
      await opts.audit.record({
        actor: operatorContext(request).operator.id,
        action: 'job-retried',
        entity: 'job',
        entityId: id,
      });
      return reply.code(204).send();
    },
  );
}
