import { useReducer } from 'react';
import { nextStep, previousStep } from '@taxback/domain';
import {
  createEmptySnapshot,
  type SavePayload,
  type TaxYearEntry,
  type WizardSnapshot,
} from '../lib/snapshot.ts';
import { revalidateShownErrors, type FieldErrors } from '../lib/validation.ts';

export interface WizardState {
  phase: 'loading' | 'ready';
  currentStep: number;
  /** -1 until the first step is completed. */
  lastStepCompleted: number;
  snapshot: WizardSnapshot;
  errors: FieldErrors;
  /** Changes on every failed Continue so the error summary takes focus again. */
  errorFocusKey: number;
  /** True once the claimant moved between steps (then the new step's heading takes focus). */
  stepChangedByUser: boolean;
  /** A message for the claimant about their saved application (e.g. a change in another window). */
  notice: string | null;
  /** The latest save the page must hand to the outbox; `seq` changes with every new one. */
  saveRequest: { seq: number; payload: SavePayload } | null;
}

type SectionKey = 'eligibilityData' | 'employmentDetails' | 'personalInfo' | 'vehicleInfo';

export type WizardAction =
  | {
      type: 'loaded';
      snapshot: WizardSnapshot;
      currentStep: number;
      lastStepCompleted: number;
      notice?: string | null;
    }
  | { [K in SectionKey]: { type: 'update'; section: K; patch: Partial<WizardSnapshot[K]> } }[SectionKey]
  | { type: 'update-year'; year: string; patch: Partial<Omit<TaxYearEntry, 'year'>> }
  | { type: 'set-employer-rate'; pence: number }
  | { type: 'show-errors'; errors: FieldErrors }
  | { type: 'advance' }
  | { type: 'save-in-place' }
  | { type: 'back' }
  | { type: 'go-to'; step: number }
  | { type: 'set-notice'; notice: string | null };

export function createInitialState(snapshot: WizardSnapshot = createEmptySnapshot()): WizardState {
  return {
    phase: 'loading',
    currentStep: 0,
    lastStepCompleted: -1,
    snapshot,
    errors: {},
    errorFocusKey: 0,
    stepChangedByUser: false,
    notice: null,
    saveRequest: null,
  };
}

function withSnapshot(state: WizardState, snapshot: WizardSnapshot): WizardState {
  return { ...state, snapshot, errors: revalidateShownErrors(state.currentStep, snapshot, state.errors) };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'loaded':
      return {
        ...state,
        phase: 'ready',
        snapshot: action.snapshot,
        currentStep: action.currentStep,
        lastStepCompleted: action.lastStepCompleted,
        errors: {},
        notice: action.notice ?? null,
        stepChangedByUser: false,
      };
    case 'update': {
      const section = state.snapshot[action.section];
      const snapshot = {
        ...state.snapshot,
        [action.section]: { ...section, ...action.patch },
      } as WizardSnapshot;
      return withSnapshot(state, snapshot);
    }
    case 'update-year': {
      const taxYears = state.snapshot.taxYears.map((y) =>
        y.year === action.year ? { ...y, ...action.patch } : y,
      );
      return withSnapshot(state, { ...state.snapshot, taxYears });
    }
    case 'set-employer-rate':
      return withSnapshot(state, { ...state.snapshot, employerMileageRate: action.pence });
    case 'show-errors':
      return { ...state, errors: action.errors, errorFocusKey: state.errorFocusKey + 1 };
    case 'advance': {
      const completed = state.currentStep;
      const next = nextStep(completed);
      const lastStepCompleted = Math.max(state.lastStepCompleted, completed);
      const seq = (state.saveRequest?.seq ?? 0) + 1;
      return {
        ...state,
        currentStep: next,
        lastStepCompleted,
        errors: {},
        stepChangedByUser: true,
        notice: null,
        saveRequest: {
          seq,
          payload: { step: completed, currentStep: next, lastStepCompleted, snapshot: state.snapshot },
        },
      };
    }
    case 'save-in-place': {
      // 'Save and finish later': keep the claimant where they are but record this step's answers.
      const lastStepCompleted = Math.max(state.lastStepCompleted, state.currentStep);
      const seq = (state.saveRequest?.seq ?? 0) + 1;
      return {
        ...state,
        lastStepCompleted,
        saveRequest: {
          seq,
          payload: {
            step: state.currentStep,
            currentStep: state.currentStep,
            lastStepCompleted,
            snapshot: state.snapshot,
          },
        },
      };
    }
    case 'back':
      return {
        ...state,
        currentStep: previousStep(state.currentStep),
        errors: {},
        stepChangedByUser: true,
        notice: null,
      };
    case 'go-to':
      return { ...state, currentStep: action.step, errors: {}, stepChangedByUser: true, notice: null };
    case 'set-notice':
      return { ...state, notice: action.notice };
  }
}

export function useWizardState(initial?: WizardSnapshot) {
  return useReducer(wizardReducer, initial, createInitialState);
}
