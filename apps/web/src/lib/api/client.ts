// The web's one client for our API (decision 033): `call(operation, input)` builds the request from
// the contract's entry and answers with the contract's body for the status, typed and
// discriminated by `status`. It never throws on HTTP or network failures: a failure is an answer
// (status 0 for the network, a timeout or an answer the contract does not declare). This is the
// only module in apps/web that calls fetch (client-boundary.test.ts keeps it so); the back-office
// calls through the same `request` with its own table and CSRF token (admin-client.ts).
import type { ApiResponse } from '@taxback/domain/api/contract';
import { ROUTES, type ClaimantOperation } from './routes.ts';
import type { Answer, ApiOperation, CallFailure, CallInput, CallOptions, QueryValue } from './types.ts';

export type { Answer, ApiOperation, CallFailure, CallInput } from './types.ts';

export const DEFAULT_TIMEOUT_MS = 15_000;
export const NETWORK_ERROR_MESSAGE =
  'Unable to reach the server. Please check your connection and try again.';
export const TIMEOUT_ERROR_MESSAGE = 'The server took too long to answer. Please try again.';

// ---------------------------------------------------------------------------------------------
// Building the request

type Params = Record<string, string> | undefined;
type Query = Record<string, QueryValue> | undefined;

/** An operation's entry in a table of routes: 'METHOD /path', then the statuses it declares. */
export type AnyEntry = readonly [string, ...number[]];

/** The entry's path with its `:param`s filled in (encoded) and the query appended. */
export function pathOf(op: ApiOperation, entry: AnyEntry, params?: Params, query?: Query): string {
  const [route] = entry;
  const path = route.slice(route.indexOf(' ') + 1).replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${op}: the path parameter '${name}' is missing`);
    return encodeURIComponent(value);
  });
  const text = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return text ? `${path}?${text}` : path;
}

// ---------------------------------------------------------------------------------------------
// Sending

interface Raw {
  status: number;
  text: string;
}

// The caller's signal combined with a timeout (AbortSignal.any is missing on some older browsers).
function withTimeout(timeoutMs: number, signal?: AbortSignal) {
  const controller = new AbortController();
  let expired = false;
  // 0: no time limit (an upload takes as long as the connection needs; it can be cancelled).
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          expired = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  const onAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => expired,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

async function viaFetch(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: BodyInit | undefined,
  signal: AbortSignal,
): Promise<Raw> {
  const response = await fetch(url, { method, headers, body, signal, credentials: 'same-origin' });
  return { status: response.status, text: await response.text() };
}

/** XMLHttpRequest, for the upload progress events fetch does not give. */
function viaXhr(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: XMLHttpRequestBodyInit | undefined,
  signal: AbortSignal,
  onProgress: (percent: number) => void,
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0)
        onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = xhr.ontimeout = xhr.onabort = () => reject(new Error('upload failed'));
    if (signal.aborted) xhr.abort();
    else signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body ?? null);
  });
}

function readJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/**
 * Outside production every answer is parsed with the contract's schema for its status, so a stub
 * or server that drifts from the contract fails loudly in development and in tests. A production
 * build drops this branch, and with it the contract's schemas (decision 033).
 */
async function matchesContract(op: ApiOperation, status: number, body: unknown): Promise<boolean> {
  if (import.meta.env.DEV) {
    const { API } = await import('@taxback/domain/api/contract');
    const declared: ApiResponse | undefined = (API[op].responses as Record<number, ApiResponse>)[status];
    const result = declared?.schema?.safeParse(body);
    if (result && !result.success) {
      console.error(`${op} answered ${status} outside the contract`, result.error.issues);
      return false;
    }
  }
  return true;
}

/**
 * Calls one operation of the contract. `input` holds its path parameters, query and body as the
 * contract declares them, plus the session id, an abort signal, a timeout or upload progress.
 */
export function call<Op extends ClaimantOperation>(op: Op, ...[input]: InputArgs<Op>): Promise<Answer<Op>> {
  return request(op, ROUTES[op], input);
}

/** `input` is optional when the operation needs no path parameter and no body. */
export type InputArgs<Op extends ApiOperation> =
  object extends CallInput<Op> ? [CallInput<Op>?] : [CallInput<Op>];

/** Sends one operation by its entry (`extraHeaders` adds to the client's own); see `call`. */
export async function request<Op extends ApiOperation>(
  op: Op,
  entry: AnyEntry,
  input: CallInput<Op> | undefined,
  extraHeaders: (method: string) => Record<string, string> = () => ({}),
): Promise<Answer<Op>> {
  const {
    params,
    query,
    body,
    sessionId,
    signal,
    timeoutMs = DEFAULT_TIMEOUT_MS,
    onUploadProgress,
  } = (input ?? {}) as CallOptions & { params?: Params; query?: Query; body?: unknown };
  const [route, ...statuses] = entry;
  const method = route.slice(0, route.indexOf(' '));
  const url = pathOf(op, entry, params, query);

  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders(method) };
  if (sessionId) headers['X-Session-Id'] = sessionId;
  let payload: (BodyInit & XMLHttpRequestBodyInit) | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const timeout = withTimeout(timeoutMs, signal);
  let raw: Raw;
  try {
    raw = onUploadProgress
      ? await viaXhr(method, url, headers, payload, timeout.signal, onUploadProgress)
      : await viaFetch(method, url, headers, payload, timeout.signal);
  } catch {
    const timedOut = timeout.timedOut();
    return {
      ok: false,
      status: 0,
      reason: timedOut ? 'timeout' : 'network',
      error: timedOut ? TIMEOUT_ERROR_MESSAGE : NETWORK_ERROR_MESSAGE,
    };
  } finally {
    timeout.done();
  }

  const data = readJson(raw.text);
  const unexpected: CallFailure = { ok: false, status: 0, reason: 'unexpected', httpStatus: raw.status };
  // Every declared answer with a body has a JSON object for one; files and empty answers have none.
  const bodyDue = raw.status !== 204 && !isFileAnswer(op);
  if (!statuses.includes(raw.status) || (bodyDue && !isObject(data))) return unexpected as Answer<Op>;
  if (!(await matchesContract(op, raw.status, data))) return unexpected as Answer<Op>;
  if (raw.status >= 200 && raw.status < 300) return { ok: true, status: raw.status, data } as Answer<Op>;
  const refusal: Record<string, unknown> = { ok: false, status: raw.status, data };
  if (isObject(data)) {
    if (typeof data.error === 'string') refusal.error = data.error;
    if (isObject(data.errors)) refusal.errors = data.errors;
  }
  return refusal as Answer<Op>;
}

/** The operations whose success is a file rather than JSON (downloaded by `fetchFile`). */
function isFileAnswer(op: ApiOperation): boolean {
  return (
    op === 'getFile' ||
    op === 'getSignedDocument' ||
    op === 'getStatusFile' ||
    op === 'exportClaims' ||
    op === 'p87Worksheet'
  );
}

/**
 * A file the API links to (`/api/files/{id}`, `/api/status/documents/{id}`), fetched with the
 * session header a link cannot carry (D5). Null when it cannot be had.
 */
export async function fetchFile(url: string, sessionId?: string | null): Promise<Blob | null> {
  if (!url.startsWith('/api/')) return null;
  try {
    const res = await fetch(url, {
      headers: sessionId ? { 'X-Session-Id': sessionId } : {},
      credentials: 'same-origin',
    });
    return res.ok ? await res.blob() : null;
  } catch {
    return null;
  }
}
