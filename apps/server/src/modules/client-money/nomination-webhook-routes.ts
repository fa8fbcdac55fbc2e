import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DROPBOX_SIGN_ACKNOWLEDGEMENT, NOMINATION_MESSAGES } from '@taxback/domain';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import { keepRawBodies } from '../../http/raw-body.ts';
import { routeSchema } from '../../http/contract.ts';
import type { Nominations } from './nomination.ts';

// D29 (issue 47, decision 079): Dropbox Sign's event callback for the nominations signed in its
// embedded window.

/**
 * POST /webhooks/dropbox-sign, registered with prefix '/api' in a scope of its own: Dropbox Sign
 * posts a multipart form whose `json` field is the event; the form is read here (the app's
 * multipart plugin is for uploads) and the event's hash checked before anything is done.
 */
export async function nominationWebhookRoutes(
  base: FastifyInstance,
  opts: { nominations: () => Nominations | null },
): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  keepRawBodies(app, 'multipart/form-data', async (raw, request) => {
    const contentType = String(request.headers['content-type'] ?? '');
    const form = await new Response(raw, { headers: { 'content-type': contentType } })
      .formData()
      .catch(() => null);
    const json = form?.get('json');
    if (typeof json !== 'string') throw new BadRequestError(NOMINATION_MESSAGES.eventHashWrong);
    return { json };
  });

  const options = { schema: routeSchema('receiveDropboxSignEvent') };
  app.post('/webhooks/dropbox-sign', options, async (request, reply) => {
    const nominations = opts.nominations();
    if (!nominations) throw new NotFoundError(NOMINATION_MESSAGES.notConfigured);
    const body = request.body as { json?: unknown } | undefined;
    if (typeof body?.json !== 'string') throw new BadRequestError(NOMINATION_MESSAGES.eventHashWrong);
    const outcome = await nominations.receiveEvent(body.json);
    request.log.info({ provider: 'dropbox-sign', outcome }, 'e-signature event received');
    return reply.type('text/plain; charset=utf-8').send(DROPBOX_SIGN_ACKNOWLEDGEMENT);
  });
}
