import type { TaxYear } from './tax-years.ts';
import { taxYearInfo } from './tax-years.ts';

export type RegularFrequency = 'daily' | 'weekly' | 'monthly';
/** D21: a journey is a regular pattern or a single dated trip ('one-off'). */
export type Frequency = RegularFrequency | 'one-off';
export type TripType = 'return' | 'single' | 'one-off';
export type JourneyReason =
  | 'client-meeting'
  | 'site-visit'
  | 'delivery'
  | 'training'
  | 'conference'
  | 'supplier-meeting'
  | 'temporary-workplace'
  | 'other';

export const JOURNEY_REASONS: readonly { id: JourneyReason; label: string }[] = [
  { id: 'client-meeting', label: 'Client meeting' },
  { id: 'site-visit', label: 'Site visit' },
  { id: 'delivery', label: 'Delivery' },
  { id: 'training', label: 'Training' },
  { id: 'conference', label: 'Conference' },
  { id: 'supplier-meeting', label: 'Supplier meeting' },
  { id: 'temporary-workplace', label: 'Temporary workplace' },
  { id: 'other', label: 'Other' },
];

/** The regular patterns (D3); a one-off journey has a date instead of a frequency. */
export const FREQUENCIES: readonly { id: RegularFrequency; label: string; perYear: number }[] = [
  { id: 'daily', label: 'Daily', perYear: 250 },
  { id: 'weekly', label: 'Weekly', perYear: 48 },
  { id: 'monthly', label: 'Monthly', perYear: 12 },
];

export const ONE_OFF_FREQUENCY = { id: 'one-off', label: 'One-off journey' } as const;

/** 'Daily', 'One-off journey', …: for logs and summaries. */
export function frequencyLabel(f: Frequency): string {
  return f === 'one-off' ? ONE_OFF_FREQUENCY.label : (FREQUENCIES.find((x) => x.id === f)?.label ?? f);
}

/**
 * Trip types. 'one-off' is the original wizard's way of marking a single trip within a pattern;
 * a real one-off journey is the 'one-off' frequency with a date, single or return.
 */
export const TRIP_TYPES: readonly { id: TripType; label: string }[] = [
  { id: 'return', label: 'Return' },
  { id: 'single', label: 'Single' },
  { id: 'one-off', label: 'One-off' },
];

export const JOURNEY_MAX_DISTANCE_MILES = 1000;

export interface Journey {
  id: string;
  startAddress: string;
  endAddress: string;
  frequency: Frequency;
  tripType: TripType;
  reason: JourneyReason | '';
  customReason: string;
  distance: number | null;
  /** ISO date of a one-off journey ('2026-05-14'); absent for a regular pattern. */
  date?: string;
  /** The employment the journey was for (D25); absent means the claim's first employment. */
  employmentId?: string;
}

export function isFrequency(x: unknown): x is Frequency {
  return x === ONE_OFF_FREQUENCY.id || FREQUENCIES.some((f) => f.id === x);
}

export function isTripType(x: unknown): x is TripType {
  return TRIP_TYPES.some((t) => t.id === x);
}

export function isJourneyReason(x: unknown): x is JourneyReason {
  return JOURNEY_REASONS.some((r) => r.id === x);
}

export function journeyReasonLabel(j: Pick<Journey, 'reason' | 'customReason'>): string {
  if (j.reason === 'other') return j.customReason || 'Other';
  return JOURNEY_REASONS.find((r) => r.id === j.reason)?.label ?? '';
}

function roundTenth(n: number): number {
  return Math.round(n * 10) / 10;
}

type MilesFields = Pick<Journey, 'frequency' | 'tripType' | 'distance'>;

function distanceOf(j: MilesFields): number {
  return j.distance !== null && Number.isFinite(j.distance) && j.distance > 0 ? j.distance : 0;
}

/**
 * A journey made once: the 'one-off' frequency (a date and a distance, D21), or the original
 * wizard's 'one-off' trip type, whatever pattern (daily, weekly, monthly) it also carries. A
 * journey made once is one trip, never 250 or 48 or 12 a year (HMRC's mileage log records each
 * journey actually made: its date, where from and to, why and the miles; GOV.UK "Claim tax relief
 * for your job expenses: vehicles you use for work", D25).
 */
