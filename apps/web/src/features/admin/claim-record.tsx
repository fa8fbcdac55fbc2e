import { useEffect, useReducer, useState } from 'react';
import type { FormEvent } from 'react';
import { ukIsoDate } from '@taxback/domain';
import { SENT_METHOD_LABELS } from '@taxback/domain/admin-schemas';
import { DATE_SUBJECTS } from '@taxback/domain/date-rules';
import type { OperatorListItem } from '@taxback/domain/api/admin-responses';
import { Button } from '../../components/ui/button.tsx';
import { DateInput } from '../../components/ui/date-input.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { call } from '../../lib/api/admin-client.ts';
import { formatDateTime, formatPence, summaryItems } from './admin-api.ts';
import { useAdminSession } from './admin-session.tsx';
import { AmountField, InputField, SelectField, TextAreaField } from './admin-ui.tsx';
import type { ClaimDetail } from './claim-detail.ts';
import { useDateFields } from './date-fields.ts';
import { NO_MESSAGES, formMessagesReducer } from './form-messages-state.ts';

// D34 and D35 on the claim page: who owns the claim (take, allocate, return to the pool), the
// sending's and repayment's fields, their history, and an admin's correction.

const today = () => ukIsoDate(new Date());
const methodLabel = (method: unknown, other: unknown) =>
  method === 'other'
    ? `${SENT_METHOD_LABELS.other}: ${String(other ?? '')}`
    : method === 'post'
      ? 'Post'
      : '–';

