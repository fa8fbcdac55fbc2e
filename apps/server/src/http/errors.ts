// The small error tree routes and services throw; the error handler turns each into its answer.

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Extra JSON fields sent beside `error` (e.g. the current revision on a 409). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 400 `{ errors: { field: message } }`, messages as in SPEC.md. */
export class ValidationError extends HttpError {
  constructor(readonly errors: Record<string, string>) {
    super(400, 'Validation failed');
    this.name = 'ValidationError';
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string) {
    super(400, message);
    this.name = 'BadRequestError';
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
    this.name = 'NotFoundError';
  }
}

export class ConflictError extends HttpError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(409, message, {}, extra);
    this.name = 'ConflictError';
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(message = 'The request is too large.') {
    super(413, message);
    this.name = 'PayloadTooLargeError';
  }
}

export class UnsupportedMediaTypeError extends HttpError {
  constructor(message = 'This type of content is not accepted.') {
    super(415, message);
    this.name = 'UnsupportedMediaTypeError';
  }
}

export class TooManyRequestsError extends HttpError {
  constructor(message = 'Too many requests. Please wait a moment and try again.', retryAfterSeconds = 60) {
    super(429, message, { 'Retry-After': String(retryAfterSeconds) });
    this.name = 'TooManyRequestsError';
  }
}

export const SERVICE_UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable. Please try again shortly.';

export class ServiceUnavailableError extends HttpError {
  constructor(message = SERVICE_UNAVAILABLE_MESSAGE) {
    super(503, message, { 'Retry-After': '5' });
    this.name = 'ServiceUnavailableError';
  }
}
