import { Button } from '../../components/ui/button.tsx';
import { PhoneField } from '../../components/ui/phone-field.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { stripAngleBrackets } from '@taxback/domain/sanitise';
import type { FocusTargetProps } from '../../lib/use-focus-target.ts';
import type { Fields } from './status-api.ts';

// The status page's code sign-in (D23): the reference and mobile number (the texted code's form
// is status-code-form.tsx, loaded once a code is sent: decision 092).

export const FIELD_IDS = {
  reference: 'status-reference',
  phone: 'status-phone',
  code: 'status-code',
} as const;

/** A problem that belongs to no field (too many tries, the service unavailable). */
export function StatusAlert({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="mb-6 rounded-md border-4 border-danger bg-white p-4 font-semibold"
      data-testid="status-alert"
    >
      {message}
    </p>
  );
}

export function DetailsForm(props: {
  headingFocus: FocusTargetProps<HTMLHeadingElement>;
  reference: string;
  phone: string;
  errors: Fields;
  busy: boolean;
  onReference: (v: string) => void;
  onPhone: (v: string) => void;
  onSubmit: () => void;
}) {
  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      <h1 {...props.headingFocus} className="text-3xl outline-none">
        Follow your claim
      </h1>
      <p>
        Enter your claim reference and the mobile number you gave with your claim. We will text you a code to
        see your claim.
      </p>
      <TextField
        id={FIELD_IDS.reference}
        label="Claim reference"
        hint="In our text and email, for example TB 4K7 9MX 2QH or GEN-1A2B3C4D"
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        maxLength={40}
        value={props.reference}
        onChange={(v) => props.onReference(stripAngleBrackets(v))}
        error={props.errors.reference}
      />
      <PhoneField
        id={FIELD_IDS.phone}
        label="Mobile number"
        value={props.phone}
        onChange={(v) => props.onPhone(stripAngleBrackets(v))}
        error={props.errors.phone}
      />
      <Button type="submit" loading={props.busy}>
        Text me a code
      </Button>
    </form>
  );
}
