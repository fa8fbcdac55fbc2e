import { useEffect, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import {
  FIRST_STEP_ID,
  RESUME_CODE_TTL_DAYS,
  hasCompleted,
  stepProgress,
  wizardStepById,
} from '@taxback/domain';
import { CONTENT } from '@taxback/domain/content';
import { Button } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/container.tsx';
import { ErrorSummary, type ErrorSummaryItem } from '../../components/ui/error-summary.tsx';
import { useFocusTarget } from '../../lib/use-focus-target.ts';
import { useWizard } from './wizard-context.tsx';
import {
  errorMatches,
  fieldId,
  loadValidation,
  loadedSchemas,
  validateWizardStep,
} from './lib/validation.ts';
import { requestResumeCode } from './lib/wizard-api.ts';
import type { SaveStatus } from './lib/outbox.ts';
import { stepExtras } from './hooks/use-wizard-state.ts';

export const SAVE_STATUS_TEXT: Record<SaveStatus, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'All changes saved',
  offline: "Offline, we'll keep trying",
};

export interface WizardShellProps {
  heading: string;
  children: ReactNode;
  /** Hint under the heading. */
  lead?: ReactNode;
  /** Hide the Continue button (auto-advancing steps until an answer needs confirming). */
  showContinue?: boolean;
  continueLabel?: string;
  continueDisabled?: boolean;
  /** Defaults to the validating continue of the wizard. */
  onContinue?: () => void;
  /** Field paths of this step in screen order, so the error summary links to the right input. */
  fields?: readonly string[];
  /** Called before the summary link moves focus (step 5 switches to the tab holding the field). */
  onErrorLinkClick?: (targetId: string) => void;
  /** Content after the step's own form (a separate form of its own, such as a call-back request). */
  after?: ReactNode;
}

function summaryItems(errors: Record<string, string>, fields: readonly string[]): ErrorSummaryItem[] {
  const items = Object.entries(errors).map(([key, message]) => {
    // An exact path wins over a leaf match ('journeys.1.startAddress' is not journey 0's field).
    const path = fields.includes(key) ? key : (fields.find((f) => errorMatches(key, f)) ?? key);
    const order = fields.indexOf(path);
    return { fieldId: fieldId(path), message, order: order === -1 ? fields.length : order };
  });
  items.sort((a, b) => a.order - b.order);
  const seen = new Set<string>();
  return items
    .filter((i) => (seen.has(i.fieldId) ? false : (seen.add(i.fieldId), true)))
    .map(({ fieldId: id, message }) => ({ fieldId: id, message }));
}

function maskedPhoneEnding(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.slice(-3);
}

/**
 * The GOV.UK question-page frame around every step: progress, Back above the heading, the error
 * summary, the question as the h1 (focused on each step change), Continue, and the save status.
 */
