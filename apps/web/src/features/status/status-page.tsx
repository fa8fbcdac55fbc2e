import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatIsoDate, isValidUkPhone, stripAngleBrackets, ukIsoDate } from '@taxback/domain';
import { STATUS_CODE_LENGTH, STATUS_MESSAGES } from '@taxback/domain/status-schemas';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import { Button } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/container.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useFocusTarget, type FocusTargetProps } from '../../lib/use-focus-target.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { currentStatus, requestStatusCode, verifyStatusCode } from './status-api.ts';
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
 * authority they signed.
 */
export function StatusPage() {
  const [params] = useSearchParams();
  const [phase, setPhase] = useState<Phase>({ kind: 'details' });
  const [reference, setReference] = useState(() => stripAngleBrackets(params.get('reference') ?? ''));
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Fields>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  usePageTitle(phase.kind === 'view' ? `Your claim ${phase.view.reference}` : 'Follow your claim');

  // A reload while the 30-minute cookie lasts shows the timeline again.
  useEffect(() => {
    let live = true;
    void currentStatus().then((view) => {
      if (live && view) setPhase((p) => (p.kind === 'details' ? { kind: 'view', view } : p));
    });
    return () => {
      live = false;
    };
  }, []);

  // Each new screen after the details form takes focus at its heading.
  const headingFocus = useFocusTarget<HTMLHeadingElement>(phase.kind !== 'details', phase.kind);

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
    } else if (answer.kind === 'fields') fail(answer.errors);
    else fail({}, answer.message);
  }

  const summary = summaryOf(errors);

  if (phase.kind === 'view') return <Timeline view={phase.view} headingFocus={headingFocus} />;

  return (
    <Container width="narrow" className="py-10">
      <ErrorSummary errors={summary} focusKey={attempt} />
      {alert && <StatusAlert message={alert} />}
      {phase.kind === 'details' ? (
        <form
          noValidate
          className="space-y-6"
          onSubmit={(e) => {
            e.preventDefault();
            void sendCode();
          }}
        >
          <h1 className="text-3xl">Follow your claim</h1>
          <p>
            Enter your claim reference and the mobile number you gave with your claim. We will text you a code
            to see your claim.
          </p>
          <TextField
            id={FIELD_IDS.reference}
            label="Claim reference"
            hint="In our text and email, for example TB123456ABCD1234 or GEN-1A2B3C4D"
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
}: {
  view: ClaimStatusView;
  headingFocus: FocusTargetProps<HTMLHeadingElement>;
}) {
  return (
    <Container width="narrow" className="py-10">
      <h1 {...headingFocus} className="mb-2 text-3xl outline-none">
        Your claim
      </h1>
      <p className="mb-8 text-lg">
        Reference <span className="font-bold tracking-wider break-all">{view.reference}</span>
      </p>
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
      <p className="text-sm text-muted">
        For your security this page closes 30 minutes after you entered the code.
      </p>
    </Container>
  );
}
