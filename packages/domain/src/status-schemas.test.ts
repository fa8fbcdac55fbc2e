import { describe, expect, it } from 'vitest';
import { sameClaimReference, statusViewQuerySchema } from './status-schemas.ts';

// Issue 28: a status session is for the claim it was opened for; a link's reference is compared
// with the session's claim as the form reads references (case and spaces aside).
describe('sameClaimReference', () => {
  it.each([
    ['GEN-1A2B3C4D', 'gen-1a2b3c4d', true],
    ['GEN-1A2B3C4D', 'GEN1A2B3C4D', true],
    ['GEN-1A2B3C4D', 'GEN-1A2B3C4E', false],
    ['TB123456ABCD1234', 'tb 123456 abcd 1234', true],
    ['TB123456ABCD1234', 'TB123456ABCD1235', false],
    ['TB123456ABCD1234', 'GEN-1A2B3C4D', false],
    ['TB 4K7 9MX 2QH', 'tb4k79mx2qh', true],
    ['TB 4K7 9MX 2QH', 'TB 4K7 9MX 2QJ', false],
    ['GEN-1A2B3C4D', 'hello', false],
  ])('%s and %s: %s', (a, b, same) => {
    expect(sameClaimReference(a, b)).toBe(same);
    expect(sameClaimReference(b, a)).toBe(same);
  });
});

describe('statusViewQuerySchema', () => {
  it('takes no reference, or a well-formed one', () => {
    expect(statusViewQuerySchema.parse({})).toEqual({});
    expect(statusViewQuerySchema.parse({ reference: ' GEN-1A2B3C4D ' })).toEqual({
      reference: 'GEN-1A2B3C4D',
    });
    expect(statusViewQuerySchema.safeParse({ reference: 'hello' }).success).toBe(false);
  });
});
