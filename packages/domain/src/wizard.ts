import { claimFigures, isFuelClaim, type WizardSnapshot } from './wizard-snapshot.ts';

/**
 * The mileage wizard as a plan (cf. govuk-casa's Plan): named steps, each with its kind and the
 * rule that picks the next one from the claimant's answers. Web and server ask the plan where a
 * claimant goes next, what comes before, and which answers a step has to be checked against. A
 * step is named by its id everywhere: in the browser's state, on the wire and in file names.
 *
 * Each step also has a storage `index`: the number kept in `current_step` and
 * `last_step_completed` (decision 031), read and written only through `storageIndexOf` and
 * `stepAtStorageIndex`. Indices 0-11 are the steps of SPEC §2, so drafts saved before the plan
 * resume where they were; steps added later take new numbers. An index is only a key: order comes
 * from the plan (the array order below, which every route through the wizard follows).
 */
export type WizardStepId =
  | 'eligibility'
  | 'not-driving'
  | 'company-vehicle'
  | 'employment'
  | 'self-assessment'
  | 'personal'
  | 'employments'
  | 'tax-years'
  | 'vehicle'
  | 'mileage'
  | 'congratulations'
  | 'employer-rate'
  | 'nothing-claimable'
  | 'evidence'
  | 'journeys'
  | 'journeys-review'
  | 'check-answers'
  | 'review'
  | 'hmrc-details'
  | 'confirmation';

/**
 * question: asks and saves answers; info: explains and goes on; stop: the end of a route that
 * cannot succeed (D27), with its explanation; done: the confirmation after submission.
 */
export type WizardStepKind = 'question' | 'info' | 'stop' | 'done';

export type DrivesForWork = 'yes' | 'company-vehicle' | 'no';
export type EmploymentType = 'employed' | 'self-employed' | 'cis';

/** The answers the plan's rules read: a structural subset of the wizard snapshot. */
export interface PlanAnswers {
  eligibilityData?: { drivesForWork?: string };
  employmentDetails?: { employmentType?: string };
  vehicleInfo?: WizardSnapshot['vehicleInfo'];
  taxYears?: WizardSnapshot['taxYears'];
}

export interface WizardStep {
  /** Storage key (see above); never compared for order, never sent on the wire. */
  index: number;
  /**
   * A step of a sub-flow opened from this route step (the mileage-log builder inside evidence):
   * off every route, saved and resumed as the step that opens it.
   */
  within?: WizardStepId;
  id: WizardStepId;
  kind: WizardStepKind;
  title: string;
  /** SPEC §4 / D26: a pointer choice moves on by itself. */
  autoAdvance?: boolean;
  /** Its answers live in the wizard snapshot and are re-checked on every later save. */
  savesSnapshot?: boolean;
  /** 'Save and finish later' is offered (once there is a phone number to send a code to). */
  offersResume?: boolean;
  /** Completing this step submits the claim. */
  submits?: boolean;
  /** The next step for these answers; absent on stop and done steps. */
  next?: (answers: PlanAnswers) => WizardStepId;
  /** On a stop: why this route cannot go on, in one sentence (also the server's refusal). */
  reason?: string;
}

/** The route a claim is on (D27): a mileage claim, a fuel claim for an operator, or a stop. */
export type ClaimRoute = 'mileage' | 'fuel';

function drivesForWork(a: PlanAnswers): string {
  return a.eligibilityData?.drivesForWork ?? '';
}

/**
 * D27: a mileage claim where the employer's payments cover the approved amount in every selected
 * year has nothing to claim. Only asked once there are years, miles and a vehicle to compute from.
 */
export function nothingClaimable(a: PlanAnswers): boolean {
  const years = (a.taxYears ?? []).filter((y) => y.selected && y.jobs.some((j) => j.businessMiles > 0));
  if (years.length === 0) return false;
  return claimFigures({ vehicleInfo: a.vehicleInfo ?? { type: '' }, taxYears: years }).nothingClaimable;
}

