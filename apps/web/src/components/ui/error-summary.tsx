import { useId } from 'react';
import { useFocusTarget } from '../../lib/use-focus-target.ts';

export interface ErrorSummaryItem {
  /** id of the field to focus (the link goes to `#fieldId`). */
  fieldId: string;
  message: string;
}

// Props: errors (list of { fieldId, message }; renders nothing when empty), title (default 'There is a problem'), focusKey (change it, e.g. a submit counter, to move focus to the summary again).
export interface ErrorSummaryProps {
  errors: ErrorSummaryItem[];
  title?: string;
  focusKey?: number | string;
}

export function ErrorSummary({ errors, title = 'There is a problem', focusKey }: ErrorSummaryProps) {
  const visible = errors.length > 0;
  const focusTarget = useFocusTarget<HTMLDivElement>(visible, focusKey);
  // Its own id: a page with two forms (the operator's claim page) can show two summaries.
  const titleId = useId();
  if (!visible) return null;
  return (
    <div
      {...focusTarget}
      role="alert"
      aria-labelledby={titleId}
      className="mb-6 rounded-md border-4 border-danger bg-white p-4"
    >
      <h2 id={titleId} className="mb-2 text-xl">
        {title}
      </h2>
      <ul className="list-none space-y-1">
        {errors.map((e) => (
          <li key={e.fieldId}>
            <a
              href={`#${e.fieldId}`}
              className="font-semibold text-danger"
              onClick={(ev) => {
                const el = document.getElementById(e.fieldId);
                if (el) {
                  ev.preventDefault();
                  el.focus();
                  el.scrollIntoView?.({ block: 'center' });
                }
              }}
            >
              {e.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