/** The owner, "Take this claim", and for admins "Allocate to" and "Return to the pool". */
export function OwnerPanel({ claim, onChanged }: { claim: ClaimDetail; onChanged: () => Promise<void> }) {
  const { operator } = useAdminSession();
  const admin = operator?.role === 'admin';
  const [operators, setOperators] = useState<OperatorListItem[]>([]);
  // The person chosen and why the claim moves, as typed.
  const [fields, setFields] = useState({ ownerId: '', reason: '' });
  const [{ errors, attempt }, say] = useReducer(formMessagesReducer, NO_MESSAGES);
  const { ownerId, reason } = fields;
  useEffect(() => {
    if (admin)
      void call('listOperators').then((res) => {
        if (res.ok) setOperators(res.data.operators.filter((o) => !o.disabled));
      });
  }, [admin]);
  const open = claim.workflow.allowedMoves.length > 0;

  async function done(res: { ok: boolean; errors?: Record<string, string>; error?: string }, field: string) {
    if (res.ok) {
      say({ type: 'cleared' });
      setFields((f) => ({ ...f, reason: '' }));
      await onChanged();
    } else {
      say({
        type: 'refused',
        errors: res.errors ?? { [field]: res.error ?? 'The owner could not be changed.' },
      });
    }
  }
  const take = async () => done(await call('takeClaim', { params: { id: claim.id } }), 'take');
  const allocate = async (to: string | null) =>
    done(await call('allocateClaim', { params: { id: claim.id }, body: { ownerId: to, reason } }), 'ownerId');
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (ownerId === '') return say({ type: 'refused', errors: { ownerId: 'Select a person' } });
    await allocate(ownerId);
  }

  return (
    <section className="mb-8 rounded-md border-2 border-gray-300 p-4" aria-labelledby="owner-heading">
      <h2 id="owner-heading" className="mb-2 text-2xl">
        Owner
      </h2>
      <ErrorSummary errors={summaryItems(errors, 'owner-')} focusKey={attempt} />
      <p className="mb-4" data-testid="claim-owner">
        {claim.owner
          ? `${claim.owner.name ?? 'Unknown'} owns this claim${claim.owner.id === operator?.id ? ' (you)' : ''}.`
          : 'Nobody owns this claim: it is in the unallocated pool.'}
      </p>
      {open && !claim.owner && (
        <Button id="owner-take" type="button" onClick={() => void take()}>
          Take this claim
        </Button>
      )}
      {open && admin && (
        <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 space-y-4">
          <SelectField
            id="owner-ownerId"
            label="Allocate to"
            value={ownerId}
            onChange={(next) => setFields((f) => ({ ...f, ownerId: next }))}
            error={errors.ownerId}
          >
            <option value="">Select a person</option>
            {operators
              .filter((o) => o.id !== claim.owner?.id)
              .map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
          </SelectField>
          <TextAreaField
            id="owner-reason"
            label={claim.owner ? 'Why it moves' : 'Why it moves (optional)'}
            hint="Recorded in the audit log"
            value={reason}
            onChange={(text) => setFields((f) => ({ ...f, reason: text }))}
            error={errors.reason}
          />
          <div className="flex flex-wrap gap-4">
            <Button type="submit">Allocate</Button>
            {claim.owner && (
              <Button type="button" variant="secondary" onClick={() => void allocate(null)}>
                Return to the pool
              </Button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}

/** The fields of a sending or repayment record: ids under `prefix`, one shared set of values. */
interface RecordFieldsProps {
  prefix: string;
  values: Record<string, string>;
  set: (key: string) => (value: string) => void;
  dates: RecordDates;
  errors: Record<string, string>;
}

/** D35: how the claim went to HMRC; shared by the status move and the admin's correction. */
export function SentFields({ prefix, values, set, dates, errors }: RecordFieldsProps) {
  return (
    <>
      <DateInput {...dates.input('sentOn', errors.sentOn)} />
      <SelectField
        id={`${prefix}sentMethod`}
        label="How it was sent"
        value={values.sentMethod ?? ''}
        onChange={set('sentMethod')}
        error={errors.sentMethod}
      >
        <option value="">Select how</option>
        <option value="post">{SENT_METHOD_LABELS.post}</option>
        <option value="other">{SENT_METHOD_LABELS.other}</option>
      </SelectField>
      {values.sentMethod === 'other' && (
        <InputField
          id={`${prefix}sentMethodOther`}
          label="How it was sent, in a few words"
          value={values.sentMethodOther ?? ''}
          onChange={set('sentMethodOther')}
          error={errors.sentMethodOther}
        />
      )}
      <InputField
        id={`${prefix}sentTracking`}
        label="Tracking reference (optional)"
        value={values.sentTracking ?? ''}
        onChange={set('sentTracking')}
        error={errors.sentTracking}
      />
    </>
  );
}

/** D35: HMRC's repayment: the amount and the date. */
export function RepaidFields({ prefix, values, set, dates, errors }: RecordFieldsProps) {
  return (
    <>
      <AmountField
        id={`${prefix}repaidAmount`}
        label="Amount HMRC repaid, in pounds"
        hint="For example, 123.45"
        error={errors.repaidAmount}
        value={values.repaidAmount ?? ''}
        onChange={set('repaidAmount')}
      />
      <DateInput {...dates.input('repaidOn', errors.repaidOn)} />
    </>
  );
}

const RECORD_DATES = {
  sentOn: { legend: 'Date sent to HMRC', subject: DATE_SUBJECTS.sentOn },
  repaidOn: { legend: 'Date HMRC repaid', subject: DATE_SUBJECTS.repaidOn },
};
type RecordDates = ReturnType<typeof useRecordValues>['dates'];

/**
 * The form values of the sending and repayment fields (ids under `prefix`); their dates typed as
 * day, month and year (issue 44), today's filled in. A date left empty goes as '': today, to the server.
 */
export function useRecordValues(prefix: string) {
  const [values, setValues] = useState<Record<string, string>>({});
  const set = (key: string) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const dates = useDateFields(RECORD_DATES, {
    idPrefix: prefix,
    initial: () => ({ sentOn: today(), repaidOn: today() }),
  });
  return {
    values,
    set,
    dates,
    reset: () => {
      setValues({});
      dates.reset();
    },
  };
}

/** D35: every value the sent and repaid records held, and an admin's correction. */
export function HmrcRecords({ claim, onChanged }: { claim: ClaimDetail; onChanged: () => Promise<void> }) {
  const { operator } = useAdminSession();
  if (claim.hmrcRecords.length === 0) return null;
  return (
    <section className="mb-8" aria-labelledby="records-heading">
      <h2 id="records-heading" className="mb-2 text-2xl">
        Sending and repayment
      </h2>
      <ol className="mb-4 space-y-2" data-testid="hmrc-records">
        {claim.hmrcRecords.map((r) => (
          <li key={r.id} className="border-l-4 border-gray-300 pl-3">
            {r.record === 'sent'
              ? `Sent to HMRC on ${String(r.value.on)} by ${methodLabel(r.value.method, r.value.methodOther)}${r.value.tracking ? `, tracking ${String(r.value.tracking)}` : ''}`
              : `HMRC repaid ${formatPence(Number(r.value.pence))} on ${String(r.value.on)} (fee ${formatPence(Number(r.value.feePence))}, claimant receives ${formatPence(Number(r.value.claimantPence))})`}
            <span className="block text-sm text-muted">
              {r.reason
                ? `Corrected by ${r.operator ?? 'unknown'}, ${formatDateTime(r.created_at)}. Reason: ${r.reason}`
                : `Recorded by ${r.operator ?? 'unknown'}, ${formatDateTime(r.created_at)}`}
            </span>
          </li>
        ))}
      </ol>
      {operator?.role === 'admin' && <CorrectionForm claim={claim} onChanged={onChanged} />}
    </section>
  );
}

function CorrectionForm({ claim, onChanged }: { claim: ClaimDetail; onChanged: () => Promise<void> }) {
  const repaid = claim.workflow.status === 'repaid';
  const [record, setRecord] = useState<'sent' | 'repaid'>(repaid ? 'repaid' : 'sent');
  const { values, set, dates, reset } = useRecordValues('correct-');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const on = dates.check([record === 'sent' ? 'sentOn' : 'repaidOn']);
    if (!on) return;
    const body =
      record === 'sent'
        ? {
            record,
            reason,
            sentOn: on.sentOn,
            sentMethod: values.sentMethod,
            sentMethodOther: values.sentMethodOther,
            sentTracking: values.sentTracking,
          }
        : { record, reason, repaidAmount: values.repaidAmount, repaidOn: on.repaidOn };
    const res = await call('correctHmrcRecord', { params: { id: claim.id }, body });
    if (res.ok) {
      setErrors({});
      setReason('');
      reset();
      await onChanged();
    } else {
      setErrors(res.errors ?? { reason: res.error ?? 'The record could not be corrected.' });
      setAttempt((a) => a + 1);
    }
  }
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="space-y-4 rounded-md border-2 border-gray-300 p-4"
    >
      <h3 className="text-xl">Correct a record</h3>
      <ErrorSummary
        errors={summaryItems({ ...errors, ...dates.errors }, 'correct-')}
        focusKey={`${attempt}.${dates.attempt}`}
      />
      <SelectField
        id="correct-record"
        label="Record to correct"
        value={record}
        onChange={(v) => setRecord(v === 'repaid' ? 'repaid' : 'sent')}
      >
        <option value="sent">Sent to HMRC</option>
        {repaid && <option value="repaid">Repaid</option>}
      </SelectField>
      {record === 'sent' ? (
        <SentFields prefix="correct-" values={values} set={set} dates={dates} errors={errors} />
      ) : (
        <RepaidFields prefix="correct-" values={values} set={set} dates={dates} errors={errors} />
      )}
      <TextAreaField
        id="correct-reason"
        label="Reason for the correction"
        value={reason}
        onChange={setReason}
        error={errors.reason}
      />
      <Button type="submit" variant="secondary">
        Correct the record
      </Button>
    </form>
  );
}
