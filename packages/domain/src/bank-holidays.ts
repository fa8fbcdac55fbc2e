import { scottishTaxPrefill } from './tax-rates.ts';
import { formatPostcode } from './postcode.ts';

/**
 * UK bank holidays per nation (D25): the dated mileage log leaves them out of a claimant's working
 * days. Source: GOV.UK's published list, https://www.gov.uk/bank-holidays.json (alphagov's
 * `calendars` repository keeps the same data in lib/data/bank-holidays.json). Years beyond the
 * published table follow the regular rules below; bank-holidays.test.ts checks that those rules give
 * the published dates, apart from the one-off changes it names.
 */
export type UkNation = 'england-and-wales' | 'scotland' | 'northern-ireland';

export const UK_NATIONS: readonly { id: UkNation; label: string }[] = [
  { id: 'england-and-wales', label: 'England and Wales' },
  { id: 'scotland', label: 'Scotland' },
  { id: 'northern-ireland', label: 'Northern Ireland' },
];

/** Calendar years the published table holds; other years use the regular rules. */
export const PUBLISHED_BANK_HOLIDAY_YEARS = { first: 2019, last: 2028 } as const;

// Month-day of each holiday, per calendar year, as GOV.UK publishes it (substitute days included).
// One-off changes: 2020 early May moved to 8 May (VE Day); 2022 spring moved to 2 June, 3 June
// (Platinum Jubilee) and 19 September (the Queen's state funeral) added; 2023 8 May (Coronation)
// added; 2026 15 June added in Scotland (the men's team at the World Cup).
const PUBLISHED: Record<UkNation, Record<number, readonly string[]>> = {
  'england-and-wales': {
    2019: ['01-01', '04-19', '04-22', '05-06', '05-27', '08-26', '12-25', '12-26'],
    2020: ['01-01', '04-10', '04-13', '05-08', '05-25', '08-31', '12-25', '12-28'],
    2021: ['01-01', '04-02', '04-05', '05-03', '05-31', '08-30', '12-27', '12-28'],
    2022: ['01-03', '04-15', '04-18', '05-02', '06-02', '06-03', '08-29', '09-19', '12-26', '12-27'],
    2023: ['01-02', '04-07', '04-10', '05-01', '05-08', '05-29', '08-28', '12-25', '12-26'],
    2024: ['01-01', '03-29', '04-01', '05-06', '05-27', '08-26', '12-25', '12-26'],
    2025: ['01-01', '04-18', '04-21', '05-05', '05-26', '08-25', '12-25', '12-26'],
    2026: ['01-01', '04-03', '04-06', '05-04', '05-25', '08-31', '12-25', '12-28'],
    2027: ['01-01', '03-26', '03-29', '05-03', '05-31', '08-30', '12-27', '12-28'],
    2028: ['01-03', '04-14', '04-17', '05-01', '05-29', '08-28', '12-25', '12-26'],
  },
  scotland: {
    2019: ['01-01', '01-02', '04-19', '05-06', '05-27', '08-05', '12-02', '12-25', '12-26'],
    2020: ['01-01', '01-02', '04-10', '05-08', '05-25', '08-03', '11-30', '12-25', '12-28'],
    2021: ['01-01', '01-04', '04-02', '05-03', '05-31', '08-02', '11-30', '12-27', '12-28'],
    2022: ['01-03', '01-04', '04-15', '05-02', '06-02', '06-03', '08-01', '09-19', '11-30', '12-26', '12-27'],
    2023: ['01-02', '01-03', '04-07', '05-01', '05-08', '05-29', '08-07', '11-30', '12-25', '12-26'],
    2024: ['01-01', '01-02', '03-29', '05-06', '05-27', '08-05', '12-02', '12-25', '12-26'],
    2025: ['01-01', '01-02', '04-18', '05-05', '05-26', '08-04', '12-01', '12-25', '12-26'],
    2026: ['01-01', '01-02', '04-03', '05-04', '05-25', '06-15', '08-03', '11-30', '12-25', '12-28'],
    2027: ['01-01', '01-04', '03-26', '05-03', '05-31', '08-02', '11-30', '12-27', '12-28'],
    2028: ['01-03', '01-04', '04-14', '05-01', '05-29', '08-07', '11-30', '12-25', '12-26'],
  },
  'northern-ireland': {
    2019: ['01-01', '03-18', '04-19', '04-22', '05-06', '05-27', '07-12', '08-26', '12-25', '12-26'],
    2020: ['01-01', '03-17', '04-10', '04-13', '05-08', '05-25', '07-13', '08-31', '12-25', '12-28'],
    2021: ['01-01', '03-17', '04-02', '04-05', '05-03', '05-31', '07-12', '08-30', '12-27', '12-28'],
    2022: [
      '01-03',
      '03-17',
      '04-15',
      '04-18',
      '05-02',
      '06-02',
      '06-03',
      '07-12',
      '08-29',
      '09-19',
      '12-26',
      '12-27',
    ],
    2023: ['01-02', '03-17', '04-07', '04-10', '05-01', '05-08', '05-29', '07-12', '08-28', '12-25', '12-26'],
    2024: ['01-01', '03-18', '03-29', '04-01', '05-06', '05-27', '07-12', '08-26', '12-25', '12-26'],
    2025: ['01-01', '03-17', '04-18', '04-21', '05-05', '05-26', '07-14', '08-25', '12-25', '12-26'],
    2026: ['01-01', '03-17', '04-03', '04-06', '05-04', '05-25', '07-13', '08-31', '12-25', '12-28'],
    2027: ['01-01', '03-17', '03-26', '03-29', '05-03', '05-31', '07-12', '08-30', '12-27', '12-28'],
    2028: ['01-03', '03-17', '04-14', '04-17', '05-01', '05-29', '07-12', '08-28', '12-25', '12-26'],
  },
};

