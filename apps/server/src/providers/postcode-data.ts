import { readFileSync } from 'node:fs';

// Postcode-sector centroids for Great Britain from OS Code-Point Open (OGL v3), shipped in
// apps/server/assets. Used by the offline address check, the offline distance estimate and OSRM.

export type LatLon = { lat: number; lon: number };

/** The attribution the Open Government Licence requires wherever the data is used or shown. */
export const POSTCODE_DATA_ATTRIBUTION: readonly string[] = [
  'Contains OS data © Crown copyright and database right 2025',
  'Contains Royal Mail data © Royal Mail copyright and database right 2025',
  'Contains National Statistics data © Crown copyright and database right 2025',
];

const CENTROIDS_URL = new URL('../../assets/uk-postcode-centroids.csv', import.meta.url);

let centroids: Map<string, LatLon> | undefined;

/** Parses the CSV (`sector_or_outcode,lat,lon`); exported for tests. Malformed lines are skipped. */
export function parseCentroidsCsv(text: string): Map<string, LatLon> {
  const map = new Map<string, LatLon>();
  const lines = text.split(/\r?\n/);
  for (let i = 1; i < lines.length; i += 1) {
    const line = lines[i];
    if (!line) continue;
    const [sector, lat, lon] = line.split(',');
    if (!sector || lat === undefined || lon === undefined) continue;
    const la = Number(lat);
    const lo = Number(lon);
    if (!Number.isFinite(la) || !Number.isFinite(lo)) continue;
    map.set(sector.trim().toUpperCase(), { lat: la, lon: lo });
  }
  return map;
}

/** The sector → centroid map, read from disk on first use (about 11k rows, a few milliseconds). */
export function loadSectorCentroids(): Map<string, LatLon> {
  if (!centroids) {
    centroids = parseCentroidsCsv(readFileSync(CENTROIDS_URL, 'utf8'));
  }
  return centroids;
}

/** Centroid of a sector such as 'WN2 1', or undefined when the sector is not in the data (e.g. NI). */
export function findSectorCentroid(sector: string): LatLon | undefined {
  return loadSectorCentroids().get(sector.trim().toUpperCase());
}
