import { formatIsoDate, formatPence, ukIsoDate } from '@taxback/domain';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import type { CardPaymentReturn } from '@taxback/domain/card-payment-schemas';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/container.tsx';
import { useFocusTarget, type FocusTargetProps } from '../../lib/use-focus-target.ts';
import { rememberDetailsSessionId } from '../../lib/funnel-storage.ts';
import { paths } from '../../lib/paths.ts';
import { STATUS_FAILED_MESSAGE, continueWithDetails } from './status-api.ts';
import { StatusAlert } from './status-sign-in.tsx';
import { StatusInvoice } from './status-invoice.tsx';
import { StatusNomination } from './status-nomination.tsx';
import { StatusThread } from './status-thread.tsx';
import { PaymentReturnNotice, paymentReturnOf } from './status-payment-return.tsx';

/** The UK day of an instant, '26 November 2026', without Intl (decision 030). */
const ukLongDate = (at: string) => formatIsoDate(ukIsoDate(new Date(at)));

type TimelineProps = {
  view: ClaimStatusView;
  headingFocus: FocusTargetProps<HTMLHeadingElement>;
  busy: boolean;
  alert: string | null;
  onSignOut: () => void;
  onFollowAnother: () => void;
  /** The view after a change (or none: load it again). */
  onChanged: (view?: ClaimStatusView) => void;
  /** Decision 078: back from the payment provider's page (`?payment=`), or not. */
  paymentReturn?: CardPaymentReturn | null;
};

/**
 * The signed-in screen as the status page loads it (decision 092: this module and what it imports
 * are a chunk a visitor who has not signed in never fetches). Its heading takes the focus when it
 * appears, as each new screen's does.
 */
export function SignedInTimeline({
  payment,
  ...props
}: Omit<TimelineProps, 'headingFocus' | 'paymentReturn'> & {
  /** The address's `?payment=`, or null. */
  payment: string | null;
}) {
  const headingFocus = useFocusTarget<HTMLHeadingElement>(true);
  return <Timeline {...props} headingFocus={headingFocus} paymentReturn={paymentReturnOf(payment)} />;
}

/** The claim after the code sign-in: its timeline, the thread (issue 28), what was signed. */
export function Timeline({
  view,
  headingFocus,
  busy,
  alert,
  onSignOut,
  onFollowAnother,
  onChanged,
  paymentReturn = null,
}: TimelineProps) {
  return (
    <Container width="narrow" className="py-10">
      {alert && <StatusAlert message={alert} />}
      {paymentReturn && <PaymentReturnNotice paymentReturn={paymentReturn} />}
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
      {view.hmrcYears && <HmrcYears years={view.hmrcYears} />}
      {view.invoice && (
        <StatusInvoice
          invoice={view.invoice}
          casework={view.casework}
          // Paid at the provider: its webhook records it; a second payment is not offered meanwhile.
          cardPaid={paymentReturn === 'done'}
        />
      )}
      {view.nomination && (
        <StatusNomination view={view} nomination={view.nomination} onChanged={(next) => onChanged(next)} />
      )}
      {view.timeline.next && (
        <>
          <h2 className="mb-2 text-2xl">What happens next</h2>
          <p className="mb-8" data-testid="status-next">
            {view.timeline.next}
          </p>
        </>
      )}
      <StatusThread view={view} onChanged={onChanged} />
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

/**
 * D40: HMRC's answer for each tax year, in words ("2024/25: HMRC repaid £450.00"), and, where a
 * fee is set (D20), the fee on what HMRC repaid and what the claimant keeps.
 */
function HmrcYears({ years }: { years: NonNullable<ClaimStatusView['hmrcYears']> }) {
  return (
    <>
      <h2 className="mb-2 text-2xl">What HMRC decided</h2>
      <ul className="mb-4 list-disc space-y-1 pl-6" data-testid="status-hmrc-years">
        {years.years.map((y) => (
          <li key={y.year}>{y.words}</li>
        ))}
      </ul>
      {years.feePence > 0 && (
        <p className="mb-4" data-testid="status-fee">
          Our fee on {years.feeOn} is {formatPence(years.feePence)}; you keep{' '}
          {formatPence(years.claimantPence)}.
        </p>
      )}
      <p className="mb-8 text-muted">HMRC’s letters to you set out the details of each year.</p>
    </>
  );
}
