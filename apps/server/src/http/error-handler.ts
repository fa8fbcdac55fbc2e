import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { fieldErrors } from '@taxback/domain/schemas';
import { isDatabaseUnavailableError } from '../db/errors.ts';
import { PoolSaturatedError } from '../db/pool-guard.ts';
import { FRAMEWORK_ERROR_MESSAGES } from './framework-errors.ts';
import { SERVICE_UNAVAILABLE_MESSAGE, ServiceError } from '../errors.ts';
import { httpAnswer } from './errors.ts';

const GENERIC_4XX: Record<number, string> = {
  400: FRAMEWORK_ERROR_MESSAGES.badRequest,
  401: 'Please sign in',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  408: FRAMEWORK_ERROR_MESSAGES.timeout,
  409: 'Conflict',
  411: 'Length required',
  413: 'The request is too large.',
  415: 'This type of content is not accepted.',
  429: 'Too many requests. Please wait a moment and try again.',
};

function sendError(
  reply: FastifyReply,
  status: number,
  body: Record<string, unknown>,
  headers = {},
): FastifyReply {
  return reply.code(status).headers(headers).header('cache-control', 'no-store').send(body);
}

/** One place that turns every thrown error into the API's JSON; 5xx never shows details. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    // Services throw ServiceErrors, and declared request schemas refuse with a ValidationError.
    if (error instanceof ServiceError) {
      const answer = httpAnswer(error);
      if (answer.status >= 500) request.log.warn({ status: answer.status }, error.message);
      return sendError(reply, answer.status, answer.body, answer.headers);
    }
    if (error instanceof ZodError) return sendError(reply, 400, { errors: fieldErrors(error) });
    // Shed at once (decision 036): counted by the pool's gauge, not logged one by one.
    if (error instanceof PoolSaturatedError) {
      return sendError(
        reply,
        503,
        { error: SERVICE_UNAVAILABLE_MESSAGE },
        { 'Retry-After': String(error.retryAfterSeconds) },
      );
    }
    if (isDatabaseUnavailableError(error)) {
      request.log.error({ err: describe(error) }, 'database unavailable');
      return sendError(reply, 503, { error: SERVICE_UNAVAILABLE_MESSAGE }, { 'Retry-After': '5' });
    }

    const fastifyError = error as FastifyError;
    const code = fastifyError.code;
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return sendError(reply, 400, { error: 'Invalid JSON' });
    }
    const status = fastifyError.statusCode ?? 500;
    if (status === 400 && error instanceof SyntaxError)
      return sendError(reply, 400, { error: 'Invalid JSON' });
    if (status >= 400 && status < 500) {
      // Rate-limit and framework errors: answer with our own wording, never internals.
      const headers: Record<string, string> = {};
      if (status === 429) headers['Retry-After'] = String(reply.getHeader('retry-after') ?? 60);
      return sendError(reply, status, { error: GENERIC_4XX[status] ?? 'Bad request' }, headers);
    }

    request.log.error({ err: describe(error) }, 'request failed');
    return sendError(reply, 500, { error: 'Something went wrong. Please try again.' });
  });
}

/** Error fields safe for logs: never driver `detail`/parameters, which can carry personal data. */
function describe(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    code: typeof code === 'string' ? code : undefined,
    message: error.message,
    stack: error.stack,
  };
}
