import type { ReactNode } from 'react';

export interface ChoiceOption<T extends string> {
  value: T;
  label: string;
  description?: ReactNode;
}

/** How an answer was chosen: a pointer (mouse, touch, pen) or the keyboard (Enter or Space). */
export type ChoiceInput = 'pointer' | 'keyboard';

interface ChoiceListProps<T extends string> {
  /** id of the element naming the group (the step heading). */
  labelledBy: string;
  /** id of the line saying that choosing moves on (D26), when the step does. */
  describedBy?: string;
  options: readonly ChoiceOption<T>[];
  value: T | '';
  onChoose: (value: T, input: ChoiceInput) => void;
  /** id given to the first option, so the error summary can focus it. */
  firstId?: string;
  invalid?: boolean;
  testIdPrefix?: string;
}

/**
 * Single choice as large toggle buttons rather than radios: arrow keys on radios would change the
 * answer while the claimant is only moving between options. A button pressed with Enter or Space
 * fires a click whose `detail` (the click count) is 0, so the step can tell a keyboard choice, which
 * never moves on by itself (D26, WCAG 2.2 3.2.2), from a click or tap.
 */
export function ChoiceList<T extends string>({
  labelledBy,
  describedBy,
  options,
  value,
  onChoose,
  firstId,
  invalid,
  testIdPrefix = 'choice',
}: ChoiceListProps<T>) {
  return (
    <div role="group" aria-labelledby={labelledBy} aria-describedby={describedBy} className="grid gap-3">
      {options.map((o, i) => {
        const selected = o.value === value;
        return (
          <button
            key={o.value}
            type="button"
            id={i === 0 ? firstId : undefined}
            aria-pressed={selected}
            data-testid={`${testIdPrefix}-${o.value}`}
            onClick={(e) => onChoose(o.value, e.detail === 0 ? 'keyboard' : 'pointer')}
            className={`flex min-h-14 w-full flex-col items-start gap-1 rounded-lg border-2 px-4 py-3 text-left ${
              selected
                ? 'border-brand-700 bg-brand-50 ring-2 ring-brand-700'
                : invalid
                  ? 'border-danger bg-white hover:bg-gray-50'
                  : 'border-gray-500 bg-white hover:bg-gray-50'
            }`}
          >
            <span className="flex w-full items-center justify-between gap-3 text-lg font-semibold text-ink">
              {o.label}
              {selected && (
                <span aria-hidden="true" className="text-brand-700">
                  ✓
                </span>
              )}
            </span>
            {o.description && <span className="text-base text-muted">{o.description}</span>}
          </button>
        );
      })}
    </div>
  );
}

export function FieldError({ id, message }: { id?: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="font-semibold text-danger">
      <span className="sr-only">Error: </span>
      {message}
    </p>
  );
}

export function InfoBox({
  tone,
  title,
  children,
  testId,
}: {
  tone: 'green' | 'amber' | 'red' | 'neutral';
  title?: string;
  children: ReactNode;
  testId?: string;
}) {
  const tones = {
    green: 'border-green-700 bg-green-50 text-green-950',
    amber: 'border-amber-600 bg-amber-50 text-amber-950',
    red: 'border-red-700 bg-red-50 text-red-950',
    neutral: 'border-gray-400 bg-gray-50 text-ink',
  } as const;
  return (
    <div className={`rounded-md border-l-4 p-4 ${tones[tone]}`} data-testid={testId}>
      {title && <h2 className="mb-1 text-lg">{title}</h2>}
      <div className="space-y-2">{children}</div>
    </div>
  );
}

export const AUTO_ADVANCE_NOTE_ID = 'auto-advance-note';

/** D26: the line above options that move on when clicked or tapped. */
export function AutoAdvanceNote() {
  return (
    <p id={AUTO_ADVANCE_NOTE_ID} className="text-muted" data-testid="auto-advance-note">
      Clicking or tapping an answer takes you to the next question. If you use a keyboard, choose an answer
      and then Continue.
    </p>
  );
}
