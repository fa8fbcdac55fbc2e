// One outbound HTTP call with a hard timeout. Adapters turn the outcome into their own result
// types; nothing here throws, so a vendor outage can never become a 500 in a route.

import { isRecord } from '@taxback/domain';

export type HttpOutcome =
  | { kind: 'response'; status: number; body: unknown; malformed: boolean }
  | { kind: 'timeout' }
  | { kind: 'network'; message: string };

export async function requestJson(url: string, init: RequestInit, timeoutMs: number): Promise<HttpOutcome> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    // The body read shares the signal, so a vendor that sends headers then stalls still times out.
    const text = await response.text();
    if (text.trim() === '') {
      return { kind: 'response', status: response.status, body: undefined, malformed: true };
    }
    try {
      return {
        kind: 'response',
        status: response.status,
        body: JSON.parse(text) as unknown,
        malformed: false,
      };
    } catch {
      return { kind: 'response', status: response.status, body: undefined, malformed: true };
    }
  } catch (error) {
    if (isTimeout(error)) return { kind: 'timeout' };
    return { kind: 'network', message: error instanceof Error ? error.message : 'request failed' };
  }
}

function isTimeout(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
}

export { isRecord };

export function asText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}
