import { sanitiseVrm } from '@taxback/domain';
import { TextField } from '../../../components/ui/text-field.tsx';
import { AutoAdvanceChoices } from '../components/auto-advance-choices.tsx';
import { InfoBox, type ChoiceOption } from '../components/choice-list.tsx';
import type { DrivesForWorkAnswer } from '@taxback/domain';
import { errorFor, fieldId } from '../lib/validation.ts';
import { useWizard } from '../wizard-context.tsx';
import { WizardShell } from '../wizard-shell.tsx';

type Answer = Exclude<DrivesForWorkAnswer, ''>;

const OPTIONS: readonly ChoiceOption<Answer>[] = [
  {
    value: 'yes',
    label: 'Yes, in my own vehicle',
    description: 'A car, van, motorbike or bicycle that you own or lease yourself',
  },
  {
    value: 'company-vehicle',
    label: 'Yes, in a company vehicle',
    description: 'A vehicle provided by your employer',
  },
  { value: 'no', label: 'No', description: 'I do not drive for work' },
];

const FIELDS = ['eligibilityData.drivesForWork', 'eligibilityData.vehicleVRM'] as const;

export function StepEligibility() {
  const wizard = useWizard();
  const { drivesForWork, vehicleVRM } = wizard.state.snapshot.eligibilityData;
  const errors = wizard.state.errors;

  return (
    <WizardShell
      heading="Do you drive for work purposes?"
      continueDisabled={drivesForWork === 'company-vehicle' && vehicleVRM.trim() === ''}
      fields={FIELDS}
    >
      {/* SPEC §2: yes and no move on by themselves; a company vehicle needs its registration first. */}
      <AutoAdvanceChoices
        field={FIELDS[0]}
        options={OPTIONS}
        value={drivesForWork}
        error={errorFor(errors, FIELDS[0])}
        testIdPrefix="eligibility"
        onAnswer={(value) => wizard.update('eligibilityData', { drivesForWork: value })}
        advances={(value) => value !== 'company-vehicle'}
      />

      {drivesForWork === 'company-vehicle' && (
        <TextField
          id={fieldId(FIELDS[1])}
          label="Vehicle registration"
          hint="For example, AB12CDE"
          value={vehicleVRM}
          onChange={(v) => wizard.update('eligibilityData', { vehicleVRM: sanitiseVrm(v) })}
          error={errorFor(errors, FIELDS[1])}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={8}
          className="max-w-xs"
          data-testid="vehicle-vrm"
        />
      )}

      {drivesForWork === 'yes' && (
        <InfoBox tone="green" testId="eligibility-info">
          <p>Good news: you could claim tax relief on the business miles you drive in your own vehicle.</p>
        </InfoBox>
      )}
      {drivesForWork === 'company-vehicle' && (
        <InfoBox tone="amber" testId="eligibility-info">
          <p>
            There is no mileage rebate for a vehicle your employer provides, but you may be able to claim for
            fuel you paid for on business journeys yourself. Enter the registration and we will explain.
          </p>
        </InfoBox>
      )}
      {drivesForWork === 'no' && (
        <InfoBox tone="red" testId="eligibility-info">
          <p>
            A mileage rebate is only for journeys you make for your job. You may still be able to claim for
            other work expenses.
          </p>
        </InfoBox>
      )}

      <InfoBox tone="neutral" title="What counts as business driving?">
        <p>
          Journeys you make for your job, such as visiting clients or customers, travelling between sites,
          going to a temporary workplace or to training.
        </p>
        <p>Your everyday commute between home and your usual workplace does not count.</p>
      </InfoBox>
    </WizardShell>
  );
}
