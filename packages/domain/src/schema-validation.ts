// Turning zod's errors into the field messages the API answers and the forms show (one flattener,
// root key `form`), and checking a snapshot's steps against the plan.
import { z } from 'zod';
import { UNSAFE_TEXT_MESSAGE, unsafeTextPaths } from './sanitise.ts';
import type { SnapshotSection } from './snapshot-schemas.ts';
import {
  FIRST_STEP_ID,
  hasCompleted,
  isWizardStepId,
  previousStep as previousStepOf,
  snapshotStepsThrough,
  type PlanAnswers,
  type WizardStepId,
} from './wizard.ts';
import {
  claimableYearsOn,
  createEmploymentsStepSchema,
  createPersonalStepSchema,
  createTaxYearsStepSchema,
  eligibilityStepSchema,
  employerRateRules,
  employerRateStepSchema,
  employmentStepSchema,
  employmentsStepSchema,
  evidenceStepSchema,
  hmrcDetailsStepSchema,
  mileageRules,
  mileageStepSchema,
  personalStepSchema,
  reviewStepSchema,
  schemaForDay,
  taxYearsRules,
  taxYearsStepSchema,
  vehicleStepSchema,
} from './step-schemas.ts';
import type { AddFieldError } from './step-schemas.ts';
import type { WizardSnapshot } from './wizard-snapshot.ts';

// ---------------------------------------------------------------------------------------------
// Helpers

type ErrorSource = z.ZodError | { error: z.ZodError };

/** The key of an error about the whole request rather than one field. */
export const FORM_ERROR_KEY = 'form';

/**
 * The API's one error flattener: the first message per dotted path ('personalInfo.email',
 * 'miles_2024/25'); issues about the whole value key FORM_ERROR_KEY.
 */
