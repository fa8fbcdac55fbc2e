import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { rememberDetailsSessionId } from '../../lib/funnel-storage.ts';
import { paths } from '../../lib/paths.ts';
import { formatIsoDate, isValidUkPhone, stripAngleBrackets, ukIsoDate } from '@taxback/domain';
import { STATUS_CODE_LENGTH, STATUS_MESSAGES, sameClaimReference } from '@taxback/domain/status-schemas';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import { Button } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/container.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useFocusTarget, type FocusTargetProps } from '../../lib/use-focus-target.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { Notice } from '../../components/ui/notice.tsx';
import {
  STATUS_FAILED_MESSAGE,
  continueWithDetails,
  currentStatus,
  requestStatusCode,
  signOutOfStatus,
  verifyStatusCode,
} from './status-api.ts';
import type { Fields } from './status-api.ts';
import { PhoneField } from '../../components/ui/phone-field.tsx';

type Phase = { kind: 'details' } | { kind: 'code'; sentTo: string } | { kind: 'view'; view: ClaimStatusView };

const FIELD_IDS = { reference: 'status-reference', phone: 'status-phone', code: 'status-code' } as const;

/** The UK day of an instant, '26 November 2026', without Intl (decision 030). */
const ukLongDate = (at: string) => formatIsoDate(ukIsoDate(new Date(at)));

/** The browser's checks before a request: the same messages the server would answer with. */
function checkDetails(reference: string, phone: string): Fields {
  const errors: Fields = {};
  if (reference.trim() === '') errors.reference = STATUS_MESSAGES.referenceRequired;
  if (phone.trim() === '') errors.phone = STATUS_MESSAGES.phoneRequired;
  else if (!isValidUkPhone(phone.trim())) errors.phone = 'Please enter a valid UK phone number';
  return errors;
}

/** Why the details form is showing again, said above it. */
const SIGNED_OUT = 'You have signed out. To follow a claim again, enter its reference and mobile number.';

/** The error summary's items, in the form's order. */
function summaryOf(errors: Fields) {
  return (Object.keys(FIELD_IDS) as Array<keyof typeof FIELD_IDS>).flatMap((key) =>
    errors[key] ? [{ fieldId: FIELD_IDS[key], message: errors[key] }] : [],
  );
}

