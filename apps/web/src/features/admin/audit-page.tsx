import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { AUDIT_ACTIONS } from '@taxback/domain/admin-schemas';
import { DATE_SUBJECTS } from '@taxback/domain/date-rules';
import { Button } from '../../components/ui/button.tsx';
import { DateInput } from '../../components/ui/date-input.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { call } from '../../lib/api/admin-client.ts';
import { formatDateTime, summaryItems } from './admin-api.ts';
import { useAdminTitle } from './admin-title.ts';
import { DataTable, Pager, SelectField, useUrlFilters } from './admin-ui.tsx';
import { useDateFields } from './date-fields.ts';
import { answerLabel } from '@taxback/domain';
import type {
  AuditEvent,
  AuditPage as AuditPageAnswer,
  OperatorListItem,
} from '@taxback/domain/api/admin-responses';
import { paths } from '../../lib/paths.ts';

type OperatorOption = Pick<OperatorListItem, 'id' | 'name' | 'email'>;

const FILTERS = ['actor', 'action', 'from', 'to'] as const;
const DATES = {
  from: { legend: 'From', subject: DATE_SUBJECTS.from },
  to: { legend: 'To', subject: DATE_SUBJECTS.to },
};

/** An event's detail as short "key: value" lines (reasons, filters, counts); ids lists are counted. */
function detailText(detail: Record<string, unknown> | null): string {
  if (!detail) return '';
  return Object.entries(detail)
    .map(([key, value]) => {
      if (Array.isArray(value)) return `${key}: ${value.length}`;
      if (value !== null && typeof value === 'object') {
        const inner = Object.entries(value as Record<string, unknown>)
          .filter(([, v]) => v !== undefined && v !== null && v !== '')
          .map(([k, v]) => `${k}=${String(v)}`)
          .join(', ');
        return `${key}: ${inner || 'none'}`;
      }
      return `${key}: ${String(value)}`;
    })
    .join('; ');
}

const ENTITY_LABELS: Record<string, string> = {
  claim: 'Claim',
  operator: 'Operator',
  file: 'File',
  claims: 'Claims list',
  report: 'Report',
  'call-backs': 'Call backs',
  job: 'Job',
};

/** What an event is about, by name (issue 32.5): a claim's reference as a link, an operator's name. */
function subjectOf(e: AuditEvent) {
  const entity = ENTITY_LABELS[e.entity] ?? e.entity;
  if (e.entity === 'claim')
    return (
      <>
        {entity} <Link to={paths.adminClaim.getHref(e.entityId)}>{e.subject ?? 'without a reference'}</Link>
      </>
    );
  if (e.entity === 'operator') return `${entity} ${e.subject ?? '(removed)'}`;
  if (e.entity === 'file')
    return `${entity}: ${answerLabel('fileKind', String(e.detail?.kind ?? '')) ?? 'a file'}`;
  return entity;
}

/** /admin/audit (admins): the append-only audit log, by operator, action and date, in pages. */
export function AuditPage() {
  useAdminTitle('Audit log');
  const filters = useUrlFilters(FILTERS, 'audit-');
  const { params, query, field, set, hrefWith, reset } = filters;
  // Dates typed as day, month and year, kept in the address as ISO dates (issue 44).
  const dates = useDateFields(DATES, {
    idPrefix: 'audit-',
    initial: () => ({ from: params.get('from') ?? '', to: params.get('to') ?? '' }),
    onChange: (key, iso) => set(key)(iso),
  });
  const apply = (event: FormEvent) => (dates.check() ? filters.apply(event) : event.preventDefault());
  // The answer with the filters it was asked for: rows of the previous filters are never shown
  // under new ones while the new page loads.
  const [answer, setAnswer] = useState<{ query: string; data: AuditPageAnswer } | null>(null);
  const result = answer?.query === query ? answer.data : null;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [operators, setOperators] = useState<OperatorOption[]>([]);

  useEffect(() => {
    void call('listOperators').then((res) => {
      if (res.ok) setOperators(res.data.operators);
    });
  }, []);

  useEffect(() => {
    let live = true;
    reset();
    dates.reset();
    void call('auditLog', { query: Object.fromEntries(new URLSearchParams(query)) }).then((res) => {
      if (!live) return;
      if (res.ok) {
        setAnswer({ query, data: res.data });
        setErrors({});
      } else setErrors(res.errors ?? { action: res.error ?? 'The audit log could not be loaded' });
    });
    return () => {
      live = false;
    };
    // The form follows the address (a link to one operator's events changes both).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  return (
    <div>
      <h1 className="mb-6 text-3xl">Audit log</h1>
      <ErrorSummary
        errors={summaryItems({ ...errors, ...dates.errors }, 'audit-')}
        focusKey={dates.attempt}
      />
      <form
        onSubmit={apply}
        noValidate
        className="mb-6 grid gap-4 rounded-md bg-gray-100 p-4 sm:grid-cols-2"
        aria-label="Filter the audit log"
      >
        <SelectField label="Operator" {...field('actor', errors)}>
          <option value="">Any operator</option>
          <option value="anonymous">Unknown email (failed sign-ins)</option>
          {operators.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name} ({o.email})
            </option>
          ))}
        </SelectField>
        <SelectField label="Action" {...field('action', errors)}>
          <option value="">Any action</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {answerLabel('auditAction', a)}
            </option>
          ))}
        </SelectField>
        <DateInput {...dates.input('from', errors.from)} />
        <DateInput {...dates.input('to', errors.to)} />
        <div className="self-end">
          <Button type="submit">Apply filters</Button>
        </div>
      </form>
      {!result && Object.keys(errors).length === 0 && (
        <p role="status" className="mb-2">
          Loading the events…
        </p>
      )}
      {result && (
        <>
          <p role="status" className="mb-2">
            {result.events.length === 0
              ? 'No events match these filters'
              : `Page ${result.page}: ${result.events.length} ${result.events.length === 1 ? 'event' : 'events'}`}
          </p>
          <DataTable label="Audit events" headers={['When', 'Operator', 'Action', 'Subject', 'Detail']}>
            {result.events.map((e) => (
              <tr key={e.id} className="border-b border-gray-300 align-top">
                <td className="px-2 py-2">{formatDateTime(e.at)}</td>
                <td className="px-2 py-2">
                  {e.operator ? (
                    <Link to={hrefWith({ actor: e.actor })}>{e.operator}</Link>
                  ) : (
                    (({ anonymous: 'Unknown email', system: 'The service' } as Record<string, string>)[
                      e.actor
                    ] ?? 'Unknown operator')
                  )}
                </td>
                <td className="px-2 py-2">{answerLabel('auditAction', e.action)}</td>
                <td className="px-2 py-2 break-words">{subjectOf(e)}</td>
                <td className="px-2 py-2 text-sm break-words">{detailText(e.detail)}</td>
              </tr>
            ))}
          </DataTable>
          <Pager
            page={result.page}
            hasMore={result.hasMore}
            hrefOf={(page) => hrefWith({ page: String(page) })}
          />
        </>
      )}
    </div>
  );
}
