import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { createSessionId } from '@taxback/domain';
import { OnboardingPage, SESSION_STORAGE_KEY } from './onboarding-page.tsx';
import { createEmptySnapshot, type WizardSnapshot } from './lib/snapshot.ts';

export interface FakeServer {
  calls: { method: string; url: string; body: unknown; sessionId: string | null }[];
  puts: () => Record<string, unknown>[];
}

type Handler = (method: string, url: string, body: unknown) => { status: number; body?: unknown } | undefined;

/**
 * A fake of our API on the global fetch: GET /api/onboarding answers with `saved` (or 404),
 * PUT answers 200 with the next revision, anything else goes to `extra` (404 when it returns nothing).
 */
export function installFakeServer(
  opts: {
    saved?: { snapshot: WizardSnapshot; currentStep: number; lastStepCompleted: number; revision?: number };
    extra?: Handler;
  } = {},
): FakeServer {
  const calls: FakeServer['calls'] = [];
  let revision = opts.saved?.revision ?? 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const headers = new Headers(init?.headers);
    calls.push({ method, url, body, sessionId: headers.get('X-Session-Id') });
    const json = (status: number, data?: unknown) =>
      new Response(data === undefined ? null : JSON.stringify(data), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    const custom = opts.extra?.(method, url, body);
    if (custom) return json(custom.status, custom.body);
    if (url === '/api/onboarding' && method === 'GET') {
      if (!opts.saved) return json(404, { error: 'Not found' });
      return json(200, { revision, ...opts.saved, snapshot: opts.saved.snapshot });
    }
    if (url === '/api/onboarding' && method === 'PUT') {
      revision += 1;
      return json(200, { revision });
    }
    return json(404, { error: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    puts: () => calls.filter((c) => c.method === 'PUT').map((c) => c.body as Record<string, unknown>),
  };
}

/** A snapshot with the first two claimable years selected, for the later steps. */
export function snapshotWith(patch: Partial<WizardSnapshot> = {}): WizardSnapshot {
  return { ...createEmptySnapshot(), ...patch };
}

export function renderWizard(path = '/onboarding', sessionId = createSessionId()) {
  window.sessionStorage.setItem(SESSION_STORAGE_KEY, sessionId);
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/onboarding" element={<OnboardingPage />} />
        <Route path="/onboarding/:affiliateName" element={<OnboardingPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return { ...utils, sessionId };
}
