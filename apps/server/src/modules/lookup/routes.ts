import rateLimit from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { formatPostcode, normalisePostcodeForSearch, validatePostcodeSearch } from '@taxback/domain/postcode';
import { routeSchema } from '../../http/contract.ts';
import type { Providers } from '../../providers/index.ts';
import type { AddressFailureReason } from '../../providers/address/types.ts';
import type { DistanceFailureReason } from '../../providers/distance/types.ts';

// GET /api/address and GET /api/distance (SPEC.md §7 calls 9 and 10; api-contract "Lookups").
// Input is checked with the domain's postcode rules before any provider is called; every
// provider failure becomes a SPEC.md message with a 4xx/5xx status, never a 500.

export const LOOKUP_MESSAGES = {
  noAddresses: 'No addresses found for this postcode',
  addressFailed: 'Unable to lookup address. Please try again.',
  validPostcode: 'Please enter a valid UK postcode',
  bothRequired: 'Both postcodes are required',
  validPostcodes: 'Please enter valid UK postcodes (e.g., WN2 1AR, SK5 6AQ)',
  noDistance: 'Unable to calculate distance between postcodes',
  distanceFailed: 'Distance calculation failed. Please enter manually.',
} as const;

/** Per IP: a person searching addresses and pricing journeys needs a few a minute, not hundreds. */
const LOOKUP_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

type LookupQuery = { postcode?: unknown; from?: unknown; to?: unknown };

const textParam = (v: unknown): string => (typeof v === 'string' ? v : '');

const ADDRESS_FAILURES: Record<AddressFailureReason, { status: number; error: string }> = {
  not_found: { status: 404, error: LOOKUP_MESSAGES.noAddresses },
  invalid_postcode: { status: 400, error: LOOKUP_MESSAGES.validPostcode },
  unavailable: { status: 502, error: LOOKUP_MESSAGES.addressFailed },
  misconfigured: { status: 502, error: LOOKUP_MESSAGES.addressFailed },
  timeout: { status: 504, error: LOOKUP_MESSAGES.addressFailed },
};

const DISTANCE_FAILURES: Record<DistanceFailureReason, { status: number; error: string }> = {
  not_found: { status: 422, error: LOOKUP_MESSAGES.noDistance },
  unavailable: { status: 502, error: LOOKUP_MESSAGES.distanceFailed },
  misconfigured: { status: 502, error: LOOKUP_MESSAGES.distanceFailed },
  timeout: { status: 504, error: LOOKUP_MESSAGES.distanceFailed },
};

function sendError(reply: FastifyReply, status: number, error: string) {
  return reply.code(status).header('Cache-Control', 'no-store').send({ status: 'error', error });
}

export async function lookupRoutes(base: FastifyInstance, opts: { providers: Providers }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { providers } = opts;

  // Works whether or not the app registered @fastify/rate-limit (globally or with global: false).
  if (!app.hasDecorator('rateLimit')) {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_req, context) =>
        Object.assign(new Error(`Too many requests. Please wait ${context.after} and try again.`), {
          statusCode: context.statusCode,
        }),
    });
  }

  app.get<{ Querystring: LookupQuery }>(
    '/address',
    { schema: routeSchema('lookupAddress'), config: { rateLimit: LOOKUP_RATE_LIMIT } },
    async (request, reply) => {
      const checked = validatePostcodeSearch(textParam(request.query.postcode));
      if (!checked.ok) return sendError(reply, 400, checked.message);
      const postcode = formatPostcode(checked.postcode);
      if (!postcode) return sendError(reply, 400, LOOKUP_MESSAGES.validPostcode);

      const result = await providers.address.lookup(postcode);
      if (!result.ok) {
        const failure = ADDRESS_FAILURES[result.reason];
        if (failure.status >= 500) {
          request.log.warn(
            { provider: providers.address.name, reason: result.reason },
            'Address lookup failed',
          );
        }
        return sendError(reply, failure.status, failure.error);
      }
      return reply.header('Cache-Control', 'no-store').send({ status: 'success', ...result.value });
    },
  );

  app.get<{ Querystring: LookupQuery }>(
    '/distance',
    { schema: routeSchema('lookupDistance'), config: { rateLimit: LOOKUP_RATE_LIMIT } },
    async (request, reply) => {
      const rawFrom = textParam(request.query.from).trim();
      const rawTo = textParam(request.query.to).trim();
      if (rawFrom === '' || rawTo === '') return sendError(reply, 400, LOOKUP_MESSAGES.bothRequired);
      const from = formatPostcode(normalisePostcodeForSearch(rawFrom));
      const to = formatPostcode(normalisePostcodeForSearch(rawTo));
      if (!from || !to) return sendError(reply, 400, LOOKUP_MESSAGES.validPostcodes);

      const result = await providers.distance.distance(from, to);
      if (!result.ok) {
        const failure = DISTANCE_FAILURES[result.reason];
        if (failure.status >= 500) {
          request.log.warn(
            { provider: providers.distance.name, reason: result.reason },
            'Distance lookup failed',
          );
        }
        return sendError(reply, failure.status, failure.error);
      }
      return reply.header('Cache-Control', 'no-store').send({ status: 'OK', ...result.value });
    },
  );
}
