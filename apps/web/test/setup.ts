import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { loadValidation } from '../src/features/onboarding/lib/validation.ts';

// The later wizard steps are loaded on demand; the first test to open one waits for the import,
// which on a busy two-core machine can take longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// The wizard loads its schemas beside the first screen; in tests they are there from the start,
// as they are a moment after a real page appears.
// The API client checks every answer against the contract outside production (decision 033); the
// contract is loaded here so no test's first call waits for it.
beforeAll(async () => {
  await Promise.all([loadValidation(), import('@taxback/domain/api/contract')]);
});