export function fieldErrors(result: ErrorSource): Record<string, string> {
  const error = result instanceof z.ZodError ? result : result.error;
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length === 0 ? FORM_ERROR_KEY : issue.path.map((p) => String(p)).join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

export type StepValidation =
  { ok: true; value: Record<string, unknown> } | { ok: false; errors: Record<string, string> };

export interface ValidateStepOptions {
  /** Pins the clock for the tax-year rule (D21). */
  today?: Date;
  /**
   * The caller has already refused unsafe text anywhere in the data (the server does, on every
   * request body, before a route runs): the step's sanitised fields then need no second look.
   */
  textChecked?: boolean;
}

/** The schema each plan step checks; null for a step that saves nothing (info, stop, done). */
function stepSchema(id: WizardStepId, opts: ValidateStepOptions): z.ZodType | null {
  switch (id) {
    case 'eligibility':
      return eligibilityStepSchema;
    case 'employment':
      return employmentStepSchema;
    case 'personal':
      return opts.today === undefined
        ? personalStepSchema
        : schemaForDay('personal', opts.today, createPersonalStepSchema);
    case 'employments':
      return opts.today === undefined
        ? employmentsStepSchema
        : schemaForDay('employments', opts.today, createEmploymentsStepSchema);
    case 'tax-years':
      return opts.today === undefined
        ? taxYearsStepSchema
        : schemaForDay('tax-years', opts.today, createTaxYearsStepSchema);
    case 'vehicle':
      return vehicleStepSchema;
    case 'mileage':
      return mileageStepSchema;
    case 'employer-rate':
      return employerRateStepSchema;
    case 'evidence':
      return evidenceStepSchema;
    case 'review':
      return reviewStepSchema;
    case 'hmrc-details':
      return hmrcDetailsStepSchema;
    case 'check-answers':
    case 'journeys':
    case 'journeys-review':
    case 'not-driving':
    case 'company-vehicle':
    case 'self-assessment':
    case 'congratulations':
    case 'nothing-claimable':
    case 'confirmation':
      return null;
  }
}

/** Validates the fields a wizard step saves, taken from a snapshot-like object. */
export function validateStep(
  step: WizardStepId,
  data: unknown,
  opts: ValidateStepOptions = {},
): StepValidation {
  if (!isWizardStepId(step)) return { ok: false, errors: { step: 'Unknown step' } };
  const schema = stepSchema(step, opts);
  if (schema === null) return { ok: true, value: {} };
  const result = schema.safeParse(data ?? {});
  if (!result.success) return { ok: false, errors: fieldErrors(result) };
  // Issue 17's text rule, on the step's own fields, so the claimant sees it beside the field
  // before the server would refuse the save.
  const unsafe = opts.textChecked ? [] : unsafeTextPaths(result.data);
  if (unsafe.length > 0)
    return {
      ok: false,
      errors: Object.fromEntries(
        unsafe.map((path) => [path === '' ? FORM_ERROR_KEY : path, UNSAFE_TEXT_MESSAGE]),
      ),
    };
  return { ok: true, value: result.data as Record<string, unknown> };
}

function planAnswers(snapshot: unknown): PlanAnswers {
  return typeof snapshot === 'object' && snapshot !== null ? (snapshot as PlanAnswers) : {};
}

/**
 * The snapshot sections each step's rules read. A change to any other section cannot change the
 * step's verdict.
 */
const STEP_READS: Partial<Record<WizardStepId, readonly SnapshotSection[]>> = {
  eligibility: ['eligibilityData'],
  employment: ['employmentDetails'],
  personal: ['personalInfo'],
  employments: ['employments'],
  'tax-years': ['taxYears'],
  vehicle: ['vehicleInfo'],
  // A job's end date decides which years may carry its miles.
  mileage: ['employments', 'taxYears'],
  'employer-rate': ['employments', 'taxYears'],
};

/** The sections the plan's route rules read beyond a step's own: a change may reroute the claim. */
const ROUTE_SECTIONS: readonly SnapshotSection[] = ['eligibilityData', 'employmentDetails'];

/**
 * Which completed steps a save that changed only `changed` must check again, on the route through
 * `through`: the steps that read a changed section, the step saved (`step`), and those completed by
 * this save (after `before`, the furthest step completed when the draft was read). A change to the
 * answers that choose the route checks every step through `through`.
 */
export function stepsToRecheck(
  snapshot: unknown,
  through: WizardStepId | null,
  change: { step: WizardStepId; changed: readonly string[]; before: WizardStepId | null },
): WizardStepId[] {
  const all = snapshotStepsThrough(planAnswers(snapshot), through);
  if (change.changed.some((s) => (ROUTE_SECTIONS as readonly string[]).includes(s))) return all;
  return all.filter(
    (id) =>
      id === change.step ||
      !hasCompleted(id, change.before) ||
      (STEP_READS[id] ?? []).some((s) => change.changed.includes(s)),
  );
}

/**
 * The steps whose schema only reads sections the snapshot's own schema parses alike, with their
 * rules: on a snapshot whose sections were parsed already (as stored, or by a step save's route)
 * the rules give the step's verdict without a second parse (issue 33).
 */
const PARSED_RULES: Partial<
  Record<WizardStepId, (s: WizardSnapshot, add: AddFieldError, opts: ValidateStepOptions) => void>
> = {
  'tax-years': ({ taxYears }, add, opts) =>
    taxYearsRules(taxYears, claimableYearsOn(opts.today ?? new Date()), (message) =>
      add('taxYears', message),
    ),
  mileage: mileageRules,
  'employer-rate': employerRateRules,
};

/**
 * Validates the snapshot answers of every step on the claimant's route up to and including
 * `throughStep` (in plan order; null: none), or only the steps in `opts.only`; errors merged,
 * earliest step first. With `opts.parsed`, the snapshot's sections are the snapshot schema's
 * output, and a step with rules of its own (PARSED_RULES) is checked without parsing again.
 */
export function validateSnapshotSteps(
  snapshot: unknown,
  throughStep: WizardStepId | null,
  opts: ValidateStepOptions & { only?: readonly WizardStepId[]; parsed?: boolean } = {},
): { ok: true } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const add: AddFieldError = (key, message) => {
    if (!(key in errors)) errors[key] = message;
  };
  const steps = opts.only ?? snapshotStepsThrough(planAnswers(snapshot), throughStep);
  for (const id of steps) {
    const rules = opts.parsed ? PARSED_RULES[id] : undefined;
    if (rules) {
      rules(snapshot as WizardSnapshot, add, opts);
      continue;
    }
    const r = validateStep(id, snapshot, opts);
    if (!r.ok) for (const [k, v] of Object.entries(r.errors)) add(k, v);
  }
  return Object.keys(errors).length === 0 ? { ok: true } : { ok: false, errors };
}

/**
 * Where a saved draft picks up (D10): where it was left, unless an answer on the route before that
 * no longer holds (a draft saved before a question was added, such as the employments of D17, or a
 * tax year that is no longer claimable). Then it reopens at the first such question, with the
 * steps before it completed, so no later save is refused for an answer the claimant cannot see.
 */
export function resumePoint(
  snapshot: unknown,
  progress: WizardProgress,
  opts: ValidateStepOptions = {},
): WizardProgress {
  const answers = planAnswers(snapshot);
  for (const id of snapshotStepsThrough(answers, progress.lastStepCompleted)) {
    if (!validateStep(id, snapshot, opts).ok) {
      return {
        currentStep: id,
        lastStepCompleted: id === FIRST_STEP_ID ? null : previousStepOf(id, answers),
      };
    }
  }
  return progress;
}

/** Where a claimant is: the step on screen, and the furthest step completed (null: none yet). */
export interface WizardProgress {
  currentStep: WizardStepId;
  lastStepCompleted: WizardStepId | null;
}
