import { useState } from 'react';
import { AutoAdvanceChoices } from '../components/auto-advance-choices.tsx';
import type { ChoiceOption } from '../components/choice-list.tsx';
import type { EmploymentAnswer } from '@taxback/domain';
import { errorFor } from '../lib/validation.ts';
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
  const error = errorFor(wizard.state.errors, FIELDS[0]);

  return (
    <WizardShell heading="How are you employed?" fields={FIELDS}>
      <AutoAdvanceChoices
        field={FIELDS[0]}
        options={OPTIONS}
        value={employmentType}
        error={error}
        testIdPrefix="employment"
        onAnswer={(value) => wizard.update('employmentDetails', { employmentType: value })}
        autoAdvance={!answeredBefore}
      />
    </WizardShell>
  );
}
