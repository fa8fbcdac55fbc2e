import { formatPostcode, postcodeSector } from '@taxback/domain/postcode';
import { findSectorCentroid } from '../postcode-data.ts';
import { isRecord, requestJson } from '../http.ts';
import { METRES_PER_MILE, roundMiles, type DistanceProvider, type DistanceResult } from './types.ts';

type Options = { baseUrl: string; timeoutMs: number };

/**
 * OSRM `GET /route/v1/driving/{lon},{lat};{lon},{lat}?overview=false`. OSRM routes between
 * coordinates, so each postcode is placed at its sector centroid: the road distance is real, its
 * end points approximate, hence `estimate: true`. Answers `{ code: 'Ok', routes: [{ distance, duration }] }`
 * or `{ code: 'NoRoute' | 'NoSegment' | 'InvalidQuery' | …, message }` (often with HTTP 400).
 */
export function createOsrmProvider(options: Options): DistanceProvider {
  return {
    name: 'osrm',
    async distance(from: string, to: string): Promise<DistanceResult> {
      const a = formatPostcode(from);
      const b = formatPostcode(to);
      const sectorA = a ? postcodeSector(a) : null;
      const sectorB = b ? postcodeSector(b) : null;
      const ca = sectorA ? findSectorCentroid(sectorA) : undefined;
      const cb = sectorB ? findSectorCentroid(sectorB) : undefined;
      if (!ca || !cb || sectorA === sectorB) return { ok: false, reason: 'not_found' };

      const coords = `${ca.lon},${ca.lat};${cb.lon},${cb.lat}`;
      const outcome = await requestJson(
        `${options.baseUrl}/route/v1/driving/${coords}?overview=false`,
        { method: 'GET', headers: { Accept: 'application/json' } },
        options.timeoutMs,
      );
      if (outcome.kind === 'timeout') return { ok: false, reason: 'timeout' };
      if (outcome.kind === 'network') return { ok: false, reason: 'unavailable' };

      const { status, body } = outcome;
      if (status === 401 || status === 403) return { ok: false, reason: 'misconfigured' };
      if (outcome.malformed || !isRecord(body)) return { ok: false, reason: 'unavailable' };
      if (body.code === 'NoRoute' || body.code === 'NoSegment') return { ok: false, reason: 'not_found' };
      const route = body.code === 'Ok' && Array.isArray(body.routes) ? body.routes[0] : undefined;
      if (!isRecord(route) || typeof route.distance !== 'number' || typeof route.duration !== 'number') {
        return { ok: false, reason: 'unavailable' };
      }
      return {
        ok: true,
        value: {
          distanceMiles: roundMiles(route.distance / METRES_PER_MILE),
          durationSeconds: Math.round(route.duration),
          estimate: true,
          source: 'osrm',
        },
      };
    },
  };
}
