import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE, TIMEOUT_ERROR_MESSAGE, call, fetchFile, pathOf } from './client.ts';
import { call as adminCall, hrefOf, setCsrfToken } from './admin-client.ts';
import { ADMIN_ROUTES } from './admin-routes.ts';
import { ROUTES } from './routes.ts';
import type { RequestBody } from './types.ts';

const SESSION = 'tx_1700000000000_abcdefghijklmnopqrstuvwx';
const ID = '00000000-0000-4000-8000-000000000001';

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** A stub fetch answering `response` once, and the requests it saw. */
function stubFetch(response: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    request: (n = 0) => {
      const [url, init] = fetchMock.mock.calls[n]!;
      return { url, init: init!, headers: init!.headers as Record<string, string> };
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
  setCsrfToken(null);
});

describe('pathOf', () => {
  it('fills path parameters from the contract entry, encoded', () => {
    expect(pathOf('getClaim', ADMIN_ROUTES.getClaim, { id: ID })).toBe(`/api/admin/claims/${ID}`);
    expect(pathOf('deleteOnboardingFile', ROUTES.deleteOnboardingFile, { id: 'a/b c' })).toBe(
      '/api/onboarding/files/a%2Fb%20c',
    );
    expect(pathOf('changeClaimStatus', ADMIN_ROUTES.changeClaimStatus, { id: ID })).toBe(
      `/api/admin/claims/${ID}/status`,
    );
  });

  it('refuses a missing path parameter rather than sending ":id"', () => {
    expect(() => pathOf('getClaim', ADMIN_ROUTES.getClaim, {})).toThrow("'id' is missing");
  });

  it('appends the query encoded, leaving out what is undefined or null', () => {
    expect(
      pathOf('lookupDistance', ROUTES.lookupDistance, undefined, { from: 'WN2 1AR', to: 'SK5&6AQ' }),
    ).toBe('/api/distance?from=WN2%201AR&to=SK5%266AQ');
    expect(
      pathOf('listClaims', ADMIN_ROUTES.listClaims, undefined, {
        q: 'o’brien',
        page: 2,
        drafts: true,
        sort: undefined,
        dir: null,
      }),
    ).toBe('/api/admin/claims?q=o%E2%80%99brien&page=2&drafts=true');
    expect(pathOf('listClaims', ADMIN_ROUTES.listClaims, undefined, {})).toBe('/api/admin/claims');
  });

  it('builds links to file answers', () => {
    expect(hrefOf('p87Worksheet', { params: { id: ID } })).toBe(`/api/admin/claims/${ID}/p87.pdf`);
    expect(hrefOf('exportClaims', { query: { status: 'submitted' } })).toBe(
      '/api/admin/claims/export.csv?status=submitted',
    );
  });
});

