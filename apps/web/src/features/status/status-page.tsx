import { Suspense, lazy, startTransition, useEffect, useReducer } from 'react';
import { useSearchParams } from 'react-router';
import { isValidUkPhone } from '@taxback/domain/phone';
import { stripAngleBrackets } from '@taxback/domain/sanitise';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import { Container } from '../../components/ui/container.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { afterFirstInteraction } from '../../lib/after-first-interaction.ts';
import { useFocusTarget } from '../../lib/use-focus-target.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { Notice } from '../../components/ui/notice.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import {
  STATUS_FAILED_MESSAGE,
  currentStatus,
  requestStatusCode,
  signOutOfStatus,
  verifyStatusCode,
} from './status-api.ts';
import type { Fields } from './status-api.ts';
import { DetailsForm, FIELD_IDS, StatusAlert } from './status-sign-in.tsx';
import { initialStatus, statusReducer, type Phase } from './status-state.ts';
import { mayBeSignedIn } from './status-session-hint.ts';
import { loadStatusWords } from './status-words.ts';

// Decision 092: what a visitor who arrives to sign in does not need is fetched later. The code
// form (with the domain's status words, and so zod) once a code is sent; the signed-in screen (the
// timeline, thread, amendment, nomination, invoice and what they import) while the code is typed.
// Each is awaited before the screen shows it, and the change of screen is a transition, so React
// keeps the current screen until the next one can render (no loading frame, focus moved as ever).
const loadCodeForm = () => import('./status-code-form.tsx');
const CodeForm = lazy(() => loadCodeForm().then((m) => ({ default: m.CodeForm })));
const loadTimeline = () => import('./status-timeline.tsx');
const SignedInTimeline = lazy(() => loadTimeline().then((m) => ({ default: m.SignedInTimeline })));
const PaymentReturnFromAddress = lazy(() =>
  import('./status-payment-return.tsx').then((m) => ({ default: m.PaymentReturnFromAddress })),
);

/** Waits for a screen's code; should it fail to arrive, the lazy screen tries again (error page). */
const ready = (load: () => Promise<unknown>) =>
  load().then(
    () => undefined,
    () => undefined,
  );

/** An answer that opens the signed-in screen, once that screen's code is here. */
async function withTimelineIfView<T extends { kind: string } | null>(answer: Promise<T>): Promise<T> {
  const value = await answer;
  if (value?.kind === 'view') await ready(loadTimeline);
  return value;
}

/** Each phase's title begins with its heading (issue 32 item 8). */
function titleOf(phase: Phase): string {
  if (phase.kind === 'view') return `Your claim ${phase.view.reference}`;
  return phase.kind === 'code' ? 'Check your phone' : 'Follow your claim';
}

/** The browser's checks before a request: the same messages the server would answer with. */
async function checkDetails(reference: string, phone: string): Promise<Fields> {
  const { STATUS_MESSAGES } = await loadStatusWords();
  const errors: Fields = {};
  if (reference.trim() === '') errors.reference = STATUS_MESSAGES.referenceRequired;
  if (phone.trim() === '') errors.phone = STATUS_MESSAGES.phoneRequired;
  else if (!isValidUkPhone(phone.trim())) errors.phone = 'Please enter a valid UK phone number';
  return errors;
}

/** Above the details form: back from paying by card (decision 078), and why the form shows again. */
function DetailsNotices({ notice, payment }: { notice: string | null; payment: string | null }) {
  return (
    <>
      {payment !== null && (
        <Suspense fallback={null}>
          <PaymentReturnFromAddress payment={payment} />
        </Suspense>
      )}
      {notice && (
        <div className="mb-6">
          <Notice tone="done" title={notice} testId="status-notice" />
        </div>
      )}
    </>
  );
}

/** The error summary's items, in the form's order. */
function summaryOf(errors: Fields) {
  return (Object.keys(FIELD_IDS) as Array<keyof typeof FIELD_IDS>).flatMap((key) =>
    errors[key] ? [{ fieldId: FIELD_IDS[key], message: errors[key] }] : [],
  );
}

/**
 * /status (D23): a claimant follows a submitted claim. The reference and the mobile number given
 * with the claim get a code by text; the code shows the claim's timeline, in plain words, with the
 * authority they signed. A session is for one claim (issue 28): a link with another claim's
 * reference signs it out and asks for that claim's own code; the timeline has "Sign out" and
 * "Follow another claim".
 */
