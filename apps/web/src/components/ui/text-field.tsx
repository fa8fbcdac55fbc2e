import type { InputHTMLAttributes } from 'react';
import { FieldMessages, fieldMessageIds } from './field-messages.tsx';

// Props: id, label, value, onChange(value: string), hint?, error? (shown above the input, sets aria-invalid), plus native input props (type, autoComplete, inputMode, onBlur, maxLength, ...).
export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value' | 'id'
> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  error?: string | null;
}

export function TextField({
  id,
  label,
  value,
  onChange,
  hint,
  error,
  className = '',
  type = 'text',
  ...rest
}: TextFieldProps) {
  const { describedBy } = fieldMessageIds(id, hint, error);
  return (
    <div className={`flex flex-col gap-1 ${error ? 'border-l-4 border-danger pl-3' : ''} ${className}`}>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <FieldMessages id={id} hint={hint} error={error} />
      <input
        id={id}
        name={id}
        // Always written out: autofill tokens are checked against the input's type (HTML_CodeSniffer H98).
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`min-h-11 w-full rounded-md border-2 bg-white px-3 py-2 text-base text-ink ${
          error ? 'border-danger' : 'border-gray-600'
        }`}
        {...rest}
      />
    </div>
  );
}
