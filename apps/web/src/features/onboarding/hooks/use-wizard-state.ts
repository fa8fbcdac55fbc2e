import { useCallback, useRef, useState } from 'react';
import {
  CONFIRMATION_STEP_ID,
  FIRST_STEP_ID,
  SUBMIT_STEP_ID,
  furtherStep,
  hostStep,
  nextStep,
  previousStep,
  type Journey,
  type WizardStepId,
  leaveProblems,
  type WorkplaceAnswers,
  type LeaveDraft,
  type RebateSummary,
} from '@taxback/domain';
import {
  alignSnapshot,
  createEmptySnapshot,
  type Employment,
  type EmploymentYear,
  type SavePayload,
  type TaxYearEntry,
  type WizardSnapshot,
} from '@taxback/domain';
import {
  claimEvidenceOf,
  createEmptyServerData,
  evidenceByYear,
  type LogLink,
  type MileageLogFiles,
  type ServerData,
  type UploadedFile,
} from '../lib/server-data.ts';
import {
  loadedSchemas,
  revalidateShownErrors,
  type FieldErrors,
  type StepExtras,
} from '../lib/validation.ts';
import { createJourney, validateJourneys, workplaceAnswerProblems } from '../rebuild/journey-rules.ts';
import type { SignatureValue } from '../../../components/authority/signature-value.ts';

export interface WizardState {
  phase: 'loading' | 'ready';
  currentStep: WizardStepId;
  /** null until the first step is completed. */
  lastStepCompleted: WizardStepId | null;
  snapshot: WizardSnapshot;
  errors: FieldErrors;
  /** Changes on every failed Continue so the error summary takes focus again. */
  errorFocusKey: number;
  /** True once the claimant moved between steps (then the new step's heading takes focus). */
  stepChangedByUser: boolean;
  /** A message for the claimant about their saved application (e.g. a change in another window). */
  notice: string | null;
  /** Read-only data the server owns (files, signature URL, status, reference, totals). */
  server: ServerData;
  /**
   * The signature as the claimant gave it: drawn or their name typed, with its PNG (decision 058:
   * the method is sent as chosen). Memory only, never saved in the outbox (D10); null: not yet.
   */
  signature: SignatureValue | null;
  /** The NI number as typed: memory only, never saved in the outbox or local storage (D10). */
  niNumber: string;
  /**
   * Set while the claimant changes an answer from check your answers (D17): Continue returns there
   * once every answer before it holds, and Back goes straight back.
   */
  returnTo: WizardStepId | null;
  /** The year whose mileage log the builder makes (issue 31); null: every selected year's. */
  logYear: string | null;
  /** With `logYear`, the employment whose log of the year is built (issue 31); null: all of them. */
  logEmployment: string | null;
}

type SectionKey = 'eligibilityData' | 'employmentDetails' | 'personalInfo' | 'vehicleInfo';

export type WizardAction =
  | {
      type: 'loaded';
      snapshot: WizardSnapshot;
      currentStep: WizardStepId;
      lastStepCompleted: WizardStepId | null;
      notice?: string | null;
      server?: ServerData;
    }
  | { [K in SectionKey]: { type: 'update'; section: K; patch: Partial<WizardSnapshot[K]> } }[SectionKey]
  | {
      type: 'update-year';
      year: string;
      patch: Partial<
        Pick<TaxYearEntry, 'selected' | 'employersConnected' | 'incomeBand' | 'taxablePay' | 'taxPaid'>
      >;
    }
  | { type: 'set-scottish-taxpayer'; value: WizardSnapshot['scottishTaxpayer'] }
  | {
      type: 'update-job';
      year: string;
      employmentId: string;
      patch: Partial<Omit<EmploymentYear, 'employmentId'>>;
    }
  | { type: 'set-employments'; employments: Employment[] }
  | { type: 'change-answer'; step: WizardStepId; returnTo: WizardStepId }
  | { type: 'show-errors'; errors: FieldErrors }
  | { type: 'advance' }
  | { type: 'save-in-place' }
  | { type: 'back' }
  | { type: 'go-to'; step: WizardStepId }
  | { type: 'set-notice'; notice: string | null }
  | { type: 'set-journeys'; journeys: Journey[] }
  | { type: 'set-leave'; leave: LeaveDraft[] }
  | { type: 'set-workplaces'; workplaces: WorkplaceAnswers[] }
  | { type: 'set-agreement'; patch: Partial<WizardSnapshot['agreementChecks']> }
  | { type: 'set-signature'; signature: SignatureValue | null }
  | { type: 'set-ni-number'; niNumber: string }
  | { type: 'evidence-added'; year: string; file: UploadedFile }
  | { type: 'file-removed'; id: string }
  | { type: 'set-mileage-logs'; logs: Record<string, MileageLogFiles> }
  | { type: 'set-p60'; file: UploadedFile | null }
  | { type: 'set-signature-url'; url: string; authority?: LogLink | null }
  | { type: 'enter-rebuild'; year?: string; employmentId?: string }
  | { type: 'rebuild-review' }
  | { type: 'exit-rebuild' }
  | {
      type: 'submitted';
      submissionReference: string;
      submittedAt: string;
      totals: RebateSummary | null;
    };

