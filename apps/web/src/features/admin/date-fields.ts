// The back-office's dates as GOV.UK date inputs (issue 44): Day, Month and Year boxes whatever the
// browser's locale (a `type="date"` input shows mm/dd/yyyy on an English-US browser), checked with
// the domain's date rules before anything is sent. The API still takes ISO 'YYYY-MM-DD' strings.
import { useState } from 'react';
import { datePartsProblem, datePartsToIso, isoToDateParts } from '@taxback/domain';
import type { DateParts, DateProblem } from '@taxback/domain';
import type { DateInputProps } from '../../components/ui/date-input.tsx';

export const DATE_HINT = 'For example, 27 3 2026';

export interface DateFieldSpec {
  legend: string;
  /** What the messages call it: 'The reply-by date' → 'The reply-by date must be a real date'. */
  subject: string;
  /** The message when every box is empty; without one, empty means "not given" (''). */
  required?: string;
}

/**
 * The parts typed into each named date, their problems as of the last `check`, and the props of
 * each one's DateInput (ids `idPrefix` + key, as the error summaries link). `initial` gives ISO
 * dates ('' for none); `onChange` hears each date as ISO ('' unless the parts are a real date).
 */
export function useDateFields<K extends string>(
  specs: Record<K, DateFieldSpec>,
  {
    idPrefix,
    initial,
    onChange,
  }: {
    idPrefix: string;
    initial: () => Partial<Record<K, string>>;
    onChange?: (key: K, iso: string) => void;
  },
) {
  const keys = Object.keys(specs) as K[];
  const partsOf = (iso: Partial<Record<K, string>>) =>
    Object.fromEntries(keys.map((k) => [k, isoToDateParts(iso[k] ?? '')])) as Record<K, DateParts>;
  const [parts, setParts] = useState(() => partsOf(initial()));
  const [problems, setProblems] = useState<Partial<Record<K, DateProblem>>>({});
  const [attempt, setAttempt] = useState(0);

  /**
   * The ISO dates of `only` (every date by default; '' for one not given), or null when one of
   * them is partly typed or not a real date: its message is then shown and nothing is to be sent.
   */
  function check<C extends K = K>(only: readonly C[] = keys as C[]): Record<C, string> | null {
    const found: Partial<Record<K, DateProblem>> = {};
    const isos = {} as Record<C, string>;
    for (const k of only) {
      const problem = datePartsProblem(parts[k], specs[k].subject, specs[k].required);
      if (problem) found[k] = problem;
      else isos[k] = datePartsToIso(parts[k]) ?? '';
    }
    setProblems(found);
    if (Object.keys(found).length === 0) return isos;
    setAttempt((n) => n + 1);
    return null;
  }

  /** The DateInput's props; `serverError` shows when the last check found nothing wrong with it. */
  function input(key: K, serverError?: string): DateInputProps {
    const problem = problems[key];
    return {
      id: `${idPrefix}${key}`,
      legend: specs[key].legend,
      hint: DATE_HINT,
      value: parts[key],
      onChange: (value) => {
        setParts((all) => ({ ...all, [key]: value }));
        onChange?.(key, datePartsToIso(value) ?? '');
      },
      error: problem?.message ?? serverError,
      ...(problem ? { invalidParts: problem.parts } : {}),
    };
  }

  return {
    check,
    input,
    /** The messages of the last check, by key, for the error summary. */
    errors: Object.fromEntries(
      Object.entries(problems).map(([k, p]) => [k, (p as DateProblem).message]),
    ) as Record<string, string>,
    /** Counts the checks that found a problem: an error summary's focusKey. */
    attempt,
    /** Back to `iso` (or `initial`), with no messages. */
    reset: (iso: Partial<Record<K, string>> = initial()) => {
      setParts(partsOf(iso));
      setProblems({});
    },
  };
}
