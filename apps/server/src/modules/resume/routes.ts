import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeSchema } from '../../http/contract.ts';
import { NotFoundError, TooManyRequestsError, ValidationError } from '../../errors.ts';
import { RESUME_LIMITS, RESUME_MESSAGES } from './service.ts';
import type { ResumeService } from './service.ts';

export interface ResumeRoutesOptions {
  /** The app's one resume service (built in app.ts, shared with the onboarding service). */
  resume: ResumeService;
}

/** POST /api/resume { code, phone } → a fresh session id that owns the claim (D8). Registered with prefix '/api'. */
export async function resumeRoutes(base: FastifyInstance, opts: ResumeRoutesOptions): Promise<void> {
  const { resume } = opts;
  const app = base.withTypeProvider<ZodTypeProvider>();

  // Shape first (the declared schema): a malformed code never reaches the database or counts as a guess.
  app.post('/resume', { schema: routeSchema('resumeClaim') }, async (request, reply) => {
    const result = await resume.redeem({
      code: request.body.code,
      phone: request.body.phone,
      ip: request.ip,
    });
    if (result.ok) return reply.header('cache-control', 'no-store').send({ sessionId: result.sessionId });
    if (result.reason === 'throttled') {
      throw new TooManyRequestsError(RESUME_MESSAGES.throttled, RESUME_LIMITS.failureWindowMs / 1000);
    }
    if (result.reason === 'invalid-code') throw new ValidationError({ code: RESUME_MESSAGES.invalidCode });
    throw new NotFoundError(RESUME_MESSAGES.notFound);
  });
}
