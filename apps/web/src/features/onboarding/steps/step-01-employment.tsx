import { useState } from 'react';
import { AUTO_ADVANCE_MS } from '@taxback/domain';
import {
  AUTO_ADVANCE_NOTE_ID,
  AutoAdvanceNote,
  ChoiceList,
  FieldError,
  type ChoiceInput,
  type ChoiceOption,
} from '../components/choice-list.tsx';
import { useAutoAdvance } from '../hooks/use-auto-advance.ts';
import type { EmploymentAnswer } from '@taxback/domain';
import { errorFor, fieldId } from '../lib/validation.ts';
import { useWizard } from '../wizard-context.tsx';
import { WizardShell } from '../wizard-shell.tsx';

type Answer = Exclude<EmploymentAnswer, ''>;

const OPTIONS: readonly ChoiceOption<Answer>[] = [
  { value: 'employed', label: 'Employed (PAYE)', description: 'Your employer takes tax from your pay' },
  {
    value: 'self-employed',
    label: 'Self-employed',
    description: 'You run your own business or work freelance',
  },
  {
    value: 'cis',
    label: 'CIS subcontractor',
    description: 'You work in construction under the Construction Industry Scheme',
  },
];

const FIELDS = ['employmentDetails.employmentType'] as const;

export function StepEmployment() {
  const wizard = useWizard();
  const { employmentType } = wizard.state.snapshot.employmentDetails;
  // SPEC §2: the step moves on by itself only on the first answer; a change on return is confirmed.
  const [answeredBefore] = useState(() => employmentType !== '');
  const auto = useAutoAdvance(AUTO_ADVANCE_MS);
  const error = errorFor(wizard.state.errors, FIELDS[0]);

  function choose(value: Answer, input: ChoiceInput) {
    wizard.update('employmentDetails', { employmentType: value });
    // D26: a keyboard choice never moves on by itself; Continue is always there.
    if (!answeredBefore && input === 'pointer') auto.schedule(wizard.advance);
    else auto.cancel();
  }

  return (
    <WizardShell heading="How are you employed?" fields={FIELDS}>
      {!answeredBefore && <AutoAdvanceNote />}
      <FieldError message={error} />
      <ChoiceList
        labelledBy="wizard-step-heading"
        {...(answeredBefore ? {} : { describedBy: AUTO_ADVANCE_NOTE_ID })}
        options={OPTIONS}
        value={employmentType}
        onChoose={choose}
        firstId={fieldId(FIELDS[0])}
        invalid={Boolean(error)}
        testIdPrefix="employment"
      />
    </WizardShell>
  );
}
