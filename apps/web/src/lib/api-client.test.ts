import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE, TIMEOUT_ERROR_MESSAGE, apiRequest } from './api-client.ts';

const SESSION = 'tx_1700000000000_abcdefghijklmnopqrstuvwx';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends JSON with the session header and returns the data', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(201, { id: 'c1' }));
    vi.stubGlobal('fetch', fetchMock);
    const result = await apiRequest<{ id: string }>('POST', '/api/claims', {
      sessionId: SESSION,
      body: { a: 1 },
    });
    expect(result).toEqual({ ok: true, status: 201, data: { id: 'c1' } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/claims');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({ 'X-Session-Id': SESSION, 'Content-Type': 'application/json' });
  });

  it('returns field errors on 400 without throwing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(400, { errors: { email: 'Please enter a valid email address' } })),
    );
    const result = await apiRequest('POST', '/api/claims', { body: {} });
    expect(result).toEqual({
      ok: false,
      status: 400,
      errors: { email: 'Please enter a valid email address' },
    });
  });

  it('returns the error text of other failures, and copes with non-JSON bodies', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(503, { error: 'Service unavailable' })),
    );
    expect(await apiRequest('GET', '/api/health')).toEqual({
      ok: false,
      status: 503,
      error: 'Service unavailable',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>oops</html>', { status: 502 })),
    );
    expect(await apiRequest('GET', '/api/health')).toEqual({ ok: false, status: 502 });
  });

  it('reports network failures as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await apiRequest('GET', '/api/health')).toEqual({
      ok: false,
      status: 0,
      error: NETWORK_ERROR_MESSAGE,
    });
  });

  it('times out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    expect(await apiRequest('GET', '/api/health', { timeoutMs: 20 })).toEqual({
      ok: false,
      status: 0,
      error: TIMEOUT_ERROR_MESSAGE,
    });
  });

  it('sends FormData as multipart without a JSON content type', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(201, { id: 'f1' }));
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.set('kind', 'p60');
    await apiRequest('POST', '/api/onboarding/files', { body: form });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
  });
});