export function isOneOffJourney(j: Pick<Journey, 'frequency' | 'tripType'>): boolean {
  return j.frequency === 'one-off' || j.tripType === 'one-off';
}

/**
 * A regular pattern: occurrences a year × distance, doubled for a return trip. A journey made once
 * (isOneOffJourney): its distance once, twice if it was a return trip. No distance yet counts as 0.
 * Rounded to 0.1 mile.
 */
export function journeyAnnualMiles(j: MilesFields): number {
  const perYear = isOneOffJourney(j) ? 1 : (FREQUENCIES.find((f) => f.id === j.frequency)?.perYear ?? 0);
  return roundTenth(perYear * distanceOf(j) * (j.tripType === 'return' ? 2 : 1));
}

/** True when a journey made once has a date in the tax year (6 April to 5 April). */
export function isOneOffInYear(
  j: Pick<Journey, 'frequency' | 'date'> & Partial<Pick<Journey, 'tripType'>>,
  year: TaxYear,
): boolean {
  if (!(j.frequency === 'one-off' || j.tripType === 'one-off') || j.date === undefined) return false;
  const { start, end } = taxYearInfo(year);
  return j.date >= start && j.date <= end;
}

/**
 * A journey's miles in one tax year: a regular pattern every year; a journey made once only in the
 * year of its date (one without a date cannot be placed in a year, and counts once in the total).
 */
export function journeyMilesInYear(j: MilesFields & Pick<Journey, 'date'>, year: TaxYear): number {
  if (isOneOffJourney(j)) return isOneOffInYear(j, year) ? journeyAnnualMiles(j) : 0;
  return journeyAnnualMiles(j);
}

export function journeysMilesInYear(js: Journey[], year: TaxYear): number {
  return roundTenth(js.reduce((sum, j) => sum + journeyMilesInYear(j, year), 0));
}

/** The miles of the journeys in each of `years`, and their sum (a one-off counts in its own year only). */
export function journeysMilesByYear(
  js: Journey[],
  years: readonly TaxYear[],
): { perYear: { year: TaxYear; miles: number }[]; total: number } {
  const perYear = years.map((year) => ({ year, miles: journeysMilesInYear(js, year) }));
  return { perYear, total: roundTenth(perYear.reduce((sum, y) => sum + y.miles, 0)) };
}

export const ONE_OFF_DATE_MESSAGES = {
  future: 'The date of the journey must be today or in the past',
  outside: 'The date of the journey must be in a tax year you are claiming for',
} as const;

/**
 * D21: a one-off journey counts in the tax year of its date, so that date must be a real date, not
 * after today (UK date), and within one of the years claimed. Null when fine, or when the journey
 * is a regular pattern or has no real date yet (the journey schema reports those).
 */
export function oneOffDateProblem(
  j: Pick<Journey, 'frequency' | 'date'>,
  years: readonly TaxYear[],
  todayIso: string,
): string | null {
  if (j.frequency !== 'one-off' || j.date === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(j.date)) return null;
  if (j.date > todayIso) return ONE_OFF_DATE_MESSAGES.future;
  if (!years.some((year) => isOneOffInYear(j, year))) return ONE_OFF_DATE_MESSAGES.outside;
  return null;
}

/** One year's miles: every regular pattern plus each one-off journey (once). */
export function journeysAnnualMiles(js: Journey[]): number {
  return roundTenth(js.reduce((sum, j) => sum + journeyAnnualMiles(j), 0));
}

/**
 * D3: the regular patterns' annual miles × the number of selected tax years, plus each journey made
 * once (isOneOffJourney) once: a one-off trip is never repeated across years.
 */
export function journeysTotalMiles(js: Journey[], selectedYearCount: number): number {
  const years =
    Number.isFinite(selectedYearCount) && selectedYearCount > 0 ? Math.floor(selectedYearCount) : 0;
  const regular = js.filter((j) => !isOneOffJourney(j));
  const oneOff = js.filter((j) => isOneOffJourney(j));
  return roundTenth(journeysAnnualMiles(regular) * years + (years > 0 ? journeysAnnualMiles(oneOff) : 0));
}
