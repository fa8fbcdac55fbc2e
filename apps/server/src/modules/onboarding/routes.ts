import { UUID_PATTERN } from '@taxback/domain/uuid';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, signedByOf } from '@taxback/domain/schemas';
import { routeSchema } from '../../http/contract.ts';
import { NotFoundError } from '../../errors.ts';
import { requireSession } from '../../http/session.ts';
import { readSingleUpload } from '../files/index.ts';
import { signaturePngOf } from '../files/index.ts';
import { MAX_UPLOAD_BYTES } from './service.ts';
import type { OnboardingService, RequestMeta } from './service.ts';

/** A signature data URL is at most 2 MB (domain SIGNATURE_MAX_LENGTH) plus the consents. */
const SIGNATURE_BODY_LIMIT = 2_100_000;

export interface OnboardingRoutesOptions {
  /** The app's one onboarding service (built in app.ts). */
  onboarding: OnboardingService;
}

function metaOf(request: FastifyRequest): RequestMeta {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' && ua !== '' ? ua.slice(0, 500) : null };
}

/** The mileage wizard API (api-contract "Mileage wizard" and "Files"). Registered with prefix '/api'. */
export async function onboardingRoutes(base: FastifyInstance, opts: OnboardingRoutesOptions): Promise<void> {
  const service = opts.onboarding;
  const app = base.withTypeProvider<ZodTypeProvider>();
  // The session is checked before the body, so a request without one is told so first.

  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 200, headerPairs: 50 },
  });

  app.get('/onboarding', { schema: routeSchema('getOnboarding') }, async (request, reply) => {
    const sessionId = requireSession(request);
    // JSON text: the stored snapshot and totals are sent as they are (decision 040).
    const text = await service.getProgress(sessionId);
    return reply
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(text as never);
  });

  // Snapshot fields are keyed from the snapshot root ('personalInfo.email'), like the step errors
  // (the contract's fieldErrorsFrom).
  app.put('/onboarding', { schema: routeSchema('saveOnboarding') }, async (request, reply) => {
    const sessionId = requireSession(request);
    return reply
      .header('cache-control', 'no-store')
      .send(await service.save(sessionId, request.body, metaOf(request)));
  });

  // Only the sections a step changed; field errors keyed from the snapshot root like the whole save.
  app.put(
    '/onboarding/steps/:stepId',
    { schema: routeSchema('saveOnboardingStep') },
    async (request, reply) => {
      const sessionId = requireSession(request);
      return reply
        .header('cache-control', 'no-store')
        .send(await service.saveStep(sessionId, request.params.stepId, request.body, metaOf(request)));
    },
  );

  // Issue 42: the mileage claim of a funnel claim's case, started from its signed details.
  app.post(
    '/onboarding/from-claim',
    { schema: routeSchema('startOnboardingFromClaim') },
    async (request, reply) => {
      const started = await service.startFromClaim(requireSession(request), metaOf(request));
      return reply
        .code(started.created ? 201 : 200)
        .header('cache-control', 'no-store')
        .send({ sessionId: started.sessionId });
    },
  );

  app.post('/onboarding/resume-code', { schema: routeSchema('sendResumeCode') }, async (request, reply) => {
    const sessionId = requireSession(request);
    await service.sendResumeCode(sessionId);
    return reply.code(202).send({ sent: true });
  });

  app.post('/onboarding/files', { schema: routeSchema('uploadOnboardingFile') }, async (request, reply) => {
    const sessionId = requireSession(request);
    const { fields, staged, filename } = await readSingleUpload(
      request,
      (stream) => service.stageUpload(sessionId, stream),
      (upload) => service.discardUpload(upload),
    );
    const saved = await service.uploadFile(sessionId, {
      kind: fields.kind,
      taxYear: fields.taxYear,
      filename,
      file: staged,
    });
    return reply.code(201).send(saved);
  });

  app.delete(
    '/onboarding/files/:id',
    { schema: routeSchema('deleteOnboardingFile') },
    async (request, reply) => {
      const sessionId = requireSession(request);
      if (!UUID_PATTERN.test(request.params.id)) throw new NotFoundError();
      await service.deleteFile(sessionId, request.params.id);
      return reply.code(204).send();
    },
  );

  const signatureOptions = {
    schema: routeSchema('saveOnboardingSignature'),
    bodyLimit: SIGNATURE_BODY_LIMIT,
  };
  app.post('/onboarding/signature', signatureOptions, async (request, reply) => {
    const sessionId = requireSession(request);
    const body = request.body;
    const png = signaturePngOf(body.signature, MESSAGES.digitalSignatureRequired);
    const result = await service.saveSignature(
      sessionId,
      { png, agreementChecks: body.agreementChecks, signedBy: signedByOf(body) },
      metaOf(request),
    );
    return reply.code(201).send(result);
  });

  app.post(
    '/onboarding/mileage-log',
    { schema: routeSchema('generateMileageLogs') },
    async (request, reply) => {
      const sessionId = requireSession(request);
      return reply
        .code(201)
        .send(
          await service.generateMileageLogs(sessionId, request.body?.taxYear, request.body?.employmentId),
        );
    },
  );

  app.post('/onboarding/submit', { schema: routeSchema('submitOnboarding') }, async (request, reply) => {
    const sessionId = requireSession(request);
    return reply.send(await service.submit(sessionId, request.body));
  });
}
