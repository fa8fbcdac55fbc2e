import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { adminRequest, formatDateTime } from './admin-api.ts';
import { useAdminTitle } from './admin-title.ts';
import { Field, inputClass } from './claims-page.tsx';

interface AuditEvent {
  id: string;
  actor: string;
  operator: string | null;
  action: string;
  entity: string;
  entityId: string;
  at: string;
}

const ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'account-locked',
  'second-factor-failed',
  'second-factor-enrolled',
  'sign-out',
  'operator-created',
  'operator-changed',
  'claim-viewed',
  'ni-revealed',
  'file-downloaded',
  'status-changed',
  'note-added',
  'claims-exported',
  'affiliate-report-viewed',
];

/** /admin/audit (admins): the append-only audit log, by operator, action and date. */
export function AuditPage() {
  useAdminTitle('Audit log');
  const [params, setParams] = useSearchParams();
  const [form, setForm] = useState({
    action: params.get('action') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  });
  const [events, setEvents] = useState<AuditEvent[]>([]);
  const query = params.toString();
  useEffect(() => {
    void adminRequest<{ events: AuditEvent[] }>('GET', `/api/admin/audit?${query}`).then((res) => {
      if (res.ok) setEvents(res.data.events);
    });
  }, [query]);

  function apply(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries(form)) if (v) next.set(k, v);
    const actor = params.get('actor');
    if (actor) next.set('actor', actor);
    setParams(next);
  }

  return (
    <div>
      <h1 className="mb-6 text-3xl">Audit log</h1>
      <form
        onSubmit={apply}
        className="mb-6 grid gap-4 rounded-md bg-gray-100 p-4 sm:grid-cols-4"
        aria-label="Filter the audit log"
      >
        <Field id="audit-action" label="Action">
          <select
            id="audit-action"
            value={form.action}
            onChange={(e) => setForm((f) => ({ ...f, action: e.target.value }))}
            className={inputClass}
          >
            <option value="">Any action</option>
            {ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </Field>
        <Field id="audit-from" label="From">
          <input
            id="audit-from"
            type="date"
            value={form.from}
            onChange={(e) => setForm((f) => ({ ...f, from: e.target.value }))}
            className={inputClass}
          />
        </Field>
        <Field id="audit-to" label="To">
          <input
            id="audit-to"
            type="date"
            value={form.to}
            onChange={(e) => setForm((f) => ({ ...f, to: e.target.value }))}
            className={inputClass}
          />
        </Field>
        <div className="self-end">
          <Button type="submit">Apply filters</Button>
        </div>
      </form>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Audit events">
        <table className="w-full border-collapse text-left">
          <thead>
            <tr className="border-b-2 border-ink">
              {['When', 'Operator', 'Action', 'Subject'].map((h) => (
                <th key={h} scope="col" className="px-2 py-2">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {events.map((e) => (
              <tr key={e.id} className="border-b border-gray-300">
                <td className="px-2 py-2">{formatDateTime(e.at)}</td>
                <td className="px-2 py-2">
                  {e.operator ? <a href={`?actor=${encodeURIComponent(e.actor)}`}>{e.operator}</a> : e.actor}
                </td>
                <td className="px-2 py-2">{e.action}</td>
                <td className="px-2 py-2 break-all">
                  {e.entity}{' '}
                  {e.entity === 'claim' ? (
                    <a href={`/admin/claims/${e.entityId}`}>{e.entityId}</a>
                  ) : (
                    e.entityId
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
