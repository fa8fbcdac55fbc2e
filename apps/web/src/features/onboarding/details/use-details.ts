import { useCallback, useEffect, useReducer } from 'react';
import {
  claimableTaxYears,
  createEmptySnapshot,
  detailsPlan,
  type DetailsStepId,
  type GeneralDetails,
} from '@taxback/domain';
import { createDetailsSaveSchema } from '@taxback/domain/general-details-schemas';
import { fieldErrors } from '@taxback/domain/schemas';
import type { ClaimDetailsView, DetailsEvidence } from '@taxback/domain/api/responses';
import { call } from '../../../lib/api/client.ts';
import { INITIAL_DETAILS, detailsReducer, type Errors } from './details-state.ts';

// D30: the details journey: its state (details-state.ts) and each screen's save (checked by the
// shared schema here, then by the server).

export const SAVE_FAILED = 'Your answers could not be saved. Please try again.';

/** The details sections a step saves: a step saves its own and every earlier one. */
const SECTIONS_BY_STEP: Record<'about-you' | 'employments' | 'tax-years', (keyof GeneralDetails)[]> = {
  'about-you': ['personalInfo', 'scottishTaxpayer'],
  employments: ['employments'],
  'tax-years': ['taxYears'],
};

function bodyThrough(details: GeneralDetails, plan: DetailsStepId[], step: DetailsStepId) {
  const at = plan.indexOf(step);
  const body: Partial<GeneralDetails> = {};
  plan.slice(0, at + 1).forEach((s) => {
    const keys =
      s in SECTIONS_BY_STEP ? SECTIONS_BY_STEP[s as keyof typeof SECTIONS_BY_STEP] : ['expenses' as const];
    for (const k of keys) (body as Record<string, unknown>)[k] = details[k];
  });
  return body;
}

function initialDetails(view: ClaimDetailsView): GeneralDetails {
  const stored = view.details as GeneralDetails | null;
  if (stored) return stored;
  const empty = createEmptySnapshot(claimableTaxYears());
  return {
    personalInfo: {
      ...empty.personalInfo,
      firstName: view.firstName,
      lastName: view.lastName,
      email: view.email,
      phone: view.phone,
    },
    employments: [],
    taxYears: view.claimableYears.map((year) => ({
      ...(empty.taxYears.find((y) => y.year === year) ?? empty.taxYears[0]!),
      year,
      selected: false,
    })),
    scottishTaxpayer: '',
    expenses: {},
  };
}

export function useDetails(sessionId: string | null) {
  const [state, dispatch] = useReducer(detailsReducer, INITIAL_DETAILS);
  const { claim, evidence, step, errors, errorKey, saving } = state;
  const view = claim.kind === 'loaded' ? claim.view : null;
  const details = claim.kind === 'loaded' ? claim.details : null;

  useEffect(() => {
    if (!sessionId) return;
    void call('getClaimDetails', { sessionId }).then((res) => {
      if (res.status !== 200) return dispatch({ type: 'load-failed' });
      dispatch({ type: 'loaded', view: res.data, details: initialDetails(res.data) });
    });
  }, [sessionId]);

  const plan = view ? detailsPlan(view.selectedExpenses) : [];

  const showErrors = useCallback((next: Errors) => dispatch({ type: 'shown', errors: next }), []);

  const go = (next: DetailsStepId) => {
    dispatch({ type: 'went', step: next });
    window.scrollTo(0, 0);
  };

  /** Checks and saves the answers through this screen, then moves on (or back to check your answers). */
  async function continueStep(): Promise<void> {
    if (!details || !sessionId || saving) return;
    const body = bodyThrough(details, plan, step);
    const checked = createDetailsSaveSchema(new Date()).safeParse(body);
    if (!checked.success) {
      showErrors(fieldErrors(checked));
      return;
    }
    dispatch({ type: 'saving' });
    const res = await call('saveClaimDetails', { sessionId, body: body as Record<string, never> });
    if (res.status === 400 && res.errors) return dispatch({ type: 'save-refused', errors: res.errors });
    if (res.status !== 200) {
      const message = res.status === 409 ? (res.error ?? SAVE_FAILED) : SAVE_FAILED;
      return dispatch({ type: 'save-refused', errors: { save: message } });
    }
    dispatch({ type: 'saved', next: plan[plan.indexOf(step) + 1] ?? 'check' });
    window.scrollTo(0, 0);
  }

  return {
    sessionId,
    view,
    loadError: claim.kind === 'failed',
    details,
    update: (patch: Partial<GeneralDetails>) => dispatch({ type: 'updated', patch }),
    evidence,
    evidenceAdded: (file: DetailsEvidence) => dispatch({ type: 'evidence-added', file }),
    evidenceRemoved: (id: string) => dispatch({ type: 'evidence-removed', id }),
    step,
    plan,
    errors,
    errorKey,
    saving,
    showErrors,
    continueStep,
    back: () => go(plan[Math.max(0, plan.indexOf(step) - 1)] ?? 'about-you'),
    change: (target: DetailsStepId) => {
      dispatch({ type: 'change', step: target });
      window.scrollTo(0, 0);
    },
    goTo: go,
  };
}

export type DetailsController = ReturnType<typeof useDetails>;
