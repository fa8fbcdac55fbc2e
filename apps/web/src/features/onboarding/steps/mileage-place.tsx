import { useState } from 'react';
import {
  STEP_PLACE_QUESTIONS,
  claimMilesAfterStep,
  formatNumber,
  placeKey,
  stepPlaceDeduction,
  stepPlaceKey,
  stepPlaceOf,
  type StepPlaceAnswers,
  type WizardSnapshot,
  type WorkplaceAnswers,
} from '@taxback/domain';
import { Radios } from '../../../components/ui/radios.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { InfoBox } from '../components/choice-list.tsx';
import { fieldId } from '../lib/validation.ts';
import { WorkplaceQuestions, workplaceFieldPaths } from '../rebuild/workplace-questions.tsx';
import { useWizard } from '../wizard-context.tsx';

// Decision 084 (D39): on the mileage step, for miles not built from journeys, whether some of a
// year's miles were regular journeys between home and one place; if so its postcode, HMRC's
// questions (the log builder's WorkplaceQuestions) and the miles driven there. The miles the test
// leaves out are taken off the year's claim (claimMilesAfterStep); the figure typed is kept with
// the place, so a change of answers or of the figure works the claim out again.

type Wizard = ReturnType<typeof useWizard>;

/** The field keys of one year and job's place, in screen order (the error summary's order). */
export function stepPlaceFields(snapshot: WizardSnapshot, year: string, employmentId: string): string[] {
  const w = stepPlaceOf(snapshot.workplaces, year, employmentId);
  if (w === undefined) return [];
  const key = stepPlaceKey(year, employmentId);
  return [`${key}.place`, ...workplaceFieldPaths(key, w.facts), `${key}.miles`];
}

function saveStepPlace(wizard: Wizard, old: WorkplaceAnswers | undefined, next: StepPlaceAnswers | null) {
  const saved = wizard.state.snapshot.workplaces ?? [];
  wizard.setWorkplaces([...saved.filter((w) => w !== old), ...(next ? [next] : [])]);
}

/**
 * The year's business miles as typed on the step: with a place answered, they are kept with it and
 * the claim is what is left once the test's left-out miles are off.
 */
export function setStatedMiles(wizard: Wizard, year: string, employmentId: string, miles: number) {
  const w = stepPlaceOf(wizard.state.snapshot.workplaces, year, employmentId);
  if (w !== undefined) {
    const next = { ...w, mileageStep: { ...w.mileageStep, statedMiles: miles } };
    saveStepPlace(wizard, w, next);
  }
  wizard.updateJob(year, employmentId, { businessMiles: claimMilesAfterStep(miles, w) });
}

/** The miles typed for a year and job: kept with its place when there is one, else the claim's. */
export function statedMilesOf(snapshot: WizardSnapshot, year: string, employmentId: string, claim: number) {
  return stepPlaceOf(snapshot.workplaces, year, employmentId)?.mileageStep.statedMiles ?? claim;
}

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

export function StepPlace({
  year,
  employmentId,
  label,
}: {
  year: string;
  employmentId: string;
  label: string;
}) {
  const wizard = useWizard();
  const { snapshot, errors } = wizard.state;
  const w = stepPlaceOf(snapshot.workplaces, year, employmentId);
  const [choice, setChoice] = useState<'yes' | 'no' | ''>(w ? 'yes' : '');
  const key = stepPlaceKey(year, employmentId);
  const claim = snapshot.taxYears
    .find((y) => y.year === year)
    ?.jobs.find((j) => j.employmentId === employmentId);
  const stated = statedMilesOf(snapshot, year, employmentId, claim?.businessMiles ?? 0);
  const test = `step-place-${year.replace('/', '-')}-${employmentId}`;

  function update(next: StepPlaceAnswers) {
    saveStepPlace(wizard, w, next);
    wizard.updateJob(year, employmentId, { businessMiles: claimMilesAfterStep(stated, next) });
  }

  function choose(value: 'yes' | 'no') {
    setChoice(value);
    if (value === 'no' && w) {
      saveStepPlace(wizard, w, null);
      wizard.updateJob(year, employmentId, { businessMiles: stated });
    }
    if (value === 'yes' && !w)
      saveStepPlace(wizard, undefined, {
        place: '',
        facts: {},
        mileageStep: { employmentId, year, miles: 0, statedMiles: stated },
      });
  }

  return (
    <div className="space-y-4" data-testid={test}>
      <Radios
        id={fieldId(`${key}.regular`)}
        name={`${test}-regular`}
        legend={
          <>
            {STEP_PLACE_QUESTIONS.regular.question}
            <span className="sr-only"> ({label})</span>
          </>
        }
        hint={STEP_PLACE_QUESTIONS.regular.hint}
        options={YES_NO}
        inline
        value={choice}
        onChange={choose}
        testId={`${test}-regular`}
      />
      {w && <PlaceAnswers w={w} year={year} fieldKey={key} testId={test} errors={errors} onChange={update} />}
    </div>
  );
}

