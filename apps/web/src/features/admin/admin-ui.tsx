// The back-office's building blocks, so every admin page lays out its filters, tables, pages and
// notices the same way (GOV.UK patterns: a label above each field, its hint and error under the
// label, tables that scroll inside a focusable region at 320 px rather than the page).
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FieldMessages, fieldMessageIds } from '../../components/ui/field-messages.tsx';
import { Select } from '../../components/ui/select.tsx';

export const inputClass =
  'min-h-11 w-full rounded-md border-2 border-gray-600 bg-white px-3 py-2 text-base text-ink';

/** A labelled field: the label, then its hint and error, then the control (`children`, id = `id`). */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex flex-col gap-1 ${error ? 'border-l-4 border-danger pl-3' : ''}`}>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <FieldMessages id={id} hint={hint} error={error} hintClassName="text-sm text-muted" />
      {children}
    </div>
  );
}

interface ControlProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  error?: string;
}

/** What a control in a Field carries: its hint and error named as its description, marked invalid on an error. */
function describedProps({ id, hint, error }: Pick<ControlProps, 'id' | 'hint' | 'error'>) {
  return {
    'aria-describedby': fieldMessageIds(id, hint, error).describedBy,
    'aria-invalid': error ? true : undefined,
  };
}

/** A one-line input (text, search or date) in a Field. */
export function InputField({
  type = 'text',
  ...props
}: ControlProps & { type?: 'text' | 'search' | 'date' }) {
  return (
    <Field id={props.id} label={props.label} hint={props.hint} error={props.error}>
      <input
        id={props.id}
        type={type}
        {...describedProps(props)}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        className={inputClass}
      />
    </Field>
  );
}

/** A select with the back-office's smaller hint; `children` are its options. */
export function SelectField({
  children,
  ...props
}: ControlProps & { children: ReactNode; controlClassName?: string }) {
  return (
    <Select {...props} hintClassName="text-sm text-muted">
      {children}
    </Select>
  );
}

/** An amount in pounds: a decimal input in a Field. */
export function AmountField(props: ControlProps) {
  return (
    <Field id={props.id} label={props.label} hint={props.hint} error={props.error}>
      <input
        id={props.id}
        inputMode="decimal"
        {...describedProps(props)}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        className={`${inputClass} max-w-xs`}
      />
    </Field>
  );
}

/** A three-row textarea in a Field. */
export function TextAreaField(props: ControlProps) {
  return (
    <Field id={props.id} label={props.label} hint={props.hint} error={props.error}>
      <textarea
        id={props.id}
        rows={3}
        {...describedProps(props)}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        className={inputClass}
      />
    </Field>
  );
}

/**
 * A table that scrolls inside its own keyboard-focusable region (named `label`). `headers` are the
 * column headings; a ReactNode heading (e.g. a visually hidden "Action") is allowed.
 */
export function DataTable({
  label,
  headers,
  caption,
  testId,
  className = '',
  children,
}: {
  label: string;
  headers: readonly ReactNode[];
  caption?: string;
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // Positioned, so a visually hidden label in a cell (position: absolute) scrolls with the table
    // instead of widening the page at 320 px.
    <div className={`relative overflow-x-auto ${className}`} tabIndex={0} role="region" aria-label={label}>
      <table className="w-full border-collapse text-left" data-testid={testId}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr className="border-b-2 border-ink">
            {headers.map((heading, i) => (
              <th key={i} scope="col" className="px-2 py-2 align-bottom">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A visually hidden column heading for a column of buttons. */
export const ACTION_HEADING = <span className="sr-only">Action</span>;

/** Previous / next page links; `pages` when the total is known, otherwise `hasMore`. */
export function Pager({
  page,
  pages,
  hasMore,
  hrefOf,
}: {
  page: number;
  pages?: number;
  hasMore?: boolean;
  hrefOf: (page: number) => string;
}) {
  const more = pages === undefined ? Boolean(hasMore) : page < pages;
  if (page <= 1 && !more) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex gap-4">
      {page > 1 && <Link to={hrefOf(page - 1)}>Previous page</Link>}
      <span>{pages === undefined ? `Page ${page}` : `Page ${page} of ${pages}`}</span>
      {more && <Link to={hrefOf(page + 1)}>Next page</Link>}
    </nav>
  );
}

/**
 * Filters kept in the address: the form's values start from the query string, "Apply" writes the
 * non-empty ones back (dropping the page), and `hrefWith` builds a link that changes some of them.
 */
export function useUrlFilters<K extends string>(keys: readonly K[], idPrefix: string) {
  const [params, setParams] = useSearchParams();
  const fromParams = () => Object.fromEntries(keys.map((k) => [k, params.get(k) ?? '']));
  const [form, setForm] = useState<Record<string, string>>(fromParams);
  const set = (key: string) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  function apply(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(form)) if (value !== '') next.set(key, value);
    setParams(next);
  }
  const hrefWith = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) next.set(key, value);
    if (!('page' in changes)) next.delete('page');
    return `?${next.toString()}`;
  };
  /** A filter's field props: id (`idPrefix` + key, as the error summary links), value, setter, error. */
  const field = (key: K, errors: Record<string, string>) => ({
    id: `${idPrefix}${key}`,
    value: form[key] ?? '',
    onChange: set(key),
    error: errors[key],
  });
  return {
    params,
    query: params.toString(),
    form,
    set,
    field,
    apply,
    hrefWith,
    /** Puts the form back to what the address says (after a link changed the address). */
    reset: () => setForm(fromParams()),
  };
}

/** The outcome of a row's action: a polite live region for success, an alert for failure. */
export function ActionNotices({
  message,
  error,
  testId,
}: {
  message: string;
  error: string;
  testId?: string;
}) {
  return (
    <>
      <div aria-live="polite" className="min-h-6">
        {message && (
          <p className="mb-4 font-semibold" data-testid={testId}>
            {message}
          </p>
        )}
      </div>
      {error && (
        <p role="alert" className="mb-4 font-semibold text-danger">
          {error}
        </p>
      )}
    </>
  );
}
