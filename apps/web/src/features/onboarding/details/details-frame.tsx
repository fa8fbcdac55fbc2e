import { useEffect, type FormEvent, type ReactNode } from 'react';
import { CONTENT } from '@taxback/domain/content';
import { Button } from '../../../components/ui/button.tsx';
import { Container } from '../../../components/ui/container.tsx';
import { ErrorSummary } from '../../../components/ui/error-summary.tsx';
import { fieldId } from '../lib/validation.ts';
import type { DetailsController } from './use-details.ts';

/** The id of a details page's heading, which takes the focus when something on the page is removed. */
export const DETAILS_HEADING_ID = 'details-heading';

/**
 * The GOV.UK question-page frame of the details journey: progress, Back, the error summary
 * linking to each field, the question as the h1 (the page title begins with it), Continue.
 */
export function DetailsFrame({
  d,
  heading,
  lead,
  children,
  continueLabel = 'Continue',
  onContinue,
}: {
  d: DetailsController;
  heading: string;
  lead?: ReactNode;
  children: ReactNode;
  continueLabel?: string;
  onContinue?: () => void;
}) {
  const position = d.plan.indexOf(d.step) + 1;
  const hasErrors = Object.keys(d.errors).length > 0;
  useEffect(() => {
    document.title = `${hasErrors ? 'Error: ' : ''}${heading} – ${CONTENT.brandName}`;
  }, [hasErrors, heading]);
  const items = Object.entries(d.errors).map(([key, message]) => ({
    fieldId: key === 'save' || key === 'details' ? 'details-continue' : fieldId(key),
    message,
  }));
  return (
    <Container width="narrow" className="py-6 sm:py-10">
      <p className="text-sm font-semibold text-muted" data-testid="details-progress">
        Step {position} of {d.plan.length}
      </p>
      {position > 1 && (
        <div className="my-2 -ml-1">
          <Button variant="link" onClick={d.back} data-testid="details-back">
            <span aria-hidden="true">‹</span> Back
          </Button>
        </div>
      )}
      <ErrorSummary errors={items} focusKey={d.errorKey} />
      <form
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          (onContinue ?? (() => void d.continueStep()))();
        }}
      >
        <h1
          id={DETAILS_HEADING_ID}
          tabIndex={-1}
          className="mb-4 text-3xl sm:text-4xl"
          data-testid="details-heading"
        >
          {heading}
        </h1>
        {lead && <div className="mb-6 text-lg text-muted">{lead}</div>}
        <div className="space-y-6">{children}</div>
        <div className="mt-8">
          <Button
            id="details-continue"
            type="submit"
            loading={d.saving}
            fullWidth
            className="sm:w-auto"
            data-testid="details-continue"
          >
            {continueLabel}
          </Button>
        </div>
      </form>
    </Container>
  );
}

/** Pounds as typed → pence (NaN when it is not an amount, so the shared schema gives its message). */
export function poundsToPence(text: string): number {
  const clean = text.replace(/[£,\s]/g, '');
  if (clean === '') return Number.NaN;
  const n = Number(clean);
  return Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
}

export function penceToPoundsText(pence: number | undefined): string {
  if (pence === undefined || !Number.isFinite(pence)) return '';
  return (pence / 100).toFixed(pence % 100 === 0 ? 0 : 2);
}
