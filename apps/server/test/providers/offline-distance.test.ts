import { describe, expect, it } from 'vitest';
import {
  createOfflineDistanceProvider,
  haversineMiles,
  ROAD_FACTOR,
} from '../../src/providers/distance/offline.ts';
import {
  findSectorCentroid,
  loadSectorCentroids,
  parseCentroidsCsv,
  POSTCODE_DATA_ATTRIBUTION,
} from '../../src/providers/postcode-data.ts';

const provider = createOfflineDistanceProvider();

describe('offline distance estimate (sector centroids × road factor)', () => {
  // Road distances between the city centres by the usual fastest route (as a route planner gives them):
  it.each([
    // Manchester (M1 1AE, Piccadilly) → Liverpool (L1 8JQ, centre) ≈ 35 miles via the M62.
    ['M1 1AE', 'L1 8JQ', 35],
    // London (SW1A 1AA, Buckingham Palace) → Birmingham (B1 1AA, centre) ≈ 120 miles via the M40.
    ['SW1A 1AA', 'B1 1AA', 120],
    // Leeds (LS1 4AP) → York (YO1 7HH) ≈ 25 miles via the A64.
    ['LS1 4AP', 'YO1 7HH', 25],
    // Edinburgh (EH1 1YZ) → Glasgow (G1 1XQ) ≈ 47 miles via the M8.
    ['EH1 1YZ', 'G1 1XQ', 47],
  ])(
    '%s → %s is within 15%% of the %i-mile road distance and marked as an estimate',
    async (from, to, road) => {
      const result = await provider.distance(from, to);
      if (!result.ok) throw new Error(`expected a distance, got ${result.reason}`);
      expect(Math.abs(result.value.distanceMiles - road) / road).toBeLessThanOrEqual(0.15);
      expect(result.value.estimate).toBe(true);
      expect(result.value.source).toBe('offline');
      // 0.1-mile rounding and a duration at a plausible average speed (between 20 and 70 mph).
      expect(Math.round(result.value.distanceMiles * 10)).toBe(result.value.distanceMiles * 10);
      const mph = result.value.distanceMiles / (result.value.durationSeconds / 3600);
      expect(mph).toBeGreaterThan(20);
      expect(mph).toBeLessThan(70);
    },
  );

  it('is symmetric', async () => {
    const there = await provider.distance('M1 1AE', 'L1 8JQ');
    const back = await provider.distance('L1 8JQ', 'M1 1AE');
    expect(there).toEqual(back);
  });

  it.each([
    ['Northern Ireland (BT, outside the data)', 'BT1 1AA', 'M1 1AE'],
    ['Northern Ireland as the destination', 'M1 1AE', 'BT7 1NN'],
    ['a sector missing from the data', 'ZZ9 9ZZ', 'M1 1AE'],
    ['two postcodes in one sector (no honest figure)', 'M1 1AE', 'M1 1AD'],
  ])('gives not_found for %s rather than a wrong number', async (_name, from, to) => {
    await expect(provider.distance(from, to)).resolves.toEqual({ ok: false, reason: 'not_found' });
  });

  it('answers 0 miles for the same postcode twice', async () => {
    const result = await provider.distance('WN2 1AR', 'wn21ar');
    expect(result).toMatchObject({ ok: true, value: { distanceMiles: 0, estimate: true } });
  });

  it('uses a road factor in the published 1.2–1.4 range', () => {
    expect(ROAD_FACTOR).toBeGreaterThanOrEqual(1.2);
    expect(ROAD_FACTOR).toBeLessThanOrEqual(1.4);
  });

  it('computes great-circle miles (London–Paris is about 214 miles as the crow flies)', () => {
    expect(haversineMiles({ lat: 51.5074, lon: -0.1278 }, { lat: 48.8566, lon: 2.3522 })).toBeCloseTo(
      213.5,
      0,
    );
  });
});

describe('postcode sector data', () => {
  it('ships every GB sector of the source and none for Northern Ireland', () => {
    const map = loadSectorCentroids();
    expect(map.size).toBe(10_847);
    expect(findSectorCentroid('WN2 1')).toEqual({ lat: 53.56522, lon: -2.59343 });
    expect(findSectorCentroid('bt1 1')).toBeUndefined();
    expect([...map.keys()].some((k) => k.startsWith('BT'))).toBe(false);
  });

  it('skips malformed lines instead of failing', () => {
    const map = parseCentroidsCsv('sector_or_outcode,lat,lon\nAB1 0,57.1,-2.1\nbroken line\nAB1 1,x,y\n\n');
    expect([...map.keys()]).toEqual(['AB1 0']);
  });

  it('exports the three OGL attribution lines for the privacy page', () => {
    expect(POSTCODE_DATA_ATTRIBUTION).toEqual([
      'Contains OS data © Crown copyright and database right 2025',
      'Contains Royal Mail data © Royal Mail copyright and database right 2025',
      'Contains National Statistics data © Crown copyright and database right 2025',
    ]);
  });
});
