import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { call } from '../../lib/api/admin-client.ts';
import { formatDateTime } from './admin-api.ts';
import { useAdminTitle } from './admin-title.ts';
import { ACTION_HEADING, ActionNotices, DataTable } from './admin-ui.tsx';
import type { FailedJob, FailedJobs } from '@taxback/domain/api/admin-responses';

/** Decision 036: due jobs not yet running, against the limit past which an alert is raised. */
function backlogText(backlog: FailedJobs['backlog']): string {
  if (backlog.count === 0) return 'No job is waiting to run.';
  const waited =
    backlog.oldestAgeSeconds === null
      ? ''
      : backlog.oldestAgeSeconds < 120
        ? `; the oldest has waited ${Math.round(backlog.oldestAgeSeconds)} seconds`
        : `; the oldest has waited ${Math.round(backlog.oldestAgeSeconds / 60)} minutes`;
  return `${backlog.count === 1 ? '1 job is' : `${backlog.count} jobs are`} due and waiting to run${waited}.`;
}

/** What each job does, in an operator's words. */
const JOB_NAMES: Record<string, string> = {
  'notify-claimant': 'Text or email to a claimant',
  purge: 'Hourly clean-up of abandoned drafts',
};

/**
 * /admin/jobs (decision 022): background work that failed after every try (a text or email a
 * provider kept refusing, say), and how many jobs are waiting to try again. An admin can send a
 * failed job again once the cause is fixed.
 */
export function JobsPage() {
  useAdminTitle('Background jobs');
  // The server's list as loaded (null until then), less the jobs sent again since.
  const [jobs, setJobs] = useState<FailedJobs | null>(null);
  // What the last load or "Try again" said: done, or why not.
  const [notice, setNotice] = useState({ message: '', error: '' });
  const failed = jobs?.failed ?? null;
  const retrying = jobs?.retrying ?? 0;
  const backlog = jobs?.backlog ?? null;

  useEffect(() => {
    void call('listFailedJobs').then((res) => {
      if (res.ok) setJobs(res.data);
      else
        setNotice((n) => ({ ...n, error: res.error ?? 'The jobs could not be loaded. Please try again.' }));
    });
  }, []);

  async function retry(job: FailedJob) {
    setNotice({ message: '', error: '' });
    const res = await call('retryJob', { params: { id: job.id } });
    if (res.ok || res.status === 404) {
      setJobs((j) => j && { ...j, failed: j.failed.filter((r) => r.id !== job.id) });
      setNotice((n) => ({
        ...n,
        message: res.ok ? 'The job will run again shortly.' : (res.error ?? 'The job was already retried.'),
      }));
    } else
      setNotice((n) => ({ ...n, error: res.error ?? 'The job could not be retried. Please try again.' }));
  }

  return (
    <div>
      <h1 className="mb-4 text-3xl">Background jobs</h1>
      <p className="mb-2 max-w-3xl">
        Texts and emails to claimants, and the hourly clean-up, run in the background and are tried again when
        a provider is down: for about ten hours for a message. A job that still failed is listed here.
      </p>
      <p className="mb-6 font-semibold" data-testid="jobs-retrying">
        {retrying === 1 ? '1 job is waiting to try again.' : `${retrying} jobs are waiting to try again.`}
      </p>
      {backlog && (
        <p className="mb-6" data-testid="jobs-backlog">
          {backlogText(backlog)}
        </p>
      )}
      {backlog?.overLimit && (
        <p role="alert" className="mb-6 font-semibold text-red-700" data-testid="jobs-backlog-over">
          The backlog is over its limit of {backlog.limit}: texts and emails are going out late. Claims are
          still taken and every job will run; if it does not fall, add instances or look for a slow provider.
        </p>
      )}
      <ActionNotices message={notice.message} error={notice.error} />
      {failed && failed.length === 0 && <p data-testid="jobs-empty">No job has failed.</p>}
      {failed && failed.length > 0 && (
        <DataTable
          label="Failed jobs"
          testId="jobs-table"
          headers={['Job', 'Tries', 'Last error', 'Created', 'Failed', ACTION_HEADING]}
        >
          {failed.map((job) => (
            <tr key={job.id} className="border-b border-gray-300">
              <th scope="row" className="px-2 py-2">
                {JOB_NAMES[job.name] ?? job.name}
              </th>
              <td className="px-2 py-2">{job.attempts}</td>
              <td className="px-2 py-2">
                <code>{job.lastError ?? '–'}</code>
              </td>
              <td className="px-2 py-2">{formatDateTime(job.createdAt)}</td>
              <td className="px-2 py-2">{job.failedAt ? formatDateTime(job.failedAt) : '–'}</td>
              <td className="px-2 py-2">
                <Button variant="secondary" onClick={() => void retry(job)}>
                  Try again <span className="sr-only">({JOB_NAMES[job.name] ?? job.name})</span>
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
