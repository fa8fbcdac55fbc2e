import { useEffect, useReducer, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isResumeCodeShape, isValidUkPhone } from '@taxback/domain';
import { CONTENT } from '@taxback/domain/content';
import { Button } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/container.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { RESUME_MESSAGES, resumeApplication } from './resume-api.ts';
import { PhoneField } from '../../components/ui/phone-field.tsx';
import { useFocusTarget, type FocusTargetProps } from '../../lib/use-focus-target.ts';
import { paths } from '../../lib/paths.ts';
import { initialResume, resumeReducer, type Phase } from './resume-state.ts';

/** The wizard's session key (SPEC §3); the onboarding page reads it on load. */
export const ONBOARDING_SESSION_KEY = 'onboarding_session_id';
const PHONE_ID = 'resume-phone';

/** Each phase's heading, which also names the page. */
const TITLES: Record<Phase['kind'], string> = {
  phone: 'Continue your application',
  resuming: 'Resuming Your Application',
  failed: 'Unable to Resume',
};

/** A phase shown in place of the form (resuming, or why not): its heading takes focus as it appears. */
function PhaseScreen({
  title,
  testId,
  className,
  headingFocus,
  children,
}: {
  title: string;
  testId: string;
  className: string;
  headingFocus: FocusTargetProps<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <Container width="narrow" className="py-10">
      <div className={className} data-testid={testId}>
        <h1 {...headingFocus} className="text-3xl outline-none">
          {title}
        </h1>
        {children}
      </div>
    </Container>
  );
}

/**
 * /resume/{code} (D8): the code alone is not enough; the claimant confirms the mobile number it was
 * sent to. The code is kept in memory only and the address bar is rewritten so it leaves no trace in
 * the history.
 */
export function ResumePage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [code] = useState(() => token.trim().toUpperCase());
  const [state, dispatch] = useReducer(
    resumeReducer,
    isResumeCodeShape(code) ? null : RESUME_MESSAGES.invalid,
    initialResume,
  );
  const { phase, phone, error, attempt } = state;

  useEffect(() => {
    window.history.replaceState(window.history.state, '', paths.resumed.getHref());
  }, []);

  useEffect(() => {
    document.title = `${TITLES[phase.kind]} – ${CONTENT.brandName}`;
  }, [phase.kind]);
  const headingFocus = useFocusTarget<HTMLHeadingElement>(phase.kind !== 'phone', phase.kind);

  async function submit() {
    const trimmed = phone.trim();
    const message =
      trimmed === ''
        ? 'Enter the mobile number this code was sent to'
        : isValidUkPhone(trimmed)
          ? null
          : 'Please enter a valid UK phone number';
    if (message) return dispatch({ type: 'refused', message });
    dispatch({ type: 'resuming' });
    const result = await resumeApplication(code, trimmed);
    if (result.kind === 'resumed') {
      try {
        window.sessionStorage.setItem(ONBOARDING_SESSION_KEY, result.sessionId);
      } catch {
        /* without storage the wizard starts a fresh session */
      }
      void navigate(paths.onboarding.getHref(), { replace: true });
      return;
    }
    if (result.kind === 'phone-error') return dispatch({ type: 'refused', message: result.message });
    dispatch({ type: 'failed', message: result.message });
  }

  if (phase.kind === 'resuming') {
    return (
      <PhaseScreen
        title={TITLES.resuming}
        testId="resume-resuming"
        className="flex flex-col items-center gap-4 text-center"
        headingFocus={headingFocus}
      >
        <span className="text-brand-700">
          <Spinner size="lg" label="Please wait" />
        </span>
      </PhaseScreen>
    );
  }

  if (phase.kind === 'failed') {
    return (
      <PhaseScreen
        title={TITLES.failed}
        testId="resume-failed"
        className="space-y-6"
        headingFocus={headingFocus}
      >
        <p role="alert" className="text-lg" data-testid="resume-message">
          {phase.message}
        </p>
        <Button
          onClick={() => void navigate(paths.home.getHref(), { replace: true })}
          data-testid="start-new-application"
        >
          Start New Application
        </Button>
      </PhaseScreen>
    );
  }

  return (
    <Container width="narrow" className="py-10">
      <ErrorSummary errors={error ? [{ fieldId: PHONE_ID, message: error }] : []} focusKey={attempt} />
      <form
        noValidate
        className="space-y-6"
        data-testid="resume-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h1 className="text-3xl">{TITLES.phone}</h1>
        <PhoneField
          id={PHONE_ID}
          label="Enter the mobile number this code was sent to"
          value={phone}
          onChange={(raw) => dispatch({ type: 'typed', raw })}
          error={error}
        />
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" data-testid="resume-submit">
            Continue
          </Button>
          <Button variant="link" onClick={() => void navigate(paths.home.getHref(), { replace: true })}>
            Start New Application
          </Button>
        </div>
      </form>
    </Container>
  );
}
