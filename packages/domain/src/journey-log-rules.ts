import type { Journey } from './journeys.ts';
import { oneOffDateProblem } from './journeys.ts';
import type { TaxYear } from './tax-years.ts';
import type { fieldErrors } from './schema-validation.ts';
import type { journeySchema } from './snapshot-schemas.ts';

/**
 * The journeys a mileage log is drawn from, checked the same way in the browser (before it asks for
 * the log) and on the server (before it draws it). Pure: the zod schemas are passed in, so a caller
 * that loads them lazily (the wizard, decision 010) keeps zod out of its first chunk.
 */
export interface JourneySchemas {
  journeySchema: typeof journeySchema;
  fieldErrors: typeof fieldErrors;
}

/** Error key of one journey field: 'journeys.0.startAddress'. */
export function journeyFieldPath(index: number, field: keyof Journey | (string & {})): string {
  return `journeys.${index}.${field}`;
}

/**
 * Every journey against the shared schema (SPEC §5's messages), and each one-off journey's date
 * against the years claimed and today (D21). Errors are keyed `journeys.{i}.{field}`, the first
 * message of a field winning; `valid` holds the journeys the schema accepted, parsed.
 */
export function checkLogJourneys(
  journeys: readonly Journey[],
  years: readonly TaxYear[],
  todayIso: string,
  schemas: JourneySchemas,
): { errors: Record<string, string>; valid: Journey[] } {
  const errors: Record<string, string> = {};
  const valid: Journey[] = [];
  journeys.forEach((j, i) => {
    const result = schemas.journeySchema.safeParse(j);
    if (result.success) valid.push(result.data as Journey);
    else
      for (const [key, message] of Object.entries(schemas.fieldErrors(result)))
        errors[journeyFieldPath(i, key)] ??= message;
    const dateProblem = oneOffDateProblem(j, years, todayIso);
    if (dateProblem) errors[journeyFieldPath(i, 'date')] ??= dateProblem;
  });
  return { errors, valid };
}
