export type Frequency = 'daily' | 'weekly' | 'monthly';
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

export const FREQUENCIES: readonly { id: Frequency; label: string; perYear: number }[] = [
  { id: 'daily', label: 'Daily', perYear: 250 },
  { id: 'weekly', label: 'Weekly', perYear: 48 },
  { id: 'monthly', label: 'Monthly', perYear: 12 },
];

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
}

export function isFrequency(x: unknown): x is Frequency {
  return FREQUENCIES.some((f) => f.id === x);
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

/**
 * Occurrences a year × distance, doubled for a return trip. A one-off trip counts like a single
 * trip at its frequency. No distance yet counts as 0. Rounded to 0.1 mile.
 */
export function journeyAnnualMiles(j: Pick<Journey, 'frequency' | 'tripType' | 'distance'>): number {
  const perYear = FREQUENCIES.find((f) => f.id === j.frequency)?.perYear ?? 0;
  const distance = j.distance !== null && Number.isFinite(j.distance) && j.distance > 0 ? j.distance : 0;
  return roundTenth(perYear * distance * (j.tripType === 'return' ? 2 : 1));
}

export function journeysAnnualMiles(js: Journey[]): number {
  return roundTenth(js.reduce((sum, j) => sum + journeyAnnualMiles(j), 0));
}

/** D3: annual journey miles × the number of selected tax years. */
export function journeysTotalMiles(js: Journey[], selectedYearCount: number): number {
  const years =
    Number.isFinite(selectedYearCount) && selectedYearCount > 0 ? Math.floor(selectedYearCount) : 0;
  return roundTenth(journeysAnnualMiles(js) * years);
}
