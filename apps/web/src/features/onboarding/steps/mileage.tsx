import { useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import {
  reliefOf,
  VEHICLE_OPTIONS,
  asksEmployersConnected,
  isFuelClaim,
  jobFieldKey,
  jobVehicle,
  type TaxYearEntry,
  type VehicleType,
} from '@taxback/domain';
import { Radios } from '../../../components/ui/radios.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { EstimateDialog } from '../components/estimate-dialog.tsx';
import { RebatePanel } from '../components/rebate-panel.tsx';
import { summariseClaim } from '@taxback/domain';
import { selectedYears } from '@taxback/domain';
import { fieldId, validateWizardStep } from '../lib/validation.ts';
import { useWizard } from '../wizard-context.tsx';
import { WizardShell } from '../wizard-shell.tsx';

const milesKey = jobFieldKey.miles;
const connectedKey = jobFieldKey.connected;
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
  const [estimateFor, setEstimateFor] = useState<{ year: string; employmentId: string } | null>(null);
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const summary = summariseClaim(snapshot);
  const { employments } = snapshot;
  const yearKeys = (y: TaxYearEntry) => [
    ...y.jobs.flatMap((j) => [jobFieldKey.vehicle(y.year, j.employmentId), milesKey(y.year, j.employmentId)]),
    connectedKey(y.year),
  ];
  const fields = years.flatMap(yearKeys);
  const yearHasError = (year: TaxYearEntry) => yearKeys(year).some((k) => Boolean(errors[k]));
  const current = years.find((y) => y.year === active) ?? years[0];
  const employerName = (id: string) => {
    const i = employments.findIndex((e) => e.id === id);
    return employments[i]?.employerName || `employer ${i + 1}`;
  };

  function handleContinue() {
    const found = validateWizardStep('mileage', snapshot);
    const firstWithError = years.find((y) => yearKeys(y).some((k) => found[k]));
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
    const year = years.find((y) => yearKeys(y).some((k) => targetId === fieldId(k)));
    // The field must be on screen before the summary link focuses it.
    if (year) flushSync(() => setActive(year.year));
  }

  return (
    <WizardShell
      heading="Your business mileage"
      lead="For each tax year, tell us how many business miles you drove for each employer, not including your commute."
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
            const invalid = yearHasError(y);
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
            {y.jobs.map((job) => {
              const name = employerName(job.employmentId);
              const vehicleId = fieldId(jobFieldKey.vehicle(y.year, job.employmentId));
              const testKey = `${y.year}-${job.employmentId}`;
              return (
                <div key={job.employmentId} className="space-y-4" data-testid={`job-${testKey}`}>
                  {y.jobs.length > 1 && <h2 className="text-xl">{name}</h2>}
                  <div className="flex flex-col gap-1">
                    <label htmlFor={vehicleId} className="font-semibold">
                      Vehicle{' '}
                      <span className="sr-only">
                        for {name} in {y.year}
                      </span>
                    </label>
                    <select
                      id={vehicleId}
                      value={jobVehicle(job, snapshot)}
                      onChange={(e) =>
                        wizard.updateJob(y.year, job.employmentId, { vehicle: e.target.value as VehicleType })
                      }
                      className="min-h-11 max-w-xs rounded-md border-2 border-gray-600 bg-white px-3 py-2 text-base"
                      data-testid={`vehicle-${testKey}`}
                    >
                      {VEHICLE_OPTIONS.map((o) => (
                        <option key={o.id} value={o.id}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                  </div>
                  <TextField
                    id={fieldId(milesKey(y.year, job.employmentId))}
                    label={`Business miles for ${name}`}
                    hint={`All the business miles you drove for ${name} in ${y.year}, not including your commute. Enter 0 if you did not work there that year.`}
                    inputMode="numeric"
                    value={job.businessMiles > 0 ? String(job.businessMiles) : ''}
                    onChange={(v) =>
                      wizard.updateJob(y.year, job.employmentId, {
                        businessMiles: Number(keepDigits(v)) || 0,
                      })
                    }
                    error={errors[milesKey(y.year, job.employmentId)]}
                    autoComplete="off"
                    className="max-w-xs"
                    data-testid={`miles-${testKey}`}
                  />
                  <Button
                    variant="secondary"
                    onClick={() => setEstimateFor({ year: y.year, employmentId: job.employmentId })}
                    data-testid={`estimate-${testKey}`}
                  >
                    Estimate it{' '}
                    <span className="sr-only">
                      for {name} in {y.year}
                    </span>
                  </Button>
                </div>
              );
            })}
            {asksEmployersConnected(y) && (
              <Radios
                id={fieldId(connectedKey(y.year))}
                name={`connected-${y.year}`}
                legend={`In ${y.year}, were these employers the same company or associated companies?`}
                hint="For example, two companies in the same group. Connected employers share one 10,000-mile limit at the higher rate; separate employers each have their own."
                options={[
                  { value: 'yes', label: 'Yes, they are the same or associated' },
                  { value: 'no', label: 'No, they are separate employers' },
                ]}
                value={y.employersConnected}
                onChange={(employersConnected) => wizard.updateYear(y.year, { employersConnected })}
                error={errors[connectedKey(y.year)]}
                testId={`connected-${y.year}`}
              />
            )}
          </div>
        ))}
      </div>

      {!isFuelClaim(snapshot) && (
        <RebatePanel summary={summary} variant="total" estimate={reliefOf(snapshot)} />
      )}

      {estimateFor && (
        <EstimateDialog
          open
          year={estimateFor.year}
          onClose={() => setEstimateFor(null)}
          onUse={(miles) => {
            wizard.updateJob(estimateFor.year, estimateFor.employmentId, { businessMiles: miles });
            setEstimateFor(null);
          }}
        />
      )}
    </WizardShell>
  );
}
