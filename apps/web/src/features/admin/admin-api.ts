import type { OperatorRole } from '@taxback/domain/admin-schemas';
import { formatPence as formatExactPence } from '@taxback/domain/money';

/** The back-office's calls: the session is the httpOnly cookie; changes carry the CSRF token. */
export interface Operator {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
}

export type AdminResult<T> =
  | { ok: true; status: number; data: T }
  | {
      ok: false;
      status: number;
      error?: string;
      errors?: Record<string, string>;
      body?: Record<string, unknown>;
    };

let csrfToken: string | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export async function adminRequest<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<AdminResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['X-CSRF-Token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    return {
      ok: false,
      status: 0,
      error: 'Unable to reach the server. Please check your connection and try again.',
    };
  }
  let parsed: unknown;
  try {
    const text = await response.text();
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (response.ok) return { ok: true, status: response.status, data: parsed as T };
  const record = (parsed && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
  return {
    ok: false,
    status: response.status,
    error: typeof record.error === 'string' ? record.error : undefined,
    errors:
      record.errors && typeof record.errors === 'object'
        ? (record.errors as Record<string, string>)
        : undefined,
    body: record,
  };
}

/** Field errors as GOV.UK error-summary items (the field id is the key). */
export function summaryItems(errors: Record<string, string> | undefined, prefix = '') {
  return Object.entries(errors ?? {}).map(([field, message]) => ({ fieldId: `${prefix}${field}`, message }));
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '–';
  return new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  });
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '–';
  return new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Europe/London',
  });
}

const wholePounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  maximumFractionDigits: 0,
});

/** An estimate in whole pounds ('£1,235'), as lists and reports show it. */
export function formatWholePounds(pounds: number): string {
  return wholePounds.format(pounds);
}

export function formatPence(pence: number | null | undefined): string {
  return pence === null || pence === undefined ? '–' : formatExactPence(pence);
}
