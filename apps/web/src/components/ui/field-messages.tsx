// A field's hint and error message, the same under every label or legend (GOV.UK pattern), with
// the ids its control points to through aria-describedby.

/** The ids of a field's hint and error (when it has them) and the aria-describedby naming both. */
export function fieldMessageIds(id: string, hint: unknown, error: unknown) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

/** The hint, then the error ("Error: " for screen readers), each only when there is one. */
export function FieldMessages({
  id,
  hint,
  error,
  hintClassName = 'text-muted',
}: {
  id: string;
  hint?: React.ReactNode;
  error?: string | null;
  hintClassName?: string;
}) {
  const { hintId, errorId } = fieldMessageIds(id, hint, error);
  return (
    <>
      {hint && (
        <p id={hintId} className={hintClassName}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="font-semibold text-danger">
          <span className="sr-only">Error: </span>
          {error}
        </p>
      )}
    </>
  );
}
