import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isValidUkPhone, stripAngleBrackets } from '@taxback/domain';
import { STATUS_CODE_LENGTH, STATUS_MESSAGES, sameClaimReference } from '@taxback/domain/status-schemas';
import { CARD_PAYMENT_RETURNS, type CardPaymentReturn } from '@taxback/domain/card-payment-schemas';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import { Container } from '../../components/ui/container.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { useFocusTarget } from '../../lib/use-focus-target.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { Notice } from '../../components/ui/notice.tsx';
import {
  STATUS_FAILED_MESSAGE,
  currentStatus,
  requestStatusCode,
  signOutOfStatus,
  verifyStatusCode,
} from './status-api.ts';
import type { Fields } from './status-api.ts';
import { CodeForm, DetailsForm, FIELD_IDS, StatusAlert } from './status-sign-in.tsx';
import { PaymentReturnNotice, Timeline } from './status-timeline.tsx';

type Phase = { kind: 'details' } | { kind: 'code'; sentTo: string } | { kind: 'view'; view: ClaimStatusView };

/** Each phase's title begins with its heading (issue 32 item 8). */
function titleOf(phase: Phase): string {
  if (phase.kind === 'view') return `Your claim ${phase.view.reference}`;
  return phase.kind === 'code' ? 'Check your phone' : 'Follow your claim';
}

/** The browser's checks before a request: the same messages the server would answer with. */
function checkDetails(reference: string, phone: string): Fields {
  const errors: Fields = {};
  if (reference.trim() === '') errors.reference = STATUS_MESSAGES.referenceRequired;
  if (phone.trim() === '') errors.phone = STATUS_MESSAGES.phoneRequired;
  else if (!isValidUkPhone(phone.trim())) errors.phone = 'Please enter a valid UK phone number';
  return errors;
}

/** Decision 078: back from the card payment provider's page (the return address says which way). */
function paymentReturnOf(value: string | null): CardPaymentReturn | null {
  return CARD_PAYMENT_RETURNS.find((r) => r === value) ?? null;
}

/** Above the details form: back from paying by card, and why the form shows again. */
function DetailsNotices({
  notice,
  paymentReturn,
}: {
  notice: string | null;
  paymentReturn: CardPaymentReturn | null;
}) {
  return (
    <>
      {paymentReturn && <PaymentReturnNotice paymentReturn={paymentReturn} />}
      {notice && (
        <div className="mb-6">
          <Notice tone="done" title={notice} testId="status-notice" />
        </div>
      )}
    </>
  );
}

