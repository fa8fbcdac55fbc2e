import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  ProviderFailedError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../src/errors.ts';
import { httpAnswer } from '../src/http/errors.ts';

// Services throw errors that say what went wrong; http/errors.ts is the one map to HTTP.
describe('httpAnswer', () => {
  it.each([
    [
      new ValidationError({ email: 'Enter an email address' }),
      400,
      { errors: { email: 'Enter an email address' } },
      {},
    ],
    [new UnauthorizedError(), 401, { error: 'Please sign in' }, {}],
    [new ForbiddenError('No'), 403, { error: 'No' }, {}],
    [new NotFoundError(), 404, { error: 'Not found' }, {}],
    [new ConflictError('Changed', { revision: 3 }), 409, { error: 'Changed', revision: 3 }, {}],
    [new PayloadTooLargeError('Big'), 413, { error: 'Big' }, {}],
    [new UnsupportedMediaTypeError('Type'), 415, { error: 'Type' }, {}],
    [new TooManyRequestsError('Wait', 90), 429, { error: 'Wait' }, { 'Retry-After': '90' }],
    [new ProviderFailedError('SMS'), 502, { error: 'SMS' }, {}],
    [new ServiceUnavailableError(), 503, { error: expect.any(String) }, { 'Retry-After': '5' }],
  ])('%s answers %i', (error, status, body, headers) => {
    expect(httpAnswer(error)).toEqual({ status, body, headers });
  });
});
