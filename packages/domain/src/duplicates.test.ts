import { describe, expect, it } from 'vitest';
import { POSSIBLE_DUPLICATE_DAYS, duplicateReasons, duplicateWindow } from './duplicates.ts';

// Issue 17: same phone or email, or same NI number, within 30 days: flagged, never merged.
const jane = { phone: '+447700900123', email: 'jane@example.com', niKey: 'k1' };
const none = { phone: null, email: null, niKey: null };

describe('possible duplicates', () => {
  it.each([
    ['the same person again', jane, ['phone', 'email', 'ni-number']],
    ['a shared phone only', { ...none, phone: '+447700900123' }, ['phone']],
    ['a shared email in other case', { ...none, email: 'Jane@Example.com' }, ['email']],
    ['the same NI number only', { ...none, niKey: 'k1' }, ['ni-number']],
    ['nothing shared', { phone: '+447700900999', email: 'sam@example.com', niKey: 'k2' }, []],
    ['nothing known', none, []],
    ['empty values never match', { phone: '', email: ' ', niKey: '' }, []],
  ] as const)('%s → %j', (_name, other, expected) => {
    expect(duplicateReasons(jane, other)).toEqual(expected);
  });

  it('unknown keys on both sides never match each other', () => {
    expect(duplicateReasons(none, none)).toEqual([]);
  });

  it('looks 30 days either side of the submission', () => {
    expect(POSSIBLE_DUPLICATE_DAYS).toBe(30);
    expect(duplicateWindow('2026-11-24T10:00:00.000Z')).toEqual({
      from: '2026-10-25T10:00:00.000Z',
      to: '2026-12-24T10:00:00.000Z',
    });
  });
});