export function createInitialState(snapshot: WizardSnapshot = createEmptySnapshot()): WizardState {
  return {
    phase: 'loading',
    currentStep: FIRST_STEP_ID,
    lastStepCompleted: null,
    snapshot,
    errors: {},
    errorFocusKey: 0,
    stepChangedByUser: false,
    notice: null,
    server: createEmptyServerData(),
    signature: null,
    niNumber: '',
    returnTo: null,
    logYear: null,
    logEmployment: null,
  };
}

/** True on the steps of the mileage-log builder (the evidence step's sub-flow). */
export function inMileageLogBuilder(step: WizardStepId): boolean {
  return hostStep(step) === 'evidence' && step !== 'evidence';
}

export function stepExtras(state: Pick<WizardState, 'server' | 'signature' | 'niNumber'>): StepExtras {
  return {
    evidenceFiles: evidenceByYear(state.server),
    evidence: claimEvidenceOf(state.server),
    signature: state.signature,
    niNumber: state.niNumber,
  };
}

/** Errors already shown that still fail, re-checked against the latest answers. */
function revalidate(state: WizardState): WizardState {
  if (Object.keys(state.errors).length === 0) return state;
  if (inMileageLogBuilder(state.currentStep)) {
    const now = {
      ...validateJourneys(state.snapshot),
      ...leaveProblems(state.snapshot.leave),
      ...workplaceAnswerProblems(state.snapshot),
    };
    const errors: FieldErrors = {};
    for (const key of Object.keys(state.errors)) if (now[key]) errors[key] = now[key];
    return { ...state, errors };
  }
  return {
    ...state,
    errors: revalidateShownErrors(state.currentStep, state.snapshot, state.errors, stepExtras(state)),
  };
}

function withSnapshot(state: WizardState, snapshot: WizardSnapshot): WizardState {
  return revalidate({ ...state, snapshot });
}

function withServer(state: WizardState, patch: Partial<ServerData>): WizardState {
  return revalidate({ ...state, server: { ...state.server, ...patch } });
}

type Handler<T extends WizardAction['type']> = (
  state: WizardState,
  action: Extract<WizardAction, { type: T }>,
) => WizardState;
type Handlers<T extends WizardAction['type']> = { [K in T]: Handler<K> };

/** The claimant's answers: each change re-checks the errors already shown. */
const answerHandlers: Handlers<
  | 'update'
  | 'update-year'
  | 'update-job'
  | 'set-scottish-taxpayer'
  | 'set-employments'
  | 'set-journeys'
  | 'set-leave'
  | 'set-workplaces'
  | 'set-agreement'
  | 'set-signature'
  | 'set-ni-number'
