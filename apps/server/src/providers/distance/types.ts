// SPEC.md §7 call 10: road distance between two postcodes.

export type DistanceSource = 'offline' | 'google' | 'osrm';

export type DistanceValue = {
  /** Miles, rounded to 0.1. */
  distanceMiles: number;
  /** Whole seconds. */
  durationSeconds: number;
  /** True when the figure is approximate (centroid-based), so the web app can say so. */
  estimate: boolean;
  source: DistanceSource;
};

export type DistanceFailureReason = 'not_found' | 'unavailable' | 'timeout' | 'misconfigured';

export type DistanceResult =
  { ok: true; value: DistanceValue } | { ok: false; reason: DistanceFailureReason };

export interface DistanceProvider {
  readonly name: DistanceSource;
  /** Both arguments are UK postcodes; never throws. */
  distance(from: string, to: string): Promise<DistanceResult>;
}

export const METRES_PER_MILE = 1609.344;

export function roundMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}
