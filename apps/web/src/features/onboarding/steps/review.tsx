import { useEffect, useRef, useState } from 'react';
import { reliefOf, figuresByJob, formatMoney, isFuelClaim, type RebateSummary } from '@taxback/domain';
import { EstimateNotes, FigureRow } from '../components/rebate-panel.tsx';
import { SelfAssessmentNote } from '../components/self-assessment-note.tsx';
import { AuthorityDocumentView } from '../../../components/authority/authority-document.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useSettings } from '../../../lib/settings.ts';
import { SignatureChoice, foldSignatureErrors } from '../../../components/authority/signature-choice.tsx';
import { AgreementChecks } from '../../../components/authority/agreement-checks.tsx';
import {
  authorityInputOfSnapshot,
  buildAuthorityDocument,
  logMilesMismatches,
  milesText,
  ukIsoDate,
} from '@taxback/domain';
import type { FeeSettings } from '@taxback/domain';
import type { WizardSnapshot } from '@taxback/domain';
import { errorFor, fieldId, signatureRequest, validateWizardStep } from '../lib/validation.ts';
import { SIGNATURE_FAILED, saveSignature } from '../lib/wizard-api.ts';
import { stepExtras } from '../hooks/use-wizard-state.ts';
import { CaseYearsPanel } from '../components/case-years-panel.tsx';
import { caseFiguresOf, claimSummaryOf } from '../lib/case-figures.ts';
import { useWizard } from '../wizard-context.tsx';
import { WizardShell } from '../wizard-shell.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { LeftOutJourneys, LeftOutStepMiles } from '../components/left-out-journeys.tsx';

const FIELDS = [
  'signature',
  'agreementChecks.accuracy',
  'agreementChecks.authorization',
  'agreementChecks.terms',
] as const;

/** The claim's totals in the review's order (test id `review-total-<id>`); the rebate comes after. */
const TOTALS: ReadonlyArray<{ id: string; label: string; value: (summary: RebateSummary) => string }> = [
  { id: 'miles', label: 'Total business miles', value: (s) => milesText(s.totalMiles) },
  { id: 'allowance', label: 'Total HMRC allowance', value: (s) => formatMoney(s.totalAllowance) },
  {
    id: 'employer-payment',
    label: 'Total employer payment',
    value: (s) => formatMoney(s.totalEmployerPayment),
  },
  { id: 'claimable', label: 'Total claimable', value: (s) => formatMoney(s.totalClaimable) },
];

// The Self Assessment note lives with the other figure components; re-exported for the steps that import it here.
export { SelfAssessmentNote } from '../components/self-assessment-note.tsx';

/** The fuel claim's note in place of the approved-amount figures (D27). */
export function FuelClaimNote() {
  return (
    <p className="rounded-md border-l-4 border-gray-400 bg-gray-50 p-4" data-testid="fuel-claim-note">
      This is a fuel claim for a company vehicle. One of our team will assess it with you: there is no
      estimate, because it depends on what you paid for fuel.
    </p>
  );
}

export function ClaimSummary({
  snapshot,
  summary,
  fee,
  inCase = false,
}: {
  snapshot: WizardSnapshot;
  summary: RebateSummary;
  /** D38: the claim is one kind of its case's expenses, so its own estimate is named as mileage's. */
  inCase?: boolean;
  /** D20: with a fee set, the fee and what the claimant keeps show beside the estimate. */
  fee?: FeeSettings | null;
}) {
  const p = snapshot.personalInfo;
  const fuel = isFuelClaim(snapshot);
  const byYear = new Map(figuresByJob(snapshot).years.map((y) => [y.year, y]));
  const company = (year: string) =>
    byYear
      .get(year)
      ?.jobs.map((j) => j.employerName)
      .join(', ') ?? '';
  return (
    <section aria-labelledby="review-summary-title" className="space-y-4" data-testid="review-summary">
      <h2 id="review-summary-title" className="text-2xl">
        Your claim
      </h2>
      <dl className="grid grid-cols-1 gap-y-1 sm:grid-cols-3 sm:gap-x-4">
        <dt className="font-semibold">Name</dt>
        <dd className="break-words sm:col-span-2" data-testid="review-name">
          {`${p.firstName} ${p.lastName}`.trim()}
        </dd>
        <dt className="font-semibold">Home address</dt>
        <dd className="break-words whitespace-pre-line sm:col-span-2" data-testid="review-address">
          {p.homeAddress}
          {p.postcode && !p.homeAddress.toUpperCase().includes(p.postcode.toUpperCase())
            ? `\n${p.postcode}`
            : ''}
        </dd>
      </dl>

      {summary.years.map((y) => (
        <dl
          key={y.year}
          className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg border-2 border-gray-300 p-4"
          data-testid={`review-year-${y.year.replace('/', '-')}`}
        >
          <dt className="col-span-2 mb-1 text-lg font-bold">{y.year}</dt>
          <dt>Employer</dt>
          <dd className="text-right break-words">{company(y.year)}</dd>
          <FigureRow label="Business miles" testId={`review-${y.year}-miles`} weight="plain">
            {milesText(y.miles)}
          </FigureRow>
          {!fuel && (
            <>
              <FigureRow label="HMRC allowance" testId={`review-${y.year}-allowance`} weight="plain">
                {formatMoney(y.allowance)}
              </FigureRow>
              <FigureRow label="Employer payment" testId={`review-${y.year}-employer-payment`} weight="plain">
                {formatMoney(y.employerPayment)}
              </FigureRow>
              <FigureRow label="Claimable amount" testId={`review-${y.year}-claimable`}>
                {formatMoney(y.claimable)}
              </FigureRow>
            </>
          )}
        </dl>
      ))}

      {fuel ? (
        <FuelClaimNote />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg bg-brand-50 p-4">
            {TOTALS.map((total) => (
              <FigureRow key={total.id} label={total.label} testId={`review-total-${total.id}`}>
                {total.value(summary)}
              </FigureRow>
            ))}
            <FigureRow
              label={inCase ? 'Estimated rebate on your mileage' : 'Estimated rebate'}
              testId="review-rebate"
              weight="headline"
            >
              {formatMoney(reliefOf(snapshot).low)}
            </FigureRow>
          </dl>
          <EstimateNotes estimate={reliefOf(snapshot)} fee={fee} />
        </>
      )}
    </section>
  );
}

