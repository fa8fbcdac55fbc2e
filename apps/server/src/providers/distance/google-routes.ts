import { formatPostcode } from '@taxback/domain/postcode';
import { isRecord, requestJson } from '../http.ts';
import { METRES_PER_MILE, roundMiles, type DistanceProvider, type DistanceResult } from './types.ts';

type Options = { apiKey: string; baseUrl: string; timeoutMs: number };

const FIELD_MASK = 'originIndex,destinationIndex,distanceMeters,duration,condition,status';

/**
 * Google Routes API `POST /distanceMatrix/v2:computeRouteMatrix` (the legacy Distance Matrix API
 * is closed to new projects). Answers a JSON array of elements
 * `{ originIndex, destinationIndex, status: {code?, message?}, condition, distanceMeters, duration: '1234s' }`
 * — proto3 JSON leaves out zero values, so index 0 and code 0 may be absent. Errors are
 * `{ error: { code, message, status } }` (400 INVALID_ARGUMENT incl. a bad key, 403 PERMISSION_DENIED,
 * 429 RESOURCE_EXHAUSTED, 5xx).
 */
export function createGoogleRoutesProvider(options: Options): DistanceProvider {
  return {
    name: 'google',
    async distance(from: string, to: string): Promise<DistanceResult> {
      const a = formatPostcode(from);
      const b = formatPostcode(to);
      if (!a || !b) return { ok: false, reason: 'not_found' };
      const outcome = await requestJson(
        `${options.baseUrl}/distanceMatrix/v2:computeRouteMatrix`,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'X-Goog-Api-Key': options.apiKey,
            'X-Goog-FieldMask': FIELD_MASK,
          },
          body: JSON.stringify({
            origins: [{ waypoint: { address: `${a}, UK` } }],
            destinations: [{ waypoint: { address: `${b}, UK` } }],
            travelMode: 'DRIVE',
            routingPreference: 'TRAFFIC_UNAWARE',
            regionCode: 'GB',
          }),
        },
        options.timeoutMs,
      );
      if (outcome.kind === 'timeout') return { ok: false, reason: 'timeout' };
      if (outcome.kind === 'network') return { ok: false, reason: 'unavailable' };

      const { status, body } = outcome;
      if (isRecord(body) && isRecord(body.error)) return { ok: false, reason: mapError(status, body.error) };
      if (status !== 200 || outcome.malformed || !Array.isArray(body))
        return { ok: false, reason: 'unavailable' };

      const element = body
        .filter(isRecord)
        .find((e) => (e.originIndex ?? 0) === 0 && (e.destinationIndex ?? 0) === 0);
      if (!element) return { ok: false, reason: 'unavailable' };
      const elementCode =
        isRecord(element.status) && typeof element.status.code === 'number' ? element.status.code : 0;
      // A non-zero status on the element means Google could not place one of the postcodes.
      if (elementCode !== 0 || element.condition === 'ROUTE_NOT_FOUND')
        return { ok: false, reason: 'not_found' };
      const metres = typeof element.distanceMeters === 'number' ? element.distanceMeters : 0;
      const seconds = parseDuration(element.duration);
      if (element.condition !== 'ROUTE_EXISTS' || seconds === undefined)
        return { ok: false, reason: 'unavailable' };
      return {
        ok: true,
        value: {
          distanceMiles: roundMiles(metres / METRES_PER_MILE),
          durationSeconds: Math.round(seconds),
          estimate: false,
          source: 'google',
        },
      };
    },
  };
}

function parseDuration(value: unknown): number | undefined {
  if (value === undefined) return 0;
  if (typeof value !== 'string') return undefined;
  const match = /^(\d+(?:\.\d+)?)s$/.exec(value);
  return match ? Number(match[1]) : undefined;
}

function mapError(httpStatus: number, error: Record<string, unknown>): 'misconfigured' | 'unavailable' {
  const status = typeof error.status === 'string' ? error.status : '';
  const message = typeof error.message === 'string' ? error.message : '';
  if (
    httpStatus === 401 ||
    httpStatus === 403 ||
    status === 'PERMISSION_DENIED' ||
    status === 'UNAUTHENTICATED'
  ) {
    return 'misconfigured';
  }
  if (/api key/i.test(message)) return 'misconfigured';
  return 'unavailable';
}
