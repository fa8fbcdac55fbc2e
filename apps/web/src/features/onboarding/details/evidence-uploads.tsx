import { useState } from 'react';
import type { DetailsEvidence } from '@taxback/domain/api/responses';
import { Button } from '../../../components/ui/button.tsx';
import { FileDrop, UploadProgress, formatFileSize } from '../components/file-drop.tsx';
import { EVIDENCE_EXTENSIONS, checkUpload, deleteDetailsFile, uploadDetailsFile } from '../lib/files-api.ts';
import type { DetailsController } from './use-details.ts';

// Decision 052: receipts and proof in the details journey, with the wizard's file drop and upload
// (the evidence types, 10 MB, checked again from the bytes by the server). Each file is stored as
// soon as it is chosen and can be removed until the details are signed.

const ACCEPT = EVIDENCE_EXTENSIONS.map((e) => `.${e}`).join(',');

/** One drop zone for `section` and `taxYear` ('' for the proof working from home was required), with its files. */
export function EvidenceUpload({
  d,
  section,
  taxYear,
  label,
}: {
  d: DetailsController;
  section: DetailsEvidence['section'];
  taxYear: string;
  label: string;
}) {
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const slug = `${section}-${taxYear.replace('/', '-') || 'proof'}`;
  const sessionId = d.sessionId ?? '';
  const files = d.evidence.filter((e) => e.section === section && e.taxYear === taxYear);

  async function take(list: File[]) {
    for (const file of list) {
      const problem = checkUpload(file, 'evidence');
      if (problem) return setError(problem);
      setError(undefined);
      setProgress({ name: file.name, percent: 0 });
      const res = await uploadDetailsFile({
        sessionId,
        section,
        taxYear,
        file,
        onProgress: (percent) => setProgress({ name: file.name, percent }),
      });
      setProgress(null);
      if (!res.ok) return setError(res.message);
      d.evidenceAdded(res.file);
    }
  }

  async function remove(id: string) {
    const res = await deleteDetailsFile(sessionId, id);
    if (!res.ok) return setError(res.message);
    d.evidenceRemoved(id);
  }

  return (
    <div className="space-y-3" data-testid={`evidence-${slug}`}>
      <FileDrop
        id={`evidence-${slug}`}
        label={label}
        hint="A PDF, Word, Excel, CSV, JPG or PNG file, up to 10 MB each. We keep it private."
        accept={ACCEPT}
        multiple
        error={error}
        disabled={progress !== null}
        onFiles={(list) => void take(list)}
        testId={`evidence-input-${slug}`}
      />
      {progress && (
        <UploadProgress
          id={`evidence-progress-${slug}`}
          filename={progress.name}
          percent={progress.percent}
        />
      )}
      {files.length > 0 && (
        <ul className="space-y-2" aria-label={`Uploaded: ${label}`}>
          {files.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center gap-3">
              <span className="break-all">
                {f.filename} ({formatFileSize(f.size)})
              </span>
              <Button variant="link" onClick={() => void remove(f.id)}>
                Remove<span className="sr-only"> {f.filename}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