export function StatusPage() {
  const [params, setParams] = useSearchParams();
  const linkReference = params.get('reference');
  const payment = params.get('payment');
  const [state, dispatch] = useReducer(statusReducer, stripAngleBrackets(linkReference ?? ''), initialStatus);
  const { phase, reference, phone, code, errors, alert, busy } = state;

  usePageTitle(titleOf(phase));

  // A reload while the 30-minute cookie lasts shows the timeline again, but only of the link's
  // claim when the link names one: for another claim the server ends the session.
  useEffect(() => {
    let live = true;
    // A reload while signed in fetches the signed-in screen beside the view.
    if (mayBeSignedIn()) void loadTimeline();
    void withTimelineIfView(currentStatus(linkReference)).then((answer) => {
      if (!live) return;
      if (answer?.kind === 'view') startTransition(() => dispatch({ type: 'resumed', view: answer.view }));
      else if (answer?.kind === 'other-claim')
        dispatch({
          type: 'other-claim',
          reference: stripAngleBrackets(linkReference ?? ''),
          notice: answer.notice,
        });
      else if (linkReference !== null) dispatch({ type: 'not-resumed' });
    });
    return () => {
      live = false;
    };
  }, [linkReference]);

  // The words the forms' checks need, once the visitor starts on them (decision 092).
  useEffect(() => afterFirstInteraction(() => void loadStatusWords()), []);

  /** Ends the session; "Follow another claim" then asks for a new reference, "Sign out" says so. */
  async function signOut(next: 'signed-out' | 'another') {
    dispatch({ type: 'asked' });
    if (!(await signOutOfStatus()))
      return dispatch({ type: 'sign-out-failed', alert: STATUS_FAILED_MESSAGE });
    if (linkReference !== null) setParams({}, { replace: true });
    dispatch({ type: 'signed-out', next });
  }

  // Each new screen after the details form takes focus at its heading, as does the details form
  // after signing out.
  const headingFocus = useFocusTarget<HTMLHeadingElement>(
    phase.kind !== 'details' || state.signOuts > 0,
    `${phase.kind}-${state.signOuts}`,
  );

  async function sendCode() {
    const local = await checkDetails(reference, phone);
    if (Object.keys(local).length > 0) return dispatch({ type: 'refused', errors: local });
    dispatch({ type: 'asked' });
    const [answer] = await Promise.all([
      requestStatusCode(reference.trim(), phone.trim()),
      ready(loadCodeForm),
    ]);
    if (answer.kind === 'sent') {
      startTransition(() => dispatch({ type: 'code-sent', sentTo: answer.sentTo }));
      // The signed-in screen's code arrives while the claimant reads the text.
      void loadTimeline();
    } else if (answer.kind === 'fields')
      dispatch({ type: 'refused', errors: answer.errors, backToDetails: true });
    else dispatch({ type: 'refused', errors: {}, alert: answer.message });
  }

  async function checkCode() {
    const { STATUS_CODE_LENGTH, STATUS_MESSAGES, sameClaimReference } = await loadStatusWords();
    if (!new RegExp(`^\\d{${STATUS_CODE_LENGTH}}$`).test(code.replace(/\s+/g, ''))) {
      return dispatch({ type: 'refused', errors: { code: STATUS_MESSAGES.codeInvalid } });
    }
    dispatch({ type: 'asked' });
    const answer = await withTimelineIfView(verifyStatusCode(reference.trim(), phone.trim(), code));
    if (answer.kind === 'view') {
      startTransition(() => dispatch({ type: 'signed-in', view: answer.view }));
      // The address then names the claim shown, so a reload shows it again.
      if (linkReference !== null && !sameClaimReference(linkReference, answer.view.reference))
        setParams({ reference: answer.view.reference }, { replace: true });
    } else if (answer.kind === 'fields') dispatch({ type: 'refused', errors: answer.errors });
    else dispatch({ type: 'refused', errors: {}, alert: answer.message });
  }

  const summary = summaryOf(errors);

  /** After an answer or a message: the view the server answered with, or loaded again. */
  async function refresh(next?: ClaimStatusView) {
    if (next) return dispatch({ type: 'changed', view: next });
    const answer = await currentStatus(null);
    if (answer?.kind === 'view') dispatch({ type: 'changed', view: answer.view });
  }

  const screen =
    phase.kind === 'view' ? (
      <SignedInTimeline
        view={phase.view}
        busy={busy}
        alert={alert}
        onSignOut={() => void signOut('signed-out')}
        onFollowAnother={() => void signOut('another')}
        onChanged={(next) => void refresh(next)}
        payment={payment}
      />
    ) : (
      <Container width="narrow" className="py-10">
        <ErrorSummary errors={summary} focusKey={state.attempt} />
        {alert && <StatusAlert message={alert} />}
        {phase.kind === 'details' && <DetailsNotices notice={state.notice} payment={payment} />}
        {phase.kind === 'details' ? (
          <DetailsForm
            headingFocus={headingFocus}
            reference={reference}
            phone={phone}
            errors={errors}
            busy={busy}
            onReference={(value) => dispatch({ type: 'typed', field: 'reference', value })}
            onPhone={(value) => dispatch({ type: 'typed', field: 'phone', value })}
            onSubmit={() => void sendCode()}
          />
        ) : (
          <CodeForm
            headingFocus={headingFocus}
            sentTo={phase.sentTo}
            code={code}
            errors={errors}
            busy={busy}
            onCode={(value) => dispatch({ type: 'typed', field: 'code', value })}
            onSubmit={() => void checkCode()}
            onResend={() => void sendCode()}
            onChangeDetails={() => dispatch({ type: 'change-details' })}
          />
        )}
      </Container>
    );

  // One boundary for every screen, there from the first render: a change of screen made in a
  // transition keeps the current screen until the next one's code is here (decision 092).
  return <Suspense fallback={<PageLoading />}>{screen}</Suspense>;
}
