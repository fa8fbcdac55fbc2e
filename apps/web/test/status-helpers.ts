import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';

// The status page's component tests: the server's answers to what a component fetches, in order.

/** Stubs fetch to answer `replies` one after another; the mock records each request sent. */
export function answers(...replies: { status: number; body: unknown }[]) {
  const fetchMock = vi.fn(async () => {
    const next = replies.shift()!;
    return new Response(JSON.stringify(next.body), {
      status: next.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Each test starts on an empty page with the real fetch and no spies. */
export function cleanUpAfterEach(): void {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** A nomination offered and not yet signed, signed on the page (D29, decision 076). */
export const UNSIGNED_NOMINATION: NonNullable<ClaimStatusView['nomination']> = {
  title: 'Nomination to receive your tax repayment',
  paragraphs: ['I, Alex Claimant, nominate Example Claims Ltd (HMRC agent reference A1B2C3)…'],
  signed: null,
  signatureUnused: false,
  bankDetails: null,
  provider: 'offline',
  pending: null,
  payouts: [],
};
