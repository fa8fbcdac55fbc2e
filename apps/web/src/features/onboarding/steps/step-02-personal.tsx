import { stripAngleBrackets } from '@taxback/domain';
import { TextField } from '../../../components/ui/text-field.tsx';
import { AddressSearch } from '../components/address-search.tsx';
import { errorFor, fieldId } from '../lib/validation.ts';
import { useWizard } from '../wizard-context.tsx';
import { WizardShell } from '../wizard-shell.tsx';

const FIELDS = [
  'personalInfo.firstName',
  'personalInfo.lastName',
  'personalInfo.email',
  'personalInfo.phone',
  'personalInfo.homeAddress',
  'personalInfo.postcode',
] as const;

export function StepPersonal() {
  const wizard = useWizard();
  const info = wizard.state.snapshot.personalInfo;
  const errors = wizard.state.errors;
  const set = (patch: Partial<typeof info>) => wizard.update('personalInfo', patch);

  return (
    <WizardShell heading="Your personal details" fields={FIELDS}>
      <TextField
        id={fieldId(FIELDS[0])}
        label="First name"
        value={info.firstName}
        onChange={(v) => set({ firstName: stripAngleBrackets(v) })}
        error={errorFor(errors, FIELDS[0])}
        autoComplete="given-name"
        maxLength={100}
      />
      <TextField
        id={fieldId(FIELDS[1])}
        label="Last name"
        value={info.lastName}
        onChange={(v) => set({ lastName: stripAngleBrackets(v) })}
        error={errorFor(errors, FIELDS[1])}
        autoComplete="family-name"
        maxLength={100}
      />
      <TextField
        id={fieldId(FIELDS[2])}
        label="Email address"
        type="email"
        inputMode="email"
        spellCheck={false}
        value={info.email}
        onChange={(v) => set({ email: stripAngleBrackets(v) })}
        error={errorFor(errors, FIELDS[2])}
        autoComplete="email"
        maxLength={254}
      />
      <TextField
        id={fieldId(FIELDS[3])}
        label="Mobile phone number"
        hint="We will text you a code so you can come back to your application"
        type="tel"
        inputMode="tel"
        value={info.phone}
        onChange={(v) => set({ phone: stripAngleBrackets(v) })}
        error={errorFor(errors, FIELDS[3])}
        autoComplete="tel"
        maxLength={20}
      />
      <AddressSearch
        sessionId={wizard.sessionId}
        postcode={info.postcode}
        homeAddress={info.homeAddress}
        onChange={set}
        addressId={fieldId(FIELDS[4])}
        addressError={errorFor(errors, FIELDS[4])}
        postcodeId={fieldId(FIELDS[5])}
        postcodeError={errorFor(errors, FIELDS[5])}
      />
    </WizardShell>
  );
}
