import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { call } from '../../lib/api/admin-client.ts';
import { formatDateTime } from './admin-api.ts';
import { useAdminTitle } from './admin-title.ts';
import { ACTION_HEADING, ActionNotices, DataTable } from './admin-ui.tsx';
import type { CallBackItem as CallBack } from '@taxback/domain/api/admin-responses';

const TOPICS: Record<string, string> = { 'self-assessment': 'Self Assessment (self-employed or CIS)' };

/**
 * /admin/call-backs (D27): self-employed and CIS claimants who asked to be called about Self
 * Assessment, oldest first. Removing a request once called deletes the name and number.
 */
export function CallBacksPage() {
  useAdminTitle('Call-back requests');
  const [rows, setRows] = useState<CallBack[] | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    void call('listCallBacks').then((res) => {
      if (res.ok) setRows(res.data.callBacks);
      else setError(res.error ?? 'The requests could not be loaded. Please try again.');
    });
  }, []);

  async function remove(row: CallBack) {
    setMessage('');
    setError('');
    const res = await call('removeCallBack', { params: { id: row.id } });
    if (res.ok || res.status === 404) {
      setRows((r) => (r ?? []).filter((x) => x.id !== row.id));
      setMessage(`Removed the request from ${row.name}.`);
    } else setError(res.error ?? 'The request could not be removed. Please try again.');
  }

  return (
    <div>
      <h1 className="mb-4 text-3xl">Call-back requests</h1>
      <p className="mb-6 max-w-3xl">
        People who are self-employed or in CIS cannot claim on a P87. These asked us to call them about Self
        Assessment. Remove a request once you have called: its name and number are then deleted. Requests are
        deleted after 30 days in any case.
      </p>
      <ActionNotices message={message} error={error} testId="call-backs-message" />
      {rows && rows.length === 0 && <p data-testid="call-backs-empty">There are no call-back requests.</p>}
      {rows && rows.length > 0 && (
        <DataTable
          label="Call-back requests"
          testId="call-backs-table"
          headers={['Name', 'Phone', 'About', 'Asked', ACTION_HEADING]}
        >
          {rows.map((r) => (
            <tr key={r.id} className="border-b border-gray-300">
              <th scope="row" className="px-2 py-2">
                {r.name}
              </th>
              <td className="px-2 py-2">
                <a href={`tel:${r.phone}`}>{r.phone}</a>
              </td>
              <td className="px-2 py-2">{TOPICS[r.topic] ?? r.topic}</td>
              <td className="px-2 py-2">{formatDateTime(r.requestedAt)}</td>
              <td className="px-2 py-2">
                <Button variant="secondary" onClick={() => void remove(r)}>
                  Remove <span className="sr-only">the request from {r.name}</span>
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
