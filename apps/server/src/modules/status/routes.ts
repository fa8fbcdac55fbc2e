import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  STATUS_LIMITS,
  STATUS_MESSAGES,
  statusCodeRequestSchema,
  statusVerifySchema,
} from '@taxback/domain/status-schemas';
import {
  HttpError,
  NotFoundError,
  ServiceUnavailableError,
  TooManyRequestsError,
  ValidationError,
} from '../../http/errors.ts';
import { contentDisposition } from '../files/routes.ts';
import type { StatusService } from './service.ts';

export const STATUS_COOKIE = 'tb_status';

export interface StatusRoutesOptions {
  status: StatusService;
  secureCookie: boolean;
}

const throttled = () =>
  new TooManyRequestsError(STATUS_MESSAGES.throttled, STATUS_LIMITS.failureWindowMs / 1000);
const expired = () => new HttpError(401, STATUS_MESSAGES.expired);

/**
 * D23, registered with prefix '/api':
 * POST /status/code { reference, phone } → 202 { sentTo } (a code texted to the claim's number);
 * POST /status/verify { reference, phone, code } → 200 the timeline, and a cookie for 30 minutes;
 * GET /status → the timeline while the cookie lasts; GET /status/documents/:id → a signed document.
 */
export async function statusRoutes(app: FastifyInstance, opts: StatusRoutesOptions): Promise<void> {
  const { status } = opts;
  const setCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(STATUS_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: opts.secureCookie,
      path: '/api/status',
      maxAge: STATUS_LIMITS.viewTtlMs / 1000,
    });

  app.post('/status/code', async (request, reply) => {
    const body = statusCodeRequestSchema.parse(request.body ?? {});
    const result = await status.requestCode({ ...body, ip: request.ip });
    if (result.ok) return reply.code(202).send({ sentTo: result.sentTo });
    if (result.reason === 'throttled') throw throttled();
    if (result.reason === 'too-many-codes')
      throw new TooManyRequestsError(STATUS_MESSAGES.tooManyCodes, STATUS_LIMITS.codeWindowMs / 1000);
    if (result.reason === 'sms-failed') throw new ServiceUnavailableError(STATUS_MESSAGES.smsFailed);
    throw new NotFoundError(STATUS_MESSAGES.notFound);
  });

  app.post('/status/verify', async (request, reply) => {
    const body = statusVerifySchema.parse(request.body ?? {});
    const result = await status.verify({ ...body, ip: request.ip });
    if (result.ok) {
      setCookie(reply, result.token);
      return result.view;
    }
    if (result.reason === 'throttled') throw throttled();
    throw new ValidationError({ code: STATUS_MESSAGES.codeWrong });
  });

  app.get('/status', async (request) => {
    const view = await status.view(request.cookies[STATUS_COOKIE]);
    if (!view) throw expired();
    return view;
  });

  app.get<{ Params: { id: string } }>('/status/documents/:id', async (request, reply) => {
    const opened = await status.openDocument(request.cookies[STATUS_COOKIE], request.params.id);
    if (!opened) throw expired();
    return reply
      .header('content-type', opened.file.contentType)
      .header('content-length', String(opened.file.size))
      .header('content-disposition', contentDisposition(opened.file.filename))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(opened.stream);
  });
}
