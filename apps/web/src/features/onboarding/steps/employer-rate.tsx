import { useEffect, useState } from 'react';
import {
  isFuelClaim,
  jobFieldKey,
  jobsWithMiles,
  incomeBandOptions,
  reliefOf,
  scottishTaxPrefill,
  selectedYears,
  summariseClaim,
  type EmployerPaidKind,
  type EmploymentYear,
  type TaxYearEntry,
  formatNumber,
} from '@taxback/domain';
import { Radios } from '../../../components/ui/radios.tsx';
import { keepDecimal } from '../components/estimate-dialog.tsx';
import { RebatePanel } from '../components/rebate-panel.tsx';
import { fieldId } from '../lib/validation.ts';
import { useWizard } from '../wizard-context.tsx';
import { WizardShell } from '../wizard-shell.tsx';

const KINDS: ReadonlyArray<{ value: Exclude<EmployerPaidKind, ''>; label: string }> = [
  { value: 'none', label: 'Nothing' },
  { value: 'ppm', label: 'An amount for each mile' },
  { value: 'total', label: 'A total for the year' },
];

/** The amount a kind of payment asks for: the job's field it fills and how that field reads. */
interface AmountQuestion {
  field: 'paidPencePerMile' | 'paidTotalPounds';
  label: string;
  hint: string;
  prefix?: string;
  suffix?: string;
}

/** 'none' (and no answer yet) asks for no amount. */
const AMOUNTS: Partial<Record<EmployerPaidKind, AmountQuestion>> = {
  ppm: {
    field: 'paidPencePerMile',
    label: 'Pence per mile',
    hint: 'For example, 25 for 25p a mile',
    suffix: 'p',
  },
  total: {
    field: 'paidTotalPounds',
    label: 'Total for the year, in pounds',
    hint: 'Add up the mileage payments on your payslips for the tax year',
    prefix: '£',
  },
};

/** Digits and one decimal point, as typed; '' is 0 until answered. */
export function parseAmount(text: string): number {
  if (text === '' || text === '.') return 0;
  const n = Number(text);
  return Number.isFinite(n) ? n : 0;
}

function AmountField(props: {
  id: string;
  label: string;
  hint: string;
  prefix?: string;
  suffix?: string;
  value: number;
  error?: string;
  onChange: (value: number) => void;
  testId: string;
}) {
  const { id, label, hint, prefix, suffix, value, error, onChange, testId } = props;
  return (
    <div className={`flex flex-col gap-1 ${error ? 'border-l-4 border-danger pl-3' : ''}`}>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-muted">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="font-semibold text-danger">
          <span className="sr-only">Error: </span>
          {error}
        </p>
      )}
      <div className="flex items-center gap-2">
        {prefix && (
          <span aria-hidden="true" className="font-semibold">
            {prefix}
          </span>
        )}
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          defaultValue={value > 0 ? String(value) : ''}
          onChange={(e) => {
            const cleaned = keepDecimal(e.target.value).slice(0, 9);
            if (cleaned !== e.target.value) e.target.value = cleaned;
            onChange(parseAmount(cleaned));
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          data-testid={testId}
          className={`min-h-11 w-36 rounded-md border-2 bg-white px-3 py-2 text-base ${
            error ? 'border-danger' : 'border-gray-600'
          }`}
        />
        {suffix && (
          <span aria-hidden="true" className="font-semibold">
            {suffix}
          </span>
        )}
      </div>
    </div>
  );
}

/**
 * D21 (optional): whether the claimant pays Scottish income tax (a Scottish postcode suggests yes,
 * to confirm) and their band per year, so the estimate is at their own rate.
 */
