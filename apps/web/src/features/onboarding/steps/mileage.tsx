import { useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import {
  endedBeforeYear,
  hasCompleted,
  reliefOf,
  type EmploymentYear,
  type WizardSnapshot,
  VEHICLE_OPTIONS,
  asksEmployersConnected,
  isFuelClaim,
  jobFieldKey,
  jobVehicle,
  type TaxYearEntry,
  type VehicleType,
} from '@taxback/domain';
import { Radios } from '../../../components/ui/radios.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { MilesField } from '../../../components/mileage/miles-field.tsx';
import { EstimateDialog } from '../components/estimate-dialog.tsx';
import { RebatePanel } from '../components/rebate-panel.tsx';
import { summariseClaim } from '@taxback/domain';
import { selectedYears } from '@taxback/domain';
import { fieldId, validateWizardStep } from '../lib/validation.ts';
import { useWizard } from '../wizard-context.tsx';
import { WizardShell } from '../wizard-shell.tsx';
import { StepPlace, setStatedMiles, statedMilesOf, stepPlaceFields } from './mileage-place.tsx';

const milesKey = jobFieldKey.miles;
const connectedKey = jobFieldKey.connected;
const tabId = (year: string) => `mileage-tab-${year.replace('/', '-')}`;
const panelId = (year: string) => `mileage-panel-${year.replace('/', '-')}`;

/** The jobs a year asks miles for: none of an employment that had ended before the year began. */
export function jobsToAsk(snapshot: WizardSnapshot, year: TaxYearEntry): EmploymentYear[] {
  return year.jobs.filter((j) => {
    const employment = snapshot.employments.find((e) => e.id === j.employmentId);
    return !employment || !endedBeforeYear(employment, year.year);
  });
}

/**
 * The miles field's text: what was typed while the step is open; otherwise the saved figure, and
 * 0 as "0" once the step has been answered (before that, a 0 is only the empty default).
 */
export function milesFieldText(miles: number, typed: string | undefined, answered: boolean): string {
  if (typed !== undefined) return typed;
  return miles > 0 || answered ? String(miles) : '';
}

const yearKeys = (y: TaxYearEntry, snapshot: WizardSnapshot) => [
  ...y.jobs.flatMap((j) => [
    jobFieldKey.vehicle(y.year, j.employmentId),
    milesKey(y.year, j.employmentId),
    // Decision 084: the place some of the miles went to, when there is one.
    ...stepPlaceFields(snapshot, y.year, j.employmentId),
  ]),
  connectedKey(y.year),
];

export function StepBusinessMileage() {
  const wizard = useWizard();
  const { snapshot, errors } = wizard.state;
  const years = selectedYears(snapshot);
  const [active, setActive] = useState(() => years[0]?.year ?? '');
  const [estimateFor, setEstimateFor] = useState<{ year: string; employmentId: string } | null>(null);
  const summary = summariseClaim(snapshot);
  const fields = years.flatMap((y) => yearKeys(y, snapshot));
  const current = years.find((y) => y.year === active) ?? years[0];

  function handleContinue() {
    const found = validateWizardStep('mileage', snapshot);
    const firstWithError = years.find((y) => yearKeys(y, snapshot).some((k) => found[k]));
    // Show the first year that needs attention so its inline messages are visible.
    if (firstWithError) setActive(firstWithError.year);
    wizard.continueStep();
  }

  function onErrorLinkClick(targetId: string) {
    const year = years.find((y) => yearKeys(y, snapshot).some((k) => targetId === fieldId(k)));
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
        <YearTabs
          years={years}
          active={current?.year}
          setActive={setActive}
          hasError={(y) => yearKeys(y, snapshot).some((k) => Boolean(errors[k]))}
        />
        {years.map((y) => (
          <YearPanel
            key={y.year}
            year={y}
            hidden={current?.year !== y.year}
            onEstimate={(employmentId) => setEstimateFor({ year: y.year, employmentId })}
          />
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
            setStatedMiles(wizard, estimateFor.year, estimateFor.employmentId, miles);
            setEstimateFor(null);
          }}
        />
      )}
    </WizardShell>
  );
}

