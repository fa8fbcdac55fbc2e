import type { UkNation } from './bank-holidays.ts';
import { bankHolidaysBetween } from './bank-holidays.ts';
import type { Journey } from './journeys.ts';
import { isOneOffJourney, journeyReasonLabel } from './journeys.ts';
import type { TaxYear } from './tax-years.ts';
import { taxYearInfo } from './tax-years.ts';
import { isRealIsoDate } from './dates.ts';

/**
 * The dated mileage log of D25 (decision 014): one employment's journey patterns laid out as dated
 * trips in one tax year. Its total is the miles claimed for that employment and year, so the log
 * and the claim cannot disagree.
 */

/** A declared period of leave, both days included ('YYYY-MM-DD'). */
export interface LeavePeriod {
  from: string;
  to: string;
}

export interface DatedLogInput {
  /**
   * The journeys of one employment; a journey with `countsFrom` or `countsUntil` is dated only on
   * days from the first or before the second (decision 077: the business-journey test).
   */
  journeys: readonly (Journey & { countsFrom?: string; countsUntil?: string })[];
  year: TaxYear;
  /** Whose bank holidays are not working days (nationOfPostcode of the claimant's home). */
  nation: UkNation;
  leave?: readonly LeavePeriod[];
  /** First and last day of the employment, when known ('YYYY-MM-DD'). */
  employmentStart?: string | null;
  employmentEnd?: string | null;
  /** Today's UK date ('YYYY-MM-DD'): no trip is dated after it. */
  today: string;
}

export interface DatedTrip {
  date: string;
  from: string;
  to: string;
  reason: string;
  /** A return trip is one row whose miles count both ways. */
  returnTrip: boolean;
  miles: number;
  journeyId: string;
}

export interface DatedLog {
  year: TaxYear;
  nation: UkNation;
  /** The days the log covers: the tax year clipped to the employment and to today; null if none. */
  period: { from: string; to: string } | null;
  trips: DatedTrip[];
  totalMiles: number;
}

/** The log's label (D25): it is a reconstruction, not a diary kept at the time. */
export const DATED_LOG_LABEL = "Rebuilt from the claimant's declared journey pattern";

/** What the claimant declares about the pattern the log is rebuilt from. */
export const DATED_LOG_DECLARATION =
  'I declare that I made these business journeys to this pattern on my working days in this period, ' +
  'apart from the bank holidays and the leave shown, and that the distances are true to the best of ' +
  'my knowledge.';

const DAY_MS = 86_400_000;

function toDay(iso: string): number {
  return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;
}

function fromDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Monday = 0 … Sunday = 6. */
function mondayBased(day: number): number {
  return (new Date(day * DAY_MS).getUTCDay() + 6) % 7;
}

const isIsoDate = (s: string | null | undefined): s is string => isRealIsoDate(s);

function tenths(n: number): number {
  return Math.round(n * 10);
}

function tripMiles(j: Journey): number {
  const d = j.distance !== null && Number.isFinite(j.distance) && j.distance > 0 ? j.distance : 0;
  return tenths(d * (j.tripType === 'return' ? 2 : 1)) / 10;
}

interface Calendar {
  /** A working day of the employment (not clipped to the tax year or today). */
  working: (day: number) => boolean;
  /** The days a trip may be dated in this log. */
  inLog: (day: number) => boolean;
}

function calendarOf(input: DatedLogInput, from: number, to: number): Calendar {
  const { start, end } = taxYearInfo(input.year);
  // Holidays a week or a month either side, for a week or a month that crosses the period's edge.
  const holidays = bankHolidaysBetween(input.nation, fromDay(toDay(start) - 40), fromDay(toDay(end) + 40));
  const leave = (input.leave ?? [])
    .filter((l) => isIsoDate(l.from) && isIsoDate(l.to) && l.from <= l.to)
    .map((l) => [toDay(l.from), toDay(l.to)] as const);
  const empFrom = isIsoDate(input.employmentStart) ? toDay(input.employmentStart) : -Infinity;
  const empTo = isIsoDate(input.employmentEnd) ? toDay(input.employmentEnd) : Infinity;
  const employed = (day: number) => day >= empFrom && day <= empTo;
  // Every journey asks about the same days, so each day is decided once.
  const decided = new Map<number, boolean>();
  const working = (day: number) => {
    let answer = decided.get(day);
    if (answer === undefined) {
      answer =
        employed(day) &&
        mondayBased(day) < 5 &&
        !holidays.has(fromDay(day)) &&
        !leave.some(([a, b]) => day >= a && day <= b);
      decided.set(day, answer);
    }
    return answer;
  };
  return { working, inLog: (day) => day >= from && day <= to };
}

