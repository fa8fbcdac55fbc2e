import { describe, expect, it } from 'vitest';
import {
  formatPostcode,
  formatPostcodeAsTyped,
  isValidUkPostcode,
  normalisePostcodeForSearch,
  postcodeSector,
  sanitisePostcodeInput,
  validatePostcodeSearch,
} from './postcode.ts';

describe('postcodes', () => {
  it.each([
    ['wn2 1ar', 'WN21AR'],
    [' sk5-6aq ', 'SK56AQ'],
    ['M1', 'M1'],
    ['', ''],
  ])('normalisePostcodeForSearch(%j) → %j', (input, expected) => {
    expect(normalisePostcodeForSearch(input)).toBe(expected);
  });

  it.each([
    ['wn2 1ar', 'WN2 1AR'],
    ['sk5-6aq!', 'SK56AQ'],
    ['  m1  ', '  M1  '],
  ])('sanitisePostcodeInput(%j) → %j', (input, expected) => {
    expect(sanitisePostcodeInput(input)).toBe(expected);
  });

  it.each([
    ['w', 'W'],
    ['wn2', 'WN2'],
    ['wn21', 'WN21'],
    ['wn21a', 'WN 21A'],
    ['wn21ar', 'WN2 1AR'],
    ['WN2 1AR', 'WN2 1AR'],
    ['sw1a1aa', 'SW1A 1AA'],
    ['sw1a1aaxyz', 'SW1A 1AA'],
    ['m1-1ae', 'M1 1AE'],
  ])('formatPostcodeAsTyped(%j) → %j', (input, expected) => {
    expect(formatPostcodeAsTyped(input)).toBe(expected);
  });

  it.each([
    ['WN2 1AR', true, 'WN2 1AR', 'WN2 1'],
    ['wn21ar', true, 'WN2 1AR', 'WN2 1'],
    ['SK5 6AQ', true, 'SK5 6AQ', 'SK5 6'],
    ['M1 1AE', true, 'M1 1AE', 'M1 1'],
    ['B33 8TH', true, 'B33 8TH', 'B33 8'],
    ['CR2 6XH', true, 'CR2 6XH', 'CR2 6'],
    ['DN55 1PT', true, 'DN55 1PT', 'DN55 1'],
    ['SW1A 1AA', true, 'SW1A 1AA', 'SW1A 1'],
    ['EC1A1BB', true, 'EC1A 1BB', 'EC1A 1'],
    [' W1A 0AX ', true, 'W1A 0AX', 'W1A 0'],
    ['WN2  1AR', false, null, null],
    ['WN2 1A', false, null, null],
    ['12345', false, null, null],
    ['ABC 1AR', false, null, null],
    ['WN2 AAR', false, null, null],
    ['W', false, null, null],
    ['', false, null, null],
    ['WN2 1AR1', false, null, null],
  ])('%j valid=%s formatted=%j sector=%j', (input, valid, formatted, sector) => {
    expect(isValidUkPostcode(input)).toBe(valid);
    expect(formatPostcode(input)).toBe(formatted);
    expect(postcodeSector(input)).toBe(sector);
  });

  it.each([
    ['', { ok: false, message: 'Please enter a postcode' }],
    ['   ', { ok: false, message: 'Please enter a postcode' }],
    ['w2', { ok: false, message: 'Please enter a valid UK postcode' }],
    ['!!!', { ok: false, message: 'Please enter a valid UK postcode' }],
    ['ABCDEFGH', { ok: false, message: 'Please enter a valid UK postcode' }],
    ['wn2', { ok: true, postcode: 'WN2' }],
    ['wn2 1ar', { ok: true, postcode: 'WN21AR' }],
  ])('validatePostcodeSearch(%j)', (input, expected) => {
    expect(validatePostcodeSearch(input)).toEqual(expected);
  });
});
