// Looking up an address and a journey's distance, with SPEC §8's messages for every failure.
import { call } from '../../../lib/api/client.ts';
import type { AnswerBody } from '../../../lib/api/types.ts';

/** The addresses at a postcode, as the API contract describes them. */
export type AddressLookup = Omit<AnswerBody<'lookupAddress', 200>, 'status'>;
export type DeliveryPoint = AddressLookup['delivery_points'][number];

export const ADDRESS_MESSAGES = {
  notFound: 'No addresses found for this postcode',
  serverError: 'Unable to lookup address. Please try again.',
  exception: 'Unable to lookup address. Please enter manually.',
  /** SPEC §8's "search exception": the server answered, but with nothing we could read. */
  searchFailed: 'Unable to search addresses. Please try again.',
} as const;

/** The status a lookup failed with: 0 for the network, else what the server answered. */
function httpStatusOf(res: { status: number; httpStatus?: number }): number {
  return res.status === 0 ? (res.httpStatus ?? 0) : res.status;
}

/**
 * 'none' is not a failure: no addresses for a good postcode (always, with the offline provider,
 * D9) means the claimant types the address, the expected route, so it is guidance, not an error.
 */
export type AddressOutcome =
  | { kind: 'ok'; lookup: AddressLookup }
  | { kind: 'none'; message: string }
  | { kind: 'error'; message: string };

/** SPEC §8's address messages: every failure leaves the claimant free to type the address. */
export async function lookupAddress(
  sessionId: string,
  postcode: string,
  signal?: AbortSignal,
): Promise<AddressOutcome> {
  const res = await call('lookupAddress', { sessionId, signal, query: { postcode } });
  if (res.status === 200) {
    const { delivery_points, town, postal_county, traditional_county } = res.data;
    if (delivery_points.length === 0) return { kind: 'none', message: ADDRESS_MESSAGES.notFound };
    const lookup = { delivery_points, town, postal_county, traditional_county };
    return { kind: 'ok', lookup: { ...lookup, postcode: res.data.postcode || postcode } };
  }
  const status = httpStatusOf(res);
  if (status === 0) return { kind: 'error', message: ADDRESS_MESSAGES.exception };
  if (status >= 200 && status < 300) return { kind: 'error', message: ADDRESS_MESSAGES.searchFailed };
  if (status === 404) return { kind: 'none', message: res.error || ADDRESS_MESSAGES.notFound };
  if (status === 400 && res.error) return { kind: 'error', message: res.error };
  return { kind: 'error', message: ADDRESS_MESSAGES.serverError };
}

// ---------------------------------------------------------------------------------------------
// Distance (SPEC §8 messages, shown under the journey)

export const DISTANCE_ERRORS = {
  bothRequired: 'Both postcodes are required',
  serverFailed: 'Distance calculation failed. Please enter manually.',
  unable: 'Unable to calculate distance between postcodes',
  exception: 'Failed to calculate distance. Please enter manually.',
} as const;

export type DistanceOutcome =
  { kind: 'ok'; miles: number; estimate: boolean } | { kind: 'error'; message: string };

export async function calculateDistance(
  sessionId: string,
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<DistanceOutcome> {
  if (from.trim() === '' || to.trim() === '') return { kind: 'error', message: DISTANCE_ERRORS.bothRequired };
  const res = await call('lookupDistance', { sessionId, signal, query: { from, to } });
  if (res.status === 200) {
    const miles = res.data.distanceMiles;
    if (!(Number.isFinite(miles) && miles >= 0)) return { kind: 'error', message: DISTANCE_ERRORS.unable };
    return { kind: 'ok', miles: Math.round(miles * 10) / 10, estimate: res.data.estimate };
  }
  const status = httpStatusOf(res);
  if (status === 0) return { kind: 'error', message: DISTANCE_ERRORS.exception };
  if (status >= 500) return { kind: 'error', message: DISTANCE_ERRORS.serverFailed };
  return { kind: 'error', message: res.error || DISTANCE_ERRORS.unable };
}
