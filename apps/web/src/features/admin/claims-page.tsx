import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CLAIM_STATUSES, CLAIM_STATUS_LABELS, isClaimStatus } from '@taxback/domain';
import { Button } from '../../components/ui/button.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { adminRequest, formatDate, summaryItems } from './admin-api.ts';
import { useAdminTitle } from './admin-title.ts';

interface ClaimItem {
  id: string;
  kind: 'general' | 'mileage';
  reference: string;
  name: string | null;
  submittedAt: string | null;
  status: string;
  estimatedRebate: number | null;
  affiliate: string | null;
  selfAssessment: boolean | null;
  readinessMissing: number;
}

interface ClaimList {
  claims: ClaimItem[];
  total: number;
  page: number;
  pages: number;
}

const FILTERS = ['q', 'status', 'kind', 'affiliate', 'from', 'to', 'drafts', 'sort', 'dir'] as const;
const SORTS = [
  ['submitted', 'Submitted date'],
  ['name', 'Claimant name'],
  ['status', 'Status'],
  ['rebate', 'Estimated rebate'],
  ['reference', 'Reference'],
] as const;

export function statusLabel(status: string): string {
  return isClaimStatus(status) ? CLAIM_STATUS_LABELS[status] : status === 'draft' ? 'Draft' : status;
}

const pounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  maximumFractionDigits: 0,
});

