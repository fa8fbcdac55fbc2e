import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { DATE_SUBJECTS } from '@taxback/domain/date-rules';
import { FUNNEL_STEP_LABELS, FUNNEL_STEPS } from '@taxback/domain/dashboard';
import type { Dashboard } from '@taxback/domain/dashboard-schemas';
import { Button } from '../../../components/ui/button.tsx';
import { DateInput } from '../../../components/ui/date-input.tsx';
import { ErrorSummary } from '../../../components/ui/error-summary.tsx';
import { call } from '../../../lib/api/admin-client.ts';
import { formatDate, summaryItems } from '../admin-api.ts';
import { useAdminTitle } from '../admin-title.ts';
import { InputField, SelectField, useUrlFilters } from '../admin-ui.tsx';
import { useDateFields } from '../date-fields.ts';
import { DashboardSection } from './dashboard-section.tsx';

const FILTERS = ['from', 'to', 'kind', 'affiliate'] as const;
const DATES = {
  from: { legend: 'From', subject: DATE_SUBJECTS.from },
  to: { legend: 'To', subject: DATE_SUBJECTS.to },
};
const KIND_WORDS = { all: 'all claims', general: 'general claims', mileage: 'mileage claims' } as const;

/** /admin/dashboard (issue 45): the business at a glance, a chart and a table per section. */
export function DashboardPage() {
  useAdminTitle('Dashboard');
  const filters = useUrlFilters(FILTERS, 'dashboard-');
  const { params, query, set, field } = filters;
  // Dates typed as day, month and year, kept in the address as ISO dates (issue 44).
  const dates = useDateFields(DATES, {
    idPrefix: 'dashboard-',
    initial: () => ({ from: params.get('from') ?? '', to: params.get('to') ?? '' }),
    onChange: (key, iso) => set(key)(iso),
  });
  const apply = (event: FormEvent) => (dates.check() ? filters.apply(event) : event.preventDefault());
  const [dashboard, setDashboard] = useState<Dashboard | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    let live = true;
    void call('getDashboard', { query: Object.fromEntries(new URLSearchParams(query)) }).then((res) => {
      if (!live) return;
      if (res.ok) {
        setDashboard(res.data);
        setErrors({});
      } else setErrors(res.errors ?? { from: res.error ?? 'The dashboard could not be loaded' });
    });
    return () => {
      live = false;
    };
  }, [query]);
  const applied = Object.fromEntries(new URLSearchParams(query));

  return (
    <div>
      <h1 className="mb-6 text-3xl">Dashboard</h1>
      <ErrorSummary
        errors={summaryItems({ ...errors, ...dates.errors }, 'dashboard-')}
        focusKey={dates.attempt}
      />
      <form
        onSubmit={apply}
        noValidate
        className="mb-6 grid gap-4 rounded-md bg-gray-100 p-4 lg:grid-cols-2"
        aria-label="Dashboard filters"
      >
        <DateInput {...dates.input('from', errors.from)} />
        <DateInput {...dates.input('to', errors.to)} />
        <SelectField label="Kind of claim" {...field('kind', errors)}>
          <option value="">All claims</option>
          <option value="general">General</option>
          <option value="mileage">Mileage</option>
        </SelectField>
        <InputField
          label="Affiliate"
          hint="As the claims list shows it; (none) for claims with no affiliate"
          {...field('affiliate', errors)}
        />
        <div className="lg:col-span-2">
          <Button type="submit">Show the dashboard</Button>
        </div>
      </form>
      <div aria-live="polite">
        {dashboard && (
          <p className="mb-6" data-testid="dashboard-range">
            Showing {KIND_WORDS[dashboard.kind]}
            {dashboard.affiliate ? ` from the affiliate ${dashboard.affiliate}` : ''}, from{' '}
            {formatDate(`${dashboard.from}T12:00:00Z`)} to {formatDate(`${dashboard.to}T12:00:00Z`)}
            {applied.from || applied.to ? '.' : ': the last 12 weeks, as no dates were given.'}
          </p>
        )}
      </div>
      {dashboard && (
        <>
          <DashboardSection dashboard={dashboard} section="intake" filters={applied} />
          <DashboardSection
            dashboard={dashboard}
            section="funnel"
            filters={applied}
            note={`Counted anonymously per day, not by kind or affiliate: ${FUNNEL_STEPS.map((s) => FUNNEL_STEP_LABELS[s]).join(', ')}. The landing page counts each time it is served, expenses each arrival at that page.`}
          />
          <DashboardSection
            dashboard={dashboard}
            section="waiting"
            filters={applied}
            note={`Open claims now, whatever the dates: each one's age counts from the day it was submitted; the target is ${dashboard.waitingTargetDays} days.`}
          />
          <DashboardSection
            dashboard={dashboard}
            section="hmrc"
            filters={applied}
            note="Claims by the day they were sent; HMRC’s answers per tax year, the latest for each year, by the day HMRC decided."
          />
          <DashboardSection
            dashboard={dashboard}
            section="money"
            filters={applied}
            note="By the day HMRC repaid: HMRC’s repayment, our fee with VAT and what the claimant received, as recorded on each claim."
          />
          <DashboardSection
            dashboard={dashboard}
            section="repayment-time"
            filters={applied}
            note="Days from the day a claim was made to the day HMRC repaid it, for claims repaid in the range."
          />
        </>
      )}
    </div>
  );
}
