import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { loadValidation } from '../src/features/onboarding/lib/validation.ts';

// The later wizard steps are loaded on demand; the first test to open one waits for the import,
// which on a busy two-core machine can take longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// Files share one jsdom per worker (decision 080), so nothing a file leaves behind reaches the next.
afterAll(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  sessionStorage.clear();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

// The wizard loads its schemas beside the first screen; in tests they are there from the start,
// as they are a moment after a real page appears.
// The API client checks every answer against the contract outside production (decision 033); the
// contract is loaded here so no test's first call waits for it.
beforeAll(async () => {
  await Promise.all([loadValidation(), import('@taxback/domain/api/contract')]);
});
