import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { useParams } from 'react-router';
import { createSessionId, hostStep, isSessionId, type WizardStepId } from '@taxback/domain';
import { Container } from '../../components/ui/container.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDraftSync } from './hooks/use-draft-sync.ts';
import { draftOf, stepExtras, useWizardState, type WizardAction } from './hooks/use-wizard-state.ts';
import { loadValidation, validateWizardStep } from './lib/validation.ts';
import { afterFirstInteraction } from '../../lib/after-first-interaction.ts';
import { WizardContext, type WizardController } from './wizard-context.tsx';
import { SESSION_STORAGE_KEY } from './session-key.ts';
import { StepEligibility } from './steps/eligibility.tsx';
import { StepEmployment } from './steps/employment.tsx';
import { StepPersonal } from './steps/personal.tsx';
import { StepEmployments } from './steps/employments.tsx';
import { StepTaxYears } from './steps/tax-years.tsx';
import { StepVehicle } from './steps/vehicle.tsx';
import { StepBusinessMileage } from './steps/mileage.tsx';
import { StepCongratulations } from './steps/congratulations.tsx';
import { StepEmployerRate } from './steps/employer-rate.tsx';
import {
  StepCompanyVehicle,
  StepNotDriving,
  StepNothingClaimable,
  StepSelfAssessment,
} from './steps/route-explanations.tsx';

// The steps from evidence on (uploads, the log builder, the signature pad) are code a claimant
// needs only after the employer's rate: they load in the background once the first step is on
// screen, not in front of it.
const loadLaterSteps = {
  evidence: () => import('./steps/evidence.tsx').then((m) => ({ default: m.StepEvidence })),
  'check-answers': () => import('./steps/check-answers.tsx').then((m) => ({ default: m.StepCheckAnswers })),
  review: () => import('./steps/review.tsx').then((m) => ({ default: m.StepReview })),
  'hmrc-details': () => import('./steps/hmrc-details.tsx').then((m) => ({ default: m.StepHmrcDetails })),
  confirmation: () => import('./steps/confirmation.tsx').then((m) => ({ default: m.StepConfirmation })),
} satisfies Partial<Record<WizardStepId, () => Promise<{ default: ComponentType }>>>;

export { SESSION_STORAGE_KEY };
export { CONFLICT_MESSAGE } from './hooks/use-draft-sync.ts';

const StepEvidence = lazy(loadLaterSteps.evidence);

const STEPS: Record<WizardStepId, ComponentType> = {
  eligibility: StepEligibility,
  'not-driving': StepNotDriving,
  'company-vehicle': StepCompanyVehicle,
  employment: StepEmployment,
  'self-assessment': StepSelfAssessment,
  personal: StepPersonal,
  employments: StepEmployments,
  'tax-years': StepTaxYears,
  vehicle: StepVehicle,
  mileage: StepBusinessMileage,
  congratulations: StepCongratulations,
  'employer-rate': StepEmployerRate,
  'nothing-claimable': StepNothingClaimable,
  evidence: StepEvidence,
  journeys: StepEvidence,
  'journeys-review': StepEvidence,
  'check-answers': lazy(loadLaterSteps['check-answers']),
  review: lazy(loadLaterSteps.review),
  'hmrc-details': lazy(loadLaterSteps['hmrc-details']),
  confirmation: lazy(loadLaterSteps.confirmation),
};

/** The tab's wizard session; `isNew` when it was just created, so the server cannot know it yet. */
function readOrCreateSession(): { id: string; isNew: boolean } {
  try {
    const stored = window.sessionStorage.getItem(SESSION_STORAGE_KEY);
    if (isSessionId(stored)) return { id: stored, isNew: false };
    const id = createSessionId();
    window.sessionStorage.setItem(SESSION_STORAGE_KEY, id);
    return { id, isNew: true };
  } catch {
    return { id: createSessionId(), isNew: true };
  }
}