/** Why the details form is showing again, said above it. */
const SIGNED_OUT = 'You have signed out. To follow a claim again, enter its reference and mobile number.';

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
  const paymentReturn = paymentReturnOf(params.get('payment'));
  const [phase, setPhase] = useState<Phase>({ kind: 'details' });
  const [reference, setReference] = useState(() => stripAngleBrackets(linkReference ?? ''));
  const [notice, setNotice] = useState<string | null>(null);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Fields>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  usePageTitle(titleOf(phase));

  // A reload while the 30-minute cookie lasts shows the timeline again, but only of the link's
  // claim when the link names one: for another claim the server ends the session.
  useEffect(() => {
    let live = true;
    void currentStatus(linkReference).then((answer) => {
      if (!live) return;
      if (answer?.kind === 'view')
        setPhase((p) => (p.kind === 'code' ? p : { kind: 'view', view: answer.view }));
      else if (answer?.kind === 'other-claim' || linkReference !== null) {
        setPhase((p) => {
          if (p.kind !== 'view') return p;
          // Never left showing a claim the link is not for.
          return { kind: 'details' };
        });
        if (answer?.kind === 'other-claim') {
          setReference(stripAngleBrackets(linkReference ?? ''));
          setNotice(STATUS_MESSAGES.otherClaim);
        }
      }
    });
    return () => {
      live = false;
    };
  }, [linkReference]);

  /** Ends the session; "Follow another claim" then asks for a new reference, "Sign out" says so. */
  async function signOut(next: 'signed-out' | 'another') {
    setBusy(true);
    const done = await signOutOfStatus();
    setBusy(false);
    if (!done) return setAlert(STATUS_FAILED_MESSAGE);
    setReference('');
    setPhone('');
    setCode('');
    setErrors({});
    setAlert(null);
    setNotice(next === 'signed-out' ? SIGNED_OUT : null);
    if (linkReference !== null) setParams({}, { replace: true });
    setSignOuts((n) => n + 1);
    setPhase({ kind: 'details' });
  }

  // Each new screen after the details form takes focus at its heading, as does the details form
  // after signing out.
  const [signOuts, setSignOuts] = useState(0);
  const headingFocus = useFocusTarget<HTMLHeadingElement>(
    phase.kind !== 'details' || signOuts > 0,
    `${phase.kind}-${signOuts}`,
  );

  function fail(next: Fields, message: string | null = null) {
    setErrors(next);
    setAlert(message);
    setAttempt((n) => n + 1);
  }

  async function sendCode() {
    const local = checkDetails(reference, phone);
    if (Object.keys(local).length > 0) return fail(local);
    setBusy(true);
    const answer = await requestStatusCode(reference.trim(), phone.trim());
    setBusy(false);
    if (answer.kind === 'sent') {
      setErrors({});
      setAlert(null);
      setNotice(null);
      setCode('');
      setPhase({ kind: 'code', sentTo: answer.sentTo });
    } else if (answer.kind === 'fields') {
      if (phase.kind === 'code') setPhase({ kind: 'details' });
      fail(answer.errors);
    } else fail({}, answer.message);
  }

  async function checkCode() {
    if (!new RegExp(`^\\d{${STATUS_CODE_LENGTH}}$`).test(code.replace(/\s+/g, ''))) {
      return fail({ code: STATUS_MESSAGES.codeInvalid });
    }
    setBusy(true);
    const answer = await verifyStatusCode(reference.trim(), phone.trim(), code);
    setBusy(false);
    if (answer.kind === 'view') {
      setErrors({});
      setAlert(null);
      setPhase({ kind: 'view', view: answer.view });
      // The address then names the claim shown, so a reload shows it again.
      if (linkReference !== null && !sameClaimReference(linkReference, answer.view.reference))
        setParams({ reference: answer.view.reference }, { replace: true });
    } else if (answer.kind === 'fields') fail(answer.errors);
    else fail({}, answer.message);
  }

  const summary = summaryOf(errors);

  /** After an answer or a message: the view the server answered with, or loaded again. */
  async function refresh(next?: ClaimStatusView) {
    if (next) return setPhase({ kind: 'view', view: next });
    const answer = await currentStatus(null);
    if (answer?.kind === 'view') setPhase({ kind: 'view', view: answer.view });
  }

  if (phase.kind === 'view')
    return (
      <Timeline
        view={phase.view}
        headingFocus={headingFocus}
        busy={busy}
        alert={alert}
        onSignOut={() => void signOut('signed-out')}
        onFollowAnother={() => void signOut('another')}
        onChanged={(next) => void refresh(next)}
        paymentReturn={paymentReturn}
      />
    );

  return (
    <Container width="narrow" className="py-10">
      <ErrorSummary errors={summary} focusKey={attempt} />
      {alert && <StatusAlert message={alert} />}
      {phase.kind === 'details' && <DetailsNotices notice={notice} paymentReturn={paymentReturn} />}
      {phase.kind === 'details' ? (
        <DetailsForm
          headingFocus={headingFocus}
          reference={reference}
          phone={phone}
          errors={errors}
          busy={busy}
          onReference={setReference}
          onPhone={setPhone}
          onSubmit={() => void sendCode()}
        />
      ) : (
        <CodeForm
          headingFocus={headingFocus}
          sentTo={phase.sentTo}
          code={code}
          errors={errors}
          busy={busy}
          onCode={setCode}
          onSubmit={() => void checkCode()}
          onResend={() => void sendCode()}
          onChangeDetails={() => {
            setErrors({});
            setAlert(null);
            setPhase({ kind: 'details' });
          }}
        />
      )}
    </Container>
  );
}