export const WIZARD_PLAN: readonly WizardStep[] = [
  {
    index: 0,
    id: 'eligibility',
    kind: 'question',
    title: 'Do you drive for work purposes?',
    autoAdvance: true,
    savesSnapshot: true,
    next: (a) =>
      drivesForWork(a) === 'no' ? 'not-driving' : isFuelClaim(a) ? 'company-vehicle' : 'employment',
  },
  {
    index: 12,
    id: 'not-driving',
    kind: 'stop',
    title: 'You cannot claim a mileage rebate',
    reason:
      'A mileage rebate is only for journeys you make for your job, so there is no mileage claim to make.',
  },
  {
    index: 13,
    id: 'company-vehicle',
    kind: 'info',
    title: 'Claiming for a company vehicle',
    next: () => 'employment',
  },
  {
    index: 1,
    id: 'employment',
    kind: 'question',
    title: 'What is your employment type?',
    autoAdvance: true,
    savesSnapshot: true,
    next: (a) => (a.employmentDetails?.employmentType === 'employed' ? 'personal' : 'self-assessment'),
  },
  {
    index: 14,
    id: 'self-assessment',
    kind: 'stop',
    title: 'Claim through Self Assessment',
    reason:
      'A P87 claim is for employees. Self-employed people and CIS subcontractors claim their vehicle costs in a Self Assessment tax return.',
  },
  {
    index: 2,
    id: 'personal',
    kind: 'question',
    title: 'Your personal details',
    savesSnapshot: true,
    offersResume: true,
    next: () => 'employments',
  },
  {
    index: 16,
    id: 'employments',
    kind: 'question',
    title: 'Your employments',
    savesSnapshot: true,
    offersResume: true,
    next: () => 'tax-years',
  },
  {
    index: 3,
    id: 'tax-years',
    kind: 'question',
    title: 'Which tax years do you want to claim for?',
    savesSnapshot: true,
    offersResume: true,
    next: () => 'vehicle',
  },
  {
    index: 4,
    id: 'vehicle',
    kind: 'question',
    title: 'What type of vehicle do you use?',
    autoAdvance: true,
    savesSnapshot: true,
    offersResume: true,
    next: () => 'mileage',
  },
  {
    index: 5,
    id: 'mileage',
    kind: 'question',
    title: 'Your business mileage',
    savesSnapshot: true,
    offersResume: true,
    next: () => 'employer-rate',
  },
  {
    index: 7,
    id: 'employer-rate',
    kind: 'question',
    title: 'What did your employer pay for your business miles?',
    savesSnapshot: true,
    offersResume: true,
    // A fuel claim has no approved-amount estimate to show (D27); the estimate comes once the
    // employer's payments are known, so the figure shown is the final one (issue 31, D31).
    next: (a) =>
      isFuelClaim(a) ? 'evidence' : nothingClaimable(a) ? 'nothing-claimable' : 'congratulations',
  },
  {
    index: 15,
    id: 'nothing-claimable',
    kind: 'stop',
    title: 'There is nothing to claim',
    reason:
      'Your employer paid at least the approved mileage amount in every year you chose, so there is no mileage relief to claim.',
  },
  {
    // Stored as 6 until the estimate moved after the employer-payment question; see LEGACY_INDEX.
    index: 20,
    id: 'congratulations',
    kind: 'info',
    title: 'Congratulations',
    offersResume: true,
    next: () => 'evidence',
  },
  {
    index: 8,
    id: 'evidence',
    kind: 'question',
    title: 'Evidence of your business mileage',
    offersResume: true,
    next: () => 'check-answers',
  },
  {
    index: 18,
    id: 'journeys',
    kind: 'question',
    title: 'Evidence of your business mileage',
    within: 'evidence',
    offersResume: true,
    next: () => 'journeys-review',
  },
  {
    index: 19,
    id: 'journeys-review',
    kind: 'question',
    title: 'Evidence of your business mileage',
    within: 'evidence',
    offersResume: true,
  },
  {
    index: 17,
    id: 'check-answers',
    kind: 'question',
    title: 'Check your answers',
    offersResume: true,
    next: () => 'review',
  },
  {
    index: 9,
    id: 'review',
    kind: 'question',
    title: 'Review and sign',
    offersResume: true,
    next: () => 'hmrc-details',
  },
  {
    index: 10,
    id: 'hmrc-details',
    kind: 'question',
    title: 'Administrative details',
    offersResume: true,
    submits: true,
    next: () => 'confirmation',
  },
  { index: 11, id: 'confirmation', kind: 'done', title: 'Claim submitted' },
];

/** Every step id, in plan order (the wire's enum). */
export const WIZARD_STEP_IDS = WIZARD_PLAN.map((s) => s.id) as [WizardStepId, ...WizardStepId[]];

export const FIRST_STEP_ID: WizardStepId = 'eligibility';
export const CONFIRMATION_STEP_ID: WizardStepId = 'confirmation';

const BY_ID = new Map(WIZARD_PLAN.map((s, order) => [s.id, { step: s, order }]));
const BY_INDEX = new Map(WIZARD_PLAN.map((s) => [s.index, s.id]));

/**
 * Storage numbers no step has any more. 6 was the estimate step when it came straight after the
 * mileage step, before the employer-payment question: a draft stored there resumes at that
 * question, and one that had completed it has completed the mileage step only.
 */