/** Step 9: the claim summary, the signature and the three consents; the signature goes straight to the server. */
export function StepReview() {
  const wizard = useWizard();
  const { state } = wizard;
  const { snapshot, errors } = state;
  const summary = claimSummaryOf(snapshot, state.server);
  const figures = caseFiguresOf(snapshot, state.server);
  const [phase, setPhase] = useState<'idle' | 'sending' | 'error'>('idle');
  const [message, setMessage] = useState('');
  const sending = useRef(false);
  const settings = useSettings();
  // D19: the document shown is the one the server signs (same domain builder, same terms), with
  // any generated log that differs from the miles stated (D25, issue 31).
  const mismatches = logMilesMismatches(
    snapshot,
    Object.keys(state.server.mileageLogs),
    ukIsoDate(new Date()),
  );
  const authority = settings
    ? buildAuthorityDocument(
        authorityInputOfSnapshot(snapshot, settings, undefined, mismatches, state.server.caseDetails),
      )
    : null;

  // The pad starts empty each time this screen opens, so no earlier drawing is assumed.
  useEffect(() => {
    wizard.setSignature(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function onContinue() {
    if (sending.current) return;
    const found = validateWizardStep('review', snapshot, stepExtras(state));
    if (Object.keys(found).length > 0) {
      wizard.showErrors(found);
      return;
    }
    sending.current = true;
    setPhase('sending');
    setMessage('');
    // The server records what was signed (D15) from the saved claim: save it first.
    await wizard.saveDraftNow(15_000);
    const result = await saveSignature(
      wizard.sessionId,
      signatureRequest(state.signature),
      snapshot.agreementChecks,
    );
    sending.current = false;
    if (result.ok) {
      wizard.setSignatureUrl(result.data.signatureUrl, result.data.signedAuthority);
      wizard.advance();
      return;
    }
    setPhase('error');
    if (result.status === 400 && result.errors) {
      // One message at the one signature field, the typed name's first (as the step checks it).
      wizard.showErrors(foldSignatureErrors(result.errors));
      setMessage(result.errors.typedName ?? result.message);
      return;
    }
    setMessage(SIGNATURE_FAILED);
  }

  const signatureError = errorFor(errors, 'signature');

  return (
    <WizardShell
      heading="Review and sign"
      lead="Check the details of your claim, then sign to authorise us to submit it to HMRC for you."
      fields={FIELDS}
      continueLabel={phase === 'sending' ? 'Saving…' : 'Continue'}
      continueDisabled={phase === 'sending' || authority === null}
      onContinue={() => void onContinue()}
    >
      <ClaimSummary snapshot={snapshot} summary={summary} fee={settings?.fee} inCase={figures !== null} />
      {figures && <CaseYearsPanel figures={figures} />}
      {!isFuelClaim(snapshot) && <SelfAssessmentNote summary={summary} />}
      <LeftOutJourneys snapshot={snapshot} testId="review-left-out-journeys" />
      <LeftOutStepMiles snapshot={snapshot} testId="review-left-out-step-miles" />

      {authority ? (
        <AuthorityDocumentView document={authority} />
      ) : (
        <p role="status" data-testid="authority-loading">
          Loading the authority you are about to sign…
        </p>
      )}

      <div data-testid="signature-pad">
        <SignatureChoice
          id={fieldId('signature')}
          label="Your signature"
          clearLabel="Clear"
          error={signatureError}
          onChange={(value) => wizard.setSignature(value)}
        />
      </div>

      <AgreementChecks
        idOf={(key) => fieldId(`agreementChecks.${key}`)}
        checked={snapshot.agreementChecks}
        onChange={(key, value) => wizard.setAgreement({ [key]: value })}
        errorOf={(key) => errorFor(errors, `agreementChecks.${key}`)}
      />

      {phase === 'error' && (
        <Notice tone="error" title={message} testId="signature-error">
          <Button variant="secondary" onClick={() => void onContinue()} data-testid="signature-retry">
            Try again
          </Button>
        </Notice>
      )}
    </WizardShell>
  );
}
