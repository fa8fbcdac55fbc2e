import { useReducer, useState } from 'react';
import type { FormEvent } from 'react';
import {
  decisionGivesRelief,
  decisionNeedsReason,
  HMRC_DECISION_LABELS,
  HMRC_DECISIONS,
  RELIEF_GIVEN_AS,
  RELIEF_GIVEN_AS_LABELS,
  sentToHmrc,
  ukIsoDate,
  YEAR_ANSWER_MESSAGES,
  yearAnswerWords,
  type HmrcDecision,
} from '@taxback/domain';
import { DATE_SUBJECTS } from '@taxback/domain/date-rules';
import { Button } from '../../components/ui/button.tsx';
import { DateInput } from '../../components/ui/date-input.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { call } from '../../lib/api/admin-client.ts';
import { formatDateTime, formatPence, summaryItems } from './admin-api.ts';
import { useAdminSession } from './admin-session.tsx';
import { AmountField, SelectField, TextAreaField } from './admin-ui.tsx';
import { ownedBy, type ClaimDetail } from './claim-detail.ts';
import { useDateFields } from './date-fields.ts';
import { NO_MESSAGES, formMessagesReducer } from './form-messages-state.ts';

// D40 on the claim page: HMRC's answer for each tax year of the claimant's case (both of its
// claims show the same), every version with who recorded it and why it was corrected, the fee on
// what HMRC repaid, and the form the owner records an answer with (an admin corrects one).

type Years = ClaimDetail['hmrcYears'];
type Version = Years['years'][number]['history'][number];

const PREFIX = 'answer-';
const DATES = { decidedOn: { legend: 'Date of HMRC’s decision', subject: DATE_SUBJECTS.decidedOn } };

function versionLine(v: Version) {
  const who = v.operator ?? 'an earlier whole-claim record';
  return v.correctionReason
    ? `Corrected by ${who}, ${formatDateTime(v.createdAt)}. Reason: ${v.correctionReason}`
    : `Recorded by ${who}, ${formatDateTime(v.createdAt)}`;
}

