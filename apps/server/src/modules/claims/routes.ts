import type { FastifyInstance } from 'fastify';
import { claimSubmissionSchema, fieldErrors } from '@taxback/domain/schemas';
import { NotFoundError, ValidationError } from '../../http/errors.ts';
import { requireSession } from '../../http/session.ts';
import type { ClaimsService } from './service.ts';

// A 2 MB PNG is about 2.7 MB as base64, plus the rest of the form.
const CLAIM_BODY_LIMIT = 3 * 1024 * 1024 + 512 * 1024;

export async function claimsRoutes(app: FastifyInstance, opts: { claims: ClaimsService }): Promise<void> {
  app.post('/claims', { bodyLimit: CLAIM_BODY_LIMIT }, async (request, reply) => {
    const sessionId = requireSession(request);
    const parsed = claimSubmissionSchema.safeParse(request.body);
    if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error));

    const userAgent = request.headers['user-agent'];
    const result = await opts.claims.submitClaim({
      sessionId,
      claim: parsed.data,
      ipAddress: request.ip ?? null,
      userAgent: typeof userAgent === 'string' ? userAgent : null,
    });
    return reply
      .code(result.created ? 201 : 200)
      .send({ id: result.id, signatureUrl: result.signatureUrl, authorityUrl: result.authorityUrl });
  });

  app.get('/claims/mine', async (request) => {
    const sessionId = requireSession(request);
    const claim = await opts.claims.findMine(sessionId);
    if (!claim) throw new NotFoundError();
    return claim;
  });
}
