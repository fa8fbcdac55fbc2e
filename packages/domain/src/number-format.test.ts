import { describe, expect, it } from 'vitest';
import { formatMoney, formatPence } from './money.ts';
import { formatNumber, formatPounds, milesText } from './number-format.ts';

// Decision 030: en-GB numbers and pounds written without Intl must read exactly as
// Intl.NumberFormat('en-GB') writes them: half away from zero, on the number's shortest decimal form
// (2.675 → 2.68, where toFixed gives 2.67).
const intlNumber = (n: number, min: number, max: number) =>
  new Intl.NumberFormat('en-GB', { minimumFractionDigits: min, maximumFractionDigits: max }).format(n);
const intlPounds = (n: number, min: number, max: number) =>
  new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'GBP',
    minimumFractionDigits: min,
    maximumFractionDigits: max,
  }).format(n);

/** A fixed pseudo-random sequence (mulberry32), so a failure can be run again. */
function randomNumbers(count: number, seed: number): number[] {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: count }, () => {
    const magnitude = 10 ** Math.floor(next() * 16 - 4);
    const value = next() * magnitude;
    return next() < 0.2 ? -value : value;
  });
}

const EDGES = [
  0,
  -0,
  1,
  -1,
  0.5,
  1.5,
  2.5,
  -2.5,
  0.125,
  0.375,
  1.005,
  1.015,
  2.675,
  99.995,
  99.999,
  999.5,
  999.9999,
  1000,
  9999.95,
  10000,
  12345.678,
  1234567.891,
  0.0005,
  0.0004999,
  -0.0001,
  45.45,
  1e15 + 0.5,
  1e20,
  Number.EPSILON,
  123456789012345.6,
];
const OPTIONS: Array<[number, number]> = [
  [0, 0],
  [0, 1],
  [0, 2],
  [0, 3],
  [2, 2],
  [1, 3],
];

describe('formatNumber and formatPounds against Intl en-GB', () => {
  const values = [...EDGES, ...randomNumbers(4000, 2026)];

  it.each(OPTIONS)('numbers with %i to %i digits after the point', (min, max) => {
    const differ = values
      .map((n) => [
        n,
        formatNumber(n, { minFractionDigits: min, maxFractionDigits: max }),
        intlNumber(n, min, max),
      ])
      .filter(([, ours, intl]) => ours !== intl);
    expect(differ).toEqual([]);
  });

  it.each(OPTIONS)('pounds with %i to %i digits after the point', (min, max) => {
    const differ = values
      .map((n) => [n, formatPounds(n, { min, max }), intlPounds(n, min, max)])
      .filter(([, ours, intl]) => ours !== intl);
    expect(differ).toEqual([]);
  });

  it('defaults to at most three digits, as Intl does', () => {
    expect(formatNumber(10000)).toBe('10,000');
    expect(formatNumber(1234.56789)).toBe('1,234.568');
    expect(formatNumber(12.25, { maxFractionDigits: 1 })).toBe('12.3');
    expect(formatNumber(-0)).toBe('-0');
  });

  it.each([
    [6000, '6,000 miles'],
    [12.5, '12.5 miles'],
    [12.55, '12.6 miles'],
    [0, '0 miles'],
  ])('milesText(%s) → %s (one decimal at most)', (n, text) => {
    expect(milesText(n)).toBe(text);
  });

  it('hands what it does not write itself to Intl', () => {
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe(intlNumber(Number.POSITIVE_INFINITY, 0, 3));
    expect(formatNumber(Number.NaN)).toBe('NaN');
    expect(formatNumber(1e21)).toBe(intlNumber(1e21, 0, 3));
    expect(formatPounds(-1e22, { min: 2, max: 2 })).toBe(intlPounds(-1e22, 2, 2));
  });
});

// SPEC §9 money display, unchanged by decision 030.
describe('formatMoney and formatPence read as before', () => {
  it.each([
    [45, '£45.00'],
    [99.999, '£100'],
    [4625.4, '£4,625'],
    [4625.5, '£4,626'],
    [-12.5, '-£12.50'],
    [-0.001, '£0.00'],
    [1234567, '£1,234,567'],
  ])('formatMoney(%s) → %s', (n, text) => {
    expect(formatMoney(n)).toBe(text);
  });

  it.each([
    [123456, '£1,234.56'],
    [5, '£0.05'],
    [-250, '-£2.50'],
    [Number.NaN, '£0.00'],
  ])('formatPence(%s) → %s', (n, text) => {
    expect(formatPence(n)).toBe(text);
  });
});
