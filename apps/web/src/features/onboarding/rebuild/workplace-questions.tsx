import {
  WORKPLACE_QUESTIONS,
  WORKPLACE_START_QUESTION,
  answerPlace,
  datePartsToIso,
  decidePlace,
  isoToDateParts,
  workplaceFieldPath,
  workplaceOutcomeOf,
  placeQuestionsFor,
  type DateParts,
  type PlaceFacts,
  type PlaceFactsDraft,
  type WorkplaceAnswers,
  type WorkplaceQuestionId,
} from '@taxback/domain';
import { useState } from 'react';
import { DateInput } from '../../../components/ui/date-input.tsx';
import { Radios } from '../../../components/ui/radios.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { InfoBox } from '../components/choice-list.tsx';
import { fieldId } from '../lib/validation.ts';

// D39, decision 077: HMRC's business-journey questions about one regular place, in the order
// workplaceQuestionsFor gives them and in WORKPLACE_QUESTIONS' words; each appears once the answers
// before it need it. decidePlace decides; its reason is shown as soon as it can.

export interface WorkplaceQuestionsProps {
  /** The place's postcode ('M1 1AE'). */
  place: string;
  /** Its number among the places (1 for the first), for test ids. */
  number: number;
  answers: WorkplaceAnswers | undefined;
  onChange: (answers: WorkplaceAnswers) => void;
  /** The wizard's errors (keys from workplaceFieldPath). */
  errors: Record<string, string>;
  /**
   * What the field paths are keyed by, when not the place (decision 084: the mileage step's place
   * of a year and employment, stepPlaceKey), and the start of the test ids ('place-N' otherwise).
   */
  fieldKey?: string;
  testPrefix?: string;
}

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

type YesNoField = 'siteBased' | 'sameAsCommute' | 'wholeEmployment';
type MonthsField = 'shareOfWorkingTime' | 'expectedMonths' | 'actualMonths';

/** The field paths of a place's questions in screen order, for the error summary. */
export function workplaceFieldPaths(place: string, facts: PlaceFactsDraft): string[] {
  return [
    ...placeQuestionsFor(facts).map((q) => workplaceFieldPath(place, q)),
    workplaceFieldPath(place, 'startedOn'),
  ];
}

/** Digits only (whole months and whole percentages), empty as not answered. */
function wholeNumber(text: string): number | undefined {
  const digits = text.replace(/\D+/g, '').slice(0, 4);
  return digits === '' ? undefined : Number(digits);
}

