import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchifyProvider } from '../../src/providers/address/fetchify.ts';
import { startStub, type Stub } from './stub-server.ts';
import { FETCHIFY_SUCCESS, FETCHIFY_NOT_FOUND, FETCHIFY_BAD_KEY } from './vendor-fixtures.ts';

let stub: Stub;
beforeAll(async () => {
  stub = await startStub();
});
afterAll(async () => {
  await stub.close();
});

const provider = () =>
  createFetchifyProvider({ accessToken: 'aaaaa-bbbbb-ccccc-ddddd', baseUrl: stub.url, timeoutMs: 1000 });

describe('Fetchify rapidaddress adapter', () => {
  it('posts the documented JSON request and maps data_formatted to SPEC.md', async () => {
    stub.answer({ status: 200, body: FETCHIFY_SUCCESS });
    const result = await provider().lookup('wn21ar');
    expect(result).toEqual({
      ok: true,
      value: {
        delivery_points: [
          { organisation_name: 'SALES, ACME LTD', line_1: 'UNIT 4', line_2: 'MILL LANE', udprn: '12345678' },
          { organisation_name: '', line_1: '6 MILL LANE', line_2: '', udprn: '12345679' },
        ],
        town: 'WIGAN',
        postal_county: 'LANCASHIRE',
        traditional_county: 'LANCASHIRE',
        postcode: 'WN2 1AR',
      },
    });
    const request = stub.requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/json/rapidaddress');
    expect(request?.headers['content-type']).toContain('application/json');
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
      key: 'aaaaa-bbbbb-ccccc-ddddd',
      postcode: 'WN2 1AR',
      response: 'data_formatted',
    });
  });

  it.each([
    ['not found (error_code 0001)', { status: 200, body: FETCHIFY_NOT_FOUND }, 'not_found'],
    [
      'an invalid postcode (error_code 0002)',
      { status: 200, body: { error_code: '0002', error_msg: 'Invalid postcode format' } },
      'invalid_postcode',
    ],
    ['an invalid access token (error_code 8000)', { status: 200, body: FETCHIFY_BAD_KEY }, 'misconfigured'],
    ['an HTTP 401', { status: 401, body: FETCHIFY_BAD_KEY }, 'misconfigured'],
    [
      'a server error (error_code 9001)',
      { status: 200, body: { error_code: '9001', error_msg: 'Internal server error' } },
      'unavailable',
    ],
    ['an HTTP 503', { status: 503, body: 'Service Unavailable' }, 'unavailable'],
    ['a malformed body', { status: 200, body: '<html>oops</html>' }, 'unavailable'],
    [
      'no delivery points',
      { status: 200, body: { ...FETCHIFY_SUCCESS, delivery_points: [], delivery_point_count: 0 } },
      'not_found',
    ],
    ['an answer slower than the timeout', { status: 200, body: FETCHIFY_SUCCESS, delayMs: 2500 }, 'timeout'],
  ] as const)('maps %s', async (_name, answer, reason) => {
    stub.answer(answer);
    await expect(provider().lookup('WN2 1AR')).resolves.toEqual({ ok: false, reason });
  });
});