const LEGACY_INDEX: ReadonlyMap<number, { current: WizardStepId; completed: WizardStepId }> = new Map([
  [6, { current: 'employer-rate', completed: 'mileage' }],
]);

/** The step whose completion submits the claim. */
export const SUBMIT_STEP_ID: WizardStepId = WIZARD_PLAN.find((s) => s.submits)?.id ?? 'hmrc-details';

export function isWizardStepId(x: unknown): x is WizardStepId {
  return typeof x === 'string' && BY_ID.has(x as WizardStepId);
}

export function wizardStepById(id: WizardStepId): WizardStep {
  const found = BY_ID.get(id);
  if (!found) throw new Error(`Unknown wizard step: ${id}`);
  return found.step;
}

// ---------------------------------------------------------------------------------------------
// Storage: the only place a step is a number (decision 031).

/** The storage index of a named step (what `current_step` and `last_step_completed` hold). */
export function storageIndexOf(id: WizardStepId): number {
  return wizardStepById(id).index;
}

/** The step kept under a storage index, or undefined for a number no step has. */
export function stepAtStorageIndex(index: unknown): WizardStepId | undefined {
  if (typeof index !== 'number') return undefined;
  return BY_INDEX.get(index) ?? LEGACY_INDEX.get(index)?.current;
}

/**
 * The step a stored `last_step_completed` holds: null before any step is completed (stored as -1
 * or null) or for a number no step has.
 */
export function completedStepAt(index: unknown): WizardStepId | null {
  if (typeof index !== 'number') return null;
  return BY_INDEX.get(index) ?? LEGACY_INDEX.get(index)?.completed ?? null;
}

/** What `last_step_completed` stores for a completed step id (-1: none yet). */
export function storageIndexOfCompleted(id: WizardStepId | null): number {
  return id === null ? -1 : storageIndexOf(id);
}

// ---------------------------------------------------------------------------------------------
// Order and routes

/**
 * The route step a step belongs to: a step of a sub-flow (the mileage-log builder) stands for the
 * step that opens it, which is what a save records and where a draft reopens.
 */
export function hostStep(id: WizardStepId): WizardStepId {
  return wizardStepById(id).within ?? id;
}

/**
 * Where a claimant resumes from a copy kept in the browser: the confirmation needs the server's
 * word (it is shown only after the server confirms the submission), so a copy opens the step that
 * submits; a sub-flow reopens at the step that opens it.
 */
export function resumableStep(id: WizardStepId): WizardStepId {
  if (id === CONFIRMATION_STEP_ID) return SUBMIT_STEP_ID;
  return hostStep(id);
}

/** Plan order of a step (-1 for none, e.g. lastStepCompleted before any step). */
function orderOf(id: WizardStepId | null): number {
  return id === null ? -1 : (BY_ID.get(id)?.order ?? -1);
}

/** Of two steps, the one further along the plan (null when neither is one). */
export function furtherStep(a: WizardStepId | null, b: WizardStepId | null): WizardStepId | null {
  if (orderOf(a) < 0 && orderOf(b) < 0) return null;
  return orderOf(a) >= orderOf(b) ? a : b;
}

/** True when the step `id` lies at or before `lastCompleted` in the plan. */
export function hasCompleted(id: WizardStepId, lastCompleted: WizardStepId | null): boolean {
  const found = BY_ID.get(id);
  return found !== undefined && orderOf(lastCompleted) >= found.order;
}

/** The next step after `id` for these answers (a stop or done step stays where it is). */
export function nextStep(id: WizardStepId, answers: PlanAnswers = {}): WizardStepId {
  const step = wizardStepById(id);
  return step.next ? step.next(answers) : step.id;
}

/** The route these answers take from the first step: every step id in the order visited. */
export function journeyPath(answers: PlanAnswers = {}): WizardStepId[] {
  const path: WizardStepId[] = [];
  let step: WizardStep | undefined = wizardStepById(FIRST_STEP_ID);
  // The plan only moves forwards, so a route is at most the plan's length.
  while (step && path.length < WIZARD_PLAN.length) {
    path.push(step.id);
    step = step.next ? wizardStepById(step.next(answers)) : undefined;
  }
  return path;
}

/**
 * The step before `id` on this claimant's route; a step off the route (the answers changed)
 * goes back to the last route step before it in the plan. A sub-flow's first step goes back to
 * the step that opened it, a later one to the sub-flow step before it.
 */
