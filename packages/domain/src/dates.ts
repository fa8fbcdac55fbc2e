import { ukIsoDate } from './tax-years.ts';

// Dates typed into GOV.UK's date input (Day, Month, Year boxes) and their error messages
// (GOV.UK Design System, "Date input": "Enter [whatever it is]", "[whatever it is] must include a
// month", "[whatever it is] must be a real date", "[whatever it is] must be in the past").
// The parts are kept as typed so nothing the claimant entered is lost (D10).

export interface DateParts {
  day: string;
  month: string;
  year: string;
}

export const EMPTY_DATE_PARTS: DateParts = Object.freeze({ day: '', month: '', year: '' });

/** Which boxes a message is about, so the input can mark just those (GOV.UK pattern). */
export type DatePart = keyof DateParts;

export interface DateProblem {
  message: string;
  parts: DatePart[];
}

const PART_NAMES: Record<DatePart, string> = { day: 'a day', month: 'a month', year: 'a year' };

export function isEmptyDate(p: DateParts): boolean {
  return p.day.trim() === '' && p.month.trim() === '' && p.year.trim() === '';
}

/** Keeps digits only, at most 2 for day and month and 4 for the year, as the boxes accept. */
export function cleanDateParts(p: Partial<Record<DatePart, unknown>>): DateParts {
  const digits = (v: unknown, max: number) =>
    typeof v === 'string' ? v.replace(/\D/g, '').slice(0, max) : '';
  return { day: digits(p.day, 2), month: digits(p.month, 2), year: digits(p.year, 4) };
}

/** 'YYYY-MM-DD' when the parts make a real calendar date with a four-digit year; otherwise null. */
export function datePartsToIso(p: DateParts): string | null {
  if (!/^\d{1,2}$/.test(p.day) || !/^\d{1,2}$/.test(p.month) || !/^\d{4}$/.test(p.year)) return null;
  const y = Number(p.year);
  const m = Number(p.month);
  const d = Number(p.day);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${p.year}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * A real calendar day written 'YYYY-MM-DD' (2027-02-31 is not one; Date.parse would roll it into
 * March): the one rule every ISO date in the domain is checked by (issue 44).
 */
export function isRealIsoDate(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    datePartsToIso(isoToDateParts(value)) === value
  );
}

export function isoToDateParts(iso: string): DateParts {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return { ...EMPTY_DATE_PARTS };
  return { day: String(Number(m[3])), month: String(Number(m[2])), year: m[1]! };
}

/**
 * A date kept as one string while it is typed (a one-off journey's `date`): 'YYYY-MM-DD' once the
 * parts make a real date, otherwise the parts as typed joined by '-' ('2026--14'), '' when empty.
 * `textToDateParts` reads either back, so nothing typed is lost between saves (D10).
 */
export function datePartsToText(p: DateParts): string {
  if (isEmptyDate(p)) return '';
  return datePartsToIso(p) ?? `${p.year}-${p.month}-${p.day}`;
}

export function textToDateParts(text: string | undefined): DateParts {
  if (text === undefined || text === '') return { ...EMPTY_DATE_PARTS };
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return isoToDateParts(text);
  const [year = '', month = '', day = ''] = text.split('-');
  return cleanDateParts({ day, month, year });
}

/** The months' English names, January first (long dates here and in the mileage log). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * '4 March 1990', as Intl's en-GB long date writes it, without Intl (decision 030: a browser's
 * first Intl call loads its locale data mid-render). Years before 1000 and invalid dates go to Intl.
 */
export function formatIsoDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const year = date.getUTCFullYear();
  if (Number.isNaN(year) || year < 1000) {
    return date.toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
  }
  return `${date.getUTCDate()} ${MONTH_NAMES[date.getUTCMonth()]} ${year}`;
}

/** The first problem with the parts as a date (missing boxes, then not a real date); null when fine. */
function shapeProblem(p: DateParts, subject: string, enterMessage: string): DateProblem | null {
  if (isEmptyDate(p)) return { message: enterMessage, parts: ['day', 'month', 'year'] };
  const missing = (['day', 'month', 'year'] as const).filter((k) => p[k].trim() === '');
  if (missing.length > 0) {
    const names = missing.map((k) => PART_NAMES[k]);
    const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
    return { message: `${subject} must include ${list}`, parts: missing };
  }
  if (!/^\d{4}$/.test(p.year)) return { message: `${subject} must include a 4-digit year`, parts: ['year'] };
  if (datePartsToIso(p) === null) {
    const m = Number(p.month);
    const parts: DatePart[] = m < 1 || m > 12 ? ['month'] : ['day'];
    return { message: `${subject} must be a real date`, parts };
  }
  return null;
}

