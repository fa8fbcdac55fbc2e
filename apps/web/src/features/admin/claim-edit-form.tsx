import { useReducer, useState } from 'react';
import type { FormEvent } from 'react';
import { EMPTY_DATE_PARTS, formatIsoDate, isoToDateParts } from '@taxback/domain';
import type { DateParts } from '@taxback/domain';
import { CLAIMANT_EDIT_FIELDS, editLabel } from '@taxback/domain/claim-edit-schemas';
import type { ClaimEditValue, EditField } from '@taxback/domain/claim-edit-schemas';
import { Button } from '../../components/ui/button.tsx';
import { DateInput } from '../../components/ui/date-input.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { Radios } from '../../components/ui/radios.tsx';
import { call } from '../../lib/api/admin-client.ts';
import { formatDateTime, summaryItems } from './admin-api.ts';
import { InputField, SelectField, TextAreaField } from './admin-ui.tsx';
import type { ClaimDetail } from './claim-detail.ts';
import { NO_MESSAGES, formMessagesReducer } from './form-messages-state.ts';

// D32 (issue 28): an operator completes or corrects one answer that does not change the amount,
// with a reason; the server keeps the old value in the claim's history and tells the claimant.

interface Choice {
  key: string;
  field: EditField;
  employmentId: string | null;
  label: string;
  /** The answer held now, as shown. */
  current: string | null;
}

type Value =
  | { kind: 'text'; text: string }
  | { kind: 'date'; date: DateParts }
  | { kind: 'address'; homeAddress: string; postcode: string }
  | { kind: 'end'; continuing: 'yes' | 'no' | ''; endDate: DateParts };

function choicesOf(claim: ClaimDetail): Choice[] {
  const c = claim.claimant;
  const mine = (field: keyof typeof CLAIMANT_EDIT_FIELDS, current: string | null | undefined): Choice => ({
    key: field,
    field,
    employmentId: null,
    label: editLabel(field, null),
    current: current ?? null,
  });
  if (claim.kind === 'general') return [mine('firstName', c.firstName), mine('lastName', c.lastName)];
  const address = [c.address, c.postcode].filter(Boolean).join(', ');
  return [
    mine('firstName', c.firstName),
    mine('lastName', c.lastName),
    mine('dateOfBirth', c.dateOfBirth ? formatIsoDate(c.dateOfBirth) : null),
    mine('address', address || null),
    mine('niNumber', c.niNumberMasked),
    ...(claim.employments ?? []).flatMap((e, i) =>
      (
        [
          ['employerName', e.employerName || null],
          ['payeReference', e.payeReference],
          ['jobTitle', e.jobTitle || null],
          [
            'employmentEnd',
            e.continuing === null
              ? null
              : e.continuing
                ? 'Still employed there'
                : `Ended ${e.endDate ? formatIsoDate(e.endDate) : '(date missing)'}`,
          ],
        ] as const
      ).map(([field, current]) => ({
        key: `${field}:${e.id}`,
        field,
        employmentId: e.id,
        label: editLabel(field, i),
        current,
      })),
    ),
  ];
}

function startValue(choice: Choice | undefined, claim: ClaimDetail): Value {
  if (!choice) return { kind: 'text', text: '' };
  const c = claim.claimant;
  if (choice.field === 'dateOfBirth')
    return { kind: 'date', date: c.dateOfBirth ? isoToDateParts(c.dateOfBirth) : { ...EMPTY_DATE_PARTS } };
  if (choice.field === 'address')
    return { kind: 'address', homeAddress: c.address ?? '', postcode: c.postcode ?? '' };
  if (choice.field === 'employmentEnd') {
    const e = claim.employments?.find((x) => x.id === choice.employmentId);
    return {
      kind: 'end',
      continuing: e?.continuing === null || e === undefined ? '' : e.continuing ? 'yes' : 'no',
      endDate: e?.endDate ? isoToDateParts(e.endDate) : { ...EMPTY_DATE_PARTS },
    };
  }
  // An NI number is shown masked, so it is typed afresh; the others start from what is held.
  return { kind: 'text', text: choice.field === 'niNumber' ? '' : (choice.current ?? '') };
}

function wireValue(v: Value): ClaimEditValue {
  if (v.kind === 'text') return v.text;
  if (v.kind === 'date') return v.date;
  if (v.kind === 'address') return { homeAddress: v.homeAddress, postcode: v.postcode };
  return { continuing: v.continuing, endDate: v.endDate };
}

/** The new value's controls for the chosen answer; each error at its own control. */
function ValueInputs({
  choice,
  value,
  onChange,
  errors,
}: {
  choice: Choice;
  value: Value;
  onChange: (v: Value) => void;
  errors: Record<string, string>;
}) {
  if (value.kind === 'date')
    return (
      <DateInput
        id="edit-value"
        legend={`New ${choice.label.toLowerCase()}`}
        hint="For example, 27 3 1985"
        value={value.date}
        onChange={(date) => onChange({ ...value, date })}
        error={errors.value}
      />
    );
  if (value.kind === 'address')
    return (
      <>
        <TextAreaField
          id="edit-value.homeAddress"
          label="New home address"
          value={value.homeAddress}
          onChange={(homeAddress) => onChange({ ...value, homeAddress })}
          error={errors['value.homeAddress']}
        />
        <InputField
          id="edit-value.postcode"
          label="New postcode"
          value={value.postcode}
          onChange={(postcode) => onChange({ ...value, postcode })}
          error={errors['value.postcode']}
        />
      </>
    );
  if (value.kind === 'end')
    return (
      <>
        <Radios
          id="edit-value.continuing"
          name="edit-continuing"
          legend="Does the claimant still work there?"
          options={[
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No, the job has ended' },
          ]}
          value={value.continuing}
          onChange={(continuing) => onChange({ ...value, continuing })}
          error={errors['value.continuing']}
        />
        {value.continuing === 'no' && (
          <DateInput
            id="edit-value.endDate"
            legend="When did the job end?"
            hint="For example, 31 3 2025"
            value={value.endDate}
            onChange={(endDate) => onChange({ ...value, endDate })}
            error={errors['value.endDate']}
          />
        )}
      </>
    );
  return (
    <InputField
      id="edit-value"
      label={`New ${/^National|^Employer PAYE/.test(choice.label) ? choice.label : choice.label.toLowerCase()}`}
      hint={choice.field === 'payeReference' ? 'For example, 123/AB45678' : undefined}
      value={value.text}
      onChange={(text) => onChange({ ...value, text })}
      error={errors.value}
    />
  );
}

