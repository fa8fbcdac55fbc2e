import { AUTO_ADVANCE_MS, amapRatesFor, carVanRateSentence, claimableTaxYears } from '@taxback/domain';
import {
  AUTO_ADVANCE_NOTE_ID,
  AutoAdvanceNote,
  ChoiceList,
  FieldError,
  InfoBox,
  type ChoiceInput,
  type ChoiceOption,
} from '../components/choice-list.tsx';
import { useAutoAdvance } from '../hooks/use-auto-advance.ts';
import type { VehicleAnswer } from '@taxback/domain';
import { errorFor, fieldId } from '../lib/validation.ts';
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
  const auto = useAutoAdvance(AUTO_ADVANCE_MS);
  const error = errorFor(wizard.state.errors, FIELDS[0]);
  const options = vehicleOptions();
  const latest = claimableTaxYears()[0]?.year ?? '2024/25';
  const rates = amapRatesFor(latest);

  function choose(value: Answer, input: ChoiceInput) {
    wizard.update('vehicleInfo', { type: value });
    // D26: moves on when clicked or tapped, never from the keyboard; Continue is always there.
    if (input === 'pointer') auto.schedule(wizard.advance);
    else auto.cancel();
  }

  return (
    <WizardShell heading="What type of vehicle do you use?" fields={FIELDS}>
      <AutoAdvanceNote />
      <FieldError message={error} />
      <ChoiceList
        labelledBy="wizard-step-heading"
        describedBy={AUTO_ADVANCE_NOTE_ID}
        options={options}
        value={type}
        onChoose={choose}
        firstId={fieldId(FIELDS[0])}
        invalid={Boolean(error)}
        testIdPrefix="vehicle"
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
