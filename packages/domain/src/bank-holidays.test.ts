import { describe, expect, it } from 'vitest';
import {
  PUBLISHED_BANK_HOLIDAY_YEARS,
  UK_NATIONS,
  bankHolidays,
  bankHolidaysBetween,
  easterSunday,
  isBankHoliday,
  nationOfPostcode,
  publishedBankHolidays,
  regularBankHolidays,
  type UkNation,
} from './bank-holidays.ts';

// Source: GOV.UK "UK bank holidays", https://www.gov.uk/bank-holidays.json (the same data as
// alphagov/calendars lib/data/bank-holidays.json), and the royal proclamations for the one-off days.

const ALL: UkNation[] = ['england-and-wales', 'scotland', 'northern-ireland'];

// What the published table holds that the regular rules do not give, and the reverse.
const ONE_OFF_CHANGES: Record<string, { added: string[]; removed: string[] }> = {
  // VE Day 75: the early May holiday moved from Monday 4 May to Friday 8 May.
  '2020': { added: ['2020-05-08'], removed: ['2020-05-04'] },
  // Platinum Jubilee: spring holiday moved to 2 June, 3 June added; the Queen's state funeral.
  '2022': { added: ['2022-06-02', '2022-06-03', '2022-09-19'], removed: ['2022-05-30'] },
  // The King's Coronation.
  '2023': { added: ['2023-05-08'], removed: [] },
};
const SCOTLAND_ONE_OFF: Record<string, { added: string[]; removed: string[] }> = {
  // Scotland's men's team at the World Cup (proclaimed 4 February 2026).
  '2026': { added: ['2026-06-15'], removed: [] },
};

