import { useEffect, useRef } from 'react';
import { CONFIRMATION_STEP_ID, RELIEF_CAP_NOTICE, formatMoney, isFuelClaim, reliefOf } from '@taxback/domain';
import { CONTENT } from '@taxback/domain/content';
import { paths } from '../../../lib/paths.ts';
import { FeeNote } from '../../../components/authority/fee-note.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useSettings } from '../../../lib/settings.ts';
import { Container } from '../../../components/ui/container.tsx';
import { ContactUs } from '../../../components/ui/contact-us.tsx';
import { marketingSiteUrl } from '../../../lib/marketing-url.ts';
import { redirectTo } from '../../../lib/redirect.ts';
import { DownloadButton } from '../components/download-button.tsx';
import { milesText } from '@taxback/domain';
import { clearOutbox } from '../lib/outbox.ts';
import { selectedYears } from '@taxback/domain';
import { useWizard } from '../wizard-context.tsx';
import { mileageLogLabel, type ServerData } from '../lib/server-data.ts';
import { CaseYearsPanel } from '../components/case-years-panel.tsx';
import { caseFiguresOf, claimSummaryOf } from '../lib/case-figures.ts';
import { SESSION_STORAGE_KEY } from '../session-key.ts';
import { FuelClaimNote, SelfAssessmentNote } from './review.tsx';
import { FigureRow } from '../components/rebate-panel.tsx';

/** SPEC §4 "Finishing": the saved progress and the wizard's session id are removed. */
export function clearSavedProgress(sessionId: string): void {
  clearOutbox(sessionId);
  try {
    window.sessionStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    /* storage unavailable */
  }
}

/** Step 11: shown only once the server has confirmed the submission (D10). */
export function StepConfirmation() {
  const wizard = useWizard();
  const { state, sessionId } = wizard;
  const { snapshot, server } = state;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The server's recomputed totals win (D3); the domain gives the same figures before they arrive.
  const summary = server.totals ?? claimSummaryOf(snapshot, server);
  const figures = caseFiguresOf(snapshot, server);
  const fuel = isFuelClaim(snapshot);
  const years = selectedYears(snapshot).map((y) => y.year);
  const firstName = snapshot.personalInfo.firstName;
  const settings = useSettings();

  useEffect(() => {
    // The title begins with the heading (issue 32 item 8).
    document.title = `Thank you${firstName ? `, ${firstName}` : ''}! Claim submitted – ${CONTENT.brandName}`;
    headingRef.current?.focus();
  }, [firstName]);

  return (
    <Container width="narrow" className="py-6 sm:py-10">
      <div data-testid="wizard-step" data-step={CONFIRMATION_STEP_ID} hidden />
      <div className="mb-8 rounded-lg bg-brand-700 p-6 text-white" data-testid="confirmation-panel">
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="mb-2 text-3xl text-white outline-none sm:text-4xl"
          data-testid="confirmation-heading"
        >
          Thank you{firstName ? `, ${firstName}` : ''}!
        </h1>
        <p className="text-lg">Your claim has been submitted.</p>
        <p className="mt-4">Your reference number</p>
        <p className="text-2xl font-bold tracking-wider break-words" data-testid="confirmation-reference">
          {server.submissionReference}
        </p>
      </div>

      <dl className="mb-8 grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg border-2 border-gray-300 p-4">
        <FigureRow label="Miles claimed" testId="confirmation-miles">
          {milesText(summary.totalMiles)}
        </FigureRow>
        <FigureRow label="Tax years" testId="confirmation-tax-years">
          {years.join(', ')}
        </FigureRow>
        {!fuel && (
          <FigureRow
            label={figures ? 'Estimated rebate on your mileage' : 'Estimated rebate'}
            testId="confirmation-rebate"
            weight="headline"
          >
            {formatMoney(reliefOf(snapshot).low)}
          </FigureRow>
        )}
      </dl>
      {!fuel && (
        // The fee on the estimate shown just above (at the claimant's rates), as on every other step.
        <div className="-mt-6 mb-8">
          <FeeNote amountPounds={reliefOf(snapshot).low} fee={settings?.fee} />
        </div>
      )}
      {!fuel && (
        <p className="mb-8 text-sm" data-testid="relief-cap-note">
          {RELIEF_CAP_NOTICE}
        </p>
      )}

      {figures && (
        <div className="mb-8">
          <CaseYearsPanel figures={figures} />
        </div>
      )}
      <div className="mb-8">{fuel ? <FuelClaimNote /> : <SelfAssessmentNote summary={summary} />}</div>

      <WhatHappensNext reference={server.submissionReference} />
      {server.signedAuthority && (
        <section aria-labelledby="authority-title" className="mb-8" data-testid="confirmation-authority">
          <h2 id="authority-title" className="mb-2 text-2xl">
            Your signed authority
          </h2>
          <p className="mb-2">
            A copy of the authority you signed, with your signature and when you signed it.
          </p>
          <DownloadButton
            url={server.signedAuthority.url}
            filename={server.signedAuthority.filename}
            label="Download your signed authority (PDF)"
            testId="download-authority"
          />
        </section>
      )}

      <MileageLogs mileageLogs={server.mileageLogs} employments={snapshot.employments} />
      <Contact />
      <Button
        fullWidth
        className="sm:w-auto"
        data-testid="return-to-site"
        onClick={() => {
          clearSavedProgress(sessionId);
          redirectTo(marketingSiteUrl());
        }}
      >
        Return to the {CONTENT.brandName} website
      </Button>
    </Container>
  );
}

