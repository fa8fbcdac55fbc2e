import { formatPence as formatExactPence } from '@taxback/domain/money';

// The back-office's formatting helpers. Its calls go through the one API client
// (lib/api/client.ts): the session is the httpOnly cookie; changes carry the CSRF token.

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

/** How long ago an instant was, in words ('3 days', '5 hours', 'under a minute'). */
export function formatAge(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return '–';
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return plural(hours, 'hour');
  return plural(Math.floor(hours / 24), 'day');
}
