import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { CLAIM_STATUSES, CLAIM_STATUS_LABELS, isClaimStatus } from '@taxback/domain';
import { DATE_SUBJECTS } from '@taxback/domain/date-rules';
import { claimCountWords } from '@taxback/domain/admin-schemas';
import { Button } from '../../components/ui/button.tsx';
import { DateInput } from '../../components/ui/date-input.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { call, hrefOf } from '../../lib/api/admin-client.ts';
import { formatAge, formatWholePounds, summaryItems } from './admin-api.ts';
import { useAdminSession } from './admin-session.tsx';
import { AllocateNext, ClaimFlags, QUEUE_LABELS, QueueTabs, TakeNext } from './claim-queues.tsx';
import { useAdminTitle } from './admin-title.ts';
import { DataTable, InputField, Pager, SelectField, useUrlFilters } from './admin-ui.tsx';
import { useDateFields } from './date-fields.ts';
import type { ClaimList, ClaimListItem } from '@taxback/domain/api/admin-responses';
import { paths } from '../../lib/paths.ts';

const FILTERS = ['queue', 'q', 'status', 'kind', 'affiliate', 'from', 'to', 'drafts', 'sort', 'dir'] as const;
const SORTS = [
  ['submitted', 'Submitted date'],
  ['name', 'Claimant name'],
  ['status', 'Status'],
  ['rebate', 'Estimated rebate'],
  ['reference', 'Reference'],
] as const;
const DATES = {
  from: { legend: 'Submitted from', subject: DATE_SUBJECTS.from },
  to: { legend: 'Submitted to', subject: DATE_SUBJECTS.to },
};

export function statusLabel(status: string): string {
  return isClaimStatus(status) ? CLAIM_STATUS_LABELS[status] : status === 'draft' ? 'Draft' : status;
}

const COLUMNS = [
  'Reference',
  'Claimant',
  'Kind',
  'Status',
  'Owner',
  'Waiting since submitted',
  'Since last action',
  'Flags',
  'Estimated rebate',
  'Affiliate',
];

