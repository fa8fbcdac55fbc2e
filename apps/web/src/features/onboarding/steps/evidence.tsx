import { useRef, useState } from 'react';
import {
  UNANSWERED_PLACES_FIELD,
  formatNumber,
  journeyEvidenceProblems,
  journeysOf,
  leftOutMilesClaimed,
  leftOutMilesField,
  logMilesMismatchText,
  logMilesMismatches,
  type LeftOutPlace,
  type LogMilesMismatch,
  mileageLogKey,
  parseMileageLogKey,
  taxYearInfo,
  ukIsoDate,
} from '@taxback/domain';
import { Button } from '../../../components/ui/button.tsx';
import { DownloadButton } from '../components/download-button.tsx';
import { FileDrop, UploadProgress, formatFileSize } from '../components/file-drop.tsx';
import { InfoBox } from '../components/choice-list.tsx';
import { selectedYears } from '@taxback/domain';
import { FieldMessages, fieldMessageIds } from '../../../components/ui/field-messages.tsx';
import { LeftOutStepMiles } from '../components/left-out-journeys.tsx';
import {
  type MileageLogFiles,
  type UploadedFile,
  claimEvidenceOf,
  mileageLogLabel,
} from '../lib/server-data.ts';
import { errorFor, fieldId, registerEvidenceCheck } from '../lib/validation.ts';
import { EVIDENCE_EXTENSIONS, checkUpload, deleteFile, uploadFile } from '../lib/wizard-api.ts';
import { RebuildFlow } from '../rebuild/rebuild-flow.tsx';
import { inMileageLogBuilder } from '../hooks/use-wizard-state.ts';
import { useWizard } from '../wizard-context.tsx';
import { WizardShell } from '../wizard-shell.tsx';

// Decision 081: Continue checks the journeys' log (see registerEvidenceCheck).
registerEvidenceCheck((snapshot, extras) =>
  journeyEvidenceProblems(
    snapshot,
    extras.evidence ?? { logKeys: [], uploadYears: [] },
    ukIsoDate(new Date()),
  ),
);

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
  const yearFields = years.map(evidenceField);
  // In screen order: the places' answers and the log's miles (decision 081) before each year's files.
  const others = Object.keys(snapshot.journeys.length > 0 ? wizard.state.errors : {}).filter(
    (k) => !yearFields.includes(k),
  );
  // Decision 084: a year still claiming the mileage step's left-out miles, whatever the evidence.
  const stepFields = Object.keys(wizard.state.errors).filter(
    (k) => k.startsWith('stepLeftOutMiles_') && !others.includes(k),
  );
  const fields = [UNANSWERED_PLACES_FIELD, ...stepFields, ...others, ...yearFields];
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
            You have added {journeyCount} regular {journeyCount === 1 ? 'journey' : 'journeys'}. Build a
            mileage log from them for each year that needs one.
          </p>
        </InfoBox>
      )}
      <LeftOutStepMiles
        snapshot={snapshot}
        errors={wizard.state.errors}
        onClaim={(year, employmentId, miles) =>
          wizard.updateJob(year, employmentId, { businessMiles: miles })
        }
      />
      {journeyCount > 0 && <UnansweredPlaces />}
      {journeyCount > 0 && <LogMilesCheck />}
      {years.map((year) => (
        <YearEvidenceCard key={year} year={year} />
      ))}
    </WizardShell>
  );
}

/**
 * D25: a mileage log rebuilt from the journeys must total the miles claimed: per year and
 * employment, where they differ, say so and let the claimant choose which figure stands. Decision
 * 079: where the difference is miles the business-journey test leaves out, the higher figure cannot
 * stand: the place and the reason are said, and Continue is refused until the claim is lowered or
 * the answers changed.
 */