export function WizardShell({
  heading,
  children,
  lead,
  showContinue = true,
  continueLabel = 'Continue',
  continueDisabled = false,
  onContinue,
  fields = [],
  onErrorLinkClick,
  after,
}: WizardShellProps) {
  const wizard = useWizard();
  // Continue pressed before the schemas are here (they load on the claimant's first interaction,
  // decision 060) waits for them once; a second press meanwhile does nothing.
  const waitingForSchemas = useRef(false);
  const { state, saveStatus } = wizard;
  const step = state.currentStep;
  const hasErrors = Object.keys(state.errors).length > 0;
  // The title begins with the heading the step shows (GOV.UK; issue 32 item 8), not the plan's name.
  const stepTitle = heading || wizardStepById(step).title;
  const progress = stepProgress(step, state.snapshot);
  // A stop screen ends the route: it has no place in the count.
  const { position } = progress;

  // The heading takes focus only when this step's frame first appears, after the claimant moved to it.
  const [focusHeading] = useState(state.stepChangedByUser);
  const headingFocus = useFocusTarget<HTMLHeadingElement>(focusHeading);

  useEffect(() => {
    const count = position === null ? '' : ` – Step ${position} of ${progress.total}`;
    document.title = `${hasErrors ? 'Error: ' : ''}${stepTitle}${count} – ${CONTENT.brandName}`;
  }, [hasErrors, stepTitle, position, progress.total]);

  const items = summaryItems(state.errors, fields);
  const Frame = showContinue ? 'form' : 'div';
  const handleSummaryClick = (e: MouseEvent<HTMLDivElement>) => {
    const link = (e.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (href?.startsWith('#')) onErrorLinkClick?.(href.slice(1));
  };

  return (
    <Container width="narrow" className="py-6 sm:py-10">
      <div data-testid="wizard-step" data-step={step} hidden />
      {position !== null && (
        <div className="mb-4">
          <p className="text-sm font-semibold text-muted" data-testid="wizard-progress">
            Step {position} of {progress.total}
          </p>
          <div className="mt-2 h-2 w-full overflow-hidden rounded-full bg-gray-200" aria-hidden="true">
            <div
              className="h-full rounded-full bg-brand-700 transition-[width] duration-300 motion-reduce:transition-none"
              style={{ width: `${(position / progress.total) * 100}%` }}
            />
          </div>
        </div>
      )}

      {step !== FIRST_STEP_ID && (
        <div className="mb-2 -ml-1">
          <Button variant="link" onClick={wizard.back} data-testid="wizard-back">
            <span aria-hidden="true">‹</span> Back
          </Button>
        </div>
      )}

      {state.notice && (
        <div
          role="alert"
          className="mb-6 rounded-md border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950"
        >
          {state.notice}
        </div>
      )}

      <div onClickCapture={handleSummaryClick}>
        <ErrorSummary errors={items} focusKey={state.errorFocusKey} />
      </div>

      {/* A step without Continue (a stop screen) is no form: a form must have a way to submit it. */}
      <Frame
        {...(showContinue
          ? {
              noValidate: true,
              onSubmit: (e: FormEvent) => {
                e.preventDefault();
                if (continueDisabled || waitingForSchemas.current) return;
                const go = onContinue ?? wizard.continueStep;
                if (loadedSchemas()) {
                  go();
                  return;
                }
                waitingForSchemas.current = true;
                void loadValidation().then(() => {
                  waitingForSchemas.current = false;
                  go();
                });
              },
            }
          : {})}
      >
        <h1
          {...headingFocus}
          id="wizard-step-heading"
          data-testid="wizard-step-heading"
          className="mb-4 text-3xl outline-none sm:text-4xl"
        >
          {heading}
        </h1>
        {lead && <div className="mb-6 text-lg text-muted">{lead}</div>}
        <div className="space-y-6">{children}</div>
        {showContinue && (
          <div className="mt-8">
            <Button
              type="submit"
              disabled={continueDisabled}
              fullWidth
              className="sm:w-auto"
              data-testid="wizard-continue"
            >
              {continueLabel}
            </Button>
          </div>
        )}
      </Frame>
      {after && <div className="mt-8">{after}</div>}

      <p aria-live="polite" className="mt-6 min-h-6 text-sm text-muted" data-testid="save-status">
        {SAVE_STATUS_TEXT[saveStatus]}
      </p>

      {wizardStepById(step).offersResume === true && <SaveAndFinishLater />}
    </Container>
  );
}

function SaveAndFinishLater() {
  const wizard = useWizard();
  const [phase, setPhase] = useState<'idle' | 'sending' | 'sent' | 'error'>('idle');
  const [message, setMessage] = useState('');

  async function handleClick() {
    await loadValidation();
    const { state } = wizard;
    const errors = validateWizardStep(state.currentStep, state.snapshot, stepExtras(state));
    if (Object.keys(errors).length === 0) wizard.saveHere();
    else if (!hasCompleted('personal', state.lastStepCompleted)) {
      // The code goes to the claimant's phone, so their details must be complete first.
      wizard.showErrors(errors);
      return;
    }
    setPhase('sending');
    setMessage('');
    await wizard.flushSaves();
    const result = await requestResumeCode(wizard.sessionId);
    if (result.ok) {
      const ending = maskedPhoneEnding(state.snapshot.personalInfo.phone);
      setPhase('sent');
      setMessage(
        `We have sent a code by text message to your phone${ending ? ` (the number ending ${ending})` : ''}. ` +
          `Use the link in the message within ${RESUME_CODE_TTL_DAYS} days to carry on where you left off.`,
      );
    } else {
      setPhase('error');
      setMessage(result.message);
    }
  }

  return (
    <div className="mt-2 border-t border-gray-200 pt-4">
      <Button
        variant="link"
        loading={phase === 'sending'}
        onClick={() => void handleClick()}
        data-testid="save-and-finish-later"
      >
        Save and finish later
      </Button>
      <p
        role="status"
        data-testid="save-later-message"
        className={`mt-2 ${phase === 'error' ? 'font-semibold text-danger' : 'text-ink'}`}
      >
        {message}
      </p>
    </div>
  );
}