function PlaceAnswers({
  w,
  year,
  fieldKey,
  testId,
  errors,
  onChange,
}: {
  w: StepPlaceAnswers;
  year: string;
  fieldKey: string;
  testId: string;
  errors: Record<string, string>;
  onChange: (next: StepPlaceAnswers) => void;
}) {
  const miles = STEP_PLACE_QUESTIONS.miles(year);
  const shown = placeKey(w.place) || 'this place';
  return (
    <div className="space-y-4 border-l-4 border-gray-300 pl-4">
      <TextField
        id={fieldId(`${fieldKey}.place`)}
        label={STEP_PLACE_QUESTIONS.place.label}
        value={w.place}
        autoComplete="off"
        className="max-w-xs"
        maxLength={10}
        onChange={(text) => onChange({ ...w, place: text.toUpperCase() })}
        error={errors[`${fieldKey}.place`]}
        data-testid={`${testId}-postcode`}
      />
      <WorkplaceQuestions
        place={shown}
        number={0}
        fieldKey={fieldKey}
        testPrefix={testId}
        answers={w}
        errors={errors}
        onChange={(a) => onChange({ ...w, facts: a.facts, startedOn: a.startedOn, outcome: a.outcome })}
      />
      <TextField
        id={fieldId(`${fieldKey}.miles`)}
        label={miles.label}
        hint={miles.hint}
        value={w.mileageStep.miles > 0 ? String(w.mileageStep.miles) : ''}
        inputMode="numeric"
        autoComplete="off"
        className="max-w-xs"
        onChange={(text) => {
          const n = Number(text.replace(/\D+/g, '').slice(0, 6)) || 0;
          onChange({ ...w, mileageStep: { ...w.mileageStep, miles: n } });
        }}
        error={errors[`${fieldKey}.miles`]}
        data-testid={`${testId}-miles`}
      />
      <LeftOutResult w={w} testId={`${testId}-result`} />
    </div>
  );
}

/** What the test takes off this year's claim, said as soon as the answers decide it. */
function LeftOutResult({ w, testId }: { w: StepPlaceAnswers; testId: string }) {
  const d =
    w.mileageStep.miles > 0 && w.mileageStep.miles <= w.mileageStep.statedMiles
      ? stepPlaceDeduction(w)
      : null;
  if (d === null) return null;
  return (
    <div aria-live="polite">
      <InfoBox tone={d.leftOutMiles === 0 ? 'green' : 'amber'} testId={testId}>
        {d.leftOutMiles === 0 ? (
          <p>
            All {formatNumber(d.miles)} miles to {d.place} count: your claim for {d.year} stays at{' '}
            {formatNumber(d.claimableMiles)} miles.
          </p>
        ) : (
          <p>
            {formatNumber(d.leftOutMiles)} of the {formatNumber(d.miles)} miles to {d.place} are left out, so
            your claim for {d.year} is {formatNumber(d.claimableMiles)} miles, not{' '}
            {formatNumber(d.statedMiles)}.
          </p>
        )}
      </InfoBox>
    </div>
  );
}
