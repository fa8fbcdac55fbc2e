import { apiRequest } from '../../../lib/api-client.ts';
import type { SendResult } from './outbox.ts';
import type { SavePayload } from './snapshot.ts';

/** The wizard's calls to our API (api-contract.md "Mileage wizard"); the session id travels in a header (D5). */

export type LoadResult =
  | { kind: 'found'; revision: number; snapshot: unknown; currentStep: number; lastStepCompleted: number }
  | { kind: 'none' }
  | { kind: 'error' };

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}
function stepNumber(x: unknown, fallback: number): number {
  return typeof x === 'number' && Number.isInteger(x) && x >= -1 && x <= 11 ? x : fallback;
}

export async function fetchProgress(sessionId: string, signal?: AbortSignal): Promise<LoadResult> {
  const res = await apiRequest<unknown>('GET', '/api/onboarding', { sessionId, signal });
  if (!res.ok) return res.status === 404 ? { kind: 'none' } : { kind: 'error' };
  const data = res.data;
  if (!isRecord(data) || !isRecord(data.snapshot)) return { kind: 'error' };
  const snap = data.snapshot;
  // The step may sit beside the snapshot or inside it; accept either.
  const currentStep = stepNumber(data.currentStep ?? snap.currentStep, 0);
  const lastStepCompleted = stepNumber(data.lastStepCompleted ?? snap.lastStepCompleted, currentStep - 1);
  return {
    kind: 'found',
    revision: typeof data.revision === 'number' ? data.revision : 0,
    snapshot: snap,
    currentStep: Math.max(0, currentStep),
    lastStepCompleted,
  };
}

export async function saveProgress(
  sessionId: string,
  payload: SavePayload,
  revision: number,
): Promise<SendResult> {
  const res = await apiRequest<{ revision?: unknown }>('PUT', '/api/onboarding', {
    sessionId,
    body: { revision, ...payload },
  });
  if (res.ok) {
    const next =
      isRecord(res.data) && typeof res.data.revision === 'number' ? res.data.revision : revision + 1;
    return { kind: 'saved', revision: next };
  }
  if (res.status === 409) {
    // The caller reloads the claim from the server, which brings the current revision with it.
    return { kind: 'conflict', revision };
  }
  if (res.status === 400) return { kind: 'rejected' };
  return { kind: 'retry' };
}

export interface DeliveryPoint {
  organisation_name?: string;
  line_1?: string;
  line_2?: string;
  udprn?: string | number;
}
export interface AddressLookup {
  delivery_points: DeliveryPoint[];
  town: string;
  postal_county: string;
  traditional_county: string;
  postcode: string;
}

export const ADDRESS_MESSAGES = {
  notFound: 'No addresses found for this postcode',
  serverError: 'Unable to lookup address. Please try again.',
  exception: 'Unable to lookup address. Please enter manually.',
} as const;

export type AddressResult = { kind: 'ok'; lookup: AddressLookup } | { kind: 'error'; message: string };

/** SPEC §8's address messages: every failure leaves the claimant free to type the address. */
export async function lookupAddress(
  sessionId: string,
  postcode: string,
  signal?: AbortSignal,
): Promise<AddressResult> {
  let res;
  try {
    res = await apiRequest<unknown>('GET', `/api/address?postcode=${encodeURIComponent(postcode)}`, {
      sessionId,
      signal,
    });
  } catch {
    return { kind: 'error', message: ADDRESS_MESSAGES.exception };
  }
  if (!res.ok) {
    if (res.status === 0) return { kind: 'error', message: ADDRESS_MESSAGES.exception };
    if (res.status === 404) return { kind: 'error', message: res.error || ADDRESS_MESSAGES.notFound };
    if (res.status === 400 && res.error) return { kind: 'error', message: res.error };
    return { kind: 'error', message: ADDRESS_MESSAGES.serverError };
  }
  const d = res.data;
  if (!isRecord(d) || (d.status !== undefined && d.status !== 'success')) {
    const err = isRecord(d) && typeof d.error === 'string' ? d.error : ADDRESS_MESSAGES.serverError;
    return { kind: 'error', message: err };
  }
  const points = Array.isArray(d.delivery_points) ? d.delivery_points.filter(isRecord) : [];
  if (points.length === 0) return { kind: 'error', message: ADDRESS_MESSAGES.notFound };
  const text = (x: unknown) => (typeof x === 'string' ? x : '');
  return {
    kind: 'ok',
    lookup: {
      delivery_points: points.map((p) => ({
        organisation_name: text(p.organisation_name),
        line_1: text(p.line_1),
        line_2: text(p.line_2),
        udprn: typeof p.udprn === 'number' || typeof p.udprn === 'string' ? p.udprn : undefined,
      })),
      town: text(d.town),
      postal_county: text(d.postal_county),
      traditional_county: text(d.traditional_county),
      postcode: text(d.postcode) || postcode,
    },
  };
}

export type ResumeCodeResult = { ok: true } | { ok: false; message: string };

/** 'Save and finish later': the server texts a fresh resume code to the claimant's phone (D8). */
export async function requestResumeCode(sessionId: string): Promise<ResumeCodeResult> {
  const res = await apiRequest<unknown>('POST', '/api/onboarding/resume-code', { sessionId, body: {} });
  if (res.ok) return { ok: true };
  if (res.status === 429 && res.error) return { ok: false, message: res.error };
  return { ok: false, message: 'We could not send your code just now. Please try again in a moment.' };
}
