import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
} from 'react';
import { useParams } from 'react-router';
import {
  CONFIRMATION_STEP_ID,
  FIRST_STEP_ID,
  SAVE_CONFLICT_MESSAGES,
  createSessionId,
  hostStep,
  isSessionId,
  resumableStep,
  type WizardStepId,
} from '@taxback/domain';
import { Container } from '../../components/ui/container.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { captureUtmData, getAffiliate, getUtmData, saveAffiliate } from '../../lib/funnel-storage.ts';
import { stepExtras, useWizardState } from './hooks/use-wizard-state.ts';
import {
  createOutbox,
  localEntryWins,
  readOutbox,
  clearOutbox,
  type Outbox,
  type SaveStatus,
} from './lib/outbox.ts';
import { normaliseSnapshot, type WizardSnapshot } from '@taxback/domain';
import { type ServerData } from './lib/server-data.ts';
import { loadValidation, validateWizardStep } from './lib/validation.ts';
import { fetchProgress, saveProgress, type LoadResult } from './lib/wizard-api.ts';
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
export const CONFLICT_MESSAGE = SAVE_CONFLICT_MESSAGES.staleRevision;

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

/**
 * Runs `then` once the page's first contentful paint has reached the screen (at once when it
 * already has, as after a client-side navigation). An animation frame is too early: a request
 * started there still lands before the paint is shown, and on a slow phone the schemas then
 * compete with the first step for the network and the CPU.
 */