// ---------------------------------------------------------------------------------------------
// Plain calendar arithmetic on ISO dates, in UTC so no clock or time zone is involved.

const DAY_MS = 86_400_000;

function toDay(iso: string): number {
  return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;
}

function fromDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

function isoOf(year: number, month: number, day: number): string {
  return fromDay(Date.UTC(year, month - 1, day) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
function weekdayOf(iso: string): number {
  return new Date(toDay(iso) * DAY_MS).getUTCDay();
}

function addDays(iso: string, n: number): string {
  return fromDay(toDay(iso) + n);
}

function isWeekend(iso: string): boolean {
  const d = weekdayOf(iso);
  return d === 0 || d === 6;
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian computus, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoOf(year, month, day);
}

/** The nth Monday of a month (n = 1 first; n = -1 last). */
function monday(year: number, month: number, n: number): string {
  if (n > 0) {
    const first = isoOf(year, month, 1);
    return addDays(first, ((8 - weekdayOf(first)) % 7) + (n - 1) * 7);
  }
  const last = addDays(isoOf(year, month + 1, 1), -1);
  return addDays(last, -((weekdayOf(last) + 6) % 7));
}

/** A holiday on a weekend moves to the next weekday that is not already a holiday. */
function withSubstitutes(dates: readonly string[], taken: Set<string>): string[] {
  const out: string[] = [];
  for (const date of dates) {
    let d = date;
    while (isWeekend(d) || taken.has(d)) d = addDays(d, 1);
    taken.add(d);
    out.push(d);
  }
  return out;
}

/**
 * The regular rules (Banking and Financial Dealings Act 1971 and the yearly proclamations), with
 * no one-off changes: New Year's Day (and 2 January in Scotland), Good Friday, Easter Monday (not in
 * Scotland), the first and last Mondays of May, the last Monday of August (the first in Scotland),
 * St Andrew's Day in Scotland, St Patrick's Day and 12 July in Northern Ireland, Christmas and
 * Boxing Day; a holiday on a weekend is replaced by the next free weekday.
 */
export function regularBankHolidays(nation: UkNation, year: number): string[] {
  const easter = easterSunday(year);
  const fixedMondays = [
    addDays(easter, -2),
    ...(nation === 'scotland' ? [] : [addDays(easter, 1)]),
    monday(year, 5, 1),
    monday(year, 5, -1),
    nation === 'scotland' ? monday(year, 8, 1) : monday(year, 8, -1),
  ];
  const taken = new Set(fixedMondays);
  const newYear = withSubstitutes(
    nation === 'scotland' ? [isoOf(year, 1, 1), isoOf(year, 1, 2)] : [isoOf(year, 1, 1)],
    taken,
  );
  const national =
    nation === 'scotland'
      ? withSubstitutes([isoOf(year, 11, 30)], taken)
      : nation === 'northern-ireland'
        ? withSubstitutes([isoOf(year, 3, 17), isoOf(year, 7, 12)], taken)
        : [];
  const christmas = withSubstitutes([isoOf(year, 12, 25), isoOf(year, 12, 26)], taken);
  return [...fixedMondays, ...newYear, ...national, ...christmas].sort();
}

/** The bank holidays of a nation in a calendar year (ISO dates, in order). */
export function bankHolidays(nation: UkNation, year: number): string[] {
  const published = PUBLISHED[nation][year];
  if (published !== undefined) return published.map((md) => `${year}-${md}`);
  return regularBankHolidays(nation, year);
}

/** The published table's own dates for a year, or null outside it (for tests and audits). */
export function publishedBankHolidays(nation: UkNation, year: number): string[] | null {
  return PUBLISHED[nation][year]?.map((md) => `${year}-${md}`) ?? null;
}

/** The bank holidays of a nation from one ISO date to another, both included. */
export function bankHolidaysBetween(nation: UkNation, from: string, to: string): Set<string> {
  const out = new Set<string>();
  if (from > to) return out;
  for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++) {
    for (const d of bankHolidays(nation, y)) if (d >= from && d <= to) out.add(d);
  }
  return out;
}

export function isBankHoliday(nation: UkNation, iso: string): boolean {
  return bankHolidays(nation, Number(iso.slice(0, 4))).includes(iso);
}

/**
 * The nation whose bank holidays a claimant keeps, from their home postcode: BT is Northern
 * Ireland; the Scottish postcode areas (the same list as the Scottish income tax prefill) are
 * Scotland; anything else, including a postcode we cannot read, is England and Wales.
 */
export function nationOfPostcode(postcode: string): UkNation {
  const formatted = formatPostcode(postcode);
  if (formatted === null) return 'england-and-wales';
  if (formatted.startsWith('BT')) return 'northern-ireland';
  return scottishTaxPrefill(formatted)?.scottish === true ? 'scotland' : 'england-and-wales';
}

/** A weekday that is not a bank holiday in England and Wales: a working day for dates we set. */
export function isWorkingDay(iso: string): boolean {
  const weekday = new Date(`${iso}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isBankHoliday('england-and-wales', iso);
}
