import { isRecord } from '@taxback/domain/records';
/**
 * Small typed fetch wrapper for our own API (D4). It never throws on HTTP or network errors: callers
 * get `{ ok: false, status, errors?, error? }` (status 0 = network failure or timeout).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; errors?: Record<string, string>; error?: string };

export interface ApiRequestOptions {
  /** Sent as `X-Session-Id` (D5: never in the URL). */
  sessionId?: string | null;
  /** Plain values are sent as JSON; a FormData body is sent as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /** Default 15 s. */
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const NETWORK_ERROR_MESSAGE =
  'Unable to reach the server. Please check your connection and try again.';
export const TIMEOUT_ERROR_MESSAGE = 'The server took too long to answer. Please try again.';

function toStringRecord(x: unknown): Record<string, string> | undefined {
  if (!isRecord(x)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(x)) if (typeof v === 'string') out[k] = v;
  return out;
}

// Combines the caller's signal with a timeout; AbortSignal.any is missing on some older browsers.
function withTimeout(
  timeoutMs: number,
  signal?: AbortSignal,
): { signal: AbortSignal; timedOut: () => boolean; done: () => void } {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  if (signal) {
    if (signal.aborted) controller.abort();
    else signal.addEventListener('abort', onAbort, { once: true });
  }
  return {
    signal: controller.signal,
    timedOut: () => expired,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  { sessionId, body, signal, timeoutMs = DEFAULT_TIMEOUT_MS }: ApiRequestOptions = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (sessionId) headers['X-Session-Id'] = sessionId;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const timeout = withTimeout(timeoutMs, signal);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: payload,
      signal: timeout.signal,
      credentials: 'same-origin',
    });
  } catch {
    timeout.done();
    return {
      ok: false,
      status: 0,
      error: timeout.timedOut() ? TIMEOUT_ERROR_MESSAGE : NETWORK_ERROR_MESSAGE,
    };
  }
  let parsed: unknown = undefined;
  try {
    const text = await response.text();
    parsed = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    parsed = undefined;
  } finally {
    timeout.done();
  }
  if (response.ok) return { ok: true, status: response.status, data: parsed as T };
  const result: { ok: false; status: number; errors?: Record<string, string>; error?: string } = {
    ok: false,
    status: response.status,
  };
  if (isRecord(parsed)) {
    const errors = toStringRecord(parsed.errors);
    if (errors && Object.keys(errors).length > 0) result.errors = errors;
    if (typeof parsed.error === 'string') result.error = parsed.error;
  }
  return result;
}
