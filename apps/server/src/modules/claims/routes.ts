import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeSchema } from '../../http/contract.ts';
import { NotFoundError } from '../../errors.ts';
import { requireSession } from '../../http/session.ts';
import type { ClaimsService } from './service.ts';
import type { ClaimDetailsService } from './details.ts';

// A 2 MB PNG is about 2.7 MB as base64, plus the rest of the form.
const CLAIM_BODY_LIMIT = 3 * 1024 * 1024 + 512 * 1024;

export async function claimsRoutes(
  base: FastifyInstance,
  opts: { claims: ClaimsService; details: ClaimDetailsService },
): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const options = {
    schema: routeSchema('submitClaim'),
    bodyLimit: CLAIM_BODY_LIMIT,
  };
  app.post('/claims', options, async (request, reply) => {
    const sessionId = requireSession(request);

    const userAgent = request.headers['user-agent'];
    const result = await opts.claims.submitClaim({
      sessionId,
      claim: request.body,
      ipAddress: request.ip ?? null,
      userAgent: typeof userAgent === 'string' ? userAgent : null,
    });
    return reply.code(result.created ? 201 : 200).send({
      id: result.id,
      reference: result.reference,
      signatureUrl: result.signatureUrl,
      authorityUrl: result.authorityUrl,
    });
  });

  app.get('/claims/mine', { schema: routeSchema('getMyClaim') }, async (request) => {
    const sessionId = requireSession(request);
    const claim = await opts.claims.findMine(sessionId);
    if (!claim) throw new NotFoundError();
    return claim;
  });

  // D30: the details journey of the session's general claim.
  app.get('/claims/mine/details', { schema: routeSchema('getClaimDetails') }, async (request) =>
    opts.details.get(requireSession(request)),
  );

  app.put('/claims/mine/details', { schema: routeSchema('saveClaimDetails') }, async (request) =>
    opts.details.save(requireSession(request), request.body),
  );

  app.post(
    '/claims/mine/details/sign',
    { schema: routeSchema('signClaimDetails'), bodyLimit: CLAIM_BODY_LIMIT },
    async (request) => {
      const userAgent = request.headers['user-agent'];
      return opts.details.sign({
        sessionId: requireSession(request),
        body: request.body,
        ipAddress: request.ip ?? null,
        userAgent: typeof userAgent === 'string' ? userAgent : null,
      });
    },
  );
}