interface YearTabsProps {
  years: TaxYearEntry[];
  active: string | undefined;
  setActive: (year: string) => void;
  hasError: (year: TaxYearEntry) => boolean;
}

/** The years as an accessible tab list (arrow keys, Home and End move between them). */
function YearTabs({ years, active, setActive, hasError }: YearTabsProps) {
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

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

  return (
    <div role="tablist" aria-label="Tax years" className="flex flex-wrap gap-2 border-b-2 border-gray-300">
      {years.map((y, i) => {
        const selected = active === y.year;
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
            {hasError(y) && (
              <span className="ml-2 text-danger">
                <span aria-hidden="true">●</span>
                <span className="sr-only"> (has an error)</span>
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

/** One year's panel: each job it asks miles for, and D18's question when there are several. */
function YearPanel({
  year: y,
  hidden,
  onEstimate,
}: {
  year: TaxYearEntry;
  hidden: boolean;
  onEstimate: (employmentId: string) => void;
}) {
  const wizard = useWizard();
  const { snapshot, errors } = wizard.state;
  const jobs = jobsToAsk(snapshot, y);
  return (
    <div
      role="tabpanel"
      id={panelId(y.year)}
      aria-labelledby={tabId(y.year)}
      hidden={hidden}
      className="space-y-5 pt-5"
    >
      {jobs.map((job) => (
        <JobMiles
          key={job.employmentId}
          year={y.year}
          job={job}
          showName={jobs.length > 1}
          onEstimate={() => onEstimate(job.employmentId)}
        />
      ))}
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
  );
}

/** One job's vehicle and miles in one year. */
function JobMiles({
  year,
  job,
  showName,
  onEstimate,
}: {
  year: string;
  job: EmploymentYear;
  showName: boolean;
  onEstimate: () => void;
}) {
  const wizard = useWizard();
  const { snapshot, errors, lastStepCompleted } = wizard.state;
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const i = snapshot.employments.findIndex((e) => e.id === job.employmentId);
  const name = snapshot.employments[i]?.employerName || `employer ${i + 1}`;
  const testKey = `${year}-${job.employmentId}`;
  const key = milesKey(year, job.employmentId);
  // Decision 084: with a place answered, the field is the figure typed, the claim that less the
  // miles the business-journey test leaves out.
  const stated = statedMilesOf(snapshot, year, job.employmentId, job.businessMiles);
  // A typed figure stands until the saved one changes by other means (the estimate's figure).
  const text = typed !== undefined && (Number(typed) || 0) === stated ? typed : undefined;
  return (
    <div className="space-y-4" data-testid={`job-${testKey}`}>
      {showName && <h2 className="text-xl">{name}</h2>}
      <Select
        id={fieldId(jobFieldKey.vehicle(year, job.employmentId))}
        label={
          <>
            Vehicle{' '}
            <span className="sr-only">
              for {name} in {year}
            </span>
          </>
        }
        value={jobVehicle(job, snapshot)}
        onChange={(v) => wizard.updateJob(year, job.employmentId, { vehicle: v as VehicleType })}
        className="max-w-xs"
        data-testid={`vehicle-${testKey}`}
      >
        {VEHICLE_OPTIONS.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </Select>
      <MilesField
        id={fieldId(key)}
        year={year}
        employerName={name}
        value={milesFieldText(stated, text, hasCompleted('mileage', lastStepCompleted))}
        onChange={(digits) => {
          setTyped(digits);
          setStatedMiles(wizard, year, job.employmentId, Number(digits) || 0);
        }}
        error={errors[key]}
        testId={`miles-${testKey}`}
      />
      <Button variant="secondary" onClick={onEstimate} data-testid={`estimate-${testKey}`}>
        Estimate it{' '}
        <span className="sr-only">
          for {name} in {year}
        </span>
      </Button>
      <StepPlace year={year} employmentId={job.employmentId} label={`${name}, ${year}`} />
    </div>
  );
}