> = {
  update: (state, action) => {
    const section = state.snapshot[action.section];
    const snapshot = {
      ...state.snapshot,
      [action.section]: { ...section, ...action.patch },
    } as WizardSnapshot;
    return withSnapshot(state, snapshot);
  },
  'update-year': (state, action) => {
    const taxYears = state.snapshot.taxYears.map((y) =>
      y.year === action.year ? { ...y, ...action.patch } : y,
    );
    return withSnapshot(state, { ...state.snapshot, taxYears });
  },
  'update-job': (state, action) => {
    const taxYears = state.snapshot.taxYears.map((y) =>
      y.year === action.year
        ? {
            ...y,
            jobs: y.jobs.map((j) => (j.employmentId === action.employmentId ? { ...j, ...action.patch } : j)),
          }
        : y,
    );
    return withSnapshot(state, { ...state.snapshot, taxYears });
  },
  'set-scottish-taxpayer': (state, action) =>
    withSnapshot(state, { ...state.snapshot, scottishTaxpayer: action.value }),
  'set-employments': (state, action) =>
    withSnapshot(state, alignSnapshot({ ...state.snapshot, employments: action.employments })),
  'set-journeys': (state, action) => withSnapshot(state, { ...state.snapshot, journeys: action.journeys }),
  'set-leave': (state, action) => withSnapshot(state, { ...state.snapshot, leave: action.leave }),
  'set-workplaces': (state, action) =>
    withSnapshot(state, { ...state.snapshot, workplaces: action.workplaces }),
  'set-agreement': (state, action) =>
    withSnapshot(state, {
      ...state.snapshot,
      agreementChecks: { ...state.snapshot.agreementChecks, ...action.patch },
    }),
  'set-signature': (state, action) => revalidate({ ...state, signature: action.signature }),
  'set-ni-number': (state, action) => revalidate({ ...state, niNumber: action.niNumber }),
};

/** Moving through the plan (D17's change-and-return, the mileage-log builder's sub-flow). */
const navigationHandlers: Handlers<
  | 'change-answer'
  | 'advance'
  | 'save-in-place'
  | 'back'
  | 'go-to'
  | 'enter-rebuild'
  | 'rebuild-review'
  | 'exit-rebuild'
> = {
  'change-answer': (state, action) => ({
    ...state,
    currentStep: action.step,
    returnTo: action.returnTo,
    errors: {},
    stepChangedByUser: true,
    notice: null,
  }),
  advance: (state) => {
    const completed = state.currentStep;
    // Changing an answer from check your answers goes back there, unless the change asks for
    // more (a new employment's miles, say): then the route goes on until everything holds.
    const back =
      state.returnTo !== null &&
      loadedSchemas()?.validateSnapshotSteps(state.snapshot, previousStep(state.returnTo, state.snapshot))
        .ok === true
        ? state.returnTo
        : null;
    const next = back ?? nextStep(completed, state.snapshot);
    return {
      ...state,
      currentStep: next,
      lastStepCompleted: furtherStep(state.lastStepCompleted, completed),
      errors: {},
      stepChangedByUser: true,
      notice: null,
      returnTo: next === state.returnTo ? null : state.returnTo,
    };
  },
  // 'Save and finish later': keep the claimant where they are but record this step's answers
  // (inside the mileage-log builder, the evidence step's).
  'save-in-place': (state) => ({
    ...state,
    lastStepCompleted: furtherStep(state.lastStepCompleted, hostStep(state.currentStep)),
  }),
  back: (state) => {
    const moved = { ...state, errors: {}, stepChangedByUser: true };
    // Back from the review returns to journey setup; back from journey setup leaves the flow.
    if (inMileageLogBuilder(state.currentStep))
      return { ...moved, currentStep: previousStep(state.currentStep, state.snapshot) };
    return {
      ...moved,
      currentStep: state.returnTo ?? previousStep(state.currentStep, state.snapshot),
      returnTo: null,
      notice: null,
    };
  },
  'go-to': (state, action) => ({
    ...state,
    currentStep: action.step,
    returnTo: null,
    errors: {},
    stepChangedByUser: true,
    notice: null,
  }),
  'enter-rebuild': (state, action) => ({
    ...state,
    logYear: action.year ?? null,
    logEmployment: action.year === undefined ? null : (action.employmentId ?? null),
    currentStep: 'journeys',
    errors: {},
    stepChangedByUser: true,
    snapshot:
      state.snapshot.journeys.length === 0
        ? { ...state.snapshot, journeys: [createJourney()] }
        : state.snapshot,
  }),
  'rebuild-review': (state) => ({
    ...state,
    currentStep: nextStep('journeys', state.snapshot),
    errors: {},
    stepChangedByUser: true,
  }),
  'exit-rebuild': (state) => ({
    ...state,
    currentStep: hostStep(state.currentStep),
    errors: {},
    stepChangedByUser: true,
  }),
};

