import type { ReactNode, SelectHTMLAttributes } from 'react';
import { FieldMessages, fieldMessageIds } from './field-messages.tsx';

// Props: id, label, value, onChange(value: string), children (the options), hint?, error? (shown
// above the control, sets aria-invalid), plus native select props (autoComplete, onBlur, ...).
export interface SelectProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'onChange' | 'value' | 'id' | 'children'
> {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** Classes of the wrapper (its width in a form row). */
  className?: string;
  /** Classes added to the select itself (a narrower control). */
  controlClassName?: string;
  /** The hint's classes (the back-office's denser forms use a smaller hint). */
  hintClassName?: string;
}

/** One labelled select (GOV.UK pattern): label, hint and error above the control, both named by aria-describedby. */
export function Select({
  id,
  label,
  value,
  onChange,
  children,
  hint,
  error,
  className = '',
  controlClassName = '',
  hintClassName,
  ...rest
}: SelectProps) {
  const { describedBy } = fieldMessageIds(id, hint, error);
  return (
    <div className={`flex flex-col gap-1 ${error ? 'border-l-4 border-danger pl-3' : ''} ${className}`}>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <FieldMessages id={id} hint={hint} error={error} hintClassName={hintClassName} />
      <select
        id={id}
        name={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`min-h-11 w-full rounded-md border-2 bg-white px-3 py-2 text-base text-ink ${
          error ? 'border-danger' : 'border-gray-600'
        } ${controlClassName}`}
        {...rest}
      >
        {children}
      </select>
    </div>
  );
}
