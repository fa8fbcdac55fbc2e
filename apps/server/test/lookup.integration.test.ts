import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { useApiContract } from '../src/http/contract.ts';
import { registerErrorHandler } from '../src/http/error-handler.ts';
import { registerApiDocs } from '../src/modules/docs/openapi.ts';
import { recordCheckedAnswers, watchContract } from './contract.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupRoutes } from '../src/modules/lookup/routes.ts';
import { createFetchifyProvider } from '../src/providers/address/fetchify.ts';
import { createIdealPostcodesProvider } from '../src/providers/address/ideal-postcodes.ts';
import { createOfflineAddressProvider } from '../src/providers/address/offline.ts';
import type { AddressProvider } from '../src/providers/address/types.ts';
import { createGoogleRoutesProvider } from '../src/providers/distance/google-routes.ts';
import { createOfflineDistanceProvider } from '../src/providers/distance/offline.ts';
import { createOsrmProvider } from '../src/providers/distance/osrm.ts';
import type { DistanceProvider } from '../src/providers/distance/types.ts';
import type { Providers } from '../src/providers/index.ts';
import type { SmsProvider } from '../src/providers/sms/types.ts';
import type { EmailProvider } from '../src/providers/email/types.ts';
import { startStub, type StubAnswer, type Stub } from './providers/stub-server.ts';
import {
  FETCHIFY_BAD_KEY,
  FETCHIFY_NOT_FOUND,
  FETCHIFY_SUCCESS,
  GOOGLE_BAD_KEY,
  GOOGLE_ROUTE_NOT_FOUND,
  GOOGLE_SUCCESS,
  IDEAL_BAD_KEY,
  IDEAL_NOT_FOUND,
  IDEAL_SUCCESS,
  OSRM_NO_ROUTE,
  OSRM_SUCCESS,
} from './providers/vendor-fixtures.ts';

// The lookup routes in a minimal Fastify app (just this plugin and the providers), so the
// status codes and SPEC.md messages are checked end to end over HTTP semantics via inject.

// Long enough that a loaded CI machine never trips it on a prompt answer; the slow stubs wait 2.5 s.
const TIMEOUT_MS = 1000;
const unusedSms: SmsProvider = {
  name: 'offline',
  send: () => Promise.reject(new Error('SMS is not used by the lookup routes')),
};
const unusedEmail: EmailProvider = {
  name: 'offline',
  send: () => Promise.reject(new Error('Email is not used by the lookup routes')),
  close: () => {},
};

async function buildLookupApp(
  parts: Partial<Pick<Providers, 'address' | 'distance'>> = {},
  preRegisterRateLimit = false,
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  // As app.ts does: one error handler, the routes declare the contract; every answer here is
  // checked against it.
  registerErrorHandler(app);
  useApiContract(app, { checkAnswers: true });
  await registerApiDocs(app);
  const seen = watchContract(app);
  app.addHook('onClose', async () => {
    breaches.push(...seen);
  });
  // As app.ts may do: the plugin registered once for the whole app, routes opting in.
  if (preRegisterRateLimit) await app.register(rateLimit, { global: false });
  const providers: Providers = {
    address: parts.address ?? createOfflineAddressProvider(),
    distance: parts.distance ?? createOfflineDistanceProvider(),
    sms: unusedSms,
    email: unusedEmail,
  };
  await app.register(lookupRoutes, { prefix: '/api', providers });
  await app.ready();
  return app;
}

let stub: Stub;
let offline: FastifyInstance;
const breaches: string[] = [];
beforeAll(async () => {
  stub = await startStub();
  offline = await buildLookupApp();
});
afterAll(async () => {
  await offline.close();
  await stub.close();
  recordCheckedAnswers();
  expect(breaches, 'answers that break the API contract').toEqual([]);
});

