import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '@taxback/domain';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STATUS_LIMITS, STATUS_MESSAGES } from '@taxback/domain/status-schemas';
import { routeSchema } from '../../http/contract.ts';
import { sendDownload } from '../../http/downloads.ts';
import {
  ForbiddenError,
  NotFoundError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '../../errors.ts';
import { readSingleUpload } from '../files/index.ts';
import { sendStoredFile } from '../files/index.ts';
import { nominationRoutes } from './nomination-routes.ts';
import type { Nominations } from '../client-money/index.ts';
import { statusCardPaymentRoutes, type CardCheckoutService } from '../card-payments/index.ts';
import type { StatusService } from './service.ts';

export const STATUS_COOKIE = 'tb_status';

export interface StatusRoutesOptions {
  status: StatusService;
  /** D29 (decision 076): the nomination's operations; null when none is configured. */
  nominations: () => Nominations | null;
  /** Decision 078: "Pay by card" on the invoice (refused with 409 when no provider takes cards). */
  cardCheckout: CardCheckoutService;
  secureCookie: boolean;
}

const throttled = () =>
  new TooManyRequestsError(STATUS_MESSAGES.throttled, STATUS_LIMITS.failureWindowMs / 1000);
const expired = () => new UnauthorizedError(STATUS_MESSAGES.expired);

/**
 * D23, registered with prefix '/api':
 * POST /status/code { reference, phone } → 202 { sentTo } (a code texted to the claim's number);
 * POST /status/verify { reference, phone, code } → 200 the timeline, and a cookie for 30 minutes;
 * GET /status → the timeline while the cookie lasts (with ?reference=, only that claim's: another
 * claim's cookie is cleared, issue 28); POST /status/sign-out → 204, the cookie cleared;
 * GET /status/documents/:id → a signed document; GET /status/invoice.pdf → our invoice (D41);
 * POST /status/invoice/checkout → the card payment's checkout page (decision 078).
 */
export async function statusRoutes(base: FastifyInstance, opts: StatusRoutesOptions): Promise<void> {
  const { status } = opts;
  const app = base.withTypeProvider<ZodTypeProvider>();
  const setCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(STATUS_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: opts.secureCookie,
      path: '/api/status',
      maxAge: STATUS_LIMITS.viewTtlMs / 1000,
    });

  app.post('/status/code', { schema: routeSchema('requestStatusCode') }, async (request, reply) => {
    const result = await status.requestCode({ ...request.body, ip: request.ip });
    if (result.ok) return reply.code(202).send({ sentTo: result.sentTo });
    if (result.reason === 'throttled') throw throttled();
    if (result.reason === 'too-many-codes')
      throw new TooManyRequestsError(STATUS_MESSAGES.tooManyCodes, STATUS_LIMITS.codeWindowMs / 1000);
    if (result.reason === 'sms-failed') throw new ServiceUnavailableError(STATUS_MESSAGES.smsFailed);
    throw new NotFoundError(STATUS_MESSAGES.notFound);
  });

  app.post('/status/verify', { schema: routeSchema('verifyStatusCode') }, async (request, reply) => {
    const result = await status.verify({ ...request.body, ip: request.ip });
    if (result.ok) {
      setCookie(reply, result.token);
      return result.view;
    }
    if (result.reason === 'throttled') throw throttled();
    throw new ValidationError({ code: STATUS_MESSAGES.codeWrong });
  });

  const clearCookie = (reply: FastifyReply) =>
    reply.clearCookie(STATUS_COOKIE, {
      httpOnly: true,
      sameSite: 'strict',
      secure: opts.secureCookie,
      path: '/api/status',
    });

  app.get('/status', { schema: routeSchema('getClaimStatus') }, async (request, reply) => {
    const view = await status.view(request.cookies[STATUS_COOKIE], request.query.reference);
    if (view === 'other-claim') {
      // A link for another claim signs this one out: on a shared device it is someone else's.
      clearCookie(reply);
      throw new UnauthorizedError(STATUS_MESSAGES.otherClaim);
    }
    if (!view) throw expired();
    return view;
  });

  app.post('/status/sign-out', { schema: routeSchema('signOutOfStatus') }, async (_request, reply) => {
    clearCookie(reply);
    return reply.code(204).send();
  });

  app.post('/status/details', { schema: routeSchema('continueFromStatus') }, async (request) => {
    const sessionId = await status.sessionOf(request.cookies[STATUS_COOKIE]);
    if (!sessionId) throw expired();
    return { sessionId };
  });

  // Issue 28 (D33): the thread. Every change needs the fresh cookie and the page's CSRF token.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 3, parts: 4, fieldSize: 50, headerPairs: 50 },
  });
  const changing = async (request: FastifyRequest) => {
    const claim = await status.claimForChange(
      request.cookies[STATUS_COOKIE],
      request.headers['x-csrf-token'],
    );
    if (claim === 'no-csrf') throw new ForbiddenError('The page has expired. Reload the page and try again.');
    if (!claim) throw expired();
    return claim;
  };

  app.get('/status/thread', { schema: routeSchema('getStatusThread') }, async (request) => {
    const thread = await status.thread(request.cookies[STATUS_COOKIE]);
    if (!thread) throw expired();
    return thread;
  });

  app.post('/status/messages', { schema: routeSchema('sendStatusMessage') }, async (request, reply) => {
    const claim = await changing(request);
    return reply.code(201).send(await status.casework.addMessage(claim, request.body));
  });

  app.post('/status/files', { schema: routeSchema('uploadStatusFile') }, async (request, reply) => {
    const claim = await changing(request);
    const { fields, staged, filename } = await readSingleUpload(
      request,
      status.casework.stage,
      status.casework.discard,
    );
    const saved = await status.casework.saveUpload(claim, {
      version: fields.version,
      filename,
      file: staged,
    });
    return reply.code(201).send(saved);
  });

  app.post('/status/answers', { schema: routeSchema('answerStatusRequest') }, async (request) => {
    const claim = await changing(request);
    await status.casework.answer(claim, request.body);
    const view = await status.view(request.cookies[STATUS_COOKIE]);
    if (!view || view === 'other-claim') throw expired();
    return view;
  });

  // Decision 056: the authority the amendment would sign, shown before the claimant signs it.
  app.post(
    '/status/amendment/preview',
    { schema: routeSchema('previewStatusAmendment') },
    async (request) => {
      const claim = await changing(request);
      return { document: await status.casework.previewAmendment(claim, request.body) };
    },
  );

  const amendOptions = { schema: routeSchema('amendStatusClaim'), bodyLimit: 2_200_000 };
  app.post('/status/amendment', amendOptions, async (request) => {
    const claim = await changing(request);
    const ua = request.headers['user-agent'];
    await status.casework.amend(claim, request.body, {
      ip: request.ip,
      userAgent: typeof ua === 'string' && ua !== '' ? ua.slice(0, 500) : null,
    });
    const view = await status.view(request.cookies[STATUS_COOKIE]);
    if (!view || view === 'other-claim') throw expired();
    return view;
  });

  app.get('/status/files/:id', { schema: routeSchema('getStatusFile') }, async (request, reply) => {
    const opened = await status.openThreadFile(request.cookies[STATUS_COOKIE], request.params.id);
    if (!opened) throw expired();
    return sendStoredFile(reply, opened);
  });

  app.get('/status/invoice.pdf', { schema: routeSchema('getStatusInvoice') }, async (request, reply) => {
    const invoice = await status.invoicePdf(request.cookies[STATUS_COOKIE]);
    if (!invoice) throw expired();
    return sendDownload(reply, { type: 'pdf', filename: invoice.filename, body: invoice.pdf });
  });

  await nominationRoutes(app, {
    status,
    changing,
    expired,
    nominations: opts.nominations,
    tokenOf: (request) => request.cookies[STATUS_COOKIE],
  });

  await statusCardPaymentRoutes(app, { checkout: opts.cardCheckout, changing });

  app.get('/status/documents/:id', { schema: routeSchema('getSignedDocument') }, async (request, reply) => {
    const opened = await status.openDocument(request.cookies[STATUS_COOKIE], request.params.id);
    if (!opened) throw expired();
    return sendStoredFile(reply, opened);
  });
}
