import type { DatePart, DateParts } from '@taxback/domain';
import { FieldMessages, fieldMessageIds } from './field-messages.tsx';

// GOV.UK Design System's date input: one fieldset, a legend, an optional hint and error, and three
// boxes (Day, Month, Year). The first box carries `id`, so an error summary link lands on it;
// `invalidParts` marks only the boxes an error is about.
export interface DateInputProps {
  id: string;
  legend: string;
  value: DateParts;
  onChange: (value: DateParts) => void;
  hint?: string;
  error?: string | null;
  invalidParts?: readonly DatePart[];
  /** 'bday' for a date of birth, so browsers can fill it. */
  autoCompletePrefix?: 'bday';
  testId?: string;
}

const PARTS: ReadonlyArray<{ key: DatePart; label: string; max: number; width: string }> = [
  { key: 'day', label: 'Day', max: 2, width: 'w-16' },
  { key: 'month', label: 'Month', max: 2, width: 'w-16' },
  { key: 'year', label: 'Year', max: 4, width: 'w-24' },
];

export function DateInput({
  id,
  legend,
  value,
  onChange,
  hint,
  error,
  invalidParts = ['day', 'month', 'year'],
  autoCompletePrefix,
  testId,
}: DateInputProps) {
  const { describedBy } = fieldMessageIds(id, hint, error);
  return (
    <fieldset
      className={`flex flex-col gap-1 ${error ? 'border-l-4 border-danger pl-3' : ''}`}
      aria-describedby={describedBy}
      data-testid={testId}
    >
      <legend className="font-semibold">{legend}</legend>
      <FieldMessages id={id} hint={hint} error={error} />
      <div className="flex flex-wrap gap-4">
        {PARTS.map((part, i) => {
          const inputId = i === 0 ? id : `${id}-${part.key}`;
          const invalid = Boolean(error) && invalidParts.includes(part.key);
          return (
            <div key={part.key} className="flex flex-col gap-1">
              <label htmlFor={inputId}>{part.label}</label>
              <input
                id={inputId}
                name={inputId}
                type="text"
                inputMode="numeric"
                maxLength={part.max}
                value={value[part.key]}
                onChange={(e) =>
                  onChange({ ...value, [part.key]: e.target.value.replace(/\D/g, '').slice(0, part.max) })
                }
                autoComplete={autoCompletePrefix ? `${autoCompletePrefix}-${part.key}` : 'off'}
                aria-invalid={invalid ? true : undefined}
                data-testid={testId ? `${testId}-${part.key}` : undefined}
                className={`min-h-11 ${part.width} rounded-md border-2 bg-white px-3 py-2 text-base text-ink ${
                  invalid ? 'border-danger' : 'border-gray-600'
                }`}
              />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
