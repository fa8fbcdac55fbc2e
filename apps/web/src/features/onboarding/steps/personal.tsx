import { dateOfBirthProblem, stripAngleBrackets } from '@taxback/domain';
import { DateInput } from '../../../components/ui/date-input.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { AddressSearch } from '../components/address-search.tsx';
import { errorFor, fieldId } from '../lib/validation.ts';
import { useWizard } from '../wizard-context.tsx';
import { WizardShell } from '../wizard-shell.tsx';

const FIELDS = [
  'personalInfo.title',
  'personalInfo.firstName',
  'personalInfo.lastName',
  'personalInfo.dateOfBirth',
  'personalInfo.email',
  'personalInfo.phone',
  // The postcode comes first on the screen: it finds the address.
  'personalInfo.postcode',
  'personalInfo.homeAddress',
] as const;

export function StepPersonal() {
  const wizard = useWizard();
  const info = wizard.state.snapshot.personalInfo;
  const errors = wizard.state.errors;
  const set = (patch: Partial<typeof info>) => wizard.update('personalInfo', patch);
  const dobError = errorFor(errors, FIELDS[3]);

  return (
    <WizardShell heading="Your personal details" fields={FIELDS}>
      <TextField
        id={fieldId(FIELDS[0])}
        label="Title (optional)"
        hint="For example, Mr, Mrs, Ms, Miss or Dr"
        value={info.title}
        onChange={(v) => set({ title: stripAngleBrackets(v) })}
        error={errorFor(errors, FIELDS[0])}
        autoComplete="honorific-prefix"
        maxLength={20}
        className="max-w-xs"
      />
      <TextField
        id={fieldId(FIELDS[1])}
        label="First name"
        value={info.firstName}
        onChange={(v) => set({ firstName: stripAngleBrackets(v) })}
        error={errorFor(errors, FIELDS[1])}
        autoComplete="given-name"
        maxLength={100}
      />
      <TextField
        id={fieldId(FIELDS[2])}
        label="Last name"
        value={info.lastName}
        onChange={(v) => set({ lastName: stripAngleBrackets(v) })}
        error={errorFor(errors, FIELDS[2])}
        autoComplete="family-name"
        maxLength={100}
      />
      <DateInput
        id={fieldId(FIELDS[3])}
        legend="Date of birth"
        hint="HMRC needs it to find your record. For example, 27 3 1985"
        value={info.dateOfBirth}
        onChange={(dateOfBirth) => set({ dateOfBirth })}
        error={dobError}
        invalidParts={dateOfBirthProblem(info.dateOfBirth)?.parts}
        autoCompletePrefix="bday"
        testId="date-of-birth"
      />
      <TextField
        id={fieldId(FIELDS[4])}
        label="Email address"
        type="email"
        inputMode="email"
        spellCheck={false}
        value={info.email}
        onChange={(v) => set({ email: stripAngleBrackets(v) })}
        error={errorFor(errors, FIELDS[4])}
        autoComplete="email"
        maxLength={254}
      />
      <TextField
        id={fieldId(FIELDS[5])}
        label="Mobile phone number"
        hint="We will text you a code so you can come back to your application"
        type="tel"
        inputMode="tel"
        value={info.phone}
        onChange={(v) => set({ phone: stripAngleBrackets(v) })}
        error={errorFor(errors, FIELDS[5])}
        autoComplete="tel"
        maxLength={20}
      />
      <AddressSearch
        sessionId={wizard.sessionId}
        postcode={info.postcode}
        homeAddress={info.homeAddress}
        onChange={set}
        addressId={fieldId('personalInfo.homeAddress')}
        addressError={errorFor(errors, 'personalInfo.homeAddress')}
        postcodeId={fieldId('personalInfo.postcode')}
        postcodeError={errorFor(errors, 'personalInfo.postcode')}
      />
    </WizardShell>
  );
}
