import { describe, expect, it } from 'vitest';
import {
  EARNINGS_THRESHOLD_GBP,
  EXPENSE_CATEGORIES,
  MARRIAGE_ALLOWANCE_URL,
  isExpenseId,
  isWfhClaimableYear,
} from './expenses.ts';
import {
  hasUnsafeCharacters,
  sanitiseEmail,
  sanitiseText,
  stripAngleBrackets,
  stripUnsafeCharacters,
  unsafeTextPaths,
} from './sanitise.ts';
import { isValidUkPhone, normaliseUkPhone } from './phone.ts';
import { isValidEmail } from './email.ts';
import { formatMoney, roundPounds } from './money.ts';
import { canonicalJson } from './canonical.ts';

describe('expense categories', () => {
  // D28: SPEC §3's categories without marriage allowance (not a job expense; a GOV.UK link instead),
  // and working from home only for years up to 2025/26 (D21: the relief ended on 6 April 2026).
  it('lists SPEC §3 categories in order, without marriage allowance', () => {
    expect(EXPENSE_CATEGORIES.map((c) => c.id)).toEqual([
      'travel',
      'hotel',
      'laundry',
      'wfh',
      'uniform',
      'fees',
      'telephone',
    ]);
    expect(EXPENSE_CATEGORIES.map((c) => c.label)).toEqual([
      'Miles covered and other travel related expenses',
      'Hotel stays',
      'Laundry of uniform',
      'Set amount for working from home (tax years up to 2025/26)',
      'Uniform, PPE or tooling',
      'Professional fees or subscription fees',
      'Telephone expenses',
    ]);
    expect(isExpenseId('marriage')).toBe(false);
    expect(MARRIAGE_ALLOWANCE_URL).toBe('https://www.gov.uk/marriage-allowance');
  });

  it.each([
    ['2025/26', true],
    ['2022/23', true],
    ['2026/27', false],
    ['2027/28', false],
  ])('working from home claimable for %s: %s', (year, expected) => {
    expect(isWfhClaimableYear(year)).toBe(expected);
  });

  it.each([
    ['travel', true],
    ['telephone', true],
    ['Travel', false],
    ['mileage', false],
    ['', false],
    [1, false],
    [null, false],
  ])('isExpenseId(%j) → %s', (x, expected) => {
    expect(isExpenseId(x)).toBe(expected);
  });

  it('has the 18k earnings threshold', () => {
    expect(EARNINGS_THRESHOLD_GBP).toBe(18000);
  });
});

describe('sanitising', () => {
  it.each([
    ['  Jane  ', 'Jane'],
    ['<script>alert(1)</script>', 'scriptalert(1)/script'],
    [' a < b > c ', 'a  b  c'],
    ['O’Brien', 'O’Brien'],
    ['', ''],
  ])('sanitiseText(%j) → %j', (input, expected) => {
    expect(sanitiseText(input)).toBe(expected);
  });

  it.each([
    ['  Jane.Doe@Example.COM ', 'jane.doe@example.com'],
    ['<a@b.co>', 'a@b.co'],
  ])('sanitiseEmail(%j) → %j', (input, expected) => {
    expect(sanitiseEmail(input)).toBe(expected);
  });

  it('stripAngleBrackets keeps the spaces a user is typing', () => {
    expect(stripAngleBrackets('Jane <')).toBe('Jane ');
    expect(stripAngleBrackets(' 1 Main St ')).toBe(' 1 Main St ');
  });
});

describe('UK phone numbers', () => {
  it.each([
    ['+44 7700 900123', true, '+447700900123'],
    ['07700900123', true, '+447700900123'],
    ['0161 496 0000', true, '+441614960000'],
    ['+441614960000', true, '+441614960000'],
    ['020 7946 0958', true, '+442079460958'],
    ['0800 123456', true, '+44800123456'],
    ['+4412345', false, null],
    ['abc', false, null],
    ['', false, null],
    ['077009001234', false, null],
    ['0770090012', true, '+44770090012'],
    ['077009001', false, null],
    ['+1 555 123 4567', false, null],
    ['07700-900123', false, null],
  ])('%j valid=%s normalised=%j', (input, valid, normalised) => {
    expect(isValidUkPhone(input)).toBe(valid);
    expect(normaliseUkPhone(input)).toBe(normalised);
  });
});

