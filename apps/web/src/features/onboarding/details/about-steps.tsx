import {
  dateOfBirthProblem,
  emptyEmployment,
  incomeBandOptions,
  stripAngleBrackets,
  taxYearInfo,
  type GeneralDetails,
  type TaxYearEntry,
} from '@taxback/domain';
import { DateInput } from '../../../components/ui/date-input.tsx';
import { Radios } from '../../../components/ui/radios.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { AddressSearch } from '../components/address-search.tsx';
import { errorFor, fieldId } from '../lib/validation.ts';
import { EmploymentList } from '../components/employment-list.tsx';
import { DETAILS_HEADING_ID, DetailsFrame } from './details-frame.tsx';
import type { DetailsController } from './use-details.ts';

type Props = { d: DetailsController; details: GeneralDetails; sessionId: string };

/** The wizard's personal details with the same rules (D17): date of birth and home address added to the funnel's. */
export function AboutYouStep({ d, details, sessionId }: Props) {
  const info = details.personalInfo;
  const set = (patch: Partial<GeneralDetails['personalInfo']>) =>
    d.update({ personalInfo: { ...info, ...patch } });
  const at = (f: string) => `personalInfo.${f}`;
  return (
    <DetailsFrame
      d={d}
      heading="About you"
      lead="HMRC's claim form needs these to find your tax record. We have filled in what you told us."
    >
      <TextField
        id={fieldId(at('title'))}
        label="Title (optional)"
        value={info.title}
        onChange={(v) => set({ title: stripAngleBrackets(v) })}
        error={errorFor(d.errors, at('title'))}
        autoComplete="honorific-prefix"
        maxLength={20}
        className="max-w-xs"
      />
      <TextField
        id={fieldId(at('firstName'))}
        label="First name"
        value={info.firstName}
        onChange={(v) => set({ firstName: stripAngleBrackets(v) })}
        error={errorFor(d.errors, at('firstName'))}
        autoComplete="given-name"
        maxLength={100}
      />
      <TextField
        id={fieldId(at('lastName'))}
        label="Last name"
        value={info.lastName}
        onChange={(v) => set({ lastName: stripAngleBrackets(v) })}
        error={errorFor(d.errors, at('lastName'))}
        autoComplete="family-name"
        maxLength={100}
      />
      <DateInput
        id={fieldId(at('dateOfBirth'))}
        legend="Date of birth"
        hint="For example, 27 3 1985"
        value={info.dateOfBirth}
        onChange={(dateOfBirth) => set({ dateOfBirth })}
        error={errorFor(d.errors, at('dateOfBirth'))}
        invalidParts={dateOfBirthProblem(info.dateOfBirth)?.parts}
        autoCompletePrefix="bday"
        testId="date-of-birth"
      />
      <TextField
        id={fieldId(at('email'))}
        label="Email address"
        type="email"
        value={info.email}
        onChange={(v) => set({ email: stripAngleBrackets(v) })}
        error={errorFor(d.errors, at('email'))}
        autoComplete="email"
        maxLength={254}
      />
      <TextField
        id={fieldId(at('phone'))}
        label="Mobile phone number"
        type="tel"
        value={info.phone}
        onChange={(v) => set({ phone: stripAngleBrackets(v) })}
        error={errorFor(d.errors, at('phone'))}
        autoComplete="tel"
        maxLength={20}
      />
      <AddressSearch
        sessionId={sessionId}
        postcode={info.postcode}
        homeAddress={info.homeAddress}
        onChange={set}
        addressId={fieldId(at('homeAddress'))}
        addressError={errorFor(d.errors, at('homeAddress'))}
        postcodeId={fieldId(at('postcode'))}
        postcodeError={errorFor(d.errors, at('postcode'))}
      />
      <Radios
        id="field-scottishTaxpayer"
        name="scottishTaxpayer"
        legend="Do you pay Scottish income tax?"
        hint="You do if you live in Scotland. It changes the rates in your estimate."
        options={[
          { value: 'no', label: 'No' },
          { value: 'yes', label: 'Yes' },
        ]}
        value={details.scottishTaxpayer}
        onChange={(scottishTaxpayer) => d.update({ scottishTaxpayer })}
        inline
      />
    </DetailsFrame>
  );
}

