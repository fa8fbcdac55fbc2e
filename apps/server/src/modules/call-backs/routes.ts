import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { normaliseUkPhone } from '@taxback/domain';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeSchema } from '../../http/contract.ts';
import { nowIso } from '../../db/values.ts';

/** At most this many call-back requests a minute from one address (a form, not an API). */
const CALL_BACK_RATE_LIMIT = { max: 5, timeWindow: '1 minute' } as const;

/**
 * POST /api/call-backs (D27): a self-employed or CIS claimant asks to be called about Self
 * Assessment. Only the name, the number and the topic are kept, with the claimant's consent.
 * Registered with prefix '/api'.
 */
export async function callBackRoutes(base: FastifyInstance, opts: { now?: () => Date } = {}): Promise<void> {
  const now = opts.now ?? (() => new Date());
  const app = base.withTypeProvider<ZodTypeProvider>();
  const options = { schema: routeSchema('requestCallBack'), config: { rateLimit: CALL_BACK_RATE_LIMIT } };
  app.post('/call-backs', options, async (request, reply) => {
    const { name, phone, topic } = request.body;
    await app.db
      .insertInto('call_back_requests')
      .values({
        id: randomUUID(),
        name,
        phone: normaliseUkPhone(phone) ?? phone,
        topic,
        created_at: nowIso(now()),
      })
      .execute();
    return reply.code(201).header('cache-control', 'no-store').send({ ok: true });
  });
}
