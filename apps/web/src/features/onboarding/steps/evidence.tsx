import { useRef, useState } from 'react';
import {
  datePartsToIso,
  datedLogMiles,
  journeysOf,
  leavePeriodsOf,
  nationOfPostcode,
  taxYearInfo,
  ukIsoDate,
  formatNumber,
} from '@taxback/domain';
import { Button } from '../../../components/ui/button.tsx';
import { DownloadButton } from '../components/download-button.tsx';
import { FileDrop, UploadProgress, formatFileSize } from '../components/file-drop.tsx';
import { InfoBox } from '../components/choice-list.tsx';
import { selectedYears } from '@taxback/domain';
import { type UploadedFile } from '../lib/server-data.ts';
import { errorFor, fieldId } from '../lib/validation.ts';
import { EVIDENCE_EXTENSIONS, checkUpload, deleteFile, uploadFile } from '../lib/wizard-api.ts';
import { RebuildFlow } from '../rebuild/rebuild-flow.tsx';
import { inMileageLogBuilder } from '../hooks/use-wizard-state.ts';
import { useWizard } from '../wizard-context.tsx';
import { WizardShell } from '../wizard-shell.tsx';

export const EVIDENCE_ACCEPT = EVIDENCE_EXTENSIONS.map((e) => `.${e}`).join(',');

/** '2024/25' → '2024-25' for ids and test ids. */
export function yearSlug(year: string): string {
  return year.replace(/[^0-9A-Za-z]+/g, '-');
}

export function evidenceField(year: string): string {
  return `evidence_${year}`;
}

/**
 * The evidence step: evidence per selected tax year, uploaded or built as a mileage log (the
 * builder's two plan steps, 'journeys' and 'journeys-review', render here too).
 */
export function StepEvidence() {
  const wizard = useWizard();
  if (inMileageLogBuilder(wizard.state.currentStep)) return <RebuildFlow />;
  return <EvidenceOverview />;
}

function EvidenceOverview() {
  const wizard = useWizard();
  const { snapshot } = wizard.state;
  const years = selectedYears(snapshot).map((y) => y.year);
  const fields = years.map(evidenceField);
  const journeyCount = snapshot.journeys.length;

  return (
    <WizardShell
      heading="Evidence of your business mileage"
      lead="For each tax year, upload your mileage records (a mileage log, diary or expense claims), or build a mileage log from your regular journeys."
      fields={fields}
    >
      {journeyCount > 0 && (
        <InfoBox tone="green" testId="journeys-note">
          <p>
            You have added {journeyCount} regular {journeyCount === 1 ? 'journey' : 'journeys'}. Your mileage
            log covers every selected tax year.
          </p>
        </InfoBox>
      )}
      {journeyCount > 0 && <LogMilesCheck />}
      {years.map((year) => (
        <YearEvidenceCard key={year} year={year} />
      ))}
    </WizardShell>
  );
}

/**
 * D25: a mileage log rebuilt from the journeys must total the miles claimed: per year and
 * employment, where the journeys of that job add up to other miles than claimed, say so and offer
 * to claim the log's miles.
 */
