import type { ReactNode } from 'react';
import { FieldMessages, fieldMessageIds } from './field-messages.tsx';

// GOV.UK radios in a fieldset. Used where choosing does not move on by itself (D26), so arrow keys
// changing the answer is expected behaviour. The first radio carries `id` for error summary links.
export interface RadiosProps<T extends string> {
  id: string;
  name: string;
  legend: ReactNode;
  options: ReadonlyArray<{ value: T; label: string; hint?: string }>;
  value: T | '';
  onChange: (value: T) => void;
  hint?: string;
  error?: string | null;
  inline?: boolean;
  testId?: string;
}

export function Radios<T extends string>({
  id,
  name,
  legend,
  options,
  value,
  onChange,
  hint,
  error,
  inline = false,
  testId,
}: RadiosProps<T>) {
  const { describedBy } = fieldMessageIds(id, hint, error);
  return (
    <fieldset
      className={`flex flex-col gap-2 ${error ? 'border-l-4 border-danger pl-3' : ''}`}
      aria-describedby={describedBy}
      data-testid={testId}
    >
      <legend className="mb-1 font-semibold">{legend}</legend>
      <FieldMessages id={id} hint={hint} error={error} />
      <div className={inline ? 'flex flex-wrap gap-x-6 gap-y-2' : 'flex flex-col gap-2'}>
        {options.map((o, i) => {
          const inputId = i === 0 ? id : `${id}-${o.value}`;
          return (
            <div key={o.value} className="flex items-start gap-3">
              <input
                type="radio"
                id={inputId}
                name={name}
                value={o.value}
                checked={value === o.value}
                onChange={() => onChange(o.value)}
                data-testid={testId ? `${testId}-${o.value}` : undefined}
                className="mt-1 h-6 w-6 shrink-0 accent-brand-700"
              />
              <label htmlFor={inputId} className="min-h-8">
                {o.label}
                {o.hint && <span className="block text-muted">{o.hint}</span>}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
