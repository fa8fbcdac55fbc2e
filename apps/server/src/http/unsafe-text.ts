import type { FastifyInstance } from 'fastify';
import { UNSAFE_TEXT_MESSAGE, unsafeTextPaths } from '@taxback/domain';
import { FORM_ERROR_KEY } from '@taxback/domain/schemas';
import { ValidationError } from '../errors.ts';

/**
 * The domain's one text rule (issue 17), applied to every route before it runs: a JSON body, query
 * or route parameter holding a NUL, another control character or a bidi override is refused with a
 * field message on the field it is in, so nothing of the request is stored, on either database.
 * Routes added later are covered without doing anything.
 */
export function refuseUnsafeText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const paths = [
      ...unsafeTextPaths(request.params),
      ...unsafeTextPaths(request.query),
      ...unsafeTextPaths(request.body),
    ];
    if (paths.length === 0) return;
    const errors: Record<string, string> = {};
    for (const path of paths) errors[path === '' ? FORM_ERROR_KEY : path] = UNSAFE_TEXT_MESSAGE;
    throw new ValidationError(errors);
  });
}
