import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { normaliseUkPhone } from '@taxback/domain';
import { callBackRequestSchema, fieldErrors } from '@taxback/domain/schemas';
import { ValidationError } from '../../http/errors.ts';
import { nowIso } from '../../db/values.ts';

/** At most this many call-back requests a minute from one address (a form, not an API). */
const CALL_BACK_RATE_LIMIT = { max: 5, timeWindow: '1 minute' } as const;

/**
 * POST /api/call-backs (D27): a self-employed or CIS claimant asks to be called about Self
 * Assessment. Only the name, the number and the topic are kept, with the claimant's consent.
 * Registered with prefix '/api'.
 */
export async function callBackRoutes(app: FastifyInstance, opts: { now?: () => Date } = {}): Promise<void> {
  const now = opts.now ?? (() => new Date());
  app.post('/call-backs', { config: { rateLimit: CALL_BACK_RATE_LIMIT } }, async (request, reply) => {
    const parsed = callBackRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw new ValidationError(fieldErrors(parsed));
    const { name, phone, topic } = parsed.data;
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
