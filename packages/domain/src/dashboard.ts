// Issue 45: the admins' dashboard. The pure part: UK days and ISO weeks, percentiles of whole
// days from counted values (the database groups and counts; these read the groups), and each
// section as one table that the page shows under its chart and the CSV download writes, so the
// two can never say different things.
import { ukIsoDate } from './tax-years.ts';

/** The claimant funnel's steps, in order (counted anonymously per UK day: migration 041). */
export const FUNNEL_STEPS = ['landing', 'expenses', 'claim', 'details', 'signed'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
export const FUNNEL_STEP_LABELS: Record<FunnelStep, string> = {
  landing: 'Landing page',
  expenses: 'Expenses',
  claim: 'Claim made',
  details: 'Details started',
  signed: 'Details signed',
};

export const DASHBOARD_SECTIONS = ['intake', 'funnel', 'waiting', 'hmrc', 'money', 'repayment-time'] as const;
export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number];

/** The longest range a dashboard reads at once, in days (a year and a day, for a leap year). */
export const DASHBOARD_MAX_DAYS = 366;
/** Without dates the dashboard shows the last twelve weeks, today included. */
export const DASHBOARD_DEFAULT_DAYS = 84;
/**
 * How long a claim may wait from submission before it counts as over target, in calendar days.
 * A constant, not configuration: the queue's "overdue" flags are constants too (D34), and one
 * figure for every open stage keeps the dashboard comparable from week to week.
 */
export const WAITING_TARGET_DAYS = 14;

const DAY_MS = 86_400_000;
const utcMs = (date: string) => Date.parse(`${date}T00:00:00.000Z`);
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  return isoOf(utcMs(date) + days * DAY_MS);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcMs(to) - utcMs(from)) / DAY_MS);
}

/** The UTC instant (ISO text) at which a UK calendar day begins: 23:00Z the day before in summer. */
export function ukDayStart(date: string): string {
  const hourBefore = utcMs(date) - 3_600_000;
  return new Date(ukIsoDate(new Date(hourBefore)) === date ? hourBefore : utcMs(date)).toISOString();
}

export interface IsoWeek {
  /** ISO 8601 week, '2026-W48'. */
  week: string;
  /** Its Monday, 'YYYY-MM-DD'. */
  weekStart: string;
}

/** The ISO week (Monday to Sunday) a date falls in; the week's year is its Thursday's. */
export function isoWeekOf(date: string): IsoWeek {
  const ms = utcMs(date);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const monday = ms - weekday * DAY_MS;
  const thursday = new Date(monday + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const firstThursdayWeek = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return { week: `${year}-W${String(firstThursdayWeek).padStart(2, '0')}`, weekStart: isoOf(monday) };
}

/** Every ISO week that touches the range, in order (so a week with nothing still shows, as 0). */
export function weeksInRange(from: string, to: string): IsoWeek[] {
  const weeks: IsoWeek[] = [];
  for (let monday = isoWeekOf(from).weekStart; monday <= to; monday = addDays(monday, 7))
    weeks.push(isoWeekOf(monday));
  return weeks;
}

/** A value and how many times it occurs (a GROUP BY's row). */
export interface Counted {
  value: number;
  count: number;
}

/**
 * The nearest-rank percentile (`p` from 0 to 1) of counted values: the smallest value with at
 * least p of all counts at or below it. Whole days in, whole days out; null when nothing counted.
 */
export function percentileOfCounts(values: readonly Counted[], p: number): number | null {
  const sortedValues = values.filter((v) => v.count > 0).sort((a, b) => a.value - b.value);
  const total = sortedValues.reduce((sum, v) => sum + v.count, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (const v of sortedValues) {
    seen += v.count;
    if (seen >= rank) return v.value;
  }
  return sortedValues[sortedValues.length - 1]!.value;
}

/** Median, 90th percentile, largest value and how many, of counted values. */
export function summariseCounts(values: readonly Counted[]) {
  const count = values.reduce((sum, v) => sum + v.count, 0);
  return {
    count,
    median: percentileOfCounts(values, 0.5),
    p90: percentileOfCounts(values, 0.9),
    max: count === 0 ? null : Math.max(...values.filter((v) => v.count > 0).map((v) => v.value)),
  };
}

/** Adds `count` under `key`, creating the entry with `make` the first time. */
export function tally<K, V>(map: Map<K, V>, key: K, make: () => V, add: (entry: V) => void): void {
  let entry = map.get(key);
  if (entry === undefined) {
    entry = make();
    map.set(key, entry);
  }
  add(entry);
}