/** A problem that belongs to no field (too many tries, the service unavailable). */
function StatusAlert({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="mb-6 rounded-md border-4 border-danger bg-white p-4 font-semibold"
      data-testid="status-alert"
    >
      {message}
    </p>
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
  const [phase, setPhase] = useState<Phase>({ kind: 'details' });
  const [reference, setReference] = useState(() => stripAngleBrackets(linkReference ?? ''));
  const [notice, setNotice] = useState<string | null>(null);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Fields>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  usePageTitle(phase.kind === 'view' ? `Your claim ${phase.view.reference}` : 'Follow your claim');

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

  if (phase.kind === 'view')
    return (
      <Timeline
        view={phase.view}
        headingFocus={headingFocus}
        busy={busy}
        alert={alert}
        onSignOut={() => void signOut('signed-out')}
        onFollowAnother={() => void signOut('another')}
      />
    );

  return (
    <Container width="narrow" className="py-10">
      <ErrorSummary errors={summary} focusKey={attempt} />
      {alert && <StatusAlert message={alert} />}
      {notice && phase.kind === 'details' && (
        <div className="mb-6">
          <Notice tone="done" title={notice} testId="status-notice" />
        </div>
      )}
      {phase.kind === 'details' ? (
        <form
          noValidate
          className="space-y-6"
          onSubmit={(e) => {
            e.preventDefault();
            void sendCode();
          }}
        >
          <h1 {...headingFocus} className="text-3xl outline-none">
            Follow your claim
          </h1>
          <p>
            Enter your claim reference and the mobile number you gave with your claim. We will text you a code
            to see your claim.
          </p>
          <TextField
            id={FIELD_IDS.reference}
            label="Claim reference"
            hint="In our text and email, for example TB 4K7 9MX 2QH or GEN-1A2B3C4D"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="characters"
            maxLength={40}
            value={reference}
            onChange={(v) => setReference(stripAngleBrackets(v))}
            error={errors.reference}
          />
          <PhoneField
            id={FIELD_IDS.phone}
            label="Mobile number"
            value={phone}
            onChange={(v) => setPhone(stripAngleBrackets(v))}
            error={errors.phone}
          />
          <Button type="submit" loading={busy}>
            Text me a code
          </Button>
        </form>
      ) : (
        <form
          noValidate
          className="space-y-6"
          onSubmit={(e) => {
            e.preventDefault();
            void checkCode();
          }}
        >
          <h1 {...headingFocus} className="text-3xl outline-none">
            Check your phone
          </h1>
          <p role="status">
            We have texted a code to the number ending {phase.sentTo.slice(-3)}. It works for 10 minutes.
          </p>
          <TextField
            id={FIELD_IDS.code}
            label={`Enter the ${STATUS_CODE_LENGTH}-digit code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            value={code}
            onChange={(v) => setCode(v.replace(/[^\d\s]/g, ''))}
            error={errors.code}
          />
          <div className="flex flex-wrap items-center gap-4">
            <Button type="submit" loading={busy}>
              Show my claim
            </Button>
            <Button variant="link" onClick={() => void sendCode()}>
              Send a new code
            </Button>
            <Button
              variant="link"
              onClick={() => {
                setErrors({});
                setAlert(null);
                setPhase({ kind: 'details' });
              }}
            >
              Change reference or number
            </Button>
          </div>
        </form>
      )}
    </Container>
  );
}

function Timeline({
  view,
  headingFocus,
  busy,
  alert,
  onSignOut,
  onFollowAnother,
}: {
  view: ClaimStatusView;
  headingFocus: FocusTargetProps<HTMLHeadingElement>;
  busy: boolean;
  alert: string | null;
  onSignOut: () => void;
  onFollowAnother: () => void;
}) {
  return (
    <Container width="narrow" className="py-10">
      {alert && (
        <p
          role="alert"
          className="mb-6 rounded-md border-4 border-danger bg-white p-4 font-semibold"
          data-testid="status-alert"
        >
          {alert}
        </p>
      )}
      <h1 {...headingFocus} className="mb-2 text-3xl outline-none">
        Your claim
      </h1>
      <p className="mb-8 text-lg">
        Reference <span className="font-bold tracking-wider break-words">{view.reference}</span>
      </p>
      {view.kind === 'general' && <AddDetails />}
      <h2 className="mb-4 text-2xl">What has happened</h2>
      <ol className="mb-8 space-y-4 border-l-4 border-brand-700 pl-4" data-testid="status-timeline">
        {view.timeline.entries.map((entry, i) => (
          <li key={`${entry.status}-${i}`}>
            <p className="font-semibold">{entry.title}</p>
            <p className="text-muted">
              <time dateTime={entry.at}>{ukLongDate(entry.at)}</time>
            </p>
            {entry.detail && <p className="mt-1">{entry.detail}</p>}
          </li>
        ))}
      </ol>
      {view.timeline.next && (
        <>
          <h2 className="mb-2 text-2xl">What happens next</h2>
          <p className="mb-8" data-testid="status-next">
            {view.timeline.next}
          </p>
        </>
      )}
      {view.documents.length > 0 && (
        <>
          <h2 className="mb-2 text-2xl">What you signed</h2>
          <ul className="mb-8 list-disc pl-6">
            {view.documents.map((d) => (
              <li key={d.url}>
                <a href={d.url} download>
                  {d.name}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="mb-6 flex flex-wrap items-center gap-4">
        <Button variant="secondary" loading={busy} onClick={onSignOut}>
          Sign out
        </Button>
        <Button variant="link" disabled={busy} onClick={onFollowAnother}>
          Follow another claim
        </Button>
      </div>
      <p className="text-sm text-muted">
        For your security this page closes 30 minutes after you entered the code. On a shared device, sign out
        when you have finished.
      </p>
    </Container>
  );
}

/**
 * D30: a funnel claim is finished online: "Add the details HMRC needs" opens the details journey
 * on this device with the claim's session (after the code sign-in, never before).
 */
function AddDetails() {
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <div className="mb-8 rounded-lg border-2 border-brand-700 p-4">
      <p className="mb-3">
        HMRC needs more details before we can send your claim. If you have already added them, this shows them
        as sent to our team.
      </p>
      <Button
        loading={busy}
        onClick={() => {
          setBusy(true);
          void continueWithDetails().then((sessionId) => {
            setBusy(false);
            if (!sessionId) return setFailed(true);
            rememberDetailsSessionId(sessionId);
            void navigate(paths.claimDetails.getHref(), { state: { sessionId } });
          });
        }}
      >
        Add the details HMRC needs
      </Button>
      {failed && (
        <p role="alert" className="mt-2 font-semibold text-danger">
          {STATUS_FAILED_MESSAGE}
        </p>
      )}
    </div>
  );
}