/** Weekly: the pattern's weekday, else the next working day of that week, else the last one before. */
function weeklyDay(cal: Calendar, monday: number, weekday: number): number | null {
  for (let d = weekday; d < 5; d++) if (cal.working(monday + d)) return monday + d;
  for (let d = weekday - 1; d >= 0; d--) if (cal.working(monday + d)) return monday + d;
  return null;
}

/** Monthly: the first working day of the month. */
function monthlyDay(cal: Calendar, year: number, month: number): number | null {
  const first = Date.UTC(year, month, 1) / DAY_MS;
  const next = Date.UTC(year, month + 1, 1) / DAY_MS;
  for (let d = first; d < next; d++) if (cal.working(d)) return d;
  return null;
}

function tripDays(j: Journey, weekday: number, cal: Calendar, from: number, to: number): number[] {
  const days: number[] = [];
  // A journey made once (the one-off frequency, or the one-off trip type on any pattern) is one
  // trip on its own date; without a date it cannot be placed in a log.
  if (isOneOffJourney(j)) {
    if (isIsoDate(j.date) && cal.inLog(toDay(j.date))) days.push(toDay(j.date));
    return days;
  }
  if (j.frequency === 'daily') {
    for (let d = from; d <= to; d++) if (cal.working(d)) days.push(d);
    return days;
  }
  if (j.frequency === 'weekly') {
    // Each calendar week gives one trip wherever it falls; it is in this log when its day is.
    for (let monday = from - mondayBased(from); monday <= to; monday += 7) {
      const d = weeklyDay(cal, monday, weekday);
      if (d !== null && cal.inLog(d)) days.push(d);
    }
    return days;
  }
  const first = new Date(from * DAY_MS);
  let y = first.getUTCFullYear();
  let m = first.getUTCMonth();
  while (Date.UTC(y, m, 1) / DAY_MS <= to) {
    const d = monthlyDay(cal, y, m);
    if (d !== null && cal.inLog(d)) days.push(d);
    m += 1;
    if (m === 12) {
      m = 0;
      y += 1;
    }
  }
  return days;
}

/**
 * One employment's journeys as dated trips in one tax year (D25). Working days are Monday to Friday,
 * not a bank holiday of the nation and not in declared leave. Daily: every working day. Weekly: one
 * trip a calendar week, on the pattern's weekday (the first weekly journey Monday, the second
 * Tuesday, …) or the next working day of that week, else the last working day before it. Monthly:
 * the first working day of each month. One-off (by frequency or by trip type): its own date (as
 * the claimant gave it), once.
 * The log covers the tax year clipped to the employment's dates and to today; a week or a month
 * belongs to the log that holds its trip's date, so no trip is counted in two years.
 */
export function buildDatedLog(input: DatedLogInput): DatedLog {
  const { start, end } = taxYearInfo(input.year);
  const bounds = [end, ...[input.employmentEnd, input.today].filter(isIsoDate)];
  const lower = [start, ...[input.employmentStart].filter(isIsoDate)];
  const from = toDay(lower.reduce((a, b) => (a > b ? a : b)));
  const to = toDay(bounds.reduce((a, b) => (a < b ? a : b)));
  const empty: DatedLog = { year: input.year, nation: input.nation, period: null, trips: [], totalMiles: 0 };
  if (from > to) return empty;

  const cal = calendarOf(input, from, to);
  const trips: DatedTrip[] = [];
  const isoDates = new Map<number, string>();
  const isoDate = (day: number) => {
    let iso = isoDates.get(day);
    if (iso === undefined) isoDates.set(day, (iso = fromDay(day)));
    return iso;
  };
  let weeklyIndex = 0;
  for (const j of input.journeys) {
    const weekday = j.frequency === 'weekly' && !isOneOffJourney(j) ? weeklyIndex++ % 5 : 0;
    const miles = tripMiles(j);
    const reason = journeyReasonLabel(j) || 'Not given';
    const first = isIsoDate(j.countsFrom) ? toDay(j.countsFrom) : -Infinity;
    const before = isIsoDate(j.countsUntil) ? toDay(j.countsUntil) : Infinity;
    for (const day of tripDays(j, weekday, cal, from, to)) {
      if (day < first || day >= before) continue;
      trips.push({
        date: isoDate(day),
        from: j.startAddress,
        to: j.endAddress,
        reason,
        returnTrip: j.tripType === 'return',
        miles,
        journeyId: j.id,
      });
    }
  }
  // By date, then in the order the claimant listed the journeys (the sort is stable).
  trips.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return {
    year: input.year,
    nation: input.nation,
    period: { from: fromDay(from), to: fromDay(to) },
    trips,
    totalMiles: trips.reduce((sum, t) => sum + tenths(t.miles), 0) / 10,
  };
}

/**
 * The miles claimed for one employment and tax year built from journeys: the dated log's total.
 * The wizard and the server both call this, so the claim and its log are one number.
 */
export function datedLogMiles(input: DatedLogInput): number {
  return buildDatedLog(input).totalMiles;
}