describe('GET /api/address with the offline provider', () => {
  it('answers a known postcode with no addresses, so the claimant types it in', async () => {
    const res = await offline.inject({ method: 'GET', url: '/api/address?postcode=wn2%201ar' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', error: 'No addresses found for this postcode' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['', 'Please enter a postcode'],
    ['%20%20', 'Please enter a postcode'],
    ['W1', 'Please enter a valid UK postcode'],
    ['WN2%201A', 'Please enter a valid UK postcode'],
    ['SW1A1AAXX', 'Please enter a valid UK postcode'],
  ])('validates the postcode %j first: 400 %s', async (postcode, error) => {
    const res = await offline.inject({ method: 'GET', url: `/api/address?postcode=${postcode}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', error });
  });

  it('treats a missing or repeated parameter as input errors, never a 500', async () => {
    const missing = await offline.inject({ method: 'GET', url: '/api/address' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ status: 'error', error: 'Please enter a postcode' });
    const repeated = await offline.inject({
      method: 'GET',
      url: '/api/address?postcode=WN2+1AR&postcode=SK5+6AQ',
    });
    expect(repeated.statusCode).toBe(400);
  });
});

describe('GET /api/distance with the offline provider', () => {
  it('estimates the road distance between two GB postcodes', async () => {
    const res = await offline.inject({ method: 'GET', url: '/api/distance?from=M1%201AE&to=l18jq' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, unknown>;
    expect(body).toMatchObject({ status: 'OK', estimate: true, source: 'offline' });
    // ≈ 35 miles by road via the M62.
    expect(body.distanceMiles).toBeGreaterThan(30);
    expect(body.distanceMiles).toBeLessThan(40);
    expect(body.durationSeconds).toBeGreaterThan(0);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('says it cannot calculate a distance to Northern Ireland rather than guessing', async () => {
    const res = await offline.inject({ method: 'GET', url: '/api/distance?from=BT1%201AA&to=M1%201AE' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ status: 'error', error: 'Unable to calculate distance between postcodes' });
  });

  it.each([
    ['?from=M1%201AE', 'Both postcodes are required'],
    ['?to=M1%201AE&from=', 'Both postcodes are required'],
    ['', 'Both postcodes are required'],
    ['?from=M1%201AE&to=L1', 'Please enter valid UK postcodes (e.g., WN2 1AR, SK5 6AQ)'],
    ['?from=hello&to=world', 'Please enter valid UK postcodes (e.g., WN2 1AR, SK5 6AQ)'],
  ])('validates %j first: 400 %s', async (query, error) => {
    const res = await offline.inject({ method: 'GET', url: `/api/distance${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', error });
  });
});

type Scenario = { name: string; answer: StubAnswer; status: number; error?: string };

const ADDRESS_FAILED = 'Unable to lookup address. Please try again.';
const DISTANCE_FAILED = 'Distance calculation failed. Please enter manually.';

const addressCases: {
  vendor: string;
  make: () => AddressProvider;
  success: unknown;
  scenarios: Scenario[];
}[] = [
  {
    vendor: 'Ideal Postcodes',
    make: () => createIdealPostcodesProvider({ apiKey: 'ak_test', baseUrl: stub.url, timeoutMs: TIMEOUT_MS }),
    success: IDEAL_SUCCESS,
    scenarios: [
      {
        name: 'not found',
        answer: { status: 404, body: IDEAL_NOT_FOUND },
        status: 404,
        error: 'No addresses found for this postcode',
      },
      {
        name: 'invalid key',
        answer: { status: 401, body: IDEAL_BAD_KEY },
        status: 502,
        error: ADDRESS_FAILED,
      },
      {
        name: 'malformed body',
        answer: { status: 200, body: '{"result":' },
        status: 502,
        error: ADDRESS_FAILED,
      },
      {
        name: 'slow beyond the timeout',
        answer: { status: 200, body: IDEAL_SUCCESS, delayMs: 2500 },
        status: 504,
        error: ADDRESS_FAILED,
      },
    ],
  },
  {
    vendor: 'Fetchify',
    make: () => createFetchifyProvider({ accessToken: 'tok', baseUrl: stub.url, timeoutMs: TIMEOUT_MS }),
    success: FETCHIFY_SUCCESS,
    scenarios: [
      {
        name: 'not found',
        answer: { status: 200, body: FETCHIFY_NOT_FOUND },
        status: 404,
        error: 'No addresses found for this postcode',
      },
      {
        name: 'invalid key',
        answer: { status: 200, body: FETCHIFY_BAD_KEY },
        status: 502,
        error: ADDRESS_FAILED,
      },
      { name: 'malformed body', answer: { status: 200, body: '<html>' }, status: 502, error: ADDRESS_FAILED },
      {
        name: 'slow beyond the timeout',
        answer: { status: 200, body: FETCHIFY_SUCCESS, delayMs: 2500 },
        status: 504,
        error: ADDRESS_FAILED,
      },
    ],
  },
];

describe.each(addressCases)('GET /api/address via $vendor', ({ make, success, scenarios }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildLookupApp({ address: make() });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 200 with status success and the SPEC.md shape', async () => {
    stub.answer({ status: 200, body: success });
    const res = await app.inject({ method: 'GET', url: '/api/address?postcode=SW1A%202AA' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, unknown>;
    expect(body.status).toBe('success');
    expect(Object.keys(body).sort()).toEqual(
      ['delivery_points', 'postal_county', 'postcode', 'status', 'town', 'traditional_county'].sort(),
    );
    expect(Array.isArray(body.delivery_points) && body.delivery_points.length).toBe(2);
    expect(Object.keys((body.delivery_points as object[])[0] ?? {}).sort()).toEqual([
      'line_1',
      'line_2',
      'organisation_name',
      'udprn',
    ]);
  });

  it.each(scenarios)('maps $name to $status with the SPEC.md message', async ({ answer, status, error }) => {
    stub.answer(answer);
    const res = await app.inject({ method: 'GET', url: '/api/address?postcode=SW1A%202AA' });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ status: 'error', error });
  });
});

const distanceCases: {
  vendor: string;
  make: () => DistanceProvider;
  success: unknown;
  scenarios: Scenario[];
}[] = [
  {
    vendor: 'Google Routes',
    make: () => createGoogleRoutesProvider({ apiKey: 'g', baseUrl: stub.url, timeoutMs: TIMEOUT_MS }),
    success: GOOGLE_SUCCESS,
    scenarios: [
      {
        name: 'route not found',
        answer: { status: 200, body: GOOGLE_ROUTE_NOT_FOUND },
        status: 422,
        error: 'Unable to calculate distance between postcodes',
      },
      {
        name: 'invalid key',
        answer: { status: 400, body: GOOGLE_BAD_KEY },
        status: 502,
        error: DISTANCE_FAILED,
      },
      { name: 'malformed body', answer: { status: 200, body: '[{' }, status: 502, error: DISTANCE_FAILED },
      {
        name: 'slow beyond the timeout',
        answer: { status: 200, body: GOOGLE_SUCCESS, delayMs: 2500 },
        status: 504,
        error: DISTANCE_FAILED,
      },
    ],
  },
  {
    vendor: 'OSRM',
    make: () => createOsrmProvider({ baseUrl: stub.url, timeoutMs: TIMEOUT_MS }),
    success: OSRM_SUCCESS,
    scenarios: [
      {
        name: 'no route',
        answer: { status: 400, body: OSRM_NO_ROUTE },
        status: 422,
        error: 'Unable to calculate distance between postcodes',
      },
      {
        name: 'refused key',
        answer: { status: 403, body: { message: 'Forbidden' } },
        status: 502,
        error: DISTANCE_FAILED,
      },
      {
        name: 'malformed body',
        answer: { status: 200, body: 'Bad Gateway' },
        status: 502,
        error: DISTANCE_FAILED,
      },
      {
        name: 'slow beyond the timeout',
        answer: { status: 200, body: OSRM_SUCCESS, delayMs: 2500 },
        status: 504,
        error: DISTANCE_FAILED,
      },
    ],
  },
];

describe.each(distanceCases)('GET /api/distance via $vendor', ({ make, success, scenarios }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildLookupApp({ distance: make() });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 200 with status OK and miles converted from metres', async () => {
    stub.answer({ status: 200, body: success });
    const res = await app.inject({ method: 'GET', url: '/api/distance?from=M1%201AE&to=L1%208JQ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'OK', distanceMiles: 35, durationSeconds: 2873 });
  });

  it.each(scenarios)('maps $name to $status with the SPEC.md message', async ({ answer, status, error }) => {
    stub.answer(answer);
    const res = await app.inject({ method: 'GET', url: '/api/distance?from=M1%201AE&to=L1%208JQ' });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ status: 'error', error });
  });
});

describe('rate limit on the lookup routes (30 a minute per IP)', () => {
  it.each([
    ['registered by the routes plugin itself', false],
    ['registered by the app beforehand (global: false)', true],
  ])('answers 429 on the 31st request when the plugin is %s', async (_name, preRegister) => {
    const app = await buildLookupApp({}, preRegister);
    try {
      for (let i = 0; i < 30; i += 1) {
        const ok = await app.inject({ method: 'GET', url: '/api/distance?from=M1%201AE&to=L1%208JQ' });
        expect(ok.statusCode).toBe(200);
      }
      const limited = await app.inject({ method: 'GET', url: '/api/address?postcode=WN2%201AR' });
      // The address route has its own bucket, so it is still open.
      expect(limited.statusCode).toBe(404);
      const blocked = await app.inject({ method: 'GET', url: '/api/distance?from=M1%201AE&to=L1%208JQ' });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
      // Another client is not affected.
      const other = await app.inject({
        method: 'GET',
        url: '/api/distance?from=M1%201AE&to=L1%208JQ',
        remoteAddress: '198.51.100.7',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
