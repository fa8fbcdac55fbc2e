import { describe, expect, it } from 'vitest';
import { CONTENT } from './content.ts';
import { amapRatesFor, carVanRatePence, carVanRateSentence } from './mileage.ts';
import { claimableTaxYears, taxYearFromStartYear, taxYearInfo } from './tax-years.ts';

/** Every string anywhere in CONTENT. */
function strings(x: unknown): string[] {
  if (typeof x === 'string') return [x];
  if (Array.isArray(x)) return x.flatMap(strings);
  if (typeof x === 'object' && x !== null) return Object.values(x).flatMap(strings);
  return [];
}

const ALL = strings(CONTENT).join('\n');
const CURRENT = claimableTaxYears()[0]!.year;

// D28 (copy we can stand behind) with D21's table: every figure true today and stated once.
describe('CONTENT agrees with the rules (D21, D28)', () => {
  it('states a car and van rate only with the year it is for, at that year’s rate from the table', () => {
    const stated = [
      ...ALL.matchAll(/(\d+)p a mile for the first [\d,]+ (?:business )?miles(?: in (\d{4}\/\d{2}))?/g),
    ];
    expect(stated.length).toBeGreaterThan(0);
    for (const [phrase, pence, year] of stated) {
      expect(year, `"${phrase}" names no tax year`).toBeDefined();
      expect(Number(pence), phrase).toBe(carVanRatePence(year!));
    }
    // "(45p before)" is the previous year's rate.
    for (const [phrase, year, pence] of ALL.matchAll(/in (\d{4}\/\d{2}) \((\d+)p before\)/g)) {
      const previous = taxYearFromStartYear(taxYearInfo(year!).startYear - 1);
      expect(Number(pence), phrase).toBe(carVanRatePence(previous));
    }
  });

  it('states no 45p car rate for the current year (the rate is 55p from 2026/27)', () => {
    expect(carVanRateSentence('2026/27')).toBe(
      '55p a mile for the first 10,000 business miles in 2026/27 (45p before), 25p after that',
    );
    expect(carVanRateSentence('2025/26')).toBe(
      '45p a mile for the first 10,000 business miles in 2025/26, 25p after that',
    );
    expect(ALL).toContain(carVanRateSentence(CURRENT));
    expect(ALL).toContain(`${amapRatesFor(CURRENT).motorbike.pencePerMile}p for motorbikes`);
    expect(ALL).toMatch(new RegExp(`${amapRatesFor(CURRENT).bicycle.pencePerMile}p for bicycles`));
  });

  it('has no headline maximum, one average claim and one refund time', () => {
    expect(ALL).not.toMatch(/up to £/i);
    expect(CONTENT).not.toHaveProperty('maxRefund');
    expect(CONTENT).not.toHaveProperty('faqAverageClaim');
    const averages = [...ALL.matchAll(/average claim is around £([\d,]+)/g)].map((m) =>
      Number(m[1]!.replace(/,/g, '')),
    );
    expect(averages.length).toBeGreaterThan(0);
    expect(new Set([...averages, CONTENT.averageClaim]).size).toBe(1);
    const weeks = [...ALL.matchAll(/(\d+-\d+) weeks/g)].map((m) => `${m[1]} weeks`);
    expect(weeks.length).toBeGreaterThan(1);
    expect(new Set([...weeks, CONTENT.refundWeeks]).size).toBe(1);
  });

  it('makes one fee statement, never says "Sent to HMRC", and offers the current year and four before', () => {
    expect(ALL).not.toMatch(/no win,? no fee/i);
    expect(ALL).toMatch(/No fees/);
    expect(ALL).not.toMatch(/sent to HMRC/i);
    expect(ALL).not.toMatch(/four tax years|last four/i);
    expect(ALL).toMatch(/current tax year and the four before it/);
    expect(ALL).not.toMatch(/\(CIS\)/);
  });
});
