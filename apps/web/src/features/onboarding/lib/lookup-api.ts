// Looking up an address and a journey's distance, with SPEC §8's messages for every failure.
import { apiRequest } from '../../../lib/api-client.ts';

import { isRecord } from '@taxback/domain';

export interface DeliveryPoint {
  organisation_name?: string;
  line_1?: string;
  line_2?: string;
  udprn?: string | number;
}
export interface AddressLookup {
  delivery_points: DeliveryPoint[];
  town: string;
  postal_county: string;
  traditional_county: string;
  postcode: string;
}

export const ADDRESS_MESSAGES = {
  notFound: 'No addresses found for this postcode',
  serverError: 'Unable to lookup address. Please try again.',
  exception: 'Unable to lookup address. Please enter manually.',
} as const;

export type AddressResult = { kind: 'ok'; lookup: AddressLookup } | { kind: 'error'; message: string };

/** SPEC §8's address messages: every failure leaves the claimant free to type the address. */
export async function lookupAddress(
  sessionId: string,
  postcode: string,
  signal?: AbortSignal,
): Promise<AddressResult> {
  let res;
  try {
    res = await apiRequest<unknown>('GET', `/api/address?postcode=${encodeURIComponent(postcode)}`, {
      sessionId,
      signal,
    });
  } catch {
    return { kind: 'error', message: ADDRESS_MESSAGES.exception };
  }
  if (!res.ok) {
    if (res.status === 0) return { kind: 'error', message: ADDRESS_MESSAGES.exception };
    if (res.status === 404) return { kind: 'error', message: res.error || ADDRESS_MESSAGES.notFound };
    if (res.status === 400 && res.error) return { kind: 'error', message: res.error };
    return { kind: 'error', message: ADDRESS_MESSAGES.serverError };
  }
  const d = res.data;
  if (!isRecord(d) || (d.status !== undefined && d.status !== 'success')) {
    const err = isRecord(d) && typeof d.error === 'string' ? d.error : ADDRESS_MESSAGES.serverError;
    return { kind: 'error', message: err };
  }
  const points = Array.isArray(d.delivery_points) ? d.delivery_points.filter(isRecord) : [];
  if (points.length === 0) return { kind: 'error', message: ADDRESS_MESSAGES.notFound };
  const text = (x: unknown) => (typeof x === 'string' ? x : '');
  return {
    kind: 'ok',
    lookup: {
      delivery_points: points.map((p) => ({
        organisation_name: text(p.organisation_name),
        line_1: text(p.line_1),
        line_2: text(p.line_2),
        udprn: typeof p.udprn === 'number' || typeof p.udprn === 'string' ? p.udprn : undefined,
      })),
      town: text(d.town),
      postal_county: text(d.postal_county),
      traditional_county: text(d.traditional_county),
      postcode: text(d.postcode) || postcode,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Distance (SPEC §8 messages, shown under the journey)

export const DISTANCE_ERRORS = {
  bothRequired: 'Both postcodes are required',
  serverFailed: 'Distance calculation failed. Please enter manually.',
  unable: 'Unable to calculate distance between postcodes',
  exception: 'Failed to calculate distance. Please enter manually.',
} as const;

export type DistanceResult =
  { kind: 'ok'; miles: number; estimate: boolean } | { kind: 'error'; message: string };

export async function calculateDistance(
  sessionId: string,
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<DistanceResult> {
  if (from.trim() === '' || to.trim() === '') return { kind: 'error', message: DISTANCE_ERRORS.bothRequired };
  let res;
  try {
    res = await apiRequest<unknown>(
      'GET',
      `/api/distance?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      { sessionId, signal },
    );
  } catch {
    return { kind: 'error', message: DISTANCE_ERRORS.exception };
  }
  if (!res.ok) {
    if (res.status === 0) return { kind: 'error', message: DISTANCE_ERRORS.exception };
    if (res.status >= 500) return { kind: 'error', message: DISTANCE_ERRORS.serverFailed };
    if (res.status === 422) return { kind: 'error', message: res.error || DISTANCE_ERRORS.unable };
    return { kind: 'error', message: res.error || DISTANCE_ERRORS.unable };
  }
  const d = res.data;
  if (!isRecord(d) || (d.status !== undefined && d.status !== 'OK')) {
    const err = isRecord(d) && typeof d.error === 'string' && d.error ? d.error : DISTANCE_ERRORS.unable;
    return { kind: 'error', message: err };
  }
  const miles =
    typeof d.distanceMiles === 'number' && Number.isFinite(d.distanceMiles) ? d.distanceMiles : NaN;
  if (!(miles >= 0)) return { kind: 'error', message: DISTANCE_ERRORS.unable };
  return { kind: 'ok', miles: Math.round(miles * 10) / 10, estimate: d.estimate === true };
}
