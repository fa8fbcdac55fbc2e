import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { FailedJob, FailedJobs } from '@taxback/domain/api/admin-responses';
import { JobsPage } from './jobs-page.tsx';
import { fakeAdminApi, type Reply } from '../../../test/admin-helpers.ts';

// /admin/jobs (decision 022): failed background jobs an admin sends again; the backlog against its
// limit (decision 036).

afterEach(() => vi.unstubAllGlobals());

const LIST = 'GET /api/admin/jobs';
const JOB_ID = '00000000-0000-4000-8000-0000000000a1';
const RETRY = `POST /api/admin/jobs/${JOB_ID}/retry`;
const QUIET: FailedJobs['backlog'] = {
  count: 0,
  oldestAgeSeconds: null,
  limit: 5000,
  overLimit: false,
  alerts: 0,
};
const FAILED: FailedJob = {
  id: JOB_ID,
  name: 'notify-claimant',
  attempts: 12,
  lastError: 'provider refused: 503',
  createdAt: '2026-11-20T09:00:00.000Z',
  failedAt: '2026-11-20T19:00:00.000Z',
};

function showJobs(jobs: Partial<FailedJobs>, replies: Record<string, Reply[]> = {}) {
  const answer: FailedJobs = { retrying: 0, backlog: QUIET, failed: [], ...jobs };
  const api = fakeAdminApi({ [LIST]: answer }, replies);
  render(<JobsPage />);
  return api;
}

describe('/admin/jobs backlog (decision 036)', () => {
  it('says when the backlog is over its limit, with the oldest wait', async () => {
    showJobs({ backlog: { count: 6200, oldestAgeSeconds: 400, limit: 5000, overLimit: true, alerts: 1 } });
    expect(await screen.findByTestId('jobs-backlog', {}, { timeout: 10_000 })).toHaveTextContent(
      '6200 jobs are due and waiting to run; the oldest has waited 7 minutes.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The backlog is over its limit of 5000');
  });

  it('raises no alarm under the limit', async () => {
    showJobs({ backlog: { count: 3, oldestAgeSeconds: 1.5, limit: 5000, overLimit: false, alerts: 0 } });
    expect(await screen.findByTestId('jobs-backlog', {}, { timeout: 10_000 })).toHaveTextContent(
      '3 jobs are due and waiting to run; the oldest has waited 2 seconds.',
    );
    expect(screen.queryByTestId('jobs-backlog-over')).toBeNull();
  });

  it('an empty backlog and no failed job: says so', async () => {
    showJobs({ retrying: 1 });
    expect(await screen.findByTestId('jobs-empty')).toHaveTextContent('No job has failed.');
    expect(screen.getByTestId('jobs-backlog')).toHaveTextContent('No job is waiting to run.');
    expect(screen.getByTestId('jobs-retrying')).toHaveTextContent('1 job is waiting to try again.');
    expect(screen.queryByRole('region', { name: 'Failed jobs' })).toBeNull();
  });
});

describe('/admin/jobs failed jobs (decision 022)', () => {
  it('lists a failed job in words, with its tries and last error', async () => {
    showJobs({ failed: [FAILED], retrying: 2 });
    const name = await screen.findByRole('rowheader', { name: 'Text or email to a claimant' });
    expect(name.closest('tr')).toHaveTextContent(/12\s*provider refused: 503/);
    expect(screen.getByTestId('jobs-retrying')).toHaveTextContent('2 jobs are waiting to try again.');
  });

  it('"Try again" posts the job’s retry, says so and takes it off the list', async () => {
    const api = showJobs({ failed: [FAILED] }, { [RETRY]: [[204, null]] });
    fireEvent.click(await screen.findByRole('button', { name: /^Try again/ }));
    expect(await screen.findByText('The job will run again shortly.')).toBeVisible();
    expect(api.to(RETRY)).toHaveLength(1);
    expect(screen.queryByRole('rowheader', { name: 'Text or email to a claimant' })).toBeNull();
    expect(screen.getByTestId('jobs-empty')).toBeVisible();
  });

  it('a job retried already elsewhere (404) leaves the list with the server’s words', async () => {
    showJobs({ failed: [FAILED] }, { [RETRY]: [[404, { error: 'No such failed job' }]] });
    fireEvent.click(await screen.findByRole('button', { name: /^Try again/ }));
    expect(await screen.findByText('No such failed job')).toBeVisible();
    expect(screen.queryByRole('rowheader', { name: 'Text or email to a claimant' })).toBeNull();
  });

  it('a failed retry keeps the job and says why in an alert', async () => {
    showJobs({ failed: [FAILED] }, { [RETRY]: [[503, { error: 'The service is busy. Please try again.' }]] });
    fireEvent.click(await screen.findByRole('button', { name: /^Try again/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is busy. Please try again.');
    expect(screen.getByRole('rowheader', { name: 'Text or email to a claimant' })).toBeVisible();
  });

  it('a list that cannot be loaded says so', async () => {
    fakeAdminApi({}, { [LIST]: [[503, { error: 'The service is busy. Please try again.' }]] });
    render(<JobsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is busy. Please try again.');
    await waitFor(() => expect(screen.queryByTestId('jobs-backlog')).toBeNull());
  });
});