function LogMilesCheck() {
  const wizard = useWizard();
  const { snapshot } = wizard.state;
  const today = ukIsoDate(new Date());
  const nation = nationOfPostcode(snapshot.personalInfo.postcode);
  const leave = leavePeriodsOf(snapshot.leave);
  const several = snapshot.employments.length > 1;
  const differences = selectedYears(snapshot).flatMap((entry) => {
    if (!wizard.state.server.mileageLogs[entry.year]) return [];
    return snapshot.employments.flatMap((e) => {
      const journeys = journeysOf(snapshot, e.id);
      const job = entry.jobs.find((j) => j.employmentId === e.id);
      if (journeys.length === 0 || !job) return [];
      const ended = e.continuing === 'no' ? datePartsToIso(e.endDate) : null;
      const logMiles = Math.floor(
        datedLogMiles({ journeys, year: entry.year, nation, leave, employmentEnd: ended, today }),
      );
      if (logMiles === job.businessMiles) return [];
      return [
        {
          year: entry.year,
          employmentId: e.id,
          employer: e.employerName,
          logMiles,
          claimed: job.businessMiles,
        },
      ];
    });
  });
  if (differences.length === 0) return null;
  return (
    <InfoBox tone="amber" testId="log-miles-check">
      <p className="font-semibold">Your mileage log and your claim do not match</p>
      <p>HMRC expects the miles in your log to be the miles you claim.</p>
      <ul className="mt-2 space-y-3">
        {differences.map((d) => {
          const key = `${yearSlug(d.year)}${several ? `-${d.employmentId}` : ''}`;
          const forWhom = several ? ` for ${d.employer}` : '';
          return (
            <li key={key} data-testid={`log-miles-${key}`}>
              <p>
                {d.year}: your journeys{forWhom} add up to {formatNumber(d.logMiles)} miles on your working
                days; you told us {formatNumber(d.claimed)} miles.
              </p>
              <Button
                variant="secondary"
                onClick={() => wizard.updateJob(d.year, d.employmentId, { businessMiles: d.logMiles })}
                data-testid={`use-log-miles-${key}`}
              >
                Claim {formatNumber(d.logMiles)} miles for {d.year}
                {forWhom}
              </Button>
            </li>
          );
        })}
      </ul>
    </InfoBox>
  );
}

interface UploadingItem {
  key: string;
  filename: string;
  percent: number;
}

interface FailedItem {
  key: string;
  filename: string;
  message: string;
}

