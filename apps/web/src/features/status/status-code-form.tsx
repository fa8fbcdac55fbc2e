import { STATUS_CODE_LENGTH } from '@taxback/domain/status-schemas';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import type { FocusTargetProps } from '../../lib/use-focus-target.ts';
import type { Fields } from './status-api.ts';
import { FIELD_IDS } from './status-sign-in.tsx';

// The status page's second sign-in screen (D23): the code texted to the claim's mobile number.

export function CodeForm(props: {
  headingFocus: FocusTargetProps<HTMLHeadingElement>;
  sentTo: string;
  code: string;
  errors: Fields;
  busy: boolean;
  onCode: (v: string) => void;
  onSubmit: () => void;
  onResend: () => void;
  onChangeDetails: () => void;
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
        Check your phone
      </h1>
      <p role="status">
        We have texted a code to the number ending {props.sentTo.slice(-3)}. It works for 10 minutes.
      </p>
      <TextField
        id={FIELD_IDS.code}
        label={`Enter the ${STATUS_CODE_LENGTH}-digit code`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        value={props.code}
        onChange={(v) => props.onCode(v.replace(/[^\d\s]/g, ''))}
        error={props.errors.code}
      />
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" loading={props.busy}>
          Show my claim
        </Button>
        <Button variant="link" onClick={props.onResend}>
          Send a new code
        </Button>
        <Button variant="link" onClick={props.onChangeDetails}>
          Change reference or number
        </Button>
      </div>
    </form>
  );
}
