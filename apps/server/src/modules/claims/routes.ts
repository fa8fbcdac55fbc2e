import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { MAX_UPLOAD_BYTES } from '@taxback/domain';
import { UUID_PATTERN } from '@taxback/domain/uuid';
import { readSingleUpload } from '../files/index.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeSchema } from '../../http/contract.ts';
import { NotFoundError } from '../../errors.ts';
import { requireSession } from '../../http/session.ts';
import type { ClaimsService } from './service.ts';
import type { ClaimDetailsService } from './details.ts';
import type { DetailsFiles } from './details-files.ts';

// A 2 MB PNG is about 2.7 MB as base64, plus the rest of the form.
const CLAIM_BODY_LIMIT = 3 * 1024 * 1024 + 512 * 1024;

export async function claimsRoutes(
  base: FastifyInstance,
  opts: {
    claims: ClaimsService;
    details: ClaimDetailsService;
    detailsFiles: DetailsFiles;
    /** Issue 45: counts a new claim as the funnel's "claim" step (anonymously). */
    onClaimMade?: () => void;
  },
): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Decision 052: the details journey's receipts, with the wizard's upload limits.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 200, headerPairs: 50 },
  });
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
    if (result.created) opts.onClaimMade?.();
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

  // Decision 052: a receipt or proof for one of the details' expenses, kept privately.
  app.post(
    '/claims/mine/details/files',
    { schema: routeSchema('uploadClaimDetailsFile') },
    async (request, reply) => {
      const sessionId = requireSession(request);
      const { fields, staged, filename } = await readSingleUpload(
        request,
        (stream) => opts.detailsFiles.stage(sessionId, stream),
        (upload) => opts.detailsFiles.discard(upload),
      );
      const saved = await opts.detailsFiles.upload(sessionId, {
        section: fields.section,
        taxYear: fields.taxYear,
        filename,
        file: staged,
      });
      return reply.code(201).send(saved);
    },
  );

  app.delete(
    '/claims/mine/details/files/:id',
    { schema: routeSchema('deleteClaimDetailsFile') },
    async (request, reply) => {
      const sessionId = requireSession(request);
      if (!UUID_PATTERN.test(request.params.id)) throw new NotFoundError();
      await opts.detailsFiles.remove(sessionId, request.params.id);
      return reply.code(204).send();
    },
  );
}
