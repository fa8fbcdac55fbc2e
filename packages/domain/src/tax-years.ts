/**
 * UK tax years run 6 April to 5 April and turn at midnight UK time (D21). Dates are read in UK
 * time (GMT, or BST in summer; see ukDateParts), so the answer is the same on any machine, in any
 * time zone, and never an hour out while British Summer Time is on.
 */
export type TaxYear = string; // '2024/25'

export interface TaxYearInfo {
  year: TaxYear;
  startYear: number;
  /** ISO date of the first day, e.g. '2024-04-06'. */
  start: string;
  /** ISO date of the last day, e.g. '2025-04-05'. */
  end: string;
  /** '6 April 2024 to 5 April 2025' */
  label: string;
  /** D21: the tax year that is running today; HMRC usually adjusts the tax code for it. */
  current?: boolean;
}

/** GOV.UK's words for a claim in the current tax year (D21). */
export const CURRENT_TAX_YEAR_NOTE =
  'If your claim is for the current tax year, HMRC will usually adjust your tax code';

/** HMRC accepts a claim up to 4 years after the end of the tax year. */
export const CLAIM_WINDOW_YEARS = 4;
/** D21: the current tax year and the four before it. */
export const CLAIMABLE_YEAR_COUNT = 5;

const TAX_YEAR = /^(\d{4})\/(\d{2})$/;

function parseStartYear(year: string): number | null {
  const m = TAX_YEAR.exec(year);
  if (!m) return null;
  const start = Number(m[1]);
  const endShort = Number(m[2]);
  if (start < 1900 || start > 2999) return null;
  return (start + 1) % 100 === endShort ? start : null;
}

export function isTaxYear(s: string): boolean {
  return parseStartYear(s) !== null;
}

export function taxYearFromStartYear(startYear: number): TaxYear {
  return `${startYear}/${String((startYear + 1) % 100).padStart(2, '0')}`;
}

export function taxYearInfo(year: TaxYear): TaxYearInfo {
  const startYear = parseStartYear(year);
  if (startYear === null) throw new Error(`Malformed tax year: ${year}`);
  return {
    year,
    startYear,
    start: `${startYear}-04-06`,
    end: `${startYear + 1}-04-05`,
    label: `6 April ${startYear} to 5 April ${startYear + 1}`,
  };
}

/**
 * The UK's clocks, as GOV.UK's "When do the clocks change?" puts them: forward 1 hour at 1am on the
 * last Sunday in March, back 1 hour at 2am (BST) on the last Sunday in October (the Summer Time Act
 * 1972 s1, as the Summer Time Order 2002, SI 2002/262, has it). So British Summer Time, GMT+1, runs
 * from 01:00 GMT on the last Sunday in March to 01:00 GMT on the last Sunday in October; the rule
 * has held since 1996. Worked out here rather than read through Intl: a browser's first Intl call
 * loads its locale and zone data, about 50 ms on a desktop and 200-300 ms at Lighthouse's mobile
 * CPU, and the wizard's first screen asks for today's UK date (decision 030). A domain test checks
 * this rule against Intl's Europe/London at every half hour from 1996 to 2040.
 */
const BST_RULE_SINCE = Date.UTC(1996, 0, 1);
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** 01:00 GMT on the last Sunday of a month (monthIndex 0-11), as a UTC time value. */
function lastSundayAtOneGmt(year: number, monthIndex: number): number {
  const lastDay = Date.UTC(year, monthIndex + 1, 0);
  return lastDay - new Date(lastDay).getUTCDay() * DAY_MS + HOUR_MS;
}

/** The UK's offset from UTC at an instant since 1996, in ms: an hour in summer time, else 0. */
function ukOffsetMs(time: number): number {
  const year = new Date(time).getUTCFullYear();
  return time >= lastSundayAtOneGmt(year, 2) && time < lastSundayAtOneGmt(year, 9) ? HOUR_MS : 0;
}

/** The UK calendar date of an instant: { year, month (1-12), day }. */
export function ukDateParts(date: Date): { year: number; month: number; day: number } {
  const time = date.getTime();
  // Before 1996 (other summer-time rules) and for an invalid date, Intl answers (or throws).
  if (!(time >= BST_RULE_SINCE)) return formatUkDateParts(date);
  const uk = new Date(time + ukOffsetMs(time));
  return { year: uk.getUTCFullYear(), month: uk.getUTCMonth() + 1, day: uk.getUTCDate() };
}

let ukDateFormat: Intl.DateTimeFormat | null = null;

function formatUkDateParts(date: Date): { year: number; month: number; day: number } {
  ukDateFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = ukDateFormat.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** ISO date of the UK calendar day of an instant ('2026-04-06' at 2026-04-05T23:30Z). */
export function ukIsoDate(date: Date): string {
  const { year, month, day } = ukDateParts(date);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The start year of the tax year containing `date` (UK calendar date). */
function startYearOf(date: Date): number {
  const { year, month, day } = ukDateParts(date);
  return month > 4 || (month === 4 && day >= 6) ? year : year - 1;
}

export function taxYearOf(date: Date): TaxYear {
  return taxYearFromStartYear(startYearOf(date));
}

/** ISO date: 5 April four years after the tax year ends (2021/22 → '2026-04-05'). */
export function claimDeadline(year: TaxYear): string {
  const { startYear } = taxYearInfo(year);
  return `${startYear + 1 + CLAIM_WINDOW_YEARS}-04-05`;
}

/**
 * D21: the current tax year (marked `current`) and the four before it, newest first, never one
 * whose claim deadline has passed in the UK (the deadline day itself still counts).
 */
export function claimableTaxYears(today: Date = new Date()): TaxYearInfo[] {
  const current = startYearOf(today);
  const todayIso = ukIsoDate(today);
  const years: TaxYearInfo[] = [];
  for (let i = 0; i < CLAIMABLE_YEAR_COUNT; i++) {
    const info = taxYearInfo(taxYearFromStartYear(current - i));
    if (claimDeadline(info.year) >= todayIso) years.push(i === 0 ? { ...info, current: true } : info);
  }
  return years;
}

export function isClaimableTaxYear(year: TaxYear, today: Date = new Date()): boolean {
  return claimableTaxYears(today).some((y) => y.year === year);
}