function IncomeTaxQuestions() {
  const wizard = useWizard();
  const { snapshot } = wizard.state;
  const prefill = scottishTaxPrefill(snapshot.personalInfo.postcode);
  const suggest = snapshot.scottishTaxpayer === '' && prefill?.scottish === true;
  // A Scottish postcode fills in "yes" for the claimant to confirm, so the estimate uses those rates.
  const [suggested] = useState(suggest);
  const { setScottishTaxpayer } = wizard;
  useEffect(() => {
    if (suggest) setScottishTaxpayer('yes');
  }, [suggest, setScottishTaxpayer]);
  const scottish = snapshot.scottishTaxpayer === 'yes' || suggest;
  const years = selectedYears(snapshot).filter((y) => jobsWithMiles(y).length > 0);
  return (
    <section aria-labelledby="income-tax-title" className="space-y-5" data-testid="income-tax">
      <h2 id="income-tax-title" className="text-2xl">
        Your income tax (optional)
      </h2>
      <p>
        Your refund depends on the rate of income tax you paid. Tell us, and the estimate uses your rate; if
        you are not sure, we show the basic and the higher rate.
      </p>
      <Radios
        id={fieldId('scottishTaxpayer')}
        name="scottish-taxpayer"
        legend="Do you pay Scottish income tax?"
        hint={
          suggested && snapshot.scottishTaxpayer !== 'no'
            ? 'Your postcode is in Scotland, so we have assumed yes. Choose No if you live elsewhere.'
            : 'You pay Scottish income tax if you live in Scotland.'
        }
        options={[
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ]}
        value={suggest ? 'yes' : snapshot.scottishTaxpayer}
        onChange={(value) => wizard.setScottishTaxpayer(value)}
        inline
        testId="scottish-taxpayer"
      />
      {years.map((y) => {
        const id = `income-band-${y.year.replace('/', '-')}`;
        const options = incomeBandOptions(y.year, scottish);
        const value = options.some((o) => o.id === y.incomeBand) ? y.incomeBand : '';
        return (
          <div key={y.year} className="flex flex-col gap-1">
            <label htmlFor={id} className="font-semibold">
              Which best describes your income in {y.year}?
            </label>
            <select
              id={id}
              value={value}
              onChange={(e) =>
                wizard.updateYear(y.year, { incomeBand: e.target.value as TaxYearEntry['incomeBand'] })
              }
              className="min-h-11 max-w-sm rounded-md border-2 border-gray-600 bg-white px-3 py-2 text-base"
              data-testid={id}
            >
              <option value="">Choose your rate</option>
              {options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </section>
  );
}

/** Step 7 (D21): per year and employment, what the employer paid towards the business miles. */
export function StepEmployerRate() {
  const wizard = useWizard();
  const { snapshot, errors } = wizard.state;
  const years = selectedYears(snapshot);
  const summary = summariseClaim(snapshot);
  const name = (id: string) => {
    const i = snapshot.employments.findIndex((e) => e.id === id);
    return snapshot.employments[i]?.employerName || `employer ${i + 1}`;
  };
  const fields = years.flatMap((y) =>
    jobsWithMiles(y).flatMap((j) => [
      jobFieldKey.paid(y.year, j.employmentId),
      jobFieldKey.paidAmount(y.year, j.employmentId),
    ]),
  );
  const set = (year: string, job: EmploymentYear, patch: Partial<EmploymentYear>) =>
    wizard.updateJob(year, job.employmentId, patch);

  return (
    <WizardShell
      heading="What did your employer pay for your business miles?"
      lead="Some employers pay towards business mileage. You can only claim the difference between what they paid and HMRC's approved amount."
      fields={fields}
    >
      {years.map((y) => {
        const jobs = jobsWithMiles(y);
        if (jobs.length === 0) return null;
        return (
          <section key={y.year} aria-labelledby={`paid-${y.year}`} className="space-y-5">
            <h2 id={`paid-${y.year}`} className="text-2xl">
              {y.year}
            </h2>
            {jobs.map((job) => {
              const who = name(job.employmentId);
              const paidKey = jobFieldKey.paid(y.year, job.employmentId);
              const amountKey = jobFieldKey.paidAmount(y.year, job.employmentId);
              const testKey = `${y.year}-${job.employmentId}`;
              const amount = AMOUNTS[job.paidKind];
              return (
                <div key={job.employmentId} className="space-y-4">
                  <Radios
                    id={fieldId(paidKey)}
                    name={`paid-${testKey}`}
                    legend={`What did ${who} pay towards your ${formatNumber(job.businessMiles)} business miles in ${y.year}?`}
                    options={KINDS}
                    value={job.paidKind}
                    onChange={(paidKind) => set(y.year, job, { paidKind })}
                    error={errors[paidKey]}
                    testId={`paid-${testKey}`}
                  />
                  {amount && (
                    <AmountField
                      // The input keeps what was typed (defaultValue): a new kind starts a fresh one.
                      key={job.paidKind}
                      id={fieldId(amountKey)}
                      label={amount.label}
                      hint={amount.hint}
                      prefix={amount.prefix}
                      suffix={amount.suffix}
                      value={job[amount.field]}
                      error={errors[amountKey]}
                      onChange={(value) => set(y.year, job, { [amount.field]: value })}
                      testId={`paid-${job.paidKind}-${testKey}`}
                    />
                  )}
                </div>
              );
            })}
          </section>
        );
      })}

      {!isFuelClaim(snapshot) && <IncomeTaxQuestions />}

      {!isFuelClaim(snapshot) && (
        <RebatePanel summary={summary} variant="impact" estimate={reliefOf(snapshot)} />
      )}
    </WizardShell>
  );
}