function afterFirstPaint(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    clearTimeout(timer);
    observer?.disconnect();
    timer = setTimeout(then, 0);
  };
  const painted = () =>
    typeof performance !== 'undefined' && performance.getEntriesByName?.('first-contentful-paint').length > 0;
  let observer: PerformanceObserver | null = null;
  if (painted()) {
    run();
  } else {
    try {
      observer = new PerformanceObserver(() => {
        if (painted()) run();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      observer = null;
    }
    // Without paint timing (or if no paint is ever reported), a second is the longest wait.
    timer = setTimeout(run, 1000);
  }
  return () => {
    clearTimeout(timer);
    observer?.disconnect();
  };
}

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

/** Attribution is recorded the first time it is known; a restored claim keeps what it had. */
function withTracking(snapshot: WizardSnapshot, affiliateParam: string | undefined): WizardSnapshot {
  const affiliate = saveAffiliate(affiliateParam) ?? getAffiliate();
  const utm = getUtmData() ?? captureUtmData(window.location.href);
  const utmFields = utm ? Object.fromEntries(Object.entries(utm).filter(([k]) => k !== 'full_url')) : null;
  return {
    ...snapshot,
    affiliateName: snapshot.affiliateName ?? affiliate,
    utmData: snapshot.utmData ?? (utmFields && Object.keys(utmFields).length > 0 ? utmFields : null),
    fullUrl: snapshot.fullUrl ?? utm?.full_url ?? window.location.href,
  };
}

export function OnboardingPage() {
  const { affiliateName } = useParams();
  const [{ id: sessionId, isNew: sessionIsNew }] = useState(readOrCreateSession);
  const [state, dispatch] = useWizardState();
  const [saveStatus, setSaveStatus] = useState<SaveStatus>('idle');
  const outboxRef = useRef<Outbox | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;

    async function reloadAfterConflict() {
      const res = await fetchProgress(sessionId, signal);
      if (signal.aborted) return;
      if (res.kind === 'found') {
        outbox.setRevision(res.revision);
        const submitted = res.server.status === 'submitted';
        if (submitted) clearOutbox(sessionId);
        dispatch({
          type: 'loaded',
          snapshot: withTracking(normaliseSnapshot(res.snapshot), affiliateName),
          currentStep: submitted ? CONFIRMATION_STEP_ID : resumableStep(res.currentStep),
          lastStepCompleted: res.lastStepCompleted,
          notice: submitted ? null : CONFLICT_MESSAGE,
          server: res.server,
        });
      } else dispatch({ type: 'set-notice', notice: CONFLICT_MESSAGE });
    }

    const outbox = createOutbox({
      sessionId,
      send: (payload, revision) => saveProgress(sessionId, payload, revision),
      onStatus: setSaveStatus,
      onConflict: () => void reloadAfterConflict(),
    });
    outboxRef.current = outbox;

    const retry = () => outbox.retryNow();
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', retry);

    async function load() {
      // A session id made a moment ago has nothing saved anywhere: the layout effect below has
      // already shown step 0, with no round trip (and no 404) first.
      if (sessionIsNew) return;
      const local = readOutbox(sessionId);
      const res: LoadResult = await fetchProgress(sessionId, signal);
      if (signal.aborted) return;
      if (res.kind === 'found') {
        outbox.setRevision(res.revision);
        // A submitted claim only shows its confirmation; nothing local can change it any more.
        const submitted = res.server.status === 'submitted';
        if (submitted) clearOutbox(sessionId);
        else if (localEntryWins(local, res.revision)) {
          restoreLocal(local, res.server);
          outbox.enqueue(local.payload);
          return;
        }
        dispatch({
          type: 'loaded',
          snapshot: withTracking(normaliseSnapshot(res.snapshot), affiliateName),
          currentStep: submitted ? CONFIRMATION_STEP_ID : resumableStep(res.currentStep),
          lastStepCompleted: res.lastStepCompleted,
          server: res.server,
        });
        return;
      }
      if (res.kind === 'none') {
        if (localEntryWins(local, null)) {
          restoreLocal(local);
          outbox.enqueue(local.payload);
          return;
        }
        if (local) clearOutbox(sessionId);
        dispatch({
          type: 'loaded',
          snapshot: withTracking(normaliseSnapshot(null), affiliateName),
          currentStep: FIRST_STEP_ID,
          lastStepCompleted: null,
        });
        return;
      }
      // The server could not answer (load errors are only logged, SPEC §4): carry on from the
      // local copy when there is one; unacknowledged saves keep retrying.
      console.warn('Could not load saved onboarding progress');
      if (local) {
        outbox.setRevision(local.baseRevision);
        restoreLocal(local);
        if (!local.acknowledged) outbox.enqueue(local.payload);
        return;
      }
      dispatch({
        type: 'loaded',
        snapshot: withTracking(normaliseSnapshot(null), affiliateName),
        currentStep: FIRST_STEP_ID,
        lastStepCompleted: null,
      });
    }

    function restoreLocal(local: NonNullable<ReturnType<typeof readOutbox>>, server?: ServerData) {
      dispatch({
        type: 'loaded',
        snapshot: withTracking(normaliseSnapshot(local.payload.snapshot), affiliateName),
        // The confirmation needs the server's word (D10), so a local copy never opens it.
        currentStep: resumableStep(local.payload.currentStep),
        lastStepCompleted: local.payload.lastStepCompleted,
        ...(server ? { server } : {}),
      });
    }

    void load();
    return () => {
      controller.abort();
      outbox.dispose();
      if (outboxRef.current === outbox) outboxRef.current = null;
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', retry);
    };
  }, [sessionId, sessionIsNew, affiliateName, dispatch]);

  // Every completed step hands the whole snapshot to the outbox; the wizard never waits for it.
  useEffect(() => {
    if (state.saveRequest) outboxRef.current?.enqueue(state.saveRequest.payload);
  }, [state.saveRequest]);

  const flushSaves = useCallback(
    (timeoutMs?: number) => outboxRef.current?.flush(timeoutMs) ?? Promise.resolve(false),
    [],
  );

  const controller = useMemo<WizardController>(
    () => ({
      sessionId,
      state,
      saveStatus,
      update: (section, patch) => dispatch({ type: 'update', section, patch } as never),
      updateYear: (year, patch) => dispatch({ type: 'update-year', year, patch }),
      updateJob: (year, employmentId, patch) => dispatch({ type: 'update-job', year, employmentId, patch }),
      setEmployments: (employments) => dispatch({ type: 'set-employments', employments }),
      setScottishTaxpayer: (value) => dispatch({ type: 'set-scottish-taxpayer', value }),
      setLeave: (leave) => dispatch({ type: 'set-leave', leave }),
      changeAnswer: (step) => dispatch({ type: 'change-answer', step, returnTo: 'check-answers' }),
      continueStep: () => {
        const errors = validateWizardStep(state.currentStep, state.snapshot, stepExtras(state));
        if (Object.keys(errors).length > 0) {
          dispatch({ type: 'show-errors', errors });
          return false;
        }
        dispatch({ type: 'advance' });
        return true;
      },
      advance: () => dispatch({ type: 'advance' }),
      back: () => dispatch({ type: 'back' }),
      saveHere: () => dispatch({ type: 'save-in-place' }),
      flushSaves,
      saveDraftNow: (timeoutMs) => {
        const outbox = outboxRef.current;
        if (!outbox) return Promise.resolve(false);
        outbox.enqueue({
          currentStep: hostStep(state.currentStep),
          lastStepCompleted: state.lastStepCompleted,
          snapshot: state.snapshot,
        });
        return outbox.flush(timeoutMs);
      },
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
      enterRebuild: () => dispatch({ type: 'enter-rebuild' }),
      rebuildReview: () => dispatch({ type: 'rebuild-review' }),
      exitRebuild: () => dispatch({ type: 'exit-rebuild' }),
      submitted: (answer) => {
        // D10: the outbox is cleared on submission; nothing is saved after it.
        clearOutbox(sessionId);
        dispatch({ type: 'submitted', ...answer });
      },
    }),
    [sessionId, state, saveStatus, dispatch, flushSaves],
  );

  // A new claimant's first screen is step 0, known before the first paint: no spinner frame first.
  useLayoutEffect(() => {
    if (!sessionIsNew) return;
    dispatch({
      type: 'loaded',
      snapshot: withTracking(normaliseSnapshot(null), affiliateName),
      currentStep: FIRST_STEP_ID,
      lastStepCompleted: null,
    });
    // Once, for the session this page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const ready = state.phase !== 'loading';
  useEffect(() => {
    if (!ready) return;
    // Once the first step is on screen: the schemas that Continue needs, then the later steps.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancel = afterFirstPaint(() => {
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
