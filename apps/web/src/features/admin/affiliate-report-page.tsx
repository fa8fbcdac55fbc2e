import { useEffect, useState } from 'react';
import { CLAIM_STATUSES, CLAIM_STATUS_LABELS } from '@taxback/domain';
import { Button } from '../../components/ui/button.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { call } from '../../lib/api/admin-client.ts';
import { formatPence, formatWholePounds, summaryItems } from './admin-api.ts';
import { useAdminTitle } from './admin-title.ts';
import { DataTable, InputField, useUrlFilters } from './admin-ui.tsx';
import type { AffiliateReportRow as AffiliateRow } from '@taxback/domain/api/admin-responses';

const FILTERS = ['from', 'to'] as const;

/** /admin/reports/affiliates: per affiliate and date range, started, submitted, statuses and totals. */
export function AffiliateReportPage() {
  useAdminTitle('Affiliate report');
  const { query, field, apply } = useUrlFilters(FILTERS, 'report-');
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
      <ErrorSummary errors={summaryItems(errors, 'report-')} />
      <form
        onSubmit={apply}
        noValidate
        className="mb-6 grid gap-4 rounded-md bg-gray-100 p-4 sm:grid-cols-3"
        aria-label="Date range"
      >
        <InputField label="Started from" type="date" {...field('from', errors)} />
        <InputField label="Started to" type="date" {...field('to', errors)} />
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