/** D17: 1 to 5 employments with what the P87 asks of each, checked by the wizard's employments rule. */
export function EmploymentsStep({ d, details }: Omit<Props, 'sessionId'>) {
  const jobs = details.employments.length > 0 ? details.employments : [emptyEmployment('job-1')];
  return (
    <DetailsFrame
      d={d}
      heading="Your employments"
      lead="Tell us about each job in the years you are claiming for. HMRC's claim form asks for each one."
    >
      <EmploymentList
        jobs={jobs}
        errors={d.errors}
        onChange={(employments) => d.update({ employments })}
        focusAfterRemove={DETAILS_HEADING_ID}
      />
    </DetailsFrame>
  );
}

/** D21: the current tax year and the four before it; the current one labelled as GOV.UK says. */
export function TaxYearsStep({ d, details }: Omit<Props, 'sessionId'>) {
  const error = d.errors.taxYears;
  return (
    <DetailsFrame d={d} heading="Which tax years are you claiming for?">
      <fieldset aria-describedby={error ? 'field-taxYears-error' : undefined} id="field-taxYears">
        <legend className="mb-2 font-semibold">Select all that apply</legend>
        {error && (
          <p id="field-taxYears-error" className="mb-2 font-semibold text-danger">
            <span className="sr-only">Error: </span>
            {error}
          </p>
        )}
        {details.taxYears.map((y, i) => {
          const info = taxYearInfo(y.year);
          return (
            <div key={y.year} className="mb-2 flex items-start gap-3">
              <input
                type="checkbox"
                id={`tax-year-${y.year.replace('/', '-')}`}
                checked={y.selected}
                onChange={(e) =>
                  d.update({
                    taxYears: details.taxYears.map((t, j) =>
                      j === i ? { ...t, selected: e.target.checked } : t,
                    ),
                  })
                }
                className="mt-1 h-6 w-6 shrink-0 accent-brand-700"
              />
              <label htmlFor={`tax-year-${y.year.replace('/', '-')}`}>
                {y.year}
                <span className="block text-muted">
                  {info.label}
                  {i === 0 ? '. The current tax year: HMRC will usually adjust your tax code.' : ''}
                </span>
              </label>
            </div>
          );
        })}
      </fieldset>
      <YearBands d={d} details={details} />
    </DetailsFrame>
  );
}

/**
 * D21, D31 (issue 30): the wizard's question "Which best describes your income in that year?" for
 * each chosen year, with the year's own rates (Scottish ones if they pay Scottish income tax). It
 * is optional: without it the estimate says it is a range between the basic and the higher rate.
 */
function YearBands({ d, details }: Omit<Props, 'sessionId'>) {
  const scottish = details.scottishTaxpayer === 'yes';
  const chosen = details.taxYears.filter((y) => y.selected);
  if (chosen.length === 0) return null;
  const setBand = (year: string, incomeBand: TaxYearEntry['incomeBand']) =>
    d.update({ taxYears: details.taxYears.map((t) => (t.year === year ? { ...t, incomeBand } : t)) });
  return (
    <section aria-labelledby="income-bands-heading" className="space-y-4" data-testid="income-bands">
      <h2 id="income-bands-heading" className="text-2xl">
        Your income in each year
      </h2>
      <p>
        Your refund depends on the rate of income tax you paid. If you are not sure, leave it: we show the
        basic and the higher rate.
      </p>
      {chosen.map((y) => {
        const options = incomeBandOptions(y.year, scottish);
        const slug = y.year.replace('/', '-');
        return (
          <Select
            key={y.year}
            id={`income-band-${slug}`}
            label={`Which best describes your income in ${y.year}?`}
            value={options.some((o) => o.id === y.incomeBand) ? y.incomeBand : ''}
            onChange={(v) => setBand(y.year, v as TaxYearEntry['incomeBand'])}
            className="max-w-sm"
            data-testid={`income-band-${slug}`}
          >
            <option value="">Choose your rate</option>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </Select>
        );
      })}
    </section>
  );
}