describe('email', () => {
  it.each([
    ['jane@example.com', true],
    ['jane.doe+tax@mail.example.co.uk', true],
    ['  jane@example.com  ', true],
    ["o'brien@example.org", true],
    ['jane@example', false],
    ['jane@@example.com', false],
    ['@example.com', false],
    ['jane@.com', false],
    ['jane@example.c', false],
    ['jane doe@example.com', false],
    ['jane..doe@example.com', false],
    ['jane@-example.com', false],
    ['', false],
    [`${'a'.repeat(65)}@example.com`, false],
    [`a@${'b'.repeat(250)}.com`, false],
  ])('isValidEmail(%j) → %s', (input, expected) => {
    expect(isValidEmail(input)).toBe(expected);
  });
});

describe('money', () => {
  it.each([
    [45, '£45.00'],
    [0, '£0.00'],
    [0.5, '£0.50'],
    [99.99, '£99.99'],
    [99.994, '£99.99'],
    [99.999, '£100'],
    [100, '£100'],
    [100.4, '£100'],
    [4625, '£4,625'],
    [1234.56, '£1,235'],
    [50_000_000, '£50,000,000'],
    [Number.NaN, '£0.00'],
    [-0.001, '£0.00'],
  ])('formatMoney(%s) → %s', (amount, expected) => {
    expect(formatMoney(amount)).toBe(expected);
  });

  it.each([
    [925.5, 926],
    [925.49, 925],
    [0, 0],
  ])('roundPounds(%s) → %s', (n, expected) => {
    expect(roundPounds(n)).toBe(expected);
  });
});

describe('canonical JSON', () => {
  it('sorts keys at every depth and drops whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}',
    );
  });

  it('gives the same text whatever the key order', () => {
    const a = { firstName: 'Jane', lastName: 'Doe', selectedExpenses: ['travel', 'hotel'] };
    const b = { selectedExpenses: ['travel', 'hotel'], lastName: 'Doe', firstName: 'Jane' };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
  });

  it('follows JSON.stringify for undefined, non-finite numbers and dates', () => {
    expect(canonicalJson({ a: undefined, b: Number.NaN, c: [undefined] })).toBe('{"b":null,"c":[null]}');
    expect(canonicalJson(new Date('2025-01-02T03:04:05.000Z'))).toBe('"2025-01-02T03:04:05.000Z"');
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson('a"b')).toBe('"a\\"b"');
  });
});

describe('unsafe characters (issue 17)', () => {
  // Refused in every text field: C0 controls except tab, LF and CR; DEL and C1; bidi embeddings,
  // overrides and isolates. Letters in other scripts, emoji and the LRM/RLM marks are text.
  it.each([
    ['a\u0000b', true],
    ['a\u0001b', true],
    ['a\u0008b', true],
    ['a\u000Bb', true],
    ['a\u000Cb', true],
    ['a\u001Bb', true],
    ['a\u007Fb', true],
    ['a\u0085b', true],
    ['a\u009Fb', true],
    ['invoice\u202Efdp.exe', true],
    ['\u202Aa', true],
    ['\u2066a\u2069', true],
    ['line one\nline two', false],
    ['line one\r\nline two', false],
    ['a\tb', false],
    ['Zoë Ó Briain-Łukasz', false],
    ['محمد', false],
    ['a\u200Fb', false],
    ['😀', false],
    ['', false],
  ])('hasUnsafeCharacters(%j) → %s', (s, expected) => {
    expect(hasUnsafeCharacters(s)).toBe(expected);
  });

  it('strips every unsafe character', () => {
    expect(stripUnsafeCharacters('in\u0000voice\u202Efdp\u0007.exe\n')).toBe('invoicefdp.exe\n');
  });

  it('finds unsafe text at any depth, in values and keys, as dotted paths', () => {
    expect(
      unsafeTextPaths({
        personalInfo: { firstName: 'a\u0000b', lastName: 'Doe' },
        journeys: [{ from: 'Leeds' }, { from: 'York', to: 'Hull\u202E' }],
        utmData: { ['kw\u0000']: 'x' },
        count: 3,
        flag: true,
        none: null,
      }),
    ).toEqual(['personalInfo.firstName', 'journeys.1.to', 'utmData.kw']);
    expect(unsafeTextPaths('a\u0000')).toEqual(['']);
    expect(unsafeTextPaths(['ok', 'b\u0000'])).toEqual(['1']);
    expect(unsafeTextPaths({ a: 'fine\nlines', b: ['ok'] })).toEqual([]);
    expect(
      unsafeTextPaths(Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, '\u0000'])), 5),
    ).toHaveLength(5);
  });
});
