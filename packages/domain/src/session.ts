import { randomBytes, toBase64Url } from './random.ts';

/** D5: 'tx_' + 13-digit ms time + base64url of at least 16 random bytes (128 bits). */
export const SESSION_ID_PATTERN = /^tx_\d{13}_[A-Za-z0-9_-]{22,}$/;
/** Generous upper bound so a header can never carry an oversized id. */
export const SESSION_ID_MAX_LENGTH = 128;
export const SESSION_RANDOM_BYTES = 16;

export function createSessionId(now: number = Date.now()): string {
  return `tx_${Math.floor(now)}_${toBase64Url(randomBytes(SESSION_RANDOM_BYTES))}`;
}

export function isSessionId(s: unknown): s is string {
  return typeof s === 'string' && s.length <= SESSION_ID_MAX_LENGTH && SESSION_ID_PATTERN.test(s);
}

/** For logs (D5, D16): only the last 4 characters, never the secret part in full. */
export function redactSessionId(s: string): string {
  return `tx_…${s.slice(-4)}`;
}
