import { useState } from 'react';
import type { FormEvent } from 'react';
import { ukIsoDate } from '@taxback/domain';
import { REQUESTED_DOCUMENTS, defaultReplyBy, ITEMS_MAX } from '@taxback/domain/casework';
import { DATE_SUBJECTS, dateMessages } from '@taxback/domain/date-rules';
import { Button } from '../../components/ui/button.tsx';
import { DateInput } from '../../components/ui/date-input.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { call } from '../../lib/api/admin-client.ts';
import { summaryItems } from './admin-api.ts';
import { SelectField, TextAreaField } from './admin-ui.tsx';
import type { ClaimDetail } from './claim-detail.ts';
import { useDateFields } from './date-fields.ts';

// Issue 28 (D33): "information requested" with one or more items (a question, a document of a
// named kind for a tax year and employment, or an amendment, D32) and a reply-by date.

type Item = { kind: string; question: string; document: string; taxYear: string; employmentId: string };
const EMPTY_ITEM: Item = { kind: 'question', question: '', document: '', taxYear: '', employmentId: '' };
const REPLY_BY = {
  replyBy: {
    legend: 'Reply by',
    subject: DATE_SUBJECTS.replyBy,
    required: dateMessages(DATE_SUBJECTS.replyBy).required,
  },
};

function ItemFields({
  index,
  item,
  errors,
  employments,
  years,
  onChange,
}: {
  index: number;
  item: Item;
  errors: Record<string, string>;
  employments: { id: string; employerName: string }[];
  /** The claim's own tax years: the only ones a request may name (issue 44). */
  years: readonly string[];
  onChange: (item: Item) => void;
}) {
  const id = (field: string) => `request-items.${index}.${field}`;
  const set = (field: keyof Item) => (value: string) => onChange({ ...item, [field]: value });
  return (
    <fieldset className="min-w-0 space-y-3 rounded-md border-2 border-gray-300 p-3">
      <legend className="px-1 font-semibold">Item {index + 1}</legend>
      <SelectField
        id={id('kind')}
        label="What you need"
        value={item.kind}
        onChange={set('kind')}
        error={errors[`items.${index}.kind`]}
      >
        <option value="question">An answer to a question</option>
        <option value="document">A document</option>
        <option value="amendment">A change to the claim’s figures</option>
      </SelectField>
      {item.kind === 'document' ? (
        <>
          <SelectField
            id={id('document')}
            label="Document"
            value={item.document}
            onChange={set('document')}
            error={errors[`items.${index}.document`]}
          >
            <option value="">Select a document</option>
            {Object.entries(REQUESTED_DOCUMENTS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <SelectField
            id={id('taxYear')}
            label="Tax year (optional)"
            value={item.taxYear}
            onChange={set('taxYear')}
            error={errors[`items.${index}.taxYear`]}
          >
            <option value="">Any year</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </SelectField>
          {employments.length > 0 && (
            <SelectField
              id={id('employmentId')}
              label="Employment (optional)"
              value={item.employmentId}
              onChange={set('employmentId')}
              error={errors[`items.${index}.employmentId`]}
            >
              <option value="">Any employment</option>
              {employments.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.employerName}
                </option>
              ))}
            </SelectField>
          )}
        </>
      ) : (
        <TextAreaField
          id={id('question')}
          label={item.kind === 'amendment' ? 'What the claimant should change' : 'Question'}
          error={errors[`items.${index}.question`]}
          value={item.question}
          onChange={set('question')}
        />
      )}
    </fieldset>
  );
}

/** The request form, for a claim that may move to "information requested". */
export function InformationRequestForm({
  claim,
  onChanged,
}: {
  claim: ClaimDetail;
  onChanged: () => Promise<void>;
}) {
  const [items, setItems] = useState<Item[]>([EMPTY_ITEM]);
  // Typed as day, month and year (issue 44); 14 days ahead unless changed.
  const dates = useDateFields(REPLY_BY, {
    idPrefix: 'request-',
    initial: () => ({ replyBy: defaultReplyBy(ukIsoDate(new Date())) }),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  if (!claim.workflow.allowedMoves.includes('information-requested')) return null;
  const employments = (claim.employments ?? []).map((e) => ({ id: e.id, employerName: e.employerName }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = dates.check();
    if (!checked) return;
    const res = await call('requestClaimInformation', {
      params: { id: claim.id },
      body: {
        version: claim.workflow.version,
        replyBy: checked.replyBy,
        items: items.map((i) =>
          i.kind === 'document'
            ? { kind: 'document', document: i.document, taxYear: i.taxYear, employmentId: i.employmentId }
            : { kind: i.kind, question: i.question },
        ) as never,
      },
    });
    if (res.ok) {
      setErrors({});
      setItems([EMPTY_ITEM]);
      await onChanged();
      return;
    }
    setErrors(res.errors ?? { replyBy: res.error ?? 'The request could not be sent.' });
    setAttempt((n) => n + 1);
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="mb-10 rounded-md border-2 border-gray-300 p-4"
    >
      <h2 className="mb-2 text-2xl">Request information</h2>
      <p className="mb-4">
        The claim moves to “information requested”. The claimant is sent a text and an email with a link to
        answer on their status page, and reminders 7 days and 1 day before the reply-by date.
      </p>
      <ErrorSummary
        errors={summaryItems({ ...errors, ...dates.errors }, 'request-')}
        focusKey={`${attempt}.${dates.attempt}`}
      />
      <div className="space-y-4">
        {items.map((item, i) => (
          <ItemFields
            key={i}
            index={i}
            item={item}
            errors={errors}
            employments={employments}
            years={claim.taxYears}
            onChange={(next) => setItems((all) => all.map((old, j) => (j === i ? next : old)))}
          />
        ))}
        {items.length < ITEMS_MAX && (
          <Button variant="secondary" onClick={() => setItems((all) => [...all, EMPTY_ITEM])}>
            Add another item
          </Button>
        )}
        <DateInput
          {...dates.input('replyBy', errors.replyBy)}
          hint="A working day; 14 days from today unless you change it. For example, 27 3 2026"
        />
        <Button type="submit">Request information</Button>
      </div>
    </form>
  );
}
