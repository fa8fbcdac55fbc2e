import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { onboardingSaveSchema } from './schemas.ts';

// Browsers run the interpreted parser (our CSP forbids eval, so zod must not even probe for it);
// Node, where there is no CSP, runs zod's compiled parser. See the comment in schemas.ts.
describe('zod parser mode', () => {
  it('is compiled (not jitless) outside a browser', () => {
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined');
    expect(onboardingSaveSchema).toBeDefined();
    expect(z.core.globalConfig.jitless).toBe(false);
  });
});
