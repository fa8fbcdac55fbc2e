import { formatPostcode, postcodeSector } from '@taxback/domain/postcode';
import { findSectorCentroid, type LatLon } from '../postcode-data.ts';
import { roundMiles, type DistanceProvider, type DistanceResult } from './types.ts';

/**
 * Road distance ≈ straight line × ROAD_FACTOR (docs/decisions/003-offline-distance.md).
 * Published circuity studies put British road distance at about 1.2–1.4 × the straight line,
 * lower for long motorway trips, higher for short urban ones. Checked against real trips between
 * sector centroids: Manchester–Liverpool 1.11, London–Birmingham 1.19, Leeds–York 1.12,
 * Edinburgh–Glasgow 1.14. We take 1.2, the low end, because the figure feeds a tax claim: an
 * estimate that overstates business miles is worse for the claimant than one that understates,
 * and the claimant can always correct it.
 */
export const ROAD_FACTOR = 1.2;

/**
 * Average door-to-door speed for `durationSeconds`: DfT speed statistics give roughly 60 mph on
 * motorways, 45 mph on rural A roads and about 20 mph on urban A roads, so a mixed business
 * journey averages about 35 mph. Only ever shown as an estimate.
 */
export const AVERAGE_SPEED_MPH = 35;

const EARTH_RADIUS_MILES = 3958.7613;

export function haversineMiles(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function createOfflineDistanceProvider(): DistanceProvider {
  return {
    name: 'offline',
    async distance(from: string, to: string): Promise<DistanceResult> {
      const a = formatPostcode(from);
      const b = formatPostcode(to);
      if (!a || !b) return { ok: false, reason: 'not_found' };
      if (a === b)
        return {
          ok: true,
          value: { distanceMiles: 0, durationSeconds: 0, estimate: true, source: 'offline' },
        };
      const sectorA = postcodeSector(a);
      const sectorB = postcodeSector(b);
      const centroidA = sectorA ? findSectorCentroid(sectorA) : undefined;
      const centroidB = sectorB ? findSectorCentroid(sectorB) : undefined;
      // Outside the data (Northern Ireland, Channel Islands, a brand-new sector) or two postcodes in
      // one sector (centroids coincide, so any figure would be made up): say so rather than guess.
      if (!centroidA || !centroidB || sectorA === sectorB) return { ok: false, reason: 'not_found' };
      const roadMiles = haversineMiles(centroidA, centroidB) * ROAD_FACTOR;
      return {
        ok: true,
        value: {
          distanceMiles: roundMiles(roadMiles),
          durationSeconds: Math.round((roadMiles / AVERAGE_SPEED_MPH) * 3600),
          estimate: true,
          source: 'offline',
        },
      };
    },
  };
}
