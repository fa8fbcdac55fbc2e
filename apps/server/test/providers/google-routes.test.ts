import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleRoutesProvider } from '../../src/providers/distance/google-routes.ts';
import { startStub, type Stub } from './stub-server.ts';
import {
  GOOGLE_BAD_ADDRESS,
  GOOGLE_BAD_KEY,
  GOOGLE_DENIED,
  GOOGLE_ROUTE_NOT_FOUND,
  GOOGLE_SUCCESS,
} from './vendor-fixtures.ts';

let stub: Stub;
beforeAll(async () => {
  stub = await startStub();
});
afterAll(async () => {
  await stub.close();
});

// 5 s: the Node 24 pass runs at nice 10 beside the PostgreSQL passes, where a prompt answer took
// over 1 s once (28 November); the slow answer below stays well past it.
const provider = () => createGoogleRoutesProvider({ apiKey: 'g-key', baseUrl: stub.url, timeoutMs: 5000 });

describe('Google Routes computeRouteMatrix adapter', () => {
  it('sends key and field mask headers and converts metres to miles', async () => {
    stub.answer({ status: 200, body: GOOGLE_SUCCESS });
    const result = await provider().distance('M1 1AE', 'L1 8JQ');
    // 56,327 m ÷ 1609.344 = 35.0 miles.
    expect(result).toEqual({
      ok: true,
      value: { distanceMiles: 35, durationSeconds: 2873, estimate: false, source: 'google' },
    });
    const request = stub.requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/distanceMatrix/v2:computeRouteMatrix');
    expect(request?.headers['x-goog-api-key']).toBe('g-key');
    expect(request?.headers['x-goog-fieldmask']).toBe(
      'originIndex,destinationIndex,distanceMeters,duration,condition,status',
    );
    const body = JSON.parse(request?.body ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({
      origins: [{ waypoint: { address: 'M1 1AE, UK' } }],
      destinations: [{ waypoint: { address: 'L1 8JQ, UK' } }],
      travelMode: 'DRIVE',
    });
  });

  it.each([
    ['ROUTE_NOT_FOUND', { status: 200, body: GOOGLE_ROUTE_NOT_FOUND }, 'not_found'],
    ['a postcode Google cannot place', { status: 200, body: GOOGLE_BAD_ADDRESS }, 'not_found'],
    ['an invalid key (400 "API key not valid")', { status: 400, body: GOOGLE_BAD_KEY }, 'misconfigured'],
    ['a disabled API (403 PERMISSION_DENIED)', { status: 403, body: GOOGLE_DENIED }, 'misconfigured'],
    [
      'quota exhausted (429)',
      { status: 429, body: { error: { code: 429, message: 'Quota', status: 'RESOURCE_EXHAUSTED' } } },
      'unavailable',
    ],
    ['a malformed body', { status: 200, body: '[{"distanceMeters": 12' }, 'unavailable'],
    ['an empty array', { status: 200, body: [] }, 'unavailable'],
    ['an answer slower than the timeout', { status: 200, body: GOOGLE_SUCCESS, delayMs: 6500 }, 'timeout'],
  ] as const)('maps %s', async (_name, answer, reason) => {
    stub.answer(answer);
    await expect(provider().distance('M1 1AE', 'L1 8JQ')).resolves.toEqual({ ok: false, reason });
  });
});
