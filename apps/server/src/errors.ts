// The errors services (and routes) throw. Each names what went wrong, not how HTTP says it:
// `http/errors.ts` is the one place that maps a kind to its status code and headers.

export type ErrorKind =
  /** The input broke a rule: `errors` holds a message per field (SPEC.md's wording). */
  | 'invalid'
  /** The request cannot be read or acted on as sent. */
  | 'unreadable'
  | 'not-signed-in'
  | 'not-allowed'
  | 'not-found'
  /** The thing changed or moved on since the caller last saw it. */
  | 'conflict'
  | 'locked'
  | 'too-large'
  | 'unsupported-type'
  | 'too-many-attempts'
  /** A provider we depend on (SMS, routing) failed. */
  | 'provider-failed'
  | 'unavailable';

export class ServiceError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** Extra JSON fields sent beside `error` (e.g. the current revision of a conflict). */
    readonly extra: Record<string, unknown> = {},
    /** When the caller may try again, for kinds that have a wait. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

/** `{ errors: { field: message } }`, messages as in SPEC.md. */
export class ValidationError extends ServiceError {
  constructor(readonly errors: Record<string, string>) {
    super('invalid', 'Validation failed');
    this.name = 'ValidationError';
  }
}

export class BadRequestError extends ServiceError {
  constructor(message: string) {
    super('unreadable', message);
    this.name = 'BadRequestError';
  }
}

export class UnauthorizedError extends ServiceError {
  constructor(message = 'Please sign in', extra: Record<string, unknown> = {}) {
    super('not-signed-in', message, extra);
    this.name = 'UnauthorizedError';
  }
}

export class ForbiddenError extends ServiceError {
  constructor(message = 'You do not have permission to do this') {
    super('not-allowed', message);
    this.name = 'ForbiddenError';
  }
}

export class NotFoundError extends ServiceError {
  constructor(message = 'Not found') {
    super('not-found', message);
    this.name = 'NotFoundError';
  }
}

export class ConflictError extends ServiceError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super('conflict', message, extra);
    this.name = 'ConflictError';
  }
}

export class PayloadTooLargeError extends ServiceError {
  constructor(message = 'The request is too large.') {
    super('too-large', message);
    this.name = 'PayloadTooLargeError';
  }
}

export class UnsupportedMediaTypeError extends ServiceError {
  constructor(message = 'This type of content is not accepted.') {
    super('unsupported-type', message);
    this.name = 'UnsupportedMediaTypeError';
  }
}

export class TooManyRequestsError extends ServiceError {
  constructor(message = 'Too many requests. Please wait a moment and try again.', retryAfterSeconds = 60) {
    super('too-many-attempts', message, {}, retryAfterSeconds);
    this.name = 'TooManyRequestsError';
  }
}

export class ProviderFailedError extends ServiceError {
  constructor(message: string) {
    super('provider-failed', message);
    this.name = 'ProviderFailedError';
  }
}

export const SERVICE_UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable. Please try again shortly.';

export class ServiceUnavailableError extends ServiceError {
  constructor(message = SERVICE_UNAVAILABLE_MESSAGE) {
    super('unavailable', message, {}, 5);
    this.name = 'ServiceUnavailableError';
  }
}
