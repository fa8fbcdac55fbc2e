import { useEffect, useRef, useState } from 'react';
import { CONGRATS_ADVANCE_MS, RELIEF_CAP_NOTICE, formatMoney, reliefOf } from '@taxback/domain';
import type { WizardSnapshot } from '@taxback/domain';
import { Button } from '../../../components/ui/button.tsx';
import { ClaimForFreeNote, FeeNote, hasFee } from '../../../components/authority/fee-note.tsx';
import { useFeeSettings } from '../../../lib/settings.ts';
import { CountUp } from '../components/count-up.tsx';
import { fireConfetti } from '../components/confetti.ts';
import { CaseYearsPanel } from '../components/case-years-panel.tsx';
import { SelfAssessmentNote, selfAssessmentYears } from '../components/self-assessment-note.tsx';
import { caseFiguresOf, claimSummaryOf } from '../lib/case-figures.ts';
import type { ServerData } from '../lib/server-data.ts';
import { useWizard } from '../wizard-context.tsx';
import { WizardShell } from '../wizard-shell.tsx';

/**
 * The estimate, once the employer's payments are known (so the figure is the final one). A claim
 * with a year over £2,500 hears about Self Assessment first and is not congratulated (D31).
 */
export function StepCongratulations() {
  const { snapshot, server } = useWizard().state;
  if (selfAssessmentYears(claimSummaryOf(snapshot, server)).length > 0) return <SelfAssessmentEstimate />;
  return <Celebration />;
}

/**
 * The figure the step shows: the mileage claim's estimate, or (D38) in a case the estimate across
 * every kind of each year, with the case's years listed.
 */
function estimateOf(snapshot: WizardSnapshot, server: ServerData) {
  const figures = caseFiguresOf(snapshot, server);
  return figures
    ? {
        low: figures.total.low,
        lead: 'Based on what you have told us, you could be owed a tax rebate on your mileage and your other work expenses of:',
        panel: <CaseYearsPanel figures={figures} />,
      }
    : { low: reliefOf(snapshot).low, lead: null, panel: null };
}

/** D31: told at the figure, plainly, with GOV.UK's link; no confetti, no count, no time limit. */
function SelfAssessmentEstimate() {
  const wizard = useWizard();
  const { snapshot, server } = wizard.state;
  const estimate = estimateOf(snapshot, server);
  const fee = useFeeSettings();
  return (
    <WizardShell heading="Your claim needs a Self Assessment tax return" onContinue={wizard.advance}>
      <SelfAssessmentNote summary={claimSummaryOf(snapshot, server)} title={null} />
      <p className="text-lg">Based on what you have told us, your estimated tax relief is:</p>
      <div className="rounded-lg bg-brand-50 p-6 text-center">
        <p className="text-5xl font-bold text-brand-700" data-testid="congrats-rebate">
          {formatMoney(estimate.low)}
        </p>
        <FeeNote amountPounds={estimate.low} fee={fee} />
        <ClaimForFreeNote fee={fee} />
      </div>
      {estimate.panel}
      <p className="text-sm text-muted" data-testid="estimate-disclaimer">
        This is an estimate based on the information you have given us. {RELIEF_CAP_NOTICE}
      </p>
    </WizardShell>
  );
}

function Celebration() {
  const wizard = useWizard();
  const { snapshot, server } = wizard.state;
  const firstName = snapshot.personalInfo.firstName.trim() || 'there';
  const estimate = estimateOf(snapshot, server);
  const { advance } = wizard;
  const fee = useFeeSettings();

  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    void fireConfetti().then((s) => {
      if (cancelled) s();
      else stop = s;
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);

  // SPEC §2: the step moves on by itself after 5 seconds; Continue is there for those who are ready
  // sooner. WCAG 2.2.1 (Timing Adjustable): a claimant who needs longer to read the figure and its
  // disclaimer can turn the time limit off (decision 019).
  const [staying, setStaying] = useState(false);
  const stayedNote = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (staying) {
      stayedNote.current?.focus();
      return;
    }
    const timer = setTimeout(advance, CONGRATS_ADVANCE_MS);
    return () => clearTimeout(timer);
    // The timer starts once, when the step appears, and stops for good when the claimant stays.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [staying]);

  return (
    <WizardShell heading={`Congratulations, ${firstName}!`} onContinue={advance}>
      {staying ? (
        <p ref={stayedNote} tabIndex={-1} className="text-sm text-muted" data-testid="congrats-timing">
          This page will stay until you press Continue.
        </p>
      ) : (
        <p className="text-sm text-muted" data-testid="congrats-timing">
          This page moves on by itself after {CONGRATS_ADVANCE_MS / 1000} seconds.{' '}
          <Button
            variant="link"
            className="px-0"
            onClick={() => setStaying(true)}
            data-testid="congrats-stay"
          >
            Stay on this page
          </Button>
        </p>
      )}
      <p className="text-lg">
        {estimate.lead ?? 'Based on what you have told us, you could be owed a mileage tax rebate of:'}
      </p>
      <div className="rounded-lg bg-brand-50 p-6 text-center">
        <CountUp
          value={estimate.low}
          format={formatMoney}
          className="block text-5xl font-bold text-brand-700"
          testId="congrats-rebate"
        />
        {hasFee(fee) ? (
          <div className="mt-3 text-lg">
            <p>
              Estimated refund from HMRC:{' '}
              <strong data-testid="congrats-total">{formatMoney(estimate.low)}</strong>
            </p>
            <FeeNote amountPounds={estimate.low} fee={fee} />
            <ClaimForFreeNote fee={fee} />
          </div>
        ) : (
          <p className="mt-3 text-lg">
            Total to you: <strong data-testid="congrats-total">{formatMoney(estimate.low)}</strong>
            <span className="ml-2 inline-block rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white">
              No fees
            </span>
          </p>
        )}
      </div>
      {estimate.panel}

      <div
        className="grid grid-cols-[1fr_auto_1fr] items-center gap-3 rounded-lg border-2 border-gray-300 p-4"
        data-testid="transfer-card"
      >
        <div>
          <p className="text-sm text-muted">From</p>
          <p className="font-semibold">HMRC</p>
          <p className="mt-1 inline-block rounded-full bg-green-100 px-2 py-0.5 text-sm font-semibold text-green-900">
            Claim not sent yet
          </p>
        </div>
        <span aria-hidden="true" className="text-2xl text-muted">
          →
        </span>
        <div className="text-right">
          <p className="text-sm text-muted">To</p>
          <p className="font-semibold">You</p>
          <p className="mt-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">
            Pending
          </p>
        </div>
      </div>

      <p className="text-sm text-muted" data-testid="estimate-disclaimer">
        This is an estimate based on the information you have given us. The amount you receive depends on
        HMRC&apos;s assessment of your claim and your tax position. {RELIEF_CAP_NOTICE}
      </p>
    </WizardShell>
  );
}
