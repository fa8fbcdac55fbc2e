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

/** An error of one kind, with a default message; `extra` adds fields to the answer's JSON. */
function errorOfKind(kind: ErrorKind, name: string, defaultMessage: string) {
  return class extends ServiceError {
    constructor(message = defaultMessage, extra: Record<string, unknown> = {}) {
      super(kind, message, extra);
      this.name = name;
    }
  };
}

export const BadRequestError = errorOfKind('unreadable', 'BadRequestError', 'Bad request');
export const UnauthorizedError = errorOfKind('not-signed-in', 'UnauthorizedError', 'Please sign in');
export const ForbiddenError = errorOfKind(
  'not-allowed',
  'ForbiddenError',
  'You do not have permission to do this',
);
export const NotFoundError = errorOfKind('not-found', 'NotFoundError', 'Not found');
/** Pass `{ revision }` (or the like) as `extra`, so the caller can catch up. */
export const ConflictError = errorOfKind('conflict', 'ConflictError', 'Conflict');
export const PayloadTooLargeError = errorOfKind(
  'too-large',
  'PayloadTooLargeError',
  'The request is too large.',
);
export const UnsupportedMediaTypeError = errorOfKind(
  'unsupported-type',
  'UnsupportedMediaTypeError',
  'This type of content is not accepted.',
);
export const ProviderFailedError = errorOfKind(
  'provider-failed',
  'ProviderFailedError',
  'A service we use failed.',
);

export class TooManyRequestsError extends ServiceError {
  constructor(message = 'Too many requests. Please wait a moment and try again.', retryAfterSeconds = 60) {
    super('too-many-attempts', message, {}, retryAfterSeconds);
    this.name = 'TooManyRequestsError';
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