/** The generated mileage logs, newest year first. */
function MileageLogs({
  mileageLogs,
  employments,
}: {
  mileageLogs: ServerData['mileageLogs'];
  employments: readonly { id: string; employerName: string }[];
}) {
  const logs = Object.entries(mileageLogs).sort(([a], [b]) => b.localeCompare(a));
  if (logs.length === 0) return null;
  return (
    <section aria-labelledby="logs-title" className="mb-8" data-testid="confirmation-logs">
      <h2 id="logs-title" className="mb-2 text-2xl">
        Your mileage log
      </h2>
      <ul className="space-y-2">
        {logs.map(([key, log]) => {
          const slug = key.replace(/[^0-9A-Za-z]+/g, '-');
          // '2024/25', or '2024/25, Acme Ltd' for one employment's log of the year (issue 31).
          const year = mileageLogLabel(key, employments);
          return (
            <li key={key} className="flex flex-wrap items-center gap-x-4">
              <span className="font-semibold">{year}</span>
              {log.pdf && (
                <DownloadButton
                  url={log.pdf.url}
                  filename={log.pdf.filename}
                  label={`Download the ${year} log (PDF)`}
                  testId={`download-log-${slug}-pdf`}
                />
              )}
              {log.csv && (
                <DownloadButton
                  url={log.csv.url}
                  filename={log.csv.filename}
                  label={`Download the ${year} log (CSV)`}
                  testId={`download-log-${slug}-csv`}
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function WhatHappensNext({ reference }: { reference: string | null }) {
  return (
    <section aria-labelledby="next-title" className="mb-8">
      <h2 id="next-title" className="mb-4 text-2xl">
        What happens next
      </h2>
      <ol className="space-y-4 border-l-4 border-brand-700 pl-6" data-testid="confirmation-timeline">
        {CONTENT.timeline.map((entry, i) => (
          <li key={entry.id} data-testid={`timeline-${entry.id}`}>
            <p className="font-semibold">
              {i + 1}. {entry.title}
            </p>
            <p className="text-muted">{entry.duration}</p>
          </li>
        ))}
      </ol>
      <p className="mt-4" data-testid="confirmation-follow">
        We will text and email you at each step. You can also{' '}
        <a href={paths.status.getHref(reference ?? undefined)}>follow your claim</a> at any time with your
        reference and your mobile number.
      </p>
    </section>
  );
}

function Contact() {
  const email = (CONTENT as { supportEmail?: string }).supportEmail;
  return (
    <section aria-labelledby="contact-title" className="mb-8" data-testid="confirmation-contact">
      <h2 id="contact-title" className="mb-2 text-2xl">
        Questions?
      </h2>
      <p>
        Contact us by <ContactUs hours={false} />
        {email ? (
          <>
            {' '}
            or email <a href={`mailto:${email}`}>{email}</a>
          </>
        ) : null}
        .
      </p>
      <p>Support hours: {CONTENT.supportHours}</p>
      <p className="mt-2 text-muted">Quote your reference number when you contact us.</p>
    </section>
  );
}