/** The detail chosen (a choice's key, '' for none), its new value and the reason, as typed. */
type EditFields = { key: string; value: Value; reason: string };

/** "Complete or correct a detail": one answer, its new value and the reason (D32). */
export function ClaimEditForm({ claim, onChanged }: { claim: ClaimDetail; onChanged: () => Promise<void> }) {
  const choices = choicesOf(claim);
  const [fields, setFields] = useState<EditFields>({
    key: '',
    value: { kind: 'text', text: '' },
    reason: '',
  });
  const [messages, say] = useReducer(formMessagesReducer, NO_MESSAGES);
  const { key, value, reason } = fields;
  const { errors, attempt, done } = messages;
  const choice = choices.find((c) => c.key === key);

  function choose(next: string) {
    setFields((f) => ({
      ...f,
      key: next,
      value: startValue(
        choices.find((c) => c.key === next),
        claim,
      ),
    }));
    say({ type: 'cleared' });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    say({ type: 'sent' });
    if (!choice) return say({ type: 'refused', errors: { field: 'Select the detail to change' } });
    const res = await call('editClaimDetails', {
      params: { id: claim.id },
      body: {
        field: choice.field,
        employmentId: choice.employmentId,
        value: wireValue(value),
        reason,
        version: claim.workflow.version,
      },
    });
    if (res.ok) {
      say({ type: 'cleared' });
      setFields((f) => ({ ...f, key: '', reason: '' }));
      // The page holds the claim's new version before it says so: a move made on the strength of
      // this message must not be refused as stale.
      await onChanged();
      say({
        type: 'done',
        message: `${choice.label} changed. The claimant has been told by text and email.`,
      });
      return;
    }
    say({ type: 'refused', errors: res.errors ?? { field: res.error ?? 'The change could not be saved.' } });
  }

  if (claim.workflow.status === 'draft') return null;
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="mb-10 rounded-md border-2 border-gray-300 p-4"
      aria-labelledby="edit-heading"
    >
      <h2 id="edit-heading" className="mb-2 text-2xl">
        Complete or correct a detail
      </h2>
      <p className="mb-4">
        Only details that do not change the amount claimed. For years, miles, vehicles or what an employer
        paid, ask the claimant to amend their claim.
      </p>
      <ErrorSummary
        errors={summaryItems(
          Object.fromEntries(Object.entries(errors).map(([k, m]) => [k === 'employmentId' ? 'field' : k, m])),
          'edit-',
        )}
        focusKey={attempt}
      />
      {done && (
        <p role="status" className="mb-4 font-semibold text-brand-700">
          {done}
        </p>
      )}
      <div className="space-y-4">
        <SelectField
          id="edit-field"
          label="Detail to change"
          hint={choice ? `Now: ${choice.current ?? 'not given'}` : undefined}
          error={errors.field ?? errors.employmentId}
          value={key}
          onChange={choose}
          controlClassName="max-w-md"
        >
          <option value="">Select a detail</option>
          {choices.map((c) => (
            <option key={c.key} value={c.key}>
              {c.label}
            </option>
          ))}
        </SelectField>
        {choice && (
          <ValueInputs
            choice={choice}
            value={value}
            onChange={(v) => setFields((f) => ({ ...f, value: v }))}
            errors={errors}
          />
        )}
        <TextAreaField
          id="edit-reason"
          label="Reason for the change"
          hint="Shown in the claim’s history. The claimant is told by text and email which detail changed, and the email gives this reason"
          error={errors.reason}
          value={reason}
          onChange={(text) => setFields((f) => ({ ...f, reason: text }))}
        />
        <Button type="submit">Save change</Button>
      </div>
    </form>
  );
}

/** D32: the answers operators completed or corrected, with the old and new values. */
export function DetailChanges({ claim }: { claim: ClaimDetail }) {
  return (
    <>
      <h2 className="mb-2 text-2xl">Details changed by operators</h2>
      {claim.edits.length === 0 ? (
        <p className="mb-8">No details changed.</p>
      ) : (
        <ol className="mb-8 space-y-3" data-testid="detail-changes">
          {claim.edits.map((e) => (
            <li key={e.id} className="border-l-4 border-gray-300 pl-3 wrap-anywhere">
              <p className="font-semibold">{e.label}</p>
              <p>
                Was: {e.oldValue ?? 'not given'}. Now: {e.newValue ?? 'not given'}.
              </p>
              <p>Reason: {e.reason}</p>
              <p className="text-sm text-muted">
                {e.operator ?? 'Unknown operator'}, {formatDateTime(e.createdAt)}
              </p>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