export function YearAnswers({ claim, onChanged }: { claim: ClaimDetail; onChanged: () => Promise<void> }) {
  const { operator } = useAdminSession();
  const years = claim.hmrcYears;
  const answered = years.years.some((y) => y.current !== null);
  const sent = sentToHmrc(claim.workflow.status);
  if (!sent && !answered) return null;
  const admin = operator?.role === 'admin';
  const owner = ownedBy(claim, operator);
  return (
    <section className="mb-8" aria-labelledby="year-answers-heading">
      <h2 id="year-answers-heading" className="mb-2 text-2xl">
        HMRC’s answer, year by year
      </h2>
      <p className="mb-4">
        One answer per tax year for the claimant’s whole case. The fee is worked out on what HMRC repaid.
      </p>
      <div
        className="overflow-x-auto"
        tabIndex={0}
        role="region"
        aria-label="HMRC’s answer for each tax year"
      >
        <table className="mb-4 w-full text-left" data-testid="year-answers">
          <caption className="sr-only">HMRC’s answer for each tax year</caption>
          <thead>
            <tr>
              <th scope="col" className="pr-4">
                Tax year
              </th>
              <th scope="col" className="pr-4">
                Claimed
              </th>
              <th scope="col">HMRC’s answer</th>
            </tr>
          </thead>
          <tbody>
            {years.years.map((y) => (
              <tr key={y.year} className="border-t border-gray-300 align-top">
                <th scope="row" className="py-2 pr-4 font-normal">
                  {y.year}
                </th>
                <td className="py-2 pr-4">{y.claimedPence === null ? '–' : formatPence(y.claimedPence)}</td>
                <td className="py-2">
                  {y.current ? (
                    <>
                      <strong>{HMRC_DECISION_LABELS[y.current.decision]}</strong>:{' '}
                      {yearAnswerWords(y.current)}
                      <span className="block text-sm text-muted">Decided {y.current.decidedOn}</span>
                      <ol className="mt-1 text-sm text-muted" aria-label={`History of ${y.year}`}>
                        {y.history.map((v) => (
                          <li key={v.version}>
                            {`Version ${v.version}: ${HMRC_DECISION_LABELS[v.decision]}${
                              v.pence === null ? '' : `, ${formatPence(v.pence)}`
                            }${v.givenAs ? ` (${RELIEF_GIVEN_AS_LABELS[v.givenAs].toLowerCase()})` : ''}. `}
                            {versionLine(v)}
                          </li>
                        ))}
                      </ol>
                    </>
                  ) : (
                    'Not answered yet'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mb-4" data-testid="year-answers-money">
        HMRC repaid {formatPence(years.money.repaidPence)}
        {years.money.taxCodePence > 0
          ? `, and gives ${formatPence(years.money.taxCodePence)} through the tax code`
          : ''}
        . Fee {formatPence(years.money.feePence)}, on {years.money.feeOn}; the claimant receives{' '}
        {formatPence(years.money.claimantPence)}.
      </p>
      {sent && (owner || admin) && <YearAnswerForm claim={claim} admin={admin} onChanged={onChanged} />}
    </section>
  );
}

const asDecision = (v: string): HmrcDecision | '' =>
  (HMRC_DECISIONS as readonly string[]).includes(v) ? (v as HmrcDecision) : '';

/** A decision that gives relief: how much HMRC gives for the year, and how. */
function ReliefFields({
  values,
  set,
  errors,
}: {
  values: Record<string, string>;
  set: (key: string) => (value: string) => void;
  errors: Record<string, string>;
}) {
  return (
    <>
      <AmountField
        id={`${PREFIX}amount`}
        label="Amount HMRC gives for the year, in pounds"
        hint="For example, 123.45"
        error={errors.amount}
        value={values.amount ?? ''}
        onChange={set('amount')}
      />
      <SelectField
        id={`${PREFIX}givenAs`}
        label="How HMRC gives it"
        value={values.givenAs ?? ''}
        onChange={set('givenAs')}
        error={errors.givenAs}
      >
        <option value="">Select how</option>
        {RELIEF_GIVEN_AS.map((g) => (
          <option key={g} value={g}>
            {RELIEF_GIVEN_AS_LABELS[g]}
          </option>
        ))}
      </SelectField>
    </>
  );
}

/** The answer's form: the year, the decision, and the rest by field name (`amount`, `givenAs`...). */
type AnswerFields = { year: string; decision: HmrcDecision | ''; values: Record<string, string> };

function YearAnswerForm({
  claim,
  admin,
  onChanged,
}: {
  claim: ClaimDetail;
  admin: boolean;
  onChanged: () => Promise<void>;
}) {
  const choices = claim.hmrcYears.years.filter((y) => admin || y.current === null);
  // The year, HMRC's decision and the answer's other values (amount, how given, reasons), as typed.
  const [fields, setFields] = useState<AnswerFields>(() => ({
    year: choices.find((y) => y.current === null)?.year ?? choices[0]?.year ?? '',
    decision: '',
    values: {},
  }));
  const { year, decision, values } = fields;
  const set = (key: string) => (value: string) =>
    setFields((f) => ({ ...f, values: { ...f.values, [key]: value } }));
  const [{ errors, attempt }, say] = useReducer(formMessagesReducer, NO_MESSAGES);
  const dates = useDateFields(DATES, {
    idPrefix: PREFIX,
    initial: () => ({ decidedOn: ukIsoDate(new Date()) }),
  });
  const current = claim.hmrcYears.years.find((y) => y.year === year)?.current ?? null;
  if (choices.length === 0) return <p>Every year has HMRC’s answer. An admin can correct one.</p>;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const on = dates.check();
    if (!on) return;
    if (decision === '') return say({ type: 'refused', errors: { decision: YEAR_ANSWER_MESSAGES.decision } });
    const body = {
      year,
      decision,
      amount: values.amount,
      givenAs: values.givenAs,
      decidedOn: on.decidedOn,
      hmrcReason: values.hmrcReason,
      correctionReason: current ? values.correctionReason : undefined,
      version: current?.version ?? 0,
    };
    const res = await call('recordYearAnswer', { params: { id: claim.id }, body });
    if (res.ok) {
      say({ type: 'cleared' });
      setFields((f) => ({ ...f, values: {}, decision: '' }));
      dates.reset();
      await onChanged();
    } else {
      say({
        type: 'refused',
        errors: res.errors ?? { decision: res.error ?? 'HMRC’s answer could not be recorded.' },
      });
      if (res.status === 409) await onChanged();
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="space-y-4 rounded-md border-2 border-gray-300 p-4"
      aria-labelledby="year-answer-form-heading"
    >
      <h3 id="year-answer-form-heading" className="text-xl">
        {current ? 'Correct HMRC’s answer' : 'Record HMRC’s answer'}
      </h3>
      <ErrorSummary
        errors={summaryItems({ ...errors, ...dates.errors }, PREFIX)}
        focusKey={`${attempt}.${dates.attempt}`}
      />
      <SelectField
        id={`${PREFIX}year`}
        label="Tax year"
        value={year}
        onChange={(next) => setFields((f) => ({ ...f, year: next }))}
        error={errors.year}
      >
        {choices.map((y) => (
          <option key={y.year} value={y.year}>
            {y.year}
            {y.current ? ' (answered: correct it)' : ''}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${PREFIX}decision`}
        label="HMRC’s decision"
        value={decision}
        onChange={(v) => setFields((f) => ({ ...f, decision: asDecision(v) }))}
        error={errors.decision}
      >
        <option value="">Select the decision</option>
        {HMRC_DECISIONS.map((d) => (
          <option key={d} value={d}>
            {HMRC_DECISION_LABELS[d]}
          </option>
        ))}
      </SelectField>
      {decision !== '' && decisionGivesRelief(decision) && (
        <ReliefFields values={values} set={set} errors={errors} />
      )}
      <DateInput {...dates.input('decidedOn', errors.decidedOn)} />
      <TextAreaField
        id={`${PREFIX}hmrcReason`}
        label={
          decision !== '' && decisionNeedsReason(decision) ? 'HMRC’s reason' : 'HMRC’s reason (optional)'
        }
        hint="As HMRC’s letter gives it: the claimant reads it on their status page"
        value={values.hmrcReason ?? ''}
        onChange={set('hmrcReason')}
        error={errors.hmrcReason}
      />
      {current && (
        <TextAreaField
          id={`${PREFIX}correctionReason`}
          label="Reason for the correction"
          hint="Recorded in the history and the audit log"
          value={values.correctionReason ?? ''}
          onChange={set('correctionReason')}
          error={errors.correctionReason}
        />
      )}
      <Button type="submit">{current ? 'Correct the answer' : 'Record the answer'}</Button>
    </form>
  );
}