/**
 * A date typed into a form that names it (the back-office's filters and dates, issue 44): its
 * first missing box, a year not of 4 digits, or not a real date. Empty is `enterMessage` when one
 * is given, otherwise fine (a filter left empty is no bound).
 */
export function datePartsProblem(p: DateParts, subject: string, enterMessage?: string): DateProblem | null {
  if (enterMessage === undefined && isEmptyDate(p)) return null;
  return shapeProblem(p, subject, enterMessage ?? '');
}

/** The ISO date `years` years before `isoDay` (29 February falls back to 28 February). */
function yearsBefore(isoDay: string, years: number): string {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y - years, m - 1, d));
  if (date.getUTCMonth() !== m - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

export const MIN_CLAIMANT_AGE = 16;
export const MAX_CLAIMANT_AGE = 100;

// The latest and earliest dates of birth allowed on a UK day: the same for every check that day,
// and the server checks one on every save, so the last day's pair is kept.
let lastBounds = { day: '', latest: '', earliest: '' };
function birthDateBounds(day: string): { latest: string; earliest: string } {
  if (lastBounds.day !== day)
    lastBounds = {
      day,
      latest: yearsBefore(day, MIN_CLAIMANT_AGE),
      earliest: yearsBefore(day, MAX_CLAIMANT_AGE),
    };
  return lastBounds;
}

/**
 * D17: a date of birth for HMRC's P87, 16 to 100 years old on `today` (UK date). Returns the
 * first problem, or null.
 */
export function dateOfBirthProblem(p: DateParts, today: Date = new Date()): DateProblem | null {
  const shape = shapeProblem(p, 'Date of birth', 'Enter your date of birth');
  if (shape) return shape;
  const iso = datePartsToIso(p)!;
  const day = ukIsoDate(today);
  const all: DatePart[] = ['day', 'month', 'year'];
  if (iso >= day) return { message: 'Date of birth must be in the past', parts: all };
  const { latest, earliest } = birthDateBounds(day);
  if (iso > latest)
    return {
      message: `You must be ${MIN_CLAIMANT_AGE} or over: your date of birth must be on or before ${formatIsoDate(latest)}`,
      parts: all,
    };
  if (iso < earliest)
    return { message: `Date of birth must be on or after ${formatIsoDate(earliest)}`, parts: all };
  return null;
}

/** The date a job ended: a real date, not in the future (UK date of `today`). */
export function endDateProblem(p: DateParts, today: Date = new Date()): DateProblem | null {
  const shape = shapeProblem(p, 'The date the job ended', 'Enter the date the job ended');
  if (shape) return shape;
  if (datePartsToIso(p)! > ukIsoDate(today))
    return {
      message: 'The date the job ended must be today or in the past',
      parts: ['day', 'month', 'year'],
    };
  return null;
}

/** The most periods of leave one claim can declare. */
export const MAX_LEAVE_PERIODS = 20;

/** A period of leave as typed (D25): the first and the last day off. */
export interface LeaveDraft {
  id: string;
  from: DateParts;
  to: DateParts;
}

/**
 * D25: the problems of the declared leave, keyed 'leave.{i}.from' / 'leave.{i}.to'; empty when
 * every period is two real dates in order.
 */
export function leaveProblems(leave: readonly LeaveDraft[]): Record<string, string> {
  const errors: Record<string, string> = {};
  leave.forEach((l, i) => {
    const from = shapeProblem(l.from, 'The first day of leave', 'Enter the first day of leave');
    const to = shapeProblem(l.to, 'The last day of leave', 'Enter the last day of leave');
    if (from) errors[`leave.${i}.from`] = from.message;
    if (to) errors[`leave.${i}.to`] = to.message;
    if (!from && !to && datePartsToIso(l.to)! < datePartsToIso(l.from)!)
      errors[`leave.${i}.to`] = 'The last day of leave must be the same as or after the first day';
  });
  return errors;
}

/** The leave periods that are complete, as ISO dates (what the mileage log leaves out). */
export function leavePeriodsOf(leave: readonly LeaveDraft[]): { from: string; to: string }[] {
  return leave.flatMap((l) => {
    const from = datePartsToIso(l.from);
    const to = datePartsToIso(l.to);
    return from !== null && to !== null && from <= to ? [{ from, to }] : [];
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The ISO day `days` after `iso` (before, when negative). */
export function addIsoDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
