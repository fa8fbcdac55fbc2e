import { UUID_PATTERN } from '@taxback/domain/uuid';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../../http/contract.ts';
import { NotFoundError } from '../../errors.ts';
import { type AuditLog, type AuthService, operatorContext } from '../operators/index.ts';

/** The list is short by design: requests are removed once called, and purged after 30 days. */
const LIST_MAX = 500;

/**
 * D27: the call-back requests of self-employed and CIS claimants, oldest first, for any operator;
 * removing one once called deletes the name and number. Both are audited (D22).
 */
export async function callBacksRoutes(base: FastifyInstance, opts: { auth: AuthService; audit: AuditLog }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const actor = (request: Parameters<typeof operatorContext>[0]) => operatorContext(request).operator.id;

  app.get('/call-backs', { schema: routeSchema('listCallBacks') }, async (request) => {
    const rows = await app.db
      .selectFrom('call_back_requests')
      .select(['id', 'name', 'phone', 'topic', 'created_at'])
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(LIST_MAX)
      .execute();
    await opts.audit.record({
      actor: actor(request),
      action: 'call-backs-viewed',
      entity: 'call-backs',
      entityId: 'list',
      detail: { rows: rows.length },
    });
    return {
      callBacks: rows.map((r) => ({
        id: r.id,
        name: r.name,
        phone: r.phone,
        topic: r.topic,
        requestedAt: r.created_at,
      })),
    };
  });

  app.delete<{ Params: { id: string } }>(
    '/call-backs/:id',
    { schema: routeSchema('removeCallBack') },
    async (request, reply) => {
      if (!UUID_PATTERN.test(request.params.id)) throw new NotFoundError();
      const id = request.params.id.toLowerCase();
      await app.db.transaction().execute(async (trx) => {
        const deleted = await trx.deleteFrom('call_back_requests').where('id', '=', id).executeTakeFirst();
        if (Number(deleted.numDeletedRows) === 0) throw new NotFoundError();
        await opts.audit.record(
          { actor: actor(request), action: 'call-back-removed', entity: 'call-backs', entityId: id },
          trx,
        );
      });
      return reply.code(204).send();
    },
  );
}