/** /admin/claims: every claim in one table with server-side filters, sort and pages. */
export function ClaimsPage() {
  useAdminTitle('Claims');
  const [params, setParams] = useSearchParams();
  const [form, setForm] = useState<Record<string, string>>(() =>
    Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])),
  );
  const [list, setList] = useState<ClaimList | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const query = params.toString();

  useEffect(() => {
    let live = true;
    void adminRequest<ClaimList>('GET', `/api/admin/claims${query ? `?${query}` : ''}`).then((res) => {
      if (!live) return;
      if (res.ok) {
        setList(res.data);
        setErrors({});
      } else setErrors(res.errors ?? { q: res.error ?? 'The claims could not be loaded' });
    });
    return () => {
      live = false;
    };
  }, [query]);

  function apply(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(form)) if (value !== '') next.set(key, value);
    setParams(next);
  }

  const set = (key: string) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const pageHref = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    return `?${next.toString()}`;
  };
  const exportParams = new URLSearchParams(params);
  exportParams.delete('page');

  return (
    <div>
      <h1 className="mb-6 text-3xl">Claims</h1>
      <ErrorSummary errors={summaryItems(errors, 'filter-')} />
      <form
        onSubmit={apply}
        noValidate
        className="mb-8 rounded-md bg-gray-100 p-4"
        aria-label="Filter claims"
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field id="filter-q" label="Search" hint="Name, email, phone or reference" error={errors.q}>
            <input
              id="filter-q"
              type="search"
              value={form.q}
              onChange={(e) => set('q')(e.target.value)}
              className={inputClass}
            />
          </Field>
          <Field id="filter-status" label="Status" error={errors.status}>
            <select
              id="filter-status"
              value={form.status}
              onChange={(e) => set('status')(e.target.value)}
              className={inputClass}
            >
              <option value="">Any status</option>
              {CLAIM_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {CLAIM_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </Field>
          <Field id="filter-kind" label="Kind" error={errors.kind}>
            <select
              id="filter-kind"
              value={form.kind}
              onChange={(e) => set('kind')(e.target.value)}
              className={inputClass}
            >
              <option value="">General and mileage</option>
              <option value="general">General</option>
              <option value="mileage">Mileage</option>
            </select>
          </Field>
          <Field id="filter-affiliate" label="Affiliate" error={errors.affiliate}>
            <input
              id="filter-affiliate"
              value={form.affiliate}
              onChange={(e) => set('affiliate')(e.target.value)}
              className={inputClass}
            />
          </Field>
          <Field id="filter-from" label="Submitted from" error={errors.from}>
            <input
              id="filter-from"
              type="date"
              value={form.from}
              onChange={(e) => set('from')(e.target.value)}
              className={inputClass}
            />
          </Field>
          <Field id="filter-to" label="Submitted to" error={errors.to}>
            <input
              id="filter-to"
              type="date"
              value={form.to}
              onChange={(e) => set('to')(e.target.value)}
              className={inputClass}
            />
          </Field>
          <Field id="filter-sort" label="Sort by" error={errors.sort}>
            <select
              id="filter-sort"
              value={form.sort}
              onChange={(e) => set('sort')(e.target.value)}
              className={inputClass}
            >
              {SORTS.map(([value, label]) => (
                <option key={value} value={value === 'submitted' ? '' : value}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
          <Field id="filter-dir" label="Order" error={errors.dir}>
            <select
              id="filter-dir"
              value={form.dir}
              onChange={(e) => set('dir')(e.target.value)}
              className={inputClass}
            >
              <option value="">Newest or highest first</option>
              <option value="asc">Oldest or lowest first</option>
            </select>
          </Field>
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              className="h-6 w-6"
              checked={form.drafts === 'true'}
              onChange={(e) => set('drafts')(e.target.checked ? 'true' : '')}
            />
            Show drafts (unsubmitted wizard progress) instead
          </label>
          <Button type="submit">Apply filters</Button>
          <a href={`/api/admin/claims/export.csv?${exportParams.toString()}`} download>
            Export these claims as CSV
          </a>
        </div>
      </form>

      {list && (
        <>
          <p className="mb-2" role="status">
            {list.total === 1 ? '1 claim' : `${list.total.toLocaleString('en-GB')} claims`}
          </p>
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Claims table">
            <table className="w-full border-collapse text-left">
              <caption className="sr-only">Claims matching the filters</caption>
              <thead>
                <tr className="border-b-2 border-ink">
                  {[
                    'Reference',
                    'Claimant',
                    'Kind',
                    'Submitted',
                    'Status',
                    'Estimated rebate',
                    'Affiliate',
                    'Self Assessment',
                    'P87 readiness',
                  ].map((h) => (
                    <th key={h} scope="col" className="px-2 py-2 align-bottom">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.claims.map((c) => (
                  <tr key={c.id} className="border-b border-gray-300">
                    <td className="px-2 py-2">
                      <Link to={`/admin/claims/${c.id}`}>{c.reference || 'No reference'}</Link>
                    </td>
                    <td className="px-2 py-2">{c.name ?? '–'}</td>
                    <td className="px-2 py-2">{c.kind === 'general' ? 'General' : 'Mileage'}</td>
                    <td className="px-2 py-2">{formatDate(c.submittedAt)}</td>
                    <td className="px-2 py-2">{statusLabel(c.status)}</td>
                    <td className="px-2 py-2">
                      {c.estimatedRebate === null ? '–' : pounds.format(c.estimatedRebate)}
                    </td>
                    <td className="px-2 py-2">{c.affiliate ?? '–'}</td>
                    <td className="px-2 py-2">
                      {c.selfAssessment === null ? '–' : c.selfAssessment ? 'Yes' : 'No'}
                    </td>
                    <td className="px-2 py-2">
                      {c.readinessMissing === 0 ? 'Ready' : `${c.readinessMissing} missing`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {list.pages > 1 && (
            <nav aria-label="Pages" className="mt-4 flex gap-4">
              {list.page > 1 && <Link to={pageHref(list.page - 1)}>Previous page</Link>}
              <span>
                Page {list.page} of {list.pages}
              </span>
              {list.page < list.pages && <Link to={pageHref(list.page + 1)}>Next page</Link>}
            </nav>
          )}
        </>
      )}
    </div>
  );
}

export const inputClass =
  'min-h-11 w-full rounded-md border-2 border-gray-600 bg-white px-3 py-2 text-base text-ink';

export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={`flex flex-col gap-1 ${error ? 'border-l-4 border-danger pl-3' : ''}`}>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {hint && <p className="text-sm text-muted">{hint}</p>}
      {error && (
        <p className="font-semibold text-danger">
          <span className="sr-only">Error: </span>
          {error}
        </p>
      )}
      {children}
    </div>
  );
}
