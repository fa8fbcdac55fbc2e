import { useEffect, useReducer } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { call, setCsrfToken } from '../../lib/api/admin-client.ts';
import { summaryItems } from './admin-api.ts';
import { useAdminSession } from './admin-session.tsx';
import { useAdminTitle } from './admin-title.ts';
import type { Enrolment } from '@taxback/domain/api/admin-responses';
import { paths } from '../../lib/paths.ts';
import { INITIAL_SIGN_IN, signInReducer, type Stage } from './sign-in-state.ts';

/** /admin/sign-in: email and password, then the authenticator code (or, the first time, enrolment). */
export function SignInPage() {
  const navigate = useNavigate();
  const session = useAdminSession();
  const [state, dispatch] = useReducer(signInReducer, INITIAL_SIGN_IN);
  const { stage, email, password, code, enrolment, errors, attempt, busy } = state;
  useAdminTitle(
    stage === 'password'
      ? 'Sign in'
      : stage === 'enrol'
        ? 'Set up your authenticator app'
        : 'Enter your security code',
  );

  useEffect(() => {
    if (stage !== 'enrol' || enrolment) return;
    void call('adminEnrolment').then((res) => {
      if (res.ok) dispatch({ type: 'enrolment-loaded', enrolment: res.data });
      else dispatch({ type: 'enrolment-failed', message: res.error ?? 'Sign in again' });
    });
  }, [stage, enrolment]);

  const errorsOf = (res: { errors?: Record<string, string>; error?: string }, field: string) =>
    res.errors ?? { [field]: res.error ?? 'Something went wrong. Please try again.' };
  const typed = (field: 'email' | 'password' | 'code') => (value: string) =>
    dispatch({ type: 'typed', field, value });

  async function submitPassword(event: FormEvent) {
    event.preventDefault();
    dispatch({ type: 'asked' });
    const res = await call('adminSignIn', { body: { email, password } });
    if (!res.ok) return dispatch({ type: 'refused', errors: errorsOf(res, 'email') });
    setCsrfToken(res.data.csrfToken);
    dispatch({ type: 'password-accepted', next: res.data.next });
  }

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    dispatch({ type: 'asked' });
    const res = await call(stage === 'enrol' ? 'adminConfirmEnrolment' : 'adminSignInCode', {
      body: { code },
    });
    if (!res.ok) {
      return dispatch({ type: 'refused', errors: errorsOf(res, 'code'), locked: res.status === 423 });
    }
    dispatch({ type: 'code-accepted' });
    session.signedIn(res.data.operator, res.data.csrfToken);
    void navigate(paths.adminClaims.getHref(), { replace: true });
  }

  return (
    <div className="mx-auto max-w-xl">
      <ErrorSummary errors={summaryItems(errors)} focusKey={attempt} />
      {stage === 'password' && (
        <form onSubmit={(e) => void submitPassword(e)} noValidate className="space-y-6">
          <h1 className="text-3xl">Sign in</h1>
          <p>For TaxBack operators only.</p>
          <TextField
            id="email"
            label="Email address"
            type="email"
            // 'username' belongs to text inputs only (HTML's autofill groups; HTML_CodeSniffer H98).
            autoComplete="email"
            spellCheck={false}
            value={email}
            onChange={typed('email')}
            error={errors.email}
          />
          <TextField
            id="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={typed('password')}
            error={errors.password}
          />
          <Button type="submit" loading={busy}>
            Continue
          </Button>
        </form>
      )}
      {stage !== 'password' && (
        <form onSubmit={(e) => void submitCode(e)} noValidate className="space-y-6">
          <CodeIntro stage={stage} enrolment={enrolment} />
          <TextField
            id="code"
            label="Security code"
            hint="For example, 123456"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            className="max-w-xs"
            value={code}
            onChange={typed('code')}
            error={errors.code}
          />
          <Button type="submit" loading={busy}>
            {stage === 'enrol' ? 'Confirm and sign in' : 'Sign in'}
          </Button>
        </form>
      )}
    </div>
  );
}

/** The second step's heading: enrolment (QR code and setup key) the first time, else the code prompt. */
function CodeIntro({ stage, enrolment }: { stage: Stage; enrolment: Enrolment | null }) {
  return (
    <>
      {stage === 'enrol' ? (
        <>
          <h1 className="text-3xl">Set up your authenticator app</h1>
          <p>
            Your account needs a second factor. Scan the QR code with an authenticator app, or type the setup
            key into it, then enter the 6-digit code it shows.
          </p>
          {enrolment && (
            <>
              <img src={enrolment.qrCode} alt="QR code for your authenticator app" width={240} height={240} />
              <dl className="space-y-1">
                <dt className="font-semibold">Setup key</dt>
                <dd>
                  <code data-testid="setup-key" className="text-lg break-all">
                    {enrolment.setupKey}
                  </code>
                </dd>
                <dt className="font-semibold">Account</dt>
                <dd>{enrolment.account}</dd>
              </dl>
            </>
          )}
        </>
      ) : (
        <>
          <h1 className="text-3xl">Enter your security code</h1>
          <p>Open your authenticator app and enter the 6-digit code it shows for TaxBack.</p>
        </>
      )}
    </>
  );
}
