import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { loadValidation } from '../src/features/onboarding/lib/validation.ts';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// The wizard loads its schemas beside the first screen; in tests they are there from the start,
// as they are a moment after a real page appears.
beforeAll(async () => {
  await loadValidation();
});
