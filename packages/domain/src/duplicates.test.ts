import { describe, expect, it } from 'vitest';
import { POSSIBLE_DUPLICATE_DAYS, duplicateReasons, duplicateWindow, personKeyText } from './duplicates.ts';

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

// D38: the same person claiming twice is the same names, date of birth and postcode, however typed.
describe('the same person by name, date of birth and postcode', () => {
  const mira = {
    firstName: 'Mira',
    lastName: 'O’Neil-Patel',
    dateOfBirth: '1990-03-04',
    postcode: 'LS1 1AA',
  };
  it.each([
    ['typed the same', mira, true],
    [
      'other case, spacing and punctuation',
      { ...mira, firstName: ' MIRA ', lastName: 'oneil patel', postcode: 'ls11aa' },
      true,
    ],
    ['another first name', { ...mira, firstName: 'Maya' }, false],
    ['another date of birth', { ...mira, dateOfBirth: '1990-04-03' }, false],
    ['another postcode', { ...mira, postcode: 'LS1 1AB' }, false],
  ])('%s: %s', (_name, other, same) => {
    expect(personKeyText(other) === personKeyText(mira)).toBe(same);
  });

  it.each([
    ['no date of birth', { ...mira, dateOfBirth: null }],
    ['a partial date of birth', { ...mira, dateOfBirth: '1990--04' }],
    ['no postcode', { ...mira, postcode: ' ' }],
    ['no first name', { ...mira, firstName: '' }],
    ['a surname of no letters', { ...mira, lastName: '--' }],
  ])('%s: no key, so never a match', (_name, partial) => {
    expect(personKeyText(partial)).toBeNull();
  });

  it('is a reason beside the others, only when both claims have it', () => {
    const a = { ...none, personKey: 'h1' };
    expect(duplicateReasons(a, { ...none, personKey: 'h1' })).toEqual(['person']);
    expect(duplicateReasons(a, { ...none, personKey: 'h2' })).toEqual([]);
    expect(duplicateReasons({ ...none, personKey: null }, { ...none, personKey: null })).toEqual([]);
  });
});
