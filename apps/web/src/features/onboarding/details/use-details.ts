import { useCallback, useEffect, useState } from 'react';
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

// D30: the details journey's state: the claim as the server holds it, the answers being edited,
// the screen, and each screen's save (checked by the shared schema here, then by the server).

export type Errors = Record<string, string>;

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
  const [view, setView] = useState<ClaimDetailsView | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [details, setDetails] = useState<GeneralDetails | null>(null);
  const [step, setStep] = useState<DetailsStepId>('about-you');
  const [errors, setErrors] = useState<Errors>({});
  const [errorKey, setErrorKey] = useState(0);
  const [saving, setSaving] = useState(false);
  const [returnToCheck, setReturnToCheck] = useState(false);
  // Decision 052: the receipts and proof uploaded so far (each upload is stored at once).
  const [evidence, setEvidence] = useState<DetailsEvidence[]>([]);

  useEffect(() => {
    if (!sessionId) return;
    void call('getClaimDetails', { sessionId }).then((res) => {
      if (res.status !== 200) {
        setLoadError(true);
        return;
      }
      setView(res.data);
      setDetails(initialDetails(res.data));
      setEvidence(res.data.evidence);
    });
  }, [sessionId]);

  const plan = view ? detailsPlan(view.selectedExpenses) : [];

  const showErrors = useCallback((next: Errors) => {
    setErrors(next);
    setErrorKey((k) => k + 1);
  }, []);

  const go = (next: DetailsStepId) => {
    setErrors({});
    setStep(next);
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
    setSaving(true);
    const res = await call('saveClaimDetails', { sessionId, body: body as Record<string, never> });
    setSaving(false);
    if (res.status === 400 && res.errors) return showErrors(res.errors);
    if (res.status !== 200)
      return showErrors({ save: res.status === 409 ? (res.error ?? SAVE_FAILED) : SAVE_FAILED });
    const at = plan.indexOf(step);
    go(returnToCheck ? 'check' : (plan[at + 1] ?? 'check'));
    setReturnToCheck(false);
  }

  return {
    sessionId,
    view,
    loadError,
    details,
    update: (patch: Partial<GeneralDetails>) => setDetails((d) => (d ? { ...d, ...patch } : d)),
    evidence,
    evidenceAdded: (file: DetailsEvidence) =>
      setEvidence((list) => [...list.filter((e) => e.id !== file.id), file]),
    evidenceRemoved: (id: string) => setEvidence((list) => list.filter((e) => e.id !== id)),
    step,
    plan,
    errors,
    errorKey,
    saving,
    showErrors,
    continueStep,
    back: () => go(plan[Math.max(0, plan.indexOf(step) - 1)] ?? 'about-you'),
    change: (target: DetailsStepId) => {
      setReturnToCheck(true);
      go(target);
    },
    goTo: go,
  };
}

export type DetailsController = ReturnType<typeof useDetails>;
