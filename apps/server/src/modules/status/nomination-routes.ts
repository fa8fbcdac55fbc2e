import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NOMINATION_MESSAGES } from '@taxback/domain';
import { ConflictError } from '../../errors.ts';
import { routeSchema } from '../../http/contract.ts';
import { sendStoredFile } from '../files/index.ts';
import type { StatusClaim } from './repository.ts';
import type { Nominations } from '../client-money/index.ts';
import type { StatusService } from './service.ts';

// D29 with D41 (issue 47, decisions 076 and 079): on the status page, the nomination signed through
// the e-signature provider (here, or in Dropbox Sign's window and then checked), the bank details
// given under it (all with the fresh cookie and the page's CSRF token), and the signed PDF.

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

  // Decision 079: signing in Dropbox Sign's embedded window, and the check when the claimant is back.
  const signingOptions = { schema: routeSchema('startStatusNominationSigning') };
  app.post('/status/nomination/signing', signingOptions, async (request) => {
    const claim = await changing(request);
    return nominationsOf().startSigning(claim, request.body, { ip: request.ip });
  });

  const checkOptions = { schema: routeSchema('checkStatusNomination') };
  app.post('/status/nomination/check', checkOptions, async (request) => {
    const claim = await changing(request);
    await nominationsOf().check(claim);
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