describe('UK bank holidays (D25)', () => {
  it('names the three nations', () => {
    expect(UK_NATIONS.map((n) => n.id)).toEqual(ALL);
  });

  const years = Array.from(
    { length: PUBLISHED_BANK_HOLIDAY_YEARS.last - PUBLISHED_BANK_HOLIDAY_YEARS.first + 1 },
    (_, i) => PUBLISHED_BANK_HOLIDAY_YEARS.first + i,
  );
  const cases = ALL.flatMap((nation) => years.map((year) => [nation, year] as const));

  it.each(cases)(
    '%s %i: the regular rules give the published dates, apart from the one-off changes',
    (nation, year) => {
      const published = publishedBankHolidays(nation, year);
      if (published === null) throw new Error('not published');
      const rules = regularBankHolidays(nation, year);
      const expected = (nation === 'scotland' ? SCOTLAND_ONE_OFF[year] : undefined) ??
        ONE_OFF_CHANGES[year] ?? { added: [], removed: [] };
      expect(published.filter((d) => !rules.includes(d))).toEqual(expected.added);
      expect(rules.filter((d) => !published.includes(d))).toEqual(expected.removed);
      expect(published).toEqual([...published].sort());
      expect(bankHolidays(nation, year)).toEqual(published);
    },
  );

  it('covers 6 April 2019 to 5 April 2028 from the published table', () => {
    expect(PUBLISHED_BANK_HOLIDAY_YEARS.first).toBeLessThanOrEqual(2019);
    expect(PUBLISHED_BANK_HOLIDAY_YEARS.last).toBeGreaterThanOrEqual(2028);
  });

  it.each<[UkNation, string, boolean]>([
    // Easter Monday: England and Wales and Northern Ireland, not Scotland.
    ['england-and-wales', '2025-04-21', true],
    ['northern-ireland', '2025-04-21', true],
    ['scotland', '2025-04-21', false],
    // 2 January: Scotland only (2021 and 2027: moved to Monday 4 January).
    ['scotland', '2025-01-02', true],
    ['england-and-wales', '2025-01-02', false],
    ['northern-ireland', '2025-01-02', false],
    ['scotland', '2027-01-04', true],
    // St Andrew's Day: Scotland only, on Monday 1 December when 30 November 2025 is a Sunday.
    ['scotland', '2025-12-01', true],
    ['scotland', '2024-12-02', true],
    ['scotland', '2026-11-30', true],
    ['england-and-wales', '2026-11-30', false],
    // St Patrick's Day and the Battle of the Boyne: Northern Ireland only, with substitutes.
    ['northern-ireland', '2025-03-17', true],
    ['northern-ireland', '2024-03-18', true],
    ['england-and-wales', '2025-03-17', false],
    ['scotland', '2025-03-17', false],
    ['northern-ireland', '2025-07-14', true],
    ['northern-ireland', '2027-07-12', true],
    ['england-and-wales', '2027-07-12', false],
    // Summer: first Monday of August in Scotland, last elsewhere.
    ['scotland', '2025-08-04', true],
    ['scotland', '2025-08-25', false],
    ['england-and-wales', '2025-08-25', true],
    // Christmas on a Saturday: Monday and Tuesday (2027); Boxing Day on Saturday: Monday (2026).
    ['england-and-wales', '2027-12-27', true],
    ['england-and-wales', '2027-12-28', true],
    ['england-and-wales', '2026-12-28', true],
    // One-off days.
    ['england-and-wales', '2022-09-19', true],
    ['scotland', '2026-06-15', true],
    ['england-and-wales', '2026-06-15', false],
    ['northern-ireland', '2023-05-08', true],
  ])('%s %s is a bank holiday: %s', (nation, date, expected) => {
    expect(isBankHoliday(nation, date)).toBe(expected);
  });

  it.each([
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2029, '2029-04-01'],
    [2030, '2030-04-21'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('Easter Sunday %i is %s', (year, date) => {
    expect(easterSunday(year)).toBe(date);
  });

  it('follows the regular rules after the published years', () => {
    expect(bankHolidays('england-and-wales', 2029)).toEqual([
      '2029-01-01',
      '2029-03-30',
      '2029-04-02',
      '2029-05-07',
      '2029-05-28',
      '2029-08-27',
      '2029-12-25',
      '2029-12-26',
    ]);
    // 1 and 2 January 2033 fall on a Saturday and a Sunday; St Andrew's Day 2031 on a Sunday.
    expect(bankHolidays('scotland', 2033).slice(0, 2)).toEqual(['2033-01-03', '2033-01-04']);
    expect(bankHolidays('scotland', 2031)).toContain('2031-12-01');
    // 17 March 2029 is a Saturday; 12 July 2031 a Saturday.
    expect(bankHolidays('northern-ireland', 2029)).toContain('2029-03-19');
    expect(bankHolidays('northern-ireland', 2031)).toContain('2031-07-14');
  });

  it('lists the holidays between two dates across calendar years', () => {
    const tax2024 = bankHolidaysBetween('england-and-wales', '2024-04-06', '2025-04-05');
    expect([...tax2024]).toEqual([
      '2024-05-06',
      '2024-05-27',
      '2024-08-26',
      '2024-12-25',
      '2024-12-26',
      '2025-01-01',
    ]);
    expect(bankHolidaysBetween('scotland', '2025-01-02', '2025-01-02').has('2025-01-02')).toBe(true);
    expect(bankHolidaysBetween('scotland', '2025-02-01', '2025-01-01').size).toBe(0);
  });
});

describe('nationOfPostcode (D25)', () => {
  it.each<[string, UkNation]>([
    ['BT1 1AA', 'northern-ireland'],
    ['bt481aa', 'northern-ireland'],
    ['EH1 1YZ', 'scotland'],
    ['G2 1DU', 'scotland'],
    ['AB10 1AB', 'scotland'],
    ['ZE1 0AA', 'scotland'],
    ['KW15 1AA', 'scotland'],
    ['GL1 1AA', 'england-and-wales'], // G alone is Glasgow; GL is Gloucester
    ['CF10 1AA', 'england-and-wales'],
    ['WN2 1AR', 'england-and-wales'],
    ['SW1A 1AA', 'england-and-wales'],
    ['not a postcode', 'england-and-wales'],
    ['', 'england-and-wales'],
  ])('%s → %s', (postcode, nation) => {
    expect(nationOfPostcode(postcode)).toBe(nation);
  });
});
