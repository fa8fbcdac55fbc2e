import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { onboardingSaveSchema } from '@taxback/domain/schemas';

// Under the CSP (no 'unsafe-eval') zod must run jitless in a browser: even its probe for eval
// would be reported as a violation.
describe('zod in the browser', () => {
  it('runs jitless wherever there is a document', () => {
    expect(typeof document).toBe('object');
    expect(onboardingSaveSchema).toBeDefined();
    expect(z.core.globalConfig.jitless).toBe(true);
  });
});