function YearEvidenceCard({ year }: { year: string }) {
  const wizard = useWizard();
  const { state, sessionId } = wizard;
  const slug = yearSlug(year);
  const files = state.server.evidenceFiles[year] ?? [];
  const log = state.server.mileageLogs[year];
  const error = errorFor(state.errors, evidenceField(year));
  const [uploading, setUploading] = useState<UploadingItem[]>([]);
  const [failed, setFailed] = useState<FailedItem[]>([]);
  const [removing, setRemoving] = useState<Record<string, boolean>>({});
  const [removeErrors, setRemoveErrors] = useState<Record<string, string>>({});
  const counter = useRef(0);
  const headingId = `evidence-heading-${slug}`;

  function startUpload(file: File) {
    counter.current += 1;
    const key = `${slug}-${counter.current}`;
    const problem = checkUpload(file, 'evidence');
    if (problem) {
      setFailed((list) => [...list, { key, filename: file.name, message: problem }]);
      return;
    }
    setUploading((list) => [...list, { key, filename: file.name, percent: 0 }]);
    void uploadFile({
      sessionId,
      kind: 'evidence',
      taxYear: year,
      file,
      onProgress: (percent) =>
        setUploading((list) => list.map((u) => (u.key === key ? { ...u, percent } : u))),
    }).then((result) => {
      setUploading((list) => list.filter((u) => u.key !== key));
      if (result.ok) wizard.evidenceAdded(year, result.file);
      else setFailed((list) => [...list, { key, filename: file.name, message: result.message }]);
    });
  }

  async function remove(file: UploadedFile) {
    setRemoving((r) => ({ ...r, [file.id]: true }));
    setRemoveErrors((r) => {
      const next = { ...r };
      delete next[file.id];
      return next;
    });
    const result = await deleteFile(sessionId, file.id);
    setRemoving((r) => ({ ...r, [file.id]: false }));
    if (result.ok) wizard.fileRemoved(file.id);
    else setRemoveErrors((r) => ({ ...r, [file.id]: result.message }));
  }

  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-lg border-2 p-4 ${error ? 'border-danger' : 'border-gray-300'}`}
      data-testid={`evidence-year-${slug}`}
    >
      <h2 id={headingId} className="text-2xl">
        {year}
      </h2>
      <p className="mb-4 text-muted">{taxYearInfo(year).label}</p>

      {(files.length > 0 || log) && (
        <div className="mb-4">
          <h3 className="mb-2 text-lg">Your evidence</h3>
          <ul className="space-y-2" data-testid={`evidence-files-${slug}`}>
            {files.map((f) => (
              <li
                key={f.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-gray-50 px-3 py-2"
                data-testid={`evidence-file-${f.id}`}
              >
                <span className="min-w-0 break-all">
                  <span className="font-semibold">{f.filename}</span>{' '}
                  <span className="text-sm text-muted">({formatFileSize(f.size)})</span>
                </span>
                <Button
                  variant="link"
                  loading={removing[f.id] === true}
                  onClick={() => void remove(f)}
                  aria-label={`Remove ${f.filename}`}
                  data-testid={`evidence-remove-${f.id}`}
                >
                  Remove
                </Button>
                {removeErrors[f.id] && (
                  <p role="alert" className="w-full font-semibold text-danger">
                    {removeErrors[f.id]}
                  </p>
                )}
              </li>
            ))}
            {log && (
              <li
                className="flex flex-col gap-1 rounded-md bg-brand-50 px-3 py-2"
                data-testid={`mileage-log-${slug}`}
              >
                <span className="font-semibold">Mileage log for {year} (generated)</span>
                <span className="flex flex-wrap gap-x-4">
                  {log.pdf && (
                    <DownloadButton
                      url={log.pdf.url}
                      filename={log.pdf.filename}
                      label={`Download PDF`}
                      testId={`mileage-log-${slug}-pdf`}
                    />
                  )}
                  {log.csv && (
                    <DownloadButton
                      url={log.csv.url}
                      filename={log.csv.filename}
                      label={`Download CSV`}
                      testId={`mileage-log-${slug}-csv`}
                    />
                  )}
                </span>
              </li>
            )}
          </ul>
        </div>
      )}

      {uploading.length > 0 && (
        <div className="mb-4 space-y-3" aria-live="polite">
          {uploading.map((u) => (
            <UploadProgress
              key={u.key}
              id={`progress-${u.key}`}
              filename={u.filename}
              percent={u.percent}
              testId={`evidence-progress-${slug}`}
            />
          ))}
        </div>
      )}

      {failed.length > 0 && (
        // The alert wraps the list: role="alert" on the <ul> itself would hide its list semantics.
        <div className="mb-4" role="alert" data-testid={`evidence-upload-errors-${slug}`}>
          <ul className="space-y-2">
            {failed.map((f) => (
              <li
                key={f.key}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border-l-4 border-danger bg-danger-bg px-3 py-2"
                data-testid={`evidence-upload-error-${slug}`}
              >
                <span className="min-w-0 break-all text-danger">
                  <span className="font-semibold">{f.filename}:</span> {f.message}
                </span>
                <Button
                  variant="link"
                  onClick={() => setFailed((list) => list.filter((x) => x.key !== f.key))}
                  aria-label={`Dismiss the message about ${f.filename}`}
                >
                  Dismiss
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}

      <FileDrop
        id={fieldId(evidenceField(year))}
        label={`Upload files for ${year}`}
        hint="PDF, Excel, Word, CSV, JPG or PNG, up to 10 MB each. You can choose several files."
        accept={EVIDENCE_ACCEPT}
        multiple
        error={error}
        onFiles={(list) => list.forEach(startUpload)}
        testId={`evidence-upload-${slug}`}
      />

      <div className="mt-4 border-t border-gray-200 pt-4">
        <p className="mb-2">No records? Build a mileage log from your regular business journeys.</p>
        <Button variant="secondary" onClick={wizard.enterRebuild} data-testid={`build-log-${slug}`}>
          Build Log
        </Button>
      </div>
    </section>
  );
}
