import {
  checkLogJourneys,
  formatPostcodeAsTyped,
  journeyFieldPath,
  randomBytes,
  toBase64Url,
  ukIsoDate,
  selectedYears,
  type Journey,
  type WizardSnapshot,
} from '@taxback/domain';
import { loadedSchemas } from '../lib/validation.ts';

export const POSTCODES_HINT = 'Please enter valid UK postcodes (e.g., WN2 1AR, SK5 6AQ)';
export const POSTCODE_FIELD_HINT = 'Enter a full UK postcode, like WN2 1AR';

export const NO_JOURNEYS_TITLE = 'No journeys added';
export const NO_JOURNEYS_BODY =
  'Please go back and add at least one business journey to generate your mileage log.';

export function createJourney(): Journey {
  return {
    id: `j_${toBase64Url(randomBytes(9))}`,
    startAddress: '',
    endAddress: '',
    frequency: 'daily',
    tripType: 'return',
    reason: '',
    customReason: '',
    distance: null,
  };
}

/** Postcodes are kept formatted as typed (SPEC §5). */
export function formatJourneyPostcode(value: string): string {
  return formatPostcodeAsTyped(value);
}

export { journeyFieldPath };

/**
 * The domain's checks of the log's journeys (checkLogJourneys: the server runs the same ones), on
 * the snapshot the wizard holds; keys are `journeys.{i}.{field}`.
 */
export function validateJourneys(
  snapshot: Pick<WizardSnapshot, 'journeys' | 'taxYears'>,
  today: Date = new Date(),
): Record<string, string> {
  const schemas = loadedSchemas();
  // The rebuild flow opens from step 8, long after the schemas arrived (see lib/validation.ts).
  if (schemas === null) return { form: 'Please try again in a moment.' };
  const years = selectedYears(snapshot).map((y) => y.year);
  return checkLogJourneys(snapshot.journeys, years, ukIsoDate(today), schemas).errors;
}

type SnapshotCheck = (snapshot: WizardSnapshot) => Record<string, string>;
let workplaceCheck: SnapshotCheck = () => ({});

/**
 * Decision 077: the business-journey questions' check arrives with the builder's review (so the
 * test's rules and words stay out of the wizard's first load); until then there is nothing to check.
 */
export function registerWorkplaceCheck(check: SnapshotCheck): void {
  workplaceCheck = check;
}

/** The problems of the regular places' answers (see registerWorkplaceCheck). */
export function workplaceAnswerProblems(snapshot: WizardSnapshot): Record<string, string> {
  return workplaceCheck(snapshot);
}

/** The field paths of the journey form in screen order (for the error summary). */
export function journeyFieldPaths(count: number): string[] {
  // In the order the journey card shows them (journey-setup.tsx), so the error summary does too.
  const fields: (keyof Journey)[] = [
    'startAddress',
    'endAddress',
    'distance',
    'frequency',
    'tripType',
    'date',
    'employmentId',
    'reason',
    'customReason',
  ];
  return Array.from({ length: count }, (_, i) => fields.map((f) => journeyFieldPath(i, f))).flat();
}
