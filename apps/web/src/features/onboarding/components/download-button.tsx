import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { downloadFile } from '../lib/wizard-api.ts';
import { useWizard } from '../wizard-context.tsx';

export interface DownloadButtonProps {
  url: string;
  filename: string;
  label: string;
  testId?: string;
}

/** Downloads a private file (D6): fetched with the session header, saved from a blob. */
export function DownloadButton({ url, filename, label, testId }: DownloadButtonProps) {
  const { sessionId } = useWizard();
  const [phase, setPhase] = useState<'idle' | 'busy' | 'error'>('idle');
  return (
    <span className="inline-flex flex-col">
      <Button
        variant="link"
        loading={phase === 'busy'}
        data-testid={testId}
        onClick={() => {
          setPhase('busy');
          void downloadFile(sessionId, url, filename).then((ok) => setPhase(ok ? 'idle' : 'error'));
        }}
      >
        {label}
      </Button>
      {phase === 'error' && (
        <span role="alert" className="text-sm font-semibold text-danger">
          The download failed. Please try again.
        </span>
      )}
    </span>
  );
}