/** What the server holds: files, logs, the signature's URL. */
const serverHandlers: Handlers<
  'evidence-added' | 'file-removed' | 'set-mileage-logs' | 'set-p60' | 'set-signature-url'
> = {
  'evidence-added': (state, action) => {
    const list = state.server.evidenceFiles[action.year] ?? [];
    // A retried upload of the same bytes comes back with the same id: list it once.
    const files = [...list.filter((f) => f.id !== action.file.id), action.file];
    return withServer(state, { evidenceFiles: { ...state.server.evidenceFiles, [action.year]: files } });
  },
  'file-removed': (state, action) => {
    const evidenceFiles = Object.fromEntries(
      Object.entries(state.server.evidenceFiles).map(([y, files]) => [
        y,
        files.filter((f) => f.id !== action.id),
      ]),
    );
    const p60File = state.server.p60File?.id === action.id ? null : state.server.p60File;
    return withServer(state, { evidenceFiles, p60File });
  },
  'set-mileage-logs': (state, action) => withServer(state, { mileageLogs: action.logs }),
  'set-p60': (state, action) => withServer(state, { p60File: action.file }),
  'set-signature-url': (state, action) =>
    withServer(state, { signatureUrl: action.url, signedAuthority: action.authority ?? null }),
};

/** The draft's life: loaded, a notice about it, errors shown, submitted. */
const draftHandlers: Handlers<'loaded' | 'set-notice' | 'show-errors' | 'submitted'> = {
  loaded: (state, action) => ({
    ...state,
    phase: 'ready',
    snapshot: action.snapshot,
    currentStep: action.currentStep,
    lastStepCompleted: action.lastStepCompleted,
    errors: {},
    notice: action.notice ?? null,
    stepChangedByUser: false,
    server: action.server ?? state.server,
  }),
  'set-notice': (state, action) => ({ ...state, notice: action.notice }),
  'show-errors': (state, action) => ({
    ...state,
    errors: action.errors,
    errorFocusKey: state.errorFocusKey + 1,
  }),
  // The server has the claim: no save follows (a save after submission would be refused).
  submitted: (state, action) => ({
    ...state,
    currentStep: CONFIRMATION_STEP_ID,
    lastStepCompleted: furtherStep(state.lastStepCompleted, SUBMIT_STEP_ID),
    errors: {},
    notice: null,
    stepChangedByUser: true,
    niNumber: '',
    signature: null,
    server: {
      ...state.server,
      status: 'submitted',
      hasNiNumber: true,
      submissionReference: action.submissionReference,
      submittedAt: action.submittedAt,
      totals: action.totals ?? state.server.totals,
    },
  }),
};

const HANDLERS: Handlers<WizardAction['type']> = {
  ...answerHandlers,
  ...navigationHandlers,
  ...serverHandlers,
  ...draftHandlers,
};

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  // Each action type has its handler (the map's type says so); TypeScript cannot pair them here.
  return (HANDLERS[action.type] as Handler<WizardAction['type']>)(state, action);
}

/**
 * The draft a save records for this state: the answers, the furthest step completed and where the
 * claimant is (inside the mileage-log builder, the evidence step that opens it).
 */
export function draftOf(state: WizardState): SavePayload {
  return {
    currentStep: hostStep(state.currentStep),
    lastStepCompleted: state.lastStepCompleted,
    snapshot: state.snapshot,
  };
}

/**
 * The wizard's state. `dispatch` answers with the state the action leads to, so the page can hand
 * the draft after a step to the outbox without a save request travelling through the state (and
 * from the latest state, even in a callback kept from an earlier render, such as an auto-advance).
 */
export function useWizardState(
  initial?: WizardSnapshot,
): [WizardState, (action: WizardAction) => WizardState, () => WizardState] {
  const [state, setState] = useState(() => createInitialState(initial));
  const latest = useRef(state);
  const dispatch = useCallback((action: WizardAction) => {
    latest.current = wizardReducer(latest.current, action);
    setState(latest.current);
    return latest.current;
  }, []);
  const current = useCallback(() => latest.current, []);
  return [state, dispatch, current];
}
