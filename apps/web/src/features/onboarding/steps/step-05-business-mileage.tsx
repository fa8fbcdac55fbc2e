import { useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { isFuelClaim, stripAngleBrackets } from '@taxback/domain';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { EstimateDialog } from '../components/estimate-dialog.tsx';
import { RebatePanel } from '../components/rebate-panel.tsx';
import { summariseClaim } from '@taxback/domain';
import { selectedYears } from '@taxback/domain';
import { fieldId, validateWizardStep } from '../lib/validation.ts';
import { useWizard } from '../wizard-context.tsx';
import { WizardShell } from '../wizard-shell.tsx';

const companyKey = (year: string) => `companyName_${year}`;
const milesKey = (year: string) => `miles_${year}`;
const tabId = (year: string) => `mileage-tab-${year.replace('/', '-')}`;
const panelId = (year: string) => `mileage-panel-${year.replace('/', '-')}`;

/** Miles accept digits only, as typed (SPEC §5). */
export function keepDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

export function StepBusinessMileage() {
  const wizard = useWizard();
  const { snapshot, errors } = wizard.state;
  const years = selectedYears(snapshot);
  const [active, setActive] = useState(() => years[0]?.year ?? '');
  const [estimateFor, setEstimateFor] = useState<string | null>(null);
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const summary = summariseClaim(snapshot);
  const fields = years.flatMap((y) => [companyKey(y.year), milesKey(y.year)]);
  const yearHasError = (year: string) => Boolean(errors[companyKey(year)] || errors[milesKey(year)]);
  const current = years.find((y) => y.year === active) ?? years[0];

  function handleContinue() {
    const found = validateWizardStep('mileage', snapshot);
    const firstWithError = years.find((y) => found[companyKey(y.year)] || found[milesKey(y.year)]);
    // Show the first year that needs attention so its inline messages are visible.
    if (firstWithError) setActive(firstWithError.year);
    wizard.continueStep();
  }

  function focusTab(index: number) {
    const y = years[(index + years.length) % years.length];
    if (!y) return;
    setActive(y.year);
    tabRefs.current[y.year]?.focus();
  }

  function onTabKeyDown(e: KeyboardEvent<HTMLButtonElement>, index: number) {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: years.length - 1,
    };
    const target = moves[e.key];
    if (target === undefined) return;
    e.preventDefault();
    focusTab(target);
  }

  function onErrorLinkClick(targetId: string) {
    const year = years.find(
      (y) => targetId === fieldId(companyKey(y.year)) || targetId === fieldId(milesKey(y.year)),
    );
    // The field must be on screen before the summary link focuses it.
    if (year) flushSync(() => setActive(year.year));
  }

  return (
    <WizardShell
      heading="Your business mileage"
      lead="For each tax year, tell us who you drove for and how many business miles you drove."
      fields={fields}
      onContinue={handleContinue}
      onErrorLinkClick={onErrorLinkClick}
    >
      <div>
        <div
          role="tablist"
          aria-label="Tax years"
          className="flex flex-wrap gap-2 border-b-2 border-gray-300"
        >
          {years.map((y, i) => {
            const selected = current?.year === y.year;
            const invalid = yearHasError(y.year);
            return (
              <button
                key={y.year}
                ref={(el) => {
                  tabRefs.current[y.year] = el;
                }}
                type="button"
                role="tab"
                id={tabId(y.year)}
                aria-selected={selected}
                aria-controls={panelId(y.year)}
                tabIndex={selected ? 0 : -1}
                onClick={() => setActive(y.year)}
                onKeyDown={(e) => onTabKeyDown(e, i)}
                data-testid={`mileage-tab-${y.year}`}
                className={`-mb-0.5 min-h-11 rounded-t-md border-2 px-4 py-2 font-semibold ${
                  selected
                    ? 'border-gray-300 border-b-white bg-white text-ink'
                    : 'border-transparent text-brand-700 underline'
                }`}
              >
                {y.year}
                {invalid && (
                  <span className="ml-2 text-danger">
                    <span aria-hidden="true">●</span>
                    <span className="sr-only"> (has an error)</span>
                  </span>
                )}
              </button>
            );
          })}
        </div>
        {years.map((y) => (
          <div
            key={y.year}
            role="tabpanel"
            id={panelId(y.year)}
            aria-labelledby={tabId(y.year)}
            hidden={current?.year !== y.year}
            className="space-y-5 pt-5"
          >
            <TextField
              id={fieldId(companyKey(y.year))}
              label="Company or employer name"
              hint={`Who you drove for in ${y.year}`}
              value={y.companyName}
              onChange={(v) => wizard.updateYear(y.year, { companyName: stripAngleBrackets(v) })}
              error={errors[companyKey(y.year)]}
              autoComplete="organization"
              maxLength={200}
              data-testid={`company-${y.year}`}
            />
            <TextField
              id={fieldId(milesKey(y.year))}
              label="Total business miles"
              hint={`All the business miles you drove in ${y.year}, not including your commute`}
              inputMode="numeric"
              value={y.businessMiles > 0 ? String(y.businessMiles) : ''}
              onChange={(v) => wizard.updateYear(y.year, { businessMiles: Number(keepDigits(v)) || 0 })}
              error={errors[milesKey(y.year)]}
              autoComplete="off"
              className="max-w-xs"
              data-testid={`miles-${y.year}`}
            />
            <Button
              variant="secondary"
              onClick={() => setEstimateFor(y.year)}
              data-testid={`estimate-${y.year}`}
            >
              Estimate it
            </Button>
          </div>
        ))}
      </div>

      {!isFuelClaim(snapshot) && <RebatePanel summary={summary} variant="total" />}

      {estimateFor && (
        <EstimateDialog
          open
          year={estimateFor}
          onClose={() => setEstimateFor(null)}
          onUse={(miles) => {
            wizard.updateYear(estimateFor, { businessMiles: miles });
            setEstimateFor(null);
          }}
        />
      )}
    </WizardShell>
  );
}