describe('call: the request', () => {
  it('sends the method and path of the entry, a JSON body and the session header', async () => {
    const { request } = stubFetch(() => jsonResponse(200, { revision: 3, totals: TOTALS }));
    await call('saveOnboarding', { sessionId: SESSION, body: BODY });
    const { url, init, headers } = request();
    expect(url).toBe('/api/onboarding');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual(BODY);
    expect(init.credentials).toBe('same-origin');
    expect(headers).toMatchObject({
      'X-Session-Id': SESSION,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    });
    expect(headers['X-CSRF-Token']).toBeUndefined();
  });

  it('sends no body and no content type for an entry without one', async () => {
    const { request } = stubFetch(() => jsonResponse(202, { sent: true }));
    await call('sendResumeCode', { sessionId: SESSION });
    const { init, headers } = request();
    expect(init.method).toBe('POST');
    expect(init.body).toBeUndefined();
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('sends FormData as it is (multipart), without a JSON content type', async () => {
    const { request } = stubFetch(() =>
      jsonResponse(201, {
        id: ID,
        filename: 'a.pdf',
        url: `/api/files/${ID}`,
        type: 'application/pdf',
        size: 3,
      }),
    );
    const form = new FormData();
    form.append('kind', 'p60');
    await call('uploadOnboardingFile', { sessionId: SESSION, body: form });
    const { init, headers } = request();
    expect(init.body).toBe(form);
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('adds the CSRF token to back-office changes only', async () => {
    setCsrfToken('csrf-1');
    const { request } = stubFetch(() => new Response(null, { status: 204 }));
    await adminCall('retryJob', { params: { id: ID } });
    expect(request(0).headers['X-CSRF-Token']).toBe('csrf-1');
    await adminCall('listFailedJobs');
    expect(request(1).headers['X-CSRF-Token']).toBeUndefined();
    await call('sendResumeCode', { sessionId: SESSION });
    expect(request(2).headers['X-CSRF-Token']).toBeUndefined();
    setCsrfToken(null);
    await adminCall('retryJob', { params: { id: ID } });
    expect(request(3).headers['X-CSRF-Token']).toBeUndefined();
  });
});

describe('call: the answer', () => {
  it('answers a declared success with its body', async () => {
    stubFetch(() => jsonResponse(200, { revision: 3, totals: TOTALS }));
    const res = await call('saveOnboarding', { sessionId: SESSION, body: BODY });
    expect(res).toEqual({ ok: true, status: 200, data: { revision: 3, totals: TOTALS } });
  });

  it('answers an empty 204 with no data', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    expect(await adminCall('removeCallBack', { params: { id: ID } })).toEqual({
      ok: true,
      status: 204,
      data: undefined,
    });
  });

  it('answers field errors on 400 with the body and its errors', async () => {
    const errors = { 'personalInfo.email': 'Please enter a valid email address' };
    stubFetch(() => jsonResponse(400, { errors }));
    const res = await call('saveOnboarding', { sessionId: SESSION, body: BODY });
    expect(res).toEqual({ ok: false, status: 400, data: { errors }, errors });
  });

  it('answers a 409 with the fresh revision the contract declares', async () => {
    stubFetch(() => jsonResponse(409, { error: 'Changed in another window', revision: 7 }));
    const res = await call('saveOnboarding', { sessionId: SESSION, body: BODY });
    expect(res.status).toBe(409);
    if (res.status !== 409) throw new Error('unreachable');
    expect(res.data.revision).toBe(7);
    expect(res.error).toBe('Changed in another window');
  });

  it('answers a status-change 409 with what is missing', async () => {
    stubFetch(() => jsonResponse(409, { error: 'Not ready', missing: ['P60'] }));
    const res = await adminCall('changeClaimStatus', {
      params: { id: ID },
      body: { to: 'in-review', reason: '', version: 1 },
    });
    expect(res.status === 409 && res.data.missing).toEqual(['P60']);
  });

  it('answers 503 with its error text', async () => {
    stubFetch(() => jsonResponse(503, { error: 'Service unavailable' }, { 'Retry-After': '5' }));
    expect(await call('getOnboarding', { sessionId: SESSION })).toEqual({
      ok: false,
      status: 503,
      data: { error: 'Service unavailable' },
      error: 'Service unavailable',
    });
  });

  it('answers a status the contract does not declare as unexpected, with the status it got', async () => {
    stubFetch(() => jsonResponse(500, { error: 'boom' }));
    expect(await call('getOnboarding', { sessionId: SESSION })).toEqual({
      ok: false,
      status: 0,
      reason: 'unexpected',
      httpStatus: 500,
    });
  });

  it('answers a body that is not JSON as unexpected', async () => {
    stubFetch(() => new Response('<html>bad gateway</html>', { status: 503 }));
    expect(await call('getOnboarding', { sessionId: SESSION })).toMatchObject({
      status: 0,
      reason: 'unexpected',
      httpStatus: 503,
    });
  });

  it('outside production, answers a body that breaks the contract as unexpected and says why', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse(200, { revision: 'three' }));
    expect(await call('saveOnboarding', { sessionId: SESSION, body: BODY })).toMatchObject({
      status: 0,
      reason: 'unexpected',
      httpStatus: 200,
    });
    expect(logged).toHaveBeenCalledWith(
      'saveOnboarding answered 200 outside the contract',
      expect.any(Array),
    );
  });

  it('checks the declared error bodies too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse(409, { error: 'stale' }));
    expect(await call('saveOnboarding', { sessionId: SESSION, body: BODY })).toMatchObject({
      status: 0,
      reason: 'unexpected',
      httpStatus: 409,
    });
  });
});

describe('call: failures of the network', () => {
  it('answers a network failure as status 0 with the message to show', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await call('getOnboarding', { sessionId: SESSION })).toEqual({
      ok: false,
      status: 0,
      reason: 'network',
      error: NETWORK_ERROR_MESSAGE,
    });
  });

  it('gives up after the timeout', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const pending = call('getOnboarding', { sessionId: SESSION, timeoutMs: 1000 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await pending).toEqual({ ok: false, status: 0, reason: 'timeout', error: TIMEOUT_ERROR_MESSAGE });
  });

  it("follows the caller's abort signal", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) =>
        init.signal!.aborted
          ? Promise.reject(new DOMException('aborted', 'AbortError'))
          : Promise.resolve(jsonResponse(200, {})),
      ),
    );
    const controller = new AbortController();
    controller.abort();
    expect(
      await call('lookupAddress', { query: { postcode: 'WN2 1AR' }, signal: controller.signal }),
    ).toMatchObject({
      status: 0,
      reason: 'network',
    });
  });
});

describe('fetchFile', () => {
  it('fetches a file the API links to with the session header', async () => {
    const { request } = stubFetch(() => new Response('pdf', { status: 200 }));
    const blob = await fetchFile(`/api/files/${ID}`, SESSION);
    expect(await blob?.text()).toBe('pdf');
    expect(request().headers).toEqual({ 'X-Session-Id': SESSION });
  });

  it('is null when refused, unreachable or not one of ours', async () => {
    stubFetch(() => new Response(null, { status: 404 }));
    expect(await fetchFile(`/api/files/${ID}`, SESSION)).toBeNull();
    stubFetch(() => Promise.reject(new TypeError('offline')));
    expect(await fetchFile(`/api/files/${ID}`, SESSION)).toBeNull();
    expect(await fetchFile('https://elsewhere.example/x', SESSION)).toBeNull();
  });
});

const TOTALS = {
  years: [],
  totalMiles: 0,
  totalAllowance: 0,
  totalEmployerPayment: 0,
  totalClaimable: 0,
  rebate20: 0,
  rebate40: 0,
  selfAssessmentRequired: false,
};

/** A save body; the client sends what the type allows without checking it itself. */
const BODY = {
  revision: 2,
  currentStep: 'employment',
  lastStepCompleted: 'eligibility',
  snapshot: {},
} as unknown as RequestBody<'saveOnboarding'>;
