import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOsrmProvider } from '../../src/providers/distance/osrm.ts';
import { startStub, type Stub } from './stub-server.ts';
import { OSRM_NO_ROUTE, OSRM_SUCCESS } from './vendor-fixtures.ts';

let stub: Stub;
beforeAll(async () => {
  stub = await startStub();
});
afterAll(async () => {
  await stub.close();
});

const provider = () => createOsrmProvider({ baseUrl: stub.url, timeoutMs: 1000 });

describe('OSRM route adapter', () => {
  it('routes between the sector centroids (lon,lat order) and converts metres to miles', async () => {
    stub.answer({ status: 200, body: OSRM_SUCCESS });
    const result = await provider().distance('M1 1AE', 'L1 8JQ');
    expect(result).toEqual({
      ok: true,
      value: { distanceMiles: 35, durationSeconds: 2873, estimate: true, source: 'osrm' },
    });
    // Sector centroids from the shipped data: M1 1 (53.48242,-2.23524), L1 8 (53.40055,-2.98684).
    expect(stub.requests.at(-1)?.url).toBe(
      '/route/v1/driving/-2.23524,53.48242;-2.98684,53.40055?overview=false',
    );
  });

  it('answers not_found without a call for a postcode outside the data (Northern Ireland)', async () => {
    const before = stub.requests.length;
    await expect(provider().distance('BT1 1AA', 'M1 1AE')).resolves.toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect(stub.requests.length).toBe(before);
  });

  it.each([
    ['NoRoute (HTTP 400)', { status: 400, body: OSRM_NO_ROUTE }, 'not_found'],
    [
      'InvalidQuery',
      { status: 400, body: { code: 'InvalidQuery', message: 'Query string malformed' } },
      'unavailable',
    ],
    [
      'a forbidden answer (401, as a keyed OSRM host would give)',
      { status: 401, body: { message: 'Unauthorized' } },
      'misconfigured',
    ],
    ['too many requests (429)', { status: 429, body: 'Too Many Requests' }, 'unavailable'],
    ['a malformed body', { status: 200, body: '{"code":"Ok","routes":[' }, 'unavailable'],
    ['an answer slower than the timeout', { status: 200, body: OSRM_SUCCESS, delayMs: 2500 }, 'timeout'],
  ] as const)('maps %s', async (_name, answer, reason) => {
    stub.answer(answer);
    await expect(provider().distance('M1 1AE', 'L1 8JQ')).resolves.toEqual({ ok: false, reason });
  });
});
