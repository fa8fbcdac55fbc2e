import { hostStep, type WizardStepId } from '@taxback/domain';
import type { WizardSnapshot } from '@taxback/domain';
import { foldSignatureErrors } from '../../../components/authority/signature-value.ts';
import type { SignatureValue } from '../../../components/authority/signature-value.ts';

type Schemas = typeof import('@taxback/domain/schemas');

// The schemas (zod, about a third of the wizard's code) are not needed to paint a step, only to
// check one, so the wizard loads them when the claimant first interacts with the page, not in
// front of the first step or in the seconds after it appears (decision 060; onboarding-page.tsx).
// Continue pressed before they are here waits for them (wizard-shell.tsx).
let schemas: Schemas | null = null;
let loading: Promise<Schemas> | null = null;

export function loadValidation(): Promise<Schemas> {
  loading ??= import('@taxback/domain/schemas').then((m) => {
    schemas = m;
    return m;
  });
  return loading;
}

/** The schemas once loaded (Continue waits for them), else null. */
export function loadedSchemas(): Schemas | null {
  return schemas;
}

export type FieldErrors = Record<string, string>;

/**
 * What the evidence, review and admin steps check beyond the snapshot: the evidence the server holds, the signature
 * (drawn or typed) and the NI number. The last two live only in memory (D10: never in the outbox).
 */
export interface StepExtras {
  evidenceFiles?: Record<string, unknown[]>;
  /** The evidence the journeys' checks read (decision 081): the generated logs and the uploads' years. */
  evidence?: { logKeys: readonly string[]; uploadYears: readonly string[] };
  signature?: SignatureValue | null;
  niNumber?: string;
}

type StepRef = WizardStepId;

/** The mileage-log builder's steps are checked as the evidence step that opens them. */
function stepId(step: StepRef): WizardStepId {
  return hostStep(step);
}

function stepInput(step: StepRef, snapshot: WizardSnapshot, extras: StepExtras): unknown {
  switch (stepId(step)) {
    case 'evidence':
      return {
        taxYears: snapshot.taxYears,
        evidenceFiles: extras.evidenceFiles ?? {},
        journeys: snapshot.journeys,
      };
    case 'review':
      return { ...signatureRequest(extras.signature ?? null), agreementChecks: snapshot.agreementChecks };
    case 'hmrc-details':
      return { niNumber: extras.niNumber ?? '' };
    default:
      return snapshot;
  }
}

/**
 * The signature as POST /api/onboarding/signature takes it (decision 058): the method as chosen, the
 * name when typed, and the PNG (empty when nothing is drawn or typed yet).
 */
export function signatureRequest(signature: SignatureValue | null): {
  signature: string;
  signatureMethod: SignatureValue['method'];
  typedName?: string;
} {
  return {
    signature: signature?.dataUrl ?? '',
    signatureMethod: signature?.method ?? 'drawn',
    ...(signature?.typedName ? { typedName: signature.typedName } : {}),
  };
}

type StepCheck = (snapshot: WizardSnapshot, extras: StepExtras) => FieldErrors;
let evidenceCheck: StepCheck = () => ({});

/**
 * Decision 081: the evidence step's checks of a log built from the journeys (every regular place
 * answered, no miles the business-journey test leaves out) arrive with the step, so their rules
 * stay out of the wizard's first load; the step cannot be continued before it has loaded.
 */
export function registerEvidenceCheck(check: StepCheck): void {
  evidenceCheck = check;
}

/** One place that asks the shared schemas (D4) whether a step's answers are complete. */
export function validateWizardStep(
  step: StepRef,
  snapshot: WizardSnapshot,
  extras: StepExtras = {},
): FieldErrors {
  // Unreachable in practice (Continue waits for the schemas); never let a step pass unchecked.
  if (schemas === null) return { form: 'Please try again in a moment.' };
  const result = schemas.validateStep(stepId(step), stepInput(step, snapshot, extras));
  if (step === 'evidence') return { ...(result.ok ? {} : result.errors), ...evidenceCheck(snapshot, extras) };
  if (result.ok) return {};
  // The signing step shows one message at its one signature field, the typed name's first.
  return stepId(step) === 'review' ? foldSignatureErrors(result.errors) : result.errors;
}

/**
 * Errors clear as entries become valid: keep only the errors already shown that still fail,
 * with their current message (an empty email becomes an invalid one, for example).
 */
export function revalidateShownErrors(
  step: StepRef,
  snapshot: WizardSnapshot,
  shown: FieldErrors,
  extras: StepExtras = {},
): FieldErrors {
  if (Object.keys(shown).length === 0) return shown;
  const now = validateWizardStep(step, snapshot, extras);
  const next: FieldErrors = {};
  for (const key of Object.keys(shown)) {
    const message = now[key];
    if (message) next[key] = message;
  }
  return next;
}

/**
 * Finds the error for a field by its dotted path ('personalInfo.email') or its last segment
 * ('email'), so the form does not depend on how deep the schema nests it.
 */
export function errorFor(errors: FieldErrors, path: string): string | undefined {
  if (errors[path]) return errors[path];
  const leaf = path.split('.').pop() ?? path;
  if (errors[leaf]) return errors[leaf];
  for (const [key, message] of Object.entries(errors)) {
    if (key.endsWith(`.${leaf}`) || key.startsWith(`${path}.`)) return message;
  }
  return undefined;
}

/** Does an error key belong to the field with this path? (the same matching as errorFor) */
export function errorMatches(key: string, path: string): boolean {
  const leaf = path.split('.').pop() ?? path;
  return key === path || key === leaf || key.endsWith(`.${leaf}`) || key.startsWith(`${path}.`);
}

/** A safe element id for a field path: 'miles_2024/25' → 'field-miles_2024-25'. */
export function fieldId(path: string): string {
  return `field-${path.replace(/[^A-Za-z0-9_-]+/g, '-')}`;
}