export function WorkplaceQuestions(props: WorkplaceQuestionsProps) {
  const { place, number, answers, onChange, errors } = props;
  const facts = answers?.facts ?? {};
  const prefix = props.testPrefix ?? `place-${number}`;
  const key = props.fieldKey ?? place;
  const t = (name: string) => `${prefix}-${name}`;
  const path = (field: string) => workplaceFieldPath(key, field);
  const err = (field: string) => errors[path(field)];
  const startedOn = answers?.startedOn;

  function save(nextFacts: PlaceFactsDraft, nextStart: string | undefined = startedOn) {
    const next = { place, facts: nextFacts, ...(nextStart ? { startedOn: nextStart } : {}) };
    onChange({ ...next, outcome: workplaceOutcomeOf(next) });
  }
  const answer = (patch: PlaceFactsDraft) => save(answerPlace(facts, patch));

  const yesNo = (field: YesNoField) => (
    <Radios
      key={field}
      id={fieldId(path(field))}
      name={t(field)}
      legend={WORKPLACE_QUESTIONS[field].question}
      {...(WORKPLACE_QUESTIONS[field].hint ? { hint: WORKPLACE_QUESTIONS[field].hint } : {})}
      options={YES_NO}
      inline
      value={facts[field] === undefined ? '' : facts[field] ? 'yes' : 'no'}
      onChange={(v) => answer({ [field]: v === 'yes' })}
      error={err(field)}
      testId={t(field)}
    />
  );
  const months = (field: MonthsField, label?: string) => (
    <TextField
      key={field}
      id={fieldId(path(field))}
      label={label ?? WORKPLACE_QUESTIONS[field].question}
      {...(WORKPLACE_QUESTIONS[field].hint ? { hint: WORKPLACE_QUESTIONS[field].hint } : {})}
      value={facts[field] === undefined ? '' : String(facts[field])}
      inputMode="numeric"
      autoComplete="off"
      className="max-w-xs"
      onChange={(text) => answer({ [field]: wholeNumber(text) })}
      error={err(field)}
      data-testid={t(field)}
    />
  );

  function question(id: WorkplaceQuestionId) {
    switch (id) {
      case 'role':
        return (
          <Radios
            key={id}
            id={fieldId(path(id))}
            name={t(id)}
            legend={WORKPLACE_QUESTIONS.role.question}
            options={(WORKPLACE_QUESTIONS.role.options ?? []).map((o) => ({
              value: o.id as NonNullable<PlaceFacts['role']>,
              label: o.label,
              ...(o.hint ? { hint: o.hint } : {}),
            }))}
            value={facts.role ?? ''}
            onChange={(role) => answer({ role })}
            error={err(id)}
            testId={t(id)}
          />
        );
      case 'homeWorking':
        return (
          <Radios
            key={id}
            id={fieldId(path(id))}
            name={t(id)}
            legend={WORKPLACE_QUESTIONS.homeWorking.question}
            options={(WORKPLACE_QUESTIONS.homeWorking.options ?? []).map((o) => ({
              value: o.id as NonNullable<PlaceFacts['homeWorking']>,
              label: o.label,
            }))}
            value={facts.homeWorking ?? ''}
            onChange={(homeWorking) => answer({ homeWorking })}
            error={err(id)}
            testId={t(id)}
          />
        );
      case 'siteBased':
      case 'sameAsCommute':
      case 'wholeEmployment':
        return yesNo(id);
      case 'shareOfWorkingTime':
        return months(id, `${WORKPLACE_QUESTIONS.shareOfWorkingTime.question} (%)`);
      case 'expectedMonths':
      case 'actualMonths':
        return months(id);
      case 'expectationChange':
        return (
          <Radios
            key={id}
            id={fieldId(path(id))}
            name={t(id)}
            legend={WORKPLACE_QUESTIONS.expectationChange.question}
            {...(WORKPLACE_QUESTIONS.expectationChange.hint
              ? { hint: WORKPLACE_QUESTIONS.expectationChange.hint }
              : {})}
            options={YES_NO}
            inline
            value={
              facts.expectationChange === undefined ? '' : facts.expectationChange === null ? 'no' : 'yes'
            }
            onChange={(v) =>
              answer({ expectationChange: v === 'yes' ? (facts.expectationChange ?? {}) : null })
            }
            error={err(id)}
            testId={t(id)}
          />
        );
      case 'expectationChange.afterMonths':
      case 'expectationChange.newExpectedMonths': {
        const key = id === 'expectationChange.afterMonths' ? 'afterMonths' : 'newExpectedMonths';
        const value = facts.expectationChange?.[key];
        return (
          <TextField
            key={id}
            id={fieldId(path(id))}
            label={WORKPLACE_QUESTIONS[id].question}
            value={value === undefined ? '' : String(value)}
            inputMode="numeric"
            autoComplete="off"
            className="max-w-xs"
            onChange={(text) =>
              answer({ expectationChange: { ...facts.expectationChange, [key]: wholeNumber(text) } })
            }
            error={err(id)}
            data-testid={t(id === 'expectationChange.afterMonths' ? 'change-after' : 'change-new-length')}
          />
        );
      }
    }
  }

  return (
    <fieldset className="space-y-4 rounded-lg border-2 border-gray-300 p-4" data-testid={prefix}>
      <legend className="px-1 text-xl font-bold">Your journeys to {place}</legend>
      {placeQuestionsFor(facts).map(question)}
      <StartDate
        fieldKey={key}
        answers={answers}
        testId={t('started-on')}
        error={err('startedOn')}
        onChange={(iso) => save(facts, iso)}
      />
      <PlaceOutcome answers={answers} testId={t('outcome')} />
    </fieldset>
  );
}

/** The first day there: asked only when part of the time counts (EIM32084, EIM32085). */
function StartDate({
  fieldKey,
  answers,
  error,
  onChange,
  testId,
}: {
  fieldKey: string;
  answers: WorkplaceAnswers | undefined;
  error: string | undefined;
  onChange: (iso: string | undefined) => void;
  testId: string;
}) {
  // The boxes as typed; the answer keeps the date once it is a real one.
  const [typed, setTyped] = useState<DateParts | null>(null);
  const facts = answers?.facts ?? {};
  const result = decidePlace({ facts, startedOn: '2000-01-01' });
  if (result === null || !result.ok || result.counts === 'all' || result.counts === 'none') return null;
  const value = typed ?? isoToDateParts(answers?.startedOn ?? '');
  return (
    <DateInput
      id={fieldId(workplaceFieldPath(fieldKey, 'startedOn'))}
      legend={WORKPLACE_START_QUESTION.question}
      hint={WORKPLACE_START_QUESTION.hint}
      value={value}
      onChange={(parts) => {
        setTyped(parts);
        onChange(datePartsToIso(parts) ?? undefined);
      }}
      error={error}
      testId={testId}
    />
  );
}

/** Whether journeys here count, and HMRC's reason in plain words (the decision's). */
function PlaceOutcome({ answers, testId }: { answers: WorkplaceAnswers | undefined; testId: string }) {
  const result = answers === undefined ? null : decidePlace(answers);
  if (result === null || !result.ok) return null;
  const title =
    result.counts === 'all'
      ? 'Journeys here count as business travel'
      : result.counts === 'none'
        ? 'Journeys here are left out of your claim'
        : 'Only some journeys here count';
  return (
    <div aria-live="polite">
      <InfoBox tone={result.counts === 'all' ? 'green' : 'amber'} testId={testId}>
        <p className="font-semibold">{title}</p>
        <p data-testid={`${testId}-reason`}>{result.reason}</p>
      </InfoBox>
    </div>
  );
}
