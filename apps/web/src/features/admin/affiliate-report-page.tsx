import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { CLAIM_STATUSES, CLAIM_STATUS_LABELS } from '@taxback/domain';
import { Button } from '../../components/ui/button.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { adminRequest, formatPence, summaryItems } from './admin-api.ts';
import { useAdminTitle } from './admin-title.ts';
import { Field, inputClass } from './claims-page.tsx';

interface AffiliateRow {
  affiliate: string;
  started: number;
  submitted: number;
  byStatus: Record<string, number>;
  estimatedTotal: number;
  repaidPence: number;
  conversion: number | null;
}

const pounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  maximumFractionDigits: 0,
});

/** /admin/reports/affiliates: per affiliate and date range, started, submitted, statuses and totals. */
export function AffiliateReportPage() {
  useAdminTitle('Affiliate report');
  const [params, setParams] = useSearchParams();
  const [form, setForm] = useState({ from: params.get('from') ?? '', to: params.get('to') ?? '' });
  const [rows, setRows] = useState<AffiliateRow[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const query = params.toString();
  useEffect(() => {
    void adminRequest<{ affiliates: AffiliateRow[] }>('GET', `/api/admin/reports/affiliates?${query}`).then(
      (res) => {
        if (res.ok) {
          setRows(res.data.affiliates);
          setErrors({});
        } else setErrors(res.errors ?? {});
      },
    );
  }, [query]);

  function apply(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries(form)) if (v) next.set(k, v);
    setParams(next);
  }

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
        <Field id="report-from" label="Started from" error={errors.from}>
          <input
            id="report-from"
            type="date"
            value={form.from}
            onChange={(e) => setForm((f) => ({ ...f, from: e.target.value }))}
            className={inputClass}
          />
        </Field>
        <Field id="report-to" label="Started to" error={errors.to}>
          <input
            id="report-to"
            type="date"
            value={form.to}
            onChange={(e) => setForm((f) => ({ ...f, to: e.target.value }))}
            className={inputClass}
          />
        </Field>
        <div className="self-end">
          <Button type="submit">Show report</Button>
        </div>
      </form>
      {rows && rows.length === 0 && <p>No claims in this range.</p>}
      {rows && rows.length > 0 && (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Claims per affiliate">
          <table className="w-full border-collapse text-left">
            <thead>
              <tr className="border-b-2 border-ink">
                <th scope="col" className="px-2 py-2">
                  Affiliate
                </th>
                <th scope="col" className="px-2 py-2">
                  Started
                </th>
                <th scope="col" className="px-2 py-2">
                  Submitted
                </th>
                <th scope="col" className="px-2 py-2">
                  Conversion
                </th>
                {CLAIM_STATUSES.map((s) => (
                  <th key={s} scope="col" className="px-2 py-2">
                    {CLAIM_STATUS_LABELS[s]}
                  </th>
                ))}
                <th scope="col" className="px-2 py-2">
                  Estimated rebates
                </th>
                <th scope="col" className="px-2 py-2">
                  Repaid by HMRC
                </th>
              </tr>
            </thead>
            <tbody>
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
                  <td className="px-2 py-2">{pounds.format(r.estimatedTotal)}</td>
                  <td className="px-2 py-2">{formatPence(r.repaidPence)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
