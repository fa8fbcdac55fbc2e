import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdealPostcodesProvider } from '../../src/providers/address/ideal-postcodes.ts';
import { startStub, type Stub } from './stub-server.ts';
import { IDEAL_SUCCESS, IDEAL_NOT_FOUND, IDEAL_BAD_KEY } from './vendor-fixtures.ts';

let stub: Stub;
beforeAll(async () => {
  stub = await startStub();
});
afterAll(async () => {
  await stub.close();
});

const provider = () =>
  createIdealPostcodesProvider({ apiKey: 'ak_test', baseUrl: stub.url, timeoutMs: 1000 });

describe('Ideal Postcodes adapter', () => {
  it('maps a found postcode to the SPEC.md delivery_points shape and sends the key as api_key', async () => {
    stub.answer({ status: 200, body: IDEAL_SUCCESS });
    const result = await provider().lookup('sw1a2aa');
    expect(result).toEqual({
      ok: true,
      value: {
        delivery_points: [
          {
            organisation_name: 'Prime Minister & First Lord of the Treasury',
            line_1: 'Prime Minister & First Lord of the Treasury',
            line_2: '10 Downing Street',
            udprn: '23747771',
          },
          {
            organisation_name: '',
            line_1: 'Flat 1',
            line_2: '10 Downing Street, Whitehall',
            udprn: '23747772',
          },
        ],
        town: 'LONDON',
        postal_county: 'London',
        traditional_county: 'Greater London',
        postcode: 'SW1A 2AA',
      },
    });
    const request = stub.requests.at(-1);
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe('/v1/postcodes/SW1A2AA?api_key=ak_test');
  });

  it.each([
    ['not found (404, code 4040)', { status: 404, body: IDEAL_NOT_FOUND }, 'not_found'],
    ['an empty result list', { status: 200, body: { result: [], code: 2000 } }, 'not_found'],
    ['an invalid key (401, code 4010)', { status: 401, body: IDEAL_BAD_KEY }, 'misconfigured'],
    [
      'no lookups left (402, code 4020)',
      { status: 402, body: { code: 4020, message: 'Token balance depleted' } },
      'misconfigured',
    ],
    ['a server error (500)', { status: 500, body: { code: 5000, message: 'Internal error' } }, 'unavailable'],
    ['a malformed body', { status: 200, body: '{"result": [ {"line_1": ' }, 'unavailable'],
    ['a body of the wrong shape', { status: 200, body: { code: 2000, result: 'nope' } }, 'unavailable'],
    ['an answer slower than the timeout', { status: 200, body: IDEAL_SUCCESS, delayMs: 2500 }, 'timeout'],
  ] as const)('maps %s', async (_name, answer, reason) => {
    stub.answer(answer);
    await expect(provider().lookup('SW1A 2AA')).resolves.toEqual({ ok: false, reason });
  });

  it('answers unavailable, without throwing, when nothing listens', async () => {
    const dead = createIdealPostcodesProvider({
      apiKey: 'k',
      baseUrl: 'http://127.0.0.1:1',
      timeoutMs: 1000,
    });
    await expect(dead.lookup('SW1A 2AA')).resolves.toEqual({ ok: false, reason: 'unavailable' });
  });

  it('rejects a malformed postcode without calling the vendor', async () => {
    const before = stub.requests.length;
    await expect(provider().lookup('NOT A POSTCODE')).resolves.toEqual({
      ok: false,
      reason: 'invalid_postcode',
    });
    expect(stub.requests.length).toBe(before);
  });
});
