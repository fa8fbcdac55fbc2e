import { describe, expect, it } from 'vitest';
import { UUID_PATTERN, isUuid } from './uuid.ts';

// RFC 9562's text form: 8-4-4-4-12 hexadecimal digits (the form randomUUID writes).
describe('isUuid', () => {
  it.each([
    ['0b6f2e3a-1c4d-4e5f-8a9b-0c1d2e3f4a5b', true],
    ['0B6F2E3A-1C4D-4E5F-8A9B-0C1D2E3F4A5B', true],
    ['123e4567-e89b-12d3-a456-426614174000', true],
    ['', false],
    ['0b6f2e3a1c4d4e5f8a9b0c1d2e3f4a5b', false],
    ['0b6f2e3a-1c4d-4e5f-8a9b-0c1d2e3f4a5', false],
    ['0b6f2e3a-1c4d-4e5f-8a9b-0c1d2e3f4a5b0', false],
    ['0b6f2e3a-1c4d-4e5f-8a9b-0c1d2e3f4a5g', false],
    [' 0b6f2e3a-1c4d-4e5f-8a9b-0c1d2e3f4a5b', false],
    ['../0b6f2e3a-1c4d-4e5f-8a9b-0c1d2e3f4a5b', false],
  ])('%j → %s', (value, expected) => {
    expect(isUuid(value)).toBe(expected);
    expect(UUID_PATTERN.test(value)).toBe(expected);
  });
});