export function OnboardingPage() {
  const { affiliateName } = useParams();
  const [{ id: sessionId, isNew: sessionIsNew }] = useState(readOrCreateSession);
  const [state, dispatch, latest] = useWizardState();
  const draft = useDraftSync({ sessionId, sessionIsNew, affiliateName, dispatch });

  const controller = useMemo<WizardController>(() => {
    // A completed step (or 'Save and finish later') moves the wizard, then hands the draft as the
    // reducer left it to the outbox; the wizard never waits for it.
    const saveAfter = (action: WizardAction) => {
      const step = hostStep(latest().currentStep);
      draft.save(draftOf(dispatch(action)), step);
    };
    return {
      sessionId,
      state,
      saveStatus: draft.saveStatus,
      update: (section, patch) => dispatch({ type: 'update', section, patch } as never),
      updateYear: (year, patch) => dispatch({ type: 'update-year', year, patch }),
      updateJob: (year, employmentId, patch) => dispatch({ type: 'update-job', year, employmentId, patch }),
      setEmployments: (employments) => dispatch({ type: 'set-employments', employments }),
      setScottishTaxpayer: (value) => dispatch({ type: 'set-scottish-taxpayer', value }),
      setLeave: (leave) => dispatch({ type: 'set-leave', leave }),
      setWorkplaces: (workplaces) => dispatch({ type: 'set-workplaces', workplaces }),
      changeAnswer: (step) => dispatch({ type: 'change-answer', step, returnTo: 'check-answers' }),
      continueStep: () => {
        const errors = validateWizardStep(state.currentStep, state.snapshot, stepExtras(state));
        if (Object.keys(errors).length > 0) {
          dispatch({ type: 'show-errors', errors });
          return false;
        }
        saveAfter({ type: 'advance' });
        return true;
      },
      advance: () => saveAfter({ type: 'advance' }),
      back: () => dispatch({ type: 'back' }),
      saveHere: () => saveAfter({ type: 'save-in-place' }),
      flushSaves: draft.flush,
      saveDraftNow: (timeoutMs) => draft.saveNow(draftOf(state), hostStep(state.currentStep), timeoutMs),
      showErrors: (errors) => dispatch({ type: 'show-errors', errors }),
      setJourneys: (journeys) => dispatch({ type: 'set-journeys', journeys }),
      setAgreement: (patch) => dispatch({ type: 'set-agreement', patch }),
      setSignature: (signature) => dispatch({ type: 'set-signature', signature }),
      setNiNumber: (niNumber) => dispatch({ type: 'set-ni-number', niNumber }),
      evidenceAdded: (year, file) => dispatch({ type: 'evidence-added', year, file }),
      fileRemoved: (id) => dispatch({ type: 'file-removed', id }),
      setMileageLogs: (logs) => dispatch({ type: 'set-mileage-logs', logs }),
      setP60: (file) => dispatch({ type: 'set-p60', file }),
      setSignatureUrl: (url, authority) => dispatch({ type: 'set-signature-url', url, authority }),
      enterRebuild: (year, employmentId) =>
        dispatch({
          type: 'enter-rebuild',
          ...(year === undefined ? {} : { year }),
          ...(employmentId === undefined ? {} : { employmentId }),
        }),
      rebuildReview: () => dispatch({ type: 'rebuild-review' }),
      exitRebuild: () => dispatch({ type: 'exit-rebuild' }),
      submitted: (answer) => {
        // D10: the outbox is cleared on submission; nothing is saved after it.
        draft.clear();
        dispatch({ type: 'submitted', ...answer });
      },
    };
  }, [sessionId, state, draft, dispatch, latest]);

  const ready = state.phase !== 'loading';
  useEffect(() => {
    if (!ready) return;
    // Once the claimant starts on the step: the schemas that Continue needs, then the later steps.
    // Continue pressed before they are here waits for them (wizard-shell.tsx).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancel = afterFirstInteraction(() => {
      void loadValidation();
      timer = setTimeout(() => Object.values(loadLaterSteps).forEach((load) => void load()), 1500);
    });
    return () => {
      cancel();
      clearTimeout(timer);
    };
  }, [ready]);

  if (state.phase === 'loading') {
    return (
      <Container width="narrow" className="flex min-h-[50vh] items-center justify-center py-10">
        <div className="flex flex-col items-center gap-4 text-brand-700" data-testid="wizard-loading">
          <Spinner size="lg" label="" />
          <p className="text-ink" role="status">
            Loading your application…
          </p>
        </div>
      </Container>
    );
  }

  const Step = STEPS[state.currentStep];
  return (
    <WizardContext.Provider value={controller}>
      <Suspense
        fallback={
          <Container>
            <div className="flex justify-center py-16">
              <Spinner size="lg" />
            </div>
          </Container>
        }
      >
        {/* The mileage-log builder's steps render inside the evidence step: one mount for all three. */}
        <Step key={hostStep(state.currentStep)} />
      </Suspense>
    </WizardContext.Provider>
  );
}
