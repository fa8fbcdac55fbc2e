import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isResumeCodeShape, isValidUkPhone, stripAngleBrackets } from '@taxback/domain';
import { CONTENT } from '@taxback/domain/content';
import { Button } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/container.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { RESUME_MESSAGES, resumeApplication } from './resume-api.ts';
import { PhoneField } from '../../components/ui/phone-field.tsx';

/** The wizard's session key (SPEC §3); the onboarding page reads it on load. */
export const ONBOARDING_SESSION_KEY = 'onboarding_session_id';
const PHONE_ID = 'resume-phone';

type Phase = { kind: 'phone' } | { kind: 'resuming' } | { kind: 'failed'; message: string };

/**
 * /resume/{code} (D8): the code alone is not enough; the claimant confirms the mobile number it was
 * sent to. The code is kept in memory only and the address bar is rewritten so it leaves no trace in
 * the history.
 */
export function ResumePage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [code] = useState(() => token.trim().toUpperCase());
  const validShape = isResumeCodeShape(code);
  const [phase, setPhase] = useState<Phase>(() =>
    validShape ? { kind: 'phone' } : { kind: 'failed', message: RESUME_MESSAGES.invalid },
  );
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    window.history.replaceState(window.history.state, '', '/resume');
  }, []);

  useEffect(() => {
    const title =
      phase.kind === 'failed'
        ? 'Unable to Resume'
        : phase.kind === 'resuming'
          ? 'Resuming Your Application'
          : 'Continue your application';
    document.title = `${title} – ${CONTENT.brandName}`;
    if (phase.kind !== 'phone') headingRef.current?.focus();
  }, [phase.kind]);

  async function submit() {
    const trimmed = phone.trim();
    const message =
      trimmed === ''
        ? 'Phone number is required'
        : isValidUkPhone(trimmed)
          ? null
          : 'Please enter a valid UK phone number';
    if (message) {
      setError(message);
      setAttempt((n) => n + 1);
      return;
    }
    setError(null);
    setPhase({ kind: 'resuming' });
    const result = await resumeApplication(code, trimmed);
    if (result.kind === 'resumed') {
      try {
        window.sessionStorage.setItem(ONBOARDING_SESSION_KEY, result.sessionId);
      } catch {
        /* without storage the wizard starts a fresh session */
      }
      void navigate('/onboarding', { replace: true });
      return;
    }
    if (result.kind === 'phone-error') {
      setError(result.message);
      setAttempt((n) => n + 1);
      setPhase({ kind: 'phone' });
      return;
    }
    setPhase({ kind: 'failed', message: result.message });
  }

  if (phase.kind === 'resuming') {
    return (
      <Container width="narrow" className="py-10">
        <div className="flex flex-col items-center gap-4 text-center" data-testid="resume-resuming">
          <h1 ref={headingRef} tabIndex={-1} className="text-3xl outline-none">
            Resuming Your Application
          </h1>
          <span className="text-brand-700">
            <Spinner size="lg" label="Please wait" />
          </span>
        </div>
      </Container>
    );
  }

  if (phase.kind === 'failed') {
    return (
      <Container width="narrow" className="py-10">
        <div className="space-y-6" data-testid="resume-failed">
          <h1 ref={headingRef} tabIndex={-1} className="text-3xl outline-none">
            Unable to Resume
          </h1>
          <p role="alert" className="text-lg" data-testid="resume-message">
            {phase.message}
          </p>
          <Button onClick={() => void navigate('/', { replace: true })} data-testid="start-new-application">
            Start New Application
          </Button>
        </div>
      </Container>
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
        <h1 className="text-3xl">Continue your application</h1>
        <PhoneField
          id={PHONE_ID}
          label="Enter the mobile number this code was sent to"
          value={phone}
          onChange={(v) => {
            setPhone(stripAngleBrackets(v));
            if (error && isValidUkPhone(v.trim())) setError(null);
          }}
          error={error}
        />
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" data-testid="resume-submit">
            Continue
          </Button>
          <Button variant="link" onClick={() => void navigate('/', { replace: true })}>
            Start New Application
          </Button>
        </div>
      </form>
    </Container>
  );
}
