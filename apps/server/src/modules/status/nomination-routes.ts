import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NOMINATION_MESSAGES } from '@taxback/domain';
import { ConflictError } from '../../errors.ts';
import { routeSchema } from '../../http/contract.ts';
import { sendStoredFile } from '../files/routes.ts';
import type { StatusClaim } from './repository.ts';
import type { Nominations } from '../client-money/index.ts';
import type { StatusService } from './service.ts';

// D29 with D41 (issue 47, decision 076): on the status page, the nomination signed through the
// e-signature provider, the bank details given under it (both with the fresh cookie and the page's
// CSRF token, answering the status view again), and the signed PDF to download.

export async function nominationRoutes(
  base: FastifyInstance,
  opts: {
    status: StatusService;
    changing: (request: FastifyRequest) => Promise<StatusClaim>;
    expired: () => Error;
    /** D29: the nomination's operations; null when none is configured. */
    nominations: () => Nominations | null;
    /** The status cookie's token (routes.ts names the cookie). */
    tokenOf: (request: FastifyRequest) => string | undefined;
  },
): Promise<void> {
  const { status, changing, expired, tokenOf } = opts;
  const app = base.withTypeProvider<ZodTypeProvider>();
  const nominationsOf = () => {
    const nominations = opts.nominations();
    if (!nominations) throw new ConflictError(NOMINATION_MESSAGES.notOffered);
    return nominations;
  };
  const viewAgain = async (request: FastifyRequest) => {
    const view = await status.view(tokenOf(request));
    if (!view || view === 'other-claim') throw expired();
    return view;
  };

  app.post('/status/nomination', { schema: routeSchema('signStatusNomination') }, async (request) => {
    const claim = await changing(request);
    await nominationsOf().sign(claim, request.body, { ip: request.ip });
    return viewAgain(request);
  });

  app.put('/status/bank-details', { schema: routeSchema('saveStatusBankDetails') }, async (request) => {
    const claim = await changing(request);
    await nominationsOf().saveBankDetails(claim, request.body);
    return viewAgain(request);
  });

  const documentOptions = { schema: routeSchema('getStatusNomination') };
  app.get('/status/nominations/:id', documentOptions, async (request, reply) => {
    const [claim, nominations] = [await status.claimOf(tokenOf(request)), opts.nominations()];
    const opened = claim && nominations ? await nominations.signedDocument(claim, request.params.id) : null;
    if (!opened) throw expired();
    return sendStoredFile(reply, opened);
  });
}
