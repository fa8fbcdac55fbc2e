import { useReducer, useState } from 'react';
import type { FormEvent } from 'react';
import { CLAIM_STATUS_LABELS, isClaimStatus, isNotifiedStatus, reasonRequired } from '@taxback/domain';
import { Button } from '../../components/ui/button.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { call } from '../../lib/api/admin-client.ts';
import { formatDateTime, summaryItems } from './admin-api.ts';
import { SelectField, TextAreaField } from './admin-ui.tsx';
import { RepaidFields, SentFields, useRecordValues } from './claim-record.tsx';
import type { ClaimDetail } from './claim-detail.ts';
import { statusLabel } from './claims-page.tsx';
import { NO_MESSAGES, formMessagesReducer } from './form-messages-state.ts';

/** The claim's status move (D22): the allowed moves, a reason where one is required, the amount repaid. */
export function StatusForm({ claim, onChanged }: { claim: ClaimDetail; onChanged: () => Promise<void> }) {
  // The new status and the reason, as chosen and typed; the sending's or repayment's own fields beside.
  const [fields, setFields] = useState({ to: '', reason: '' });
  const record = useRecordValues('status-');
  const [messages, say] = useReducer(formMessagesReducer, NO_MESSAGES);
  const { to, reason } = fields;
  const { errors, attempt, done } = messages;
  const moves = claim.workflow.allowedMoves;
  if (moves.length === 0) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    say({ type: 'sent' });
    if (!isClaimStatus(to)) return say({ type: 'refused', errors: { to: 'Select the new status' } });
    // The move's date, checked as typed (issue 44): a wrong one is shown, and nothing is sent.
    const on = record.dates.check(to === 'repaid' ? ['repaidOn'] : to === 'sent-to-hmrc' ? ['sentOn'] : []);
    if (!on) return;
    const res = await call('changeClaimStatus', {
      params: { id: claim.id },
      body: {
        to,
        reason,
        version: claim.workflow.version,
        ...(to === 'repaid' ? { repaidAmount: record.values.repaidAmount, repaidOn: on.repaidOn } : {}),
        ...(to === 'sent-to-hmrc'
          ? {
              sentOn: on.sentOn,
              sentMethod: record.values.sentMethod,
              sentMethodOther: record.values.sentMethodOther,
              sentTracking: record.values.sentTracking,
            }
          : {}),
      },
    });
    if (res.ok) {
      say({ type: 'cleared' });
      setFields({ to: '', reason: '' });
      record.reset();
      await onChanged();
      say({ type: 'done', message: `Status changed to ${statusLabel(res.data.status)}.` });
      return;
    }
    const missing = res.status === 409 ? res.data.missing : undefined;
    say({
      type: 'refused',
      errors:
        res.errors ??
        (missing
          ? { to: `${res.error ?? 'Not ready'}: ${missing.join(', ')}` }
          : { to: res.error ?? 'The status could not be changed.' }),
    });
  }

  const needsReason = isClaimStatus(to) && reasonRequired(to);
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="mb-10 rounded-md border-2 border-gray-300 p-4"
    >
      <h2 className="mb-4 text-2xl">Change status</h2>
      <ErrorSummary
        errors={summaryItems({ ...errors, ...record.dates.errors }, 'status-')}
        focusKey={`${attempt}.${record.dates.attempt}`}
      />
      {done && (
        <p role="status" className="mb-4 font-semibold text-brand-700">
          {done}
        </p>
      )}
      <div className="space-y-4">
        <SelectField
          id="status-to"
          label="New status"
          error={errors.to}
          value={to}
          onChange={(next) => setFields((f) => ({ ...f, to: next }))}
          controlClassName="max-w-md"
        >
          <option value="">Select a status</option>
          {moves.map((m) => (
            <option key={m} value={m}>
              {isClaimStatus(m) ? CLAIM_STATUS_LABELS[m] : m}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          id="status-reason"
          label={needsReason ? 'Reason' : 'Reason (optional)'}
          hint={
            to !== '' && isClaimStatus(to) && !isNotifiedStatus(to)
              ? 'Shown in the claim’s history'
              : 'Shown in the claim’s history. The claimant is told of this change by text and email, and the email and their status page show this reason'
          }
          error={errors.reason}
          value={reason}
          onChange={(text) => setFields((f) => ({ ...f, reason: text }))}
        />
        {to === 'sent-to-hmrc' && (
          <SentFields
            prefix="status-"
            values={record.values}
            set={record.set}
            dates={record.dates}
            errors={errors}
          />
        )}
        {to === 'repaid' && (
          <RepaidFields
            prefix="status-"
            values={record.values}
            set={record.set}
            dates={record.dates}
            errors={errors}
          />
        )}
        <Button type="submit">Change status</Button>
      </div>
    </form>
  );
}

/** What sending a note or a message answered: the API's result, or its field messages. */
type SentResult = { ok: true } | { ok: false; errors?: Record<string, string>; error?: string };

/**
 * One text box and its button: a note or a message. It keeps what was typed until the server has
 * it, shows the server's field messages, and empties once `send` succeeded and `onSent` reloaded.
 */
export function TextEntryForm({
  idPrefix,
  label,
  hint,
  button,
  failure,
  send,
  onSent,
}: {
  idPrefix: string;
  label: string;
  hint: string;
  button: string;
  failure: string;
  send: (body: string) => Promise<SentResult>;
  onSent: () => Promise<void>;
}) {
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const res = await send(body);
    if (res.ok) {
      setBody('');
      setErrors({});
      await onSent();
    } else {
      setErrors(res.errors ?? { body: res.error ?? failure });
      setAttempt((n) => n + 1);
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <ErrorSummary errors={summaryItems(errors, idPrefix)} focusKey={attempt} />
      <TextAreaField
        id={`${idPrefix}body`}
        label={label}
        hint={hint}
        error={errors.body}
        value={body}
        onChange={setBody}
      />
      <Button type="submit" variant="secondary">
        {button}
      </Button>
    </form>
  );
}

/** Internal notes: only operators see them. */
export function NotesSection({ claim, onAdded }: { claim: ClaimDetail; onAdded: () => Promise<void> }) {
  return (
    <section className="mb-8">
      <h2 className="mb-2 text-2xl">Internal notes</h2>
      {claim.notes.length === 0 ? (
        <p className="mb-4">No notes yet.</p>
      ) : (
        <ul className="mb-4 space-y-2">
          {claim.notes.map((n) => (
            <li key={n.id} className="border-l-4 border-gray-300 pl-3">
              <p className="whitespace-pre-wrap">{n.body}</p>
              <p className="text-sm text-muted">
                {n.operator ?? 'unknown'}, {formatDateTime(n.created_at)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <TextEntryForm
        idPrefix="note-"
        label="Add a note"
        hint="Only operators see notes"
        button="Add note"
        failure="The note could not be saved."
        send={(body) => call('addClaimNote', { params: { id: claim.id }, body: { body } })}
        onSent={onAdded}
      />
    </section>
  );
}
