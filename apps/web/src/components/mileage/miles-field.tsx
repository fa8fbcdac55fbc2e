import { TextField } from '../ui/text-field.tsx';

/** Miles accept digits only, as typed (SPEC §5). */
export function keepDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

/**
 * One employment's business miles in one tax year: the wizard's mileage step and an amendment on
 * the status page (D32) ask for them with the same field, words and digits-only input.
 */
export function MilesField(props: {
  id: string;
  year: string;
  employerName: string;
  /** Where the year is not said around the field already (a wizard tab says it), the label says it. */
  label?: string;
  value: string;
  /** The digits typed (anything else is dropped). */
  onChange: (digits: string) => void;
  error?: string | undefined;
  testId?: string;
}) {
  const { employerName: name, year } = props;
  return (
    <TextField
      id={props.id}
      label={props.label ?? `Business miles for ${name}`}
      hint={`All the business miles you drove for ${name} in ${year}, not including your commute. Enter 0 if you did not work there that year.`}
      inputMode="numeric"
      value={props.value}
      onChange={(v) => props.onChange(keepDigits(v))}
      error={props.error}
      autoComplete="off"
      className="max-w-xs"
      data-testid={props.testId}
    />
  );
}
