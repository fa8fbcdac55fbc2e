import { TextField } from './text-field.tsx';

/** A UK mobile number field: the tel keyboard, autofill, the example hint and a 20-character cap. */
export function PhoneField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}) {
  return (
    <TextField
      id={id}
      label={label}
      hint="For example, 07700 900123"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      maxLength={20}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
