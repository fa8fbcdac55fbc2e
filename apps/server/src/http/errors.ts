import { ServiceError, ValidationError } from '../errors.ts';
import type { ErrorKind } from '../errors.ts';

// The one place a service's error becomes an HTTP answer (see ../errors.ts for the kinds).

const STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unreadable: 400,
  'not-signed-in': 401,
  'not-allowed': 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'unsupported-type': 415,
  locked: 423,
  'too-many-attempts': 429,
  'provider-failed': 502,
  unavailable: 503,
};

export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

export function httpAnswer(error: ServiceError): HttpAnswer {
  const headers: Record<string, string> = {};
  if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.retryAfterSeconds);
  const body =
    error instanceof ValidationError ? { errors: error.errors } : { error: error.message, ...error.extra };
  return { status: STATUS[error.kind], headers, body };
}