/** /admin/claims: every claim in one table with server-side filters, sort and pages. */
export function ClaimsPage() {
  useAdminTitle('Claims');
  const filters = useUrlFilters(FILTERS, 'filter-');
  const { params, query, form, set, field, hrefWith } = filters;
  // The dates are typed as day, month and year and kept in the address as ISO dates (issue 44).
  const dates = useDateFields(DATES, {
    idPrefix: 'filter-',
    initial: () => ({ from: params.get('from') ?? '', to: params.get('to') ?? '' }),
    onChange: (key, iso) => set(key)(iso),
  });
  const apply = (event: FormEvent) => (dates.check() ? filters.apply(event) : event.preventDefault());
  const [list, setList] = useState<ClaimList | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [reloads, setReloads] = useState(0);
  const { operator } = useAdminSession();

  useEffect(() => {
    let live = true;
    void call('listClaims', { query: Object.fromEntries(new URLSearchParams(query)) }).then((res) => {
      if (!live) return;
      if (res.ok) {
        setList(res.data);
        setErrors({});
      } else setErrors(res.errors ?? { q: res.error ?? 'The claims could not be loaded' });
    });
    return () => {
      live = false;
    };
  }, [query, reloads]);

  const exportParams = new URLSearchParams(params);
  exportParams.delete('page');

  return (
    <div>
      <h1 className="mb-6 text-3xl">Claims</h1>
      <ErrorSummary
        errors={summaryItems({ ...errors, ...dates.errors }, 'filter-')}
        focusKey={dates.attempt}
      />
      {list && <QueueTabs list={list} hrefOf={(queue) => hrefWith({ queue })} onPick={set('queue')} />}
      <TakeNext />
      {list && list.queue === 'unallocated' && operator?.role === 'admin' && (
        <AllocateNext claims={list.claims} onDone={() => setReloads((n) => n + 1)} />
      )}
      <form
        onSubmit={apply}
        noValidate
        className="mb-8 rounded-md bg-gray-100 p-4"
        aria-label="Filter claims"
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <InputField
            label="Search"
            hint="Name, email, phone or reference"
            type="search"
            {...field('q', errors)}
          />
          <SelectField label="Status" {...field('status', errors)}>
            <option value="">Any status</option>
            {CLAIM_STATUSES.map((s) => (
              <option key={s} value={s}>
                {CLAIM_STATUS_LABELS[s]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Kind" {...field('kind', errors)}>
            <option value="">General and mileage</option>
            <option value="general">General</option>
            <option value="mileage">Mileage</option>
          </SelectField>
          <InputField label="Affiliate" {...field('affiliate', errors)} />
          {/* Two columns each on wide screens: Day, Month and Year side by side. */}
          <div className="lg:col-span-2">
            <DateInput {...dates.input('from', errors.from)} />
          </div>
          <div className="lg:col-span-2">
            <DateInput {...dates.input('to', errors.to)} />
          </div>
          <SelectField label="Sort by" {...field('sort', errors)}>
            {SORTS.map(([value, label]) => (
              <option key={value} value={value === 'submitted' ? '' : value}>
                {label}
              </option>
            ))}
          </SelectField>
          <SelectField label="Order" {...field('dir', errors)}>
            <option value="">Newest or highest first</option>
            <option value="asc">Oldest or lowest first</option>
          </SelectField>
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
          <a href={hrefOf('exportClaims', { query: Object.fromEntries(exportParams) })} download>
            Export these claims as CSV
          </a>
        </div>
      </form>

      {list && (
        <>
          <p className="mb-2" role="status">
            {QUEUE_LABELS[list.queue]}:{' '}
            {list.total === 1 ? '1 claim' : `${claimCountWords(list.total, list.countLimit)} claims`}
          </p>
          <DataTable
            label="Claims table"
            caption={`${QUEUE_LABELS[list.queue]} matching the filters`}
            headers={COLUMNS}
          >
            {list.claims.map((c) => (
              <ClaimRow key={c.id} claim={c} />
            ))}
          </DataTable>
          <Pager
            page={list.page}
            pages={list.pages ?? undefined}
            hasMore={list.hasMore}
            hrefOf={(page) => hrefWith({ page: String(page) })}
          />
        </>
      )}
    </div>
  );
}

/**
 * D38: the kinds a row stands for: a case is listed once, by its first claim, with every kind in
 * it; a claim that follows its case (found by a search) says so.
 */
export function kindWords(c: Pick<ClaimListItem, 'kind' | 'caseKinds' | 'followsCase'>): string {
  const label = (k: ClaimListItem['kind']) => (k === 'general' ? 'General' : 'Mileage');
  if (c.followsCase) return `${label(c.kind)}, in a case`;
  return c.caseKinds.length > 1 ? c.caseKinds.map(label).join(' and ') : label(c.kind);
}

/** One claim in a queue (D34): who owns it, how long it has waited, and what needs doing. */
function ClaimRow({ claim: c }: { claim: ClaimListItem }) {
  return (
    <tr className="border-b border-gray-300">
      <td className="px-2 py-2">
        <Link to={paths.adminClaim.getHref(c.id)}>{c.reference || 'No reference'}</Link>
      </td>
      <td className="px-2 py-2">{c.name ?? '–'}</td>
      <td className="px-2 py-2">{kindWords(c)}</td>
      <td className="px-2 py-2">{statusLabel(c.status)}</td>
      <td className="px-2 py-2">{c.owner ? (c.owner.name ?? 'Unknown') : 'Unallocated'}</td>
      <td className="px-2 py-2">{formatAge(c.submittedAt)}</td>
      <td className="px-2 py-2">{formatAge(c.lastActionAt ?? c.submittedAt)}</td>
      <td className="px-2 py-2">
        <ClaimFlags claim={c} />
      </td>
      <td className="px-2 py-2">{c.estimatedRebate === null ? '–' : formatWholePounds(c.estimatedRebate)}</td>
      <td className="px-2 py-2">{c.affiliate ?? '–'}</td>
    </tr>
  );
}
