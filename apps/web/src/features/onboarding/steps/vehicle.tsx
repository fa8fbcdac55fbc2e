import { amapRatesFor, carVanRateSentence, claimableTaxYears } from '@taxback/domain';
import { AutoAdvanceChoices } from '../components/auto-advance-choices.tsx';
import { InfoBox, type ChoiceOption } from '../components/choice-list.tsx';
import type { VehicleAnswer } from '@taxback/domain';
import { errorFor } from '../lib/validation.ts';
import { useWizard } from '../wizard-context.tsx';
import { WizardShell } from '../wizard-shell.tsx';

type Answer = Exclude<VehicleAnswer, ''>;
const FIELDS = ['vehicleInfo.type'] as const;

function vehicleOptions(): ChoiceOption<Answer>[] {
  // The rates shown are those of the newest claimable year, from the domain's AMAP table (D3).
  const latest = claimableTaxYears()[0]?.year ?? '2024/25';
  const rates = amapRatesFor(latest);
  return [
    {
      value: 'car-van',
      label: 'Car or van',
      // D21: the rate read from the table for the year meant ('55p … in 2026/27 (45p before), 25p after that').
      description: carVanRateSentence(latest),
    },
    { value: 'motorbike', label: 'Motorbike', description: `${rates.motorbike.pencePerMile}p a mile` },
    { value: 'bicycle', label: 'Bicycle', description: `${rates.bicycle.pencePerMile}p a mile` },
  ];
}

export function StepVehicle() {
  const wizard = useWizard();
  const type = wizard.state.snapshot.vehicleInfo.type;
  const error = errorFor(wizard.state.errors, FIELDS[0]);
  const options = vehicleOptions();
  const latest = claimableTaxYears()[0]?.year ?? '2024/25';
  const rates = amapRatesFor(latest);

  return (
    <WizardShell heading="What type of vehicle do you use?" fields={FIELDS}>
      <AutoAdvanceChoices
        field={FIELDS[0]}
        options={options}
        value={type}
        error={error}
        testIdPrefix="vehicle"
        onAnswer={(value) => wizard.update('vehicleInfo', { type: value })}
      />
      {type === 'motorbike' && (
        <InfoBox tone="neutral" title="Motorbikes" testId="vehicle-note">
          <p>
            Business miles on a motorbike are claimed at {rates.motorbike.pencePerMile}p a mile, whatever the
            distance.
          </p>
        </InfoBox>
      )}
      {type === 'bicycle' && (
        <InfoBox tone="neutral" title="Bicycles" testId="vehicle-note">
          <p>
            Business miles by bicycle are claimed at {rates.bicycle.pencePerMile}p a mile, whatever the
            distance.
          </p>
        </InfoBox>
      )}
    </WizardShell>
  );
}
