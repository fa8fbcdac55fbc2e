import { useEffect, useRef, useState } from 'react';
import { normaliseNiNumber } from '@taxback/domain';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { FileDrop, UploadProgress, formatFileSize } from '../components/file-drop.tsx';
import { errorFor, fieldId, validateWizardStep } from '../lib/validation.ts';
import {
  P60_EXTENSIONS,
  SUBMIT_FAILED,
  checkUpload,
  deleteFile,
  submitClaim,
  uploadFile,
} from '../lib/wizard-api.ts';
import { stepExtras } from '../hooks/use-wizard-state.ts';
import { useWizard } from '../wizard-context.tsx';
import { WizardShell } from '../wizard-shell.tsx';
import { Notice } from '../../../components/ui/notice.tsx';

const FIELDS = ['niNumber', 'p60FileId'] as const;
export const NI_HINT = "It's on your payslip, P60 or letters about tax. For example, QQ 12 34 56 C";
export const P60_ACCEPT = P60_EXTENSIONS.map((e) => `.${e}`).join(',');

/** The NI number shown with spaces as it is typed: 'QQ 12 34 56 C'. At most 9 characters. */
export function formatNiAsTyped(value: string): string {
  const c = value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 9);
  const parts = [c.slice(0, 2), c.slice(2, 4), c.slice(4, 6), c.slice(6, 8), c.slice(8, 9)];
  return parts.filter(Boolean).join(' ');
}

/** Step 10: NI number, optional P60 (employed only) and the submission, confirmed by the server (D10). */
export function StepHmrcDetails() {
  const wizard = useWizard();
  const { state, sessionId } = wizard;
  const { errors } = state;
  const employed = state.snapshot.employmentDetails.employmentType === 'employed';
  const p60 = state.server.p60File;
  const [uploading, setUploading] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string[] | null>(null);
  const inFlight = useRef(false);

  async function submit() {
    // A ref, not state: two clicks in the same frame must still send once.
    if (inFlight.current) return;
    const found = validateWizardStep('hmrc-details', state.snapshot, stepExtras(state));
    if (Object.keys(found).length > 0) {
      wizard.showErrors(found);
      return;
    }
    inFlight.current = true;
    setSubmitting(true);
    setSubmitError(null);
    // Earlier answers must be on the server before it checks the claim.
    await wizard.flushSaves(15_000);
    const result = await submitClaim(sessionId, {
      niNumber: normaliseNiNumber(state.niNumber),
      ...(employed && p60 ? { p60FileId: p60.id } : {}),
    });
    inFlight.current = false;
    setSubmitting(false);
    if (result.ok) {
      wizard.submitted(result.data);
      return;
    }
    const fieldErrors = result.errors ?? {};
    if (fieldErrors.niNumber) wizard.showErrors({ niNumber: fieldErrors.niNumber });
    const others = Object.entries(fieldErrors)
      .filter(([k]) => k !== 'niNumber')
      .map(([, v]) => v);
    setSubmitError(others);
  }

  return (
    <WizardShell
      heading="Administrative details"
      lead="We need your National Insurance number to submit your claim to HMRC."
      fields={FIELDS}
      continueLabel={submitting ? 'Submitting...' : 'Submit Claim'}
      continueDisabled={submitting || uploading}
      onContinue={() => void submit()}
    >
      <TextField
        id={fieldId('niNumber')}
        label="National Insurance number"
        hint={NI_HINT}
        value={formatNiAsTyped(state.niNumber)}
        onChange={(v) => wizard.setNiNumber(formatNiAsTyped(v))}
        error={errorFor(errors, 'niNumber')}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        maxLength={13}
        className="max-w-xs"
        data-testid="ni-number"
      />

      {employed && <P60Upload onUploading={setUploading} />}

      {submitError && (
        <Notice tone="error" title={SUBMIT_FAILED} testId="submit-error">
          {submitError.length > 0 && (
            <ul className="list-disc pl-6 text-danger">
              {submitError.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
          <Button
            variant="secondary"
            className="mt-3"
            onClick={() => void submit()}
            data-testid="submit-retry"
          >
            Try again
          </Button>
        </Notice>
      )}
    </WizardShell>
  );
}

/** The optional P60 (employed only): upload, progress, replace and remove. */
function P60Upload({ onUploading }: { onUploading: (busy: boolean) => void }) {
  const wizard = useWizard();
  const { state, sessionId } = wizard;
  const p60 = state.server.p60File;
  const [upload, setUpload] = useState<{ filename: string; percent: number } | null>(null);
  const [p60Error, setP60Error] = useState<string | undefined>(undefined);
  const [removing, setRemoving] = useState(false);
  // Submitting waits while a P60 is on its way.
  useEffect(() => onUploading(upload !== null), [upload, onUploading]);

  async function pickP60(files: File[]) {
    const file = files[0];
    if (!file) return;
    setP60Error(undefined);
    const problem = checkUpload(file, 'p60');
    if (problem) {
      setP60Error(problem);
      return;
    }
    setUpload({ filename: file.name, percent: 0 });
    const result = await uploadFile({
      sessionId,
      kind: 'p60',
      file,
      onProgress: (percent) => setUpload((u) => (u ? { ...u, percent } : u)),
    });
    setUpload(null);
    if (result.ok) wizard.setP60(result.file);
    else setP60Error(result.message);
  }

  async function removeP60() {
    if (!p60) return;
    setRemoving(true);
    setP60Error(undefined);
    const result = await deleteFile(sessionId, p60.id);
    setRemoving(false);
    if (result.ok) wizard.fileRemoved(p60.id);
    else setP60Error(result.message);
  }

  return (
    <section aria-labelledby="p60-title" className="space-y-3" data-testid="p60-section">
      <h2 id="p60-title" className="text-xl">
        Your P60 (optional)
      </h2>
      {p60 ? (
        <div
          className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-gray-50 px-3 py-2"
          data-testid="p60-file"
        >
          <span className="min-w-0 break-all">
            <span className="font-semibold">{p60.filename}</span>{' '}
            <span className="text-sm text-muted">({formatFileSize(p60.size)})</span>
          </span>
          <Button
            variant="link"
            loading={removing}
            onClick={() => void removeP60()}
            aria-label={`Remove ${p60.filename}`}
            data-testid="p60-remove"
          >
            Remove
          </Button>
        </div>
      ) : upload ? (
        <div aria-live="polite">
          <UploadProgress
            id="p60-progress-bar"
            filename={upload.filename}
            percent={upload.percent}
            testId="p60-progress"
          />
        </div>
      ) : null}
      {!upload && (
        <FileDrop
          id={fieldId('p60FileId')}
          label={p60 ? 'Replace your P60' : 'Upload your P60'}
          hint="A PDF, JPG or PNG file, up to 10 MB. Your P60 helps HMRC match your claim, but you can submit without it."
          accept={P60_ACCEPT}
          error={p60Error ?? errorFor(state.errors, 'p60FileId')}
          onFiles={(files) => void pickP60(files)}
          testId="p60-upload"
        />
      )}
    </section>
  );
}
