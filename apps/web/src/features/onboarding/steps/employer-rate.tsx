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
import { Select } from '../../../components/ui/select.tsx';
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

type AmountFieldProps = {
  id: string;
  label: string;
  hint: string;
  prefix?: string;
  suffix?: string;
  error?: string;
  testId: string;
} & (
  | { value: number; onChange: (value: number) => void; text?: never; onText?: never }
  | { text: string; onText: (text: string) => void; value?: never; onChange?: never }
);

function AmountField(props: AmountFieldProps) {
  const { id, label, hint, prefix, suffix, error, testId } = props;
  const initial = props.text ?? (props.value !== undefined && props.value > 0 ? String(props.value) : '');
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
          defaultValue={initial}
          onChange={(e) => {
            const cleaned = keepDecimal(e.target.value).slice(0, 9);
            if (cleaned !== e.target.value) e.target.value = cleaned;
            if (props.onText) props.onText(cleaned);
            else props.onChange?.(parseAmount(cleaned));
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
      {years.map((y) => (
        <YearIncome key={y.year} entry={y} scottish={scottish} />
      ))}
    </section>
  );
}

/** '' for no figure; pounds with pence as typed otherwise. */
function p60Text(value: number | undefined): string {
  return value === undefined ? '' : String(value);
}

/** One year's band and, optionally, its P60 figures (D31: with them, the estimate is capped). */
function YearIncome({ entry: y, scottish }: { entry: TaxYearEntry; scottish: boolean }) {
  const wizard = useWizard();
  const { snapshot, errors } = wizard.state;
  const slug = y.year.replace('/', '-');
  const id = `income-band-${slug}`;
  const options = incomeBandOptions(y.year, scottish);
  const value = options.some((o) => o.id === y.incomeBand) ? y.incomeBand : '';
  const index = snapshot.taxYears.findIndex((t) => t.year === y.year);
  const p60Field = (field: 'taxablePay' | 'taxPaid') => `taxYears.${index}.${field}`;
  const setP60 = (field: 'taxablePay' | 'taxPaid', text: string) =>
    wizard.updateYear(y.year, { [field]: text === '' || text === '.' ? undefined : Number(text) });
  return (
    <div className="space-y-4" data-testid={`year-income-${slug}`}>
      <Select
        id={id}
        label={`Which best describes your income in ${y.year}?`}
        value={value}
        onChange={(v) => wizard.updateYear(y.year, { incomeBand: v as TaxYearEntry['incomeBand'] })}
        className="max-w-sm"
        data-testid={id}
      >
        <option value="">Choose your rate</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </Select>
      <fieldset className="space-y-3" data-testid={`p60-${slug}`}>
        <legend className="font-semibold">Your P60 for {y.year} (optional)</legend>
        <p className="text-muted">
          Your P60 shows your pay and the income tax you paid. With them, your estimate is worked out from
          your own tax; without them, it is an upper figure.
        </p>
        {(['taxablePay', 'taxPaid'] as const).map((field) => (
          <AmountField
            key={field}
            id={fieldId(p60Field(field))}
            label={
              field === 'taxablePay'
                ? `Taxable pay in ${y.year}, in pounds`
                : `Tax paid in ${y.year}, in pounds`
            }
            hint={
              field === 'taxablePay'
                ? 'The pay on your P60 (add them up if you had more than one job that year)'
                : 'The income tax on your P60 (add them up if you had more than one job that year)'
            }
            prefix="£"
            text={p60Text(y[field])}
            error={errors[p60Field(field)]}
            onText={(text) => setP60(field, text)}
            testId={`${field === 'taxablePay' ? 'taxable-pay' : 'tax-paid'}-${slug}`}
          />
        ))}
      </fieldset>
    </div>
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
