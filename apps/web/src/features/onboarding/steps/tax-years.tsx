import { CURRENT_TAX_YEAR_NOTE, taxYearOf, taxYearInfo } from '@taxback/domain';
import { FieldError } from '../components/choice-list.tsx';
import { errorFor, fieldId } from '../lib/validation.ts';
import { useWizard } from '../wizard-context.tsx';
import { WizardShell } from '../wizard-shell.tsx';

const FIELDS = ['taxYears'] as const;

export function StepTaxYears() {
  const wizard = useWizard();
  const years = wizard.state.snapshot.taxYears;
  const error = errorFor(wizard.state.errors, FIELDS[0]);
  const currentYear = taxYearOf(new Date());

  return (
    <WizardShell
      heading="Which tax years do you want to claim for?"
      lead="You can claim for the current tax year and the four before it. Select all that apply."
      fields={FIELDS}
    >
      <fieldset aria-describedby={error ? `${fieldId(FIELDS[0])}-error` : undefined}>
        <legend className="sr-only">Tax years</legend>
        <FieldError id={`${fieldId(FIELDS[0])}-error`} message={error} />
        <div className="grid gap-3">
          {years.map((entry, i) => {
            const id = i === 0 ? fieldId(FIELDS[0]) : `tax-year-${entry.year.replace('/', '-')}`;
            const current = entry.year === currentYear;
            return (
              <label
                key={entry.year}
                htmlFor={id}
                className={`flex min-h-14 cursor-pointer items-center gap-4 rounded-lg border-2 px-4 py-3 ${
                  entry.selected
                    ? 'border-brand-700 bg-brand-50'
                    : error
                      ? 'border-danger'
                      : 'border-gray-500'
                }`}
              >
                <input
                  id={id}
                  type="checkbox"
                  checked={entry.selected}
                  data-testid={`tax-year-${entry.year}`}
                  onChange={(e) => wizard.updateYear(entry.year, { selected: e.target.checked })}
                  className="h-6 w-6 shrink-0 accent-brand-700"
                />
                <span className="flex flex-col">
                  <span className="text-lg font-semibold">
                    {entry.year}
                    {current ? ' (current tax year)' : ''}
                  </span>
                  <span className="text-muted">{taxYearInfo(entry.year).label}</span>
                  {current ? (
                    <span className="text-muted" data-testid="current-tax-year-note">
                      {CURRENT_TAX_YEAR_NOTE}.
                    </span>
                  ) : null}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
    </WizardShell>
  );
}
