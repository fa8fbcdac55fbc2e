import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { CLAIM_STATUSES, CLAIM_STATUS_LABELS } from '@taxback/domain';
import { DATE_SUBJECTS } from '@taxback/domain/date-rules';
import { Button } from '../../components/ui/button.tsx';
import { DateInput } from '../../components/ui/date-input.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { call } from '../../lib/api/admin-client.ts';
import { formatPence, formatWholePounds, summaryItems } from './admin-api.ts';
import { useAdminTitle } from './admin-title.ts';
import { DataTable, useUrlFilters } from './admin-ui.tsx';
import { useDateFields } from './date-fields.ts';
import type { AffiliateReportRow as AffiliateRow } from '@taxback/domain/api/admin-responses';

const FILTERS = ['from', 'to'] as const;
const DATES = {
  from: { legend: 'Started from', subject: DATE_SUBJECTS.from },
  to: { legend: 'Started to', subject: DATE_SUBJECTS.to },
};

/** /admin/reports/affiliates: per affiliate and date range, started, submitted, statuses and totals. */
export function AffiliateReportPage() {
  useAdminTitle('Affiliate report');
  const filters = useUrlFilters(FILTERS, 'report-');
  const { params, query, set } = filters;
  // Dates typed as day, month and year, kept in the address as ISO dates (issue 44).
  const dates = useDateFields(DATES, {
    idPrefix: 'report-',
    initial: () => ({ from: params.get('from') ?? '', to: params.get('to') ?? '' }),
    onChange: (key, iso) => set(key)(iso),
  });
  const apply = (event: FormEvent) => (dates.check() ? filters.apply(event) : event.preventDefault());
  const [rows, setRows] = useState<AffiliateRow[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    void call('affiliateReport', { query: Object.fromEntries(new URLSearchParams(query)) }).then((res) => {
      if (res.ok) {
        setRows(res.data.affiliates);
        setErrors({});
      } else setErrors(res.errors ?? {});
    });
  }, [query]);

  return (
    <div>
      <h1 className="mb-6 text-3xl">Affiliate report</h1>
      <ErrorSummary
        errors={summaryItems({ ...errors, ...dates.errors }, 'report-')}
        focusKey={dates.attempt}
      />
      <form
        onSubmit={apply}
        noValidate
        className="mb-6 grid gap-4 rounded-md bg-gray-100 p-4 sm:grid-cols-2 lg:grid-cols-3"
        aria-label="Date range"
      >
        <DateInput {...dates.input('from', errors.from)} />
        <DateInput {...dates.input('to', errors.to)} />
        <div className="self-end">
          <Button type="submit">Show report</Button>
        </div>
      </form>
      {rows && rows.length === 0 && <p>No claims in this range.</p>}
      {rows && rows.length > 0 && (
        <DataTable
          label="Claims per affiliate"
          headers={[
            'Affiliate',
            'Started',
            // Issue 29: every claim sent in, apart from the status column of claims still "Submitted".
            'Submitted (all)',
            'Conversion',
            ...CLAIM_STATUSES.map((s) => (s === 'submitted' ? 'Now at Submitted' : CLAIM_STATUS_LABELS[s])),
            'Estimated rebates',
            'Repaid by HMRC',
          ]}
        >
          {rows.map((r) => (
            <tr key={r.affiliate} className="border-b border-gray-300">
              <th scope="row" className="px-2 py-2">
                {r.affiliate}
              </th>
              <td className="px-2 py-2">{r.started}</td>
              <td className="px-2 py-2">{r.submitted}</td>
              <td className="px-2 py-2">{r.conversion === null ? '–' : `${r.conversion}%`}</td>
              {CLAIM_STATUSES.map((s) => (
                <td key={s} className="px-2 py-2">
                  {r.byStatus[s] ?? 0}
                </td>
              ))}
              <td className="px-2 py-2">{formatWholePounds(r.estimatedTotal)}</td>
              <td className="px-2 py-2">{formatPence(r.repaidPence)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
