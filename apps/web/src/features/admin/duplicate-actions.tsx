import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { call } from '../../lib/api/admin-client.ts';
import { summaryItems } from './admin-api.ts';
import { TextAreaField } from './admin-ui.tsx';

// D38 (issue 42): an admin answers a possible duplicate on the claim page: merge it into this
// claim's case, or mark the two not duplicates; either with the reason, audited on both claims.

export function DuplicateActions({
  claimId,
  other,
  onChanged,
}: {
  claimId: string;
  other: { id: string; reference: string };
  onChanged: () => Promise<void>;
}) {
  const prefix = `duplicate-${other.id}-`;
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);

  async function send(action: 'merge' | 'not-duplicate') {
    setBusy(true);
    const res = await call('answerDuplicate', {
      params: { id: claimId },
      body: { otherId: other.id, action, reason },
    });
    setBusy(false);
    if (res.ok) {
      setErrors({});
      setReason('');
      await onChanged();
    } else {
      setErrors(res.errors ?? { reason: res.error ?? 'The claims could not be changed.' });
      setAttempt((a) => a + 1);
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send('merge');
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-2 space-y-2"
      aria-label={`Answer the possible duplicate ${other.reference}`}
    >
      <ErrorSummary errors={summaryItems(errors, prefix)} focusKey={attempt} />
      <TextAreaField
        id={`${prefix}reason`}
        label={`Why (for ${other.reference})`}
        hint="Recorded in the audit log of both claims"
        value={reason}
        onChange={setReason}
        error={errors.reason}
      />
      <div className="flex flex-wrap gap-4">
        <Button type="submit" disabled={busy}>
          Merge into this case
        </Button>
        <Button type="button" variant="secondary" disabled={busy} onClick={() => void send('not-duplicate')}>
          Not a duplicate
        </Button>
      </div>
    </form>
  );
}