export function LogMilesCheck() {
  const wizard = useWizard();
  const { snapshot, server, errors } = wizard.state;
  const today = ukIsoDate(new Date());
  const leftOut = leftOutMilesClaimed(snapshot, claimEvidenceOf(server), today);
  const same = (a: LogMilesMismatch, b: LogMilesMismatch) =>
    a.year === b.year && a.employmentId === b.employmentId;
  const mismatches: (LogMilesMismatch & { places?: readonly LeftOutPlace[] })[] = [
    ...logMilesMismatches(snapshot, Object.keys(server.mileageLogs), today).filter(
      (m) => !leftOut.some((l) => same(l, m)),
    ),
    ...leftOut,
  ];
  if (mismatches.length === 0) return null;
  const several = snapshot.employments.length > 1;
  return (
    <InfoBox tone="amber" testId="log-miles-check">
      <p className="font-semibold">Your mileage log and your claim do not match</p>
      <p>HMRC expects the miles in your log to be the miles you claim. Choose which figure stands.</p>
      <ul className="mt-2 space-y-3">
        {mismatches.map((d) => {
          const key = `${yearSlug(d.year)}${several ? `-${d.employmentId}` : ''}`;
          const forWhom = several ? ` for ${d.employerName}` : '';
          const logKey = coveringLogKey(server.mileageLogs, d.year, d.employmentId);
          const places = d.places ?? null;
          const field = leftOutMilesField(d);
          const error = places ? errors[field] : undefined;
          const { errorId } = fieldMessageIds(fieldId(field), null, error);
          return (
            <li key={key} data-testid={`log-miles-${key}`}>
              <p>{logMilesMismatchText(d, several)}</p>
              {places && <LeftOutPlaces places={places} testId={`left-out-miles-${key}`} />}
              <FieldMessages id={fieldId(field)} error={error} />
              <div className="mt-2 flex flex-wrap gap-3">
                <Button
                  variant="secondary"
                  onClick={() => wizard.updateJob(d.year, d.employmentId, { businessMiles: d.logMiles })}
                  data-testid={`use-log-miles-${key}`}
                  {...(places ? { id: fieldId(field), 'aria-describedby': errorId } : {})}
                >
                  Claim {formatNumber(d.logMiles)} miles for {d.year}
                  {forWhom}
                </Button>
                {places ? (
                  <Button
                    variant="secondary"
                    onClick={() =>
                      wizard.enterRebuild(d.year, parseMileageLogKey(logKey).employmentId ?? undefined)
                    }
                    data-testid={`change-places-${key}`}
                  >
                    Change your answers about the {places.length === 1 ? 'place' : 'places'}
                  </Button>
                ) : (
                  <RemoveLogButton
                    logKey={logKey}
                    label={`Keep ${formatNumber(d.claimedMiles)} miles and remove the log`}
                  />
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </InfoBox>
  );
}

/** The places whose journeys are left out, each with the decision's reason (decision 081). */
function LeftOutPlaces({ places, testId }: { places: readonly LeftOutPlace[]; testId: string }) {
  return (
    <ul className="mt-1 space-y-1" data-testid={testId}>
      {places.map((p) => (
        <li key={p.place}>
          <span className="font-semibold">Journeys to {p.place} are left out:</span> {p.reason}
        </li>
      ))}
    </ul>
  );
}

/** Decision 081: a claim restored without the places' answers is asked them before it goes on. */
function UnansweredPlaces() {
  const wizard = useWizard();
  const error = wizard.state.errors[UNANSWERED_PLACES_FIELD];
  if (!error) return null;
  const id = fieldId(UNANSWERED_PLACES_FIELD);
  return (
    <InfoBox tone="red" testId="unanswered-places">
      <FieldMessages id={id} error={error} />
      <Button
        variant="secondary"
        id={id}
        aria-describedby={`${id}-error`}
        onClick={() => wizard.enterRebuild()}
        data-testid="answer-places"
      >
        Answer the questions
      </Button>
    </InfoBox>
  );
}

/** The log that covers an employment's year: its own (issue 31), or else the year's. */
function coveringLogKey(logs: Record<string, unknown>, year: string, employmentId: string): string {
  const own = mileageLogKey(year, employmentId);
  return own in logs ? own : year;
}

/**
 * Removes a generated log (its PDF and CSV) on the server, then from the page: a year's log, or
 * one employment's log of the year ('2024/25:job-2').
 */
export function RemoveLogButton({ logKey, label }: { logKey: string; label: string }) {
  const wizard = useWizard();
  const [removing, setRemoving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const log = wizard.state.server.mileageLogs[logKey];
  if (!log) return null;

  async function remove() {
    if (!log) return;
    setRemoving(true);
    setProblem(null);
    for (const file of [log.pdf, log.csv]) {
      if (!file) continue;
      const result = await deleteFile(wizard.sessionId, file.id);
      if (!result.ok) {
        setRemoving(false);
        setProblem(result.message);
        return;
      }
    }
    const rest = { ...wizard.state.server.mileageLogs };
    delete rest[logKey];
    wizard.setMileageLogs(rest);
  }

  return (
    <>
      <Button
        variant="secondary"
        loading={removing}
        onClick={() => void remove()}
        data-testid={`remove-log-${yearSlug(logKey)}`}
      >
        {label}
      </Button>
      {problem && (
        <p role="alert" className="w-full font-semibold text-danger">
          {problem}
        </p>
      )}
    </>
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

/** One year's uploads: in progress, failed, removed (each upload is that year's evidence). */
function useEvidenceUploads(year: string) {
  const wizard = useWizard();
  const { sessionId } = wizard;
  const slug = yearSlug(year);
  const [uploading, setUploading] = useState<UploadingItem[]>([]);
  const [failed, setFailed] = useState<FailedItem[]>([]);
  const [removing, setRemoving] = useState<Record<string, boolean>>({});
  const [removeErrors, setRemoveErrors] = useState<Record<string, string>>({});
  const counter = useRef(0);

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

  const dismiss = (key: string) => setFailed((list) => list.filter((x) => x.key !== key));
  return { uploading, failed, removing, removeErrors, startUpload, remove, dismiss };
}

function YearEvidenceCard({ year }: { year: string }) {
  const wizard = useWizard();
  const { state } = wizard;
  const slug = yearSlug(year);
  const files = state.server.evidenceFiles[year] ?? [];
  // The year's generated logs: one for its every employment, and/or one per employment (issue 31).
  const logs = Object.entries(state.server.mileageLogs).filter(
    ([key]) => parseMileageLogKey(key).year === year,
  );
  const error = errorFor(state.errors, evidenceField(year));
  const uploads = useEvidenceUploads(year);
  const headingId = `evidence-heading-${slug}`;

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

      {(files.length > 0 || logs.length > 0) && (
        <div className="mb-4">
          <h3 className="mb-2 text-lg">Your evidence</h3>
          <ul className="space-y-2" data-testid={`evidence-files-${slug}`}>
            {files.map((f) => (
              <EvidenceFileItem key={f.id} file={f} uploads={uploads} />
            ))}
            {logs.map(([key, log]) => (
              <GeneratedLogItem key={key} logKey={key} log={log} />
            ))}
          </ul>
        </div>
      )}

      <UploadMessages slug={slug} uploads={uploads} />

      <FileDrop
        id={fieldId(evidenceField(year))}
        label={`Upload files for ${year}`}
        hint="PDF, Excel, Word, CSV, JPG or PNG, up to 10 MB each. You can choose several files."
        accept={EVIDENCE_ACCEPT}
        multiple
        error={error}
        onFiles={(list) => list.forEach(uploads.startUpload)}
        testId={`evidence-upload-${slug}`}
      />

      <BuildLogButtons year={year} hasYearLog={year in state.server.mileageLogs} />
    </section>
  );
}

/**
 * "Build Log" for the year; where two or more employments have journeys in it, also one per
 * employment, each building that employment's log of the year alone (issue 31).
 */
function BuildLogButtons({ year, hasYearLog }: { year: string; hasYearLog: boolean }) {
  const wizard = useWizard();
  const { snapshot, server } = wizard.state;
  const slug = yearSlug(year);
  const jobs = selectedYears(snapshot).find((y) => y.year === year)?.jobs ?? [];
  // The employments working that year: miles stated for it, or journeys to build a log from.
  const employments = snapshot.employments.filter((e) =>
    jobs.some(
      (j) => j.employmentId === e.id && (j.businessMiles > 0 || journeysOf(snapshot, e.id).length > 0),
    ),
  );
  const several = employments.length > 1;
  return (
    <div className="mt-4 border-t border-gray-200 pt-4">
      <p className="mb-2">
        No records? Build a mileage log for {year} from your regular business journeys. It is added to this
        year's evidence only.
        {several && ' You can build one log for all your employments, or one for each employment.'}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          onClick={() => wizard.enterRebuild(year)}
          data-testid={`build-log-${slug}`}
        >
          {hasYearLog ? 'Build the log again' : 'Build Log'}
          {several ? ' for all employments' : ''} <span className="sr-only">for {year}</span>
        </Button>
        {several &&
          employments.map((e) => {
            const key = mileageLogKey(year, e.id);
            const name = mileageLogLabel(key, snapshot.employments).slice(year.length + 2);
            return (
              <Button
                key={e.id}
                variant="secondary"
                onClick={() => wizard.enterRebuild(year, e.id)}
                data-testid={`build-log-${yearSlug(key)}`}
              >
                {key in server.mileageLogs ? 'Build the log again' : 'Build Log'} for {name}
                <span className="sr-only"> in {year}</span>
              </Button>
            );
          })}
      </div>
    </div>
  );
}

type Uploads = ReturnType<typeof useEvidenceUploads>;

function EvidenceFileItem({ file: f, uploads }: { file: UploadedFile; uploads: Uploads }) {
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-gray-50 px-3 py-2"
      data-testid={`evidence-file-${f.id}`}
    >
      <span className="min-w-0 break-all">
        <span className="font-semibold">{f.filename}</span>{' '}
        <span className="text-sm text-muted">({formatFileSize(f.size)})</span>
      </span>
      <Button
        variant="link"
        loading={uploads.removing[f.id] === true}
        onClick={() => void uploads.remove(f)}
        aria-label={`Remove ${f.filename}`}
        data-testid={`evidence-remove-${f.id}`}
      >
        Remove
      </Button>
      {uploads.removeErrors[f.id] && (
        <p role="alert" className="w-full font-semibold text-danger">
          {uploads.removeErrors[f.id]}
        </p>
      )}
    </li>
  );
}

/** A generated log: its downloads, and a way to remove it (issue 31). */
function GeneratedLogItem({ logKey, log }: { logKey: string; log: MileageLogFiles }) {
  const wizard = useWizard();
  const slug = yearSlug(logKey);
  const label = mileageLogLabel(logKey, wizard.state.snapshot.employments);
  return (
    <li className="flex flex-col gap-1 rounded-md bg-brand-50 px-3 py-2" data-testid={`mileage-log-${slug}`}>
      <span className="font-semibold">Mileage log for {label} (generated)</span>
      <span className="flex flex-wrap items-center gap-x-4">
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
        <RemoveLogButton logKey={logKey} label={`Remove the log for ${label}`} />
      </span>
    </li>
  );
}

function UploadMessages({ slug, uploads }: { slug: string; uploads: Uploads }) {
  const { uploading, failed, dismiss } = uploads;
  return (
    <>
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
                  onClick={() => dismiss(f.key)}
                  aria-label={`Dismiss the message about ${f.filename}`}
                >
                  Dismiss
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