export function previousStep(id: WizardStepId, answers: PlanAnswers = {}): WizardStepId {
  const within = wizardStepById(id).within;
  if (within !== undefined) {
    const before = WIZARD_PLAN.find((s) => s.within === within && s.next?.(answers) === id);
    return before?.id ?? within;
  }
  const path = journeyPath(answers);
  const order = orderOf(id);
  let previous: WizardStepId = FIRST_STEP_ID;
  for (const step of path) {
    const found = BY_ID.get(step);
    if (!found || found.order >= order) break;
    // A stop ends a route, so it is never the way back to a later step.
    if (found.step.kind !== 'stop') previous = step;
  }
  return previous;
}

/** Where a route ends: the confirmation for a claim that can be made, or its stop step. */
export function routeEnd(answers: PlanAnswers): WizardStep {
  const path = journeyPath(answers);
  return wizardStepById(path[path.length - 1] ?? FIRST_STEP_ID);
}

/** The kind of claim these answers make, or null when the route stops (D27). */
export function claimRoute(answers: PlanAnswers): ClaimRoute | null {
  if (routeEnd(answers).kind !== 'done') return null;
  return isFuelClaim(answers) ? 'fuel' : 'mileage';
}

/**
 * The steps on this route whose snapshot answers must hold, up to and including `through` (in
 * plan order); none when nothing is completed yet (null).
 */
export function snapshotStepsThrough(answers: PlanAnswers, through: WizardStepId | null): WizardStepId[] {
  const limit = orderOf(through);
  return journeyPath(answers).filter((id) => {
    const found = BY_ID.get(id);
    return found !== undefined && found.step.savesSnapshot === true && found.order <= limit;
  });
}

/**
 * The answers a claim that can succeed would have, keeping what the claimant chose where it can:
 * a company vehicle stays a fuel claim; anything that stops a route (not driving, not employed, an
 * employer paying the approved amount or more) reads as the mileage claim's answer.
 */
function succeedingAnswers(a: PlanAnswers): PlanAnswers {
  return {
    ...a,
    eligibilityData: { ...a.eligibilityData, drivesForWork: isFuelClaim(a) ? 'company-vehicle' : 'yes' },
    employmentDetails: { ...a.employmentDetails, employmentType: 'employed' },
    taxYears: [],
  };
}

/**
 * 'Step N of M': the question and information steps of the route a claim that can succeed takes
 * from these answers, so the count stays put while an answer that would stop the claim is chosen
 * or typed (a fresh claim reads 'Step 1 of 11', never 'of 2'). A stop step has no place in it:
 * its position is null and the screen shows no count.
 */
export function stepProgress(
  id: WizardStepId,
  answers: PlanAnswers = {},
): { position: number | null; total: number } {
  const counted = journeyPath(succeedingAnswers(answers)).filter((id) => {
    const kind = wizardStepById(id).kind;
    return kind === 'question' || kind === 'info';
  });
  if (wizardStepById(id).kind === 'stop') return { position: null, total: counted.length };
  const at = counted.indexOf(hostStep(id));
  return { position: at === -1 ? counted.length : at + 1, total: counted.length };
}

export const AUTO_ADVANCE_MS = 800;
export const CONGRATS_ADVANCE_MS = 5000;
export const CLAIM_REDIRECT_MS = 3000;

export const DRIVES_FOR_WORK_OPTIONS: readonly { id: DrivesForWork; label: string }[] = [
  { id: 'yes', label: 'Yes, I use my own vehicle' },
  { id: 'company-vehicle', label: 'Yes, I use a company vehicle' },
  { id: 'no', label: 'No' },
];

export const EMPLOYMENT_TYPES: readonly { id: EmploymentType; label: string }[] = [
  { id: 'employed', label: 'Employed (PAYE)' },
  { id: 'self-employed', label: 'Self-employed' },
  { id: 'cis', label: 'CIS subcontractor' },
];

export const VEHICLE_OPTIONS: readonly { id: 'car-van' | 'motorbike' | 'bicycle'; label: string }[] = [
  { id: 'car-van', label: 'Car or van' },
  { id: 'motorbike', label: 'Motorbike' },
  { id: 'bicycle', label: 'Bicycle' },
];

export const VRM_MAX_LENGTH = 8;

/** Vehicle registration: uppercase, letters and digits only, at most 8 characters. */
export function sanitiseVrm(s: string): string {
  return s
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, VRM_MAX_LENGTH);
}

/** What one whole-snapshot save carries (PUT /api/onboarding without the revision). */
export interface SavePayload {
  currentStep: WizardStepId;
  /** null until the first step is completed. */
  lastStepCompleted: WizardStepId | null;
  snapshot: WizardSnapshot;
}
