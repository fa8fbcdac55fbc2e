import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { routes } from './router.tsx';

vi.mock('embla-carousel-react', () => ({ default: () => [() => {}, undefined] }));

function answer(status: number, body: unknown) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

afterEach(() => vi.unstubAllGlobals());

function showJobs(backlog: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      url === '/api/admin/me'
        ? answer(200, {
            operator: {
              id: '00000000-0000-4000-8000-000000000001',
              email: 'a@example.com',
              name: 'Ada Admin',
              role: 'admin',
            },
            csrfToken: 't',
          })
        : answer(200, { retrying: 0, backlog, failed: [] }),
    ),
  );
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/admin/jobs'] })} />);
}

describe('/admin/jobs backlog (decision 036)', () => {
  it('says when the backlog is over its limit, with the oldest wait', async () => {
    showJobs({ count: 6200, oldestAgeSeconds: 400, limit: 5000, overLimit: true, alerts: 1 });
    expect(await screen.findByTestId('jobs-backlog', {}, { timeout: 10_000 })).toHaveTextContent(
      '6200 jobs are due and waiting to run; the oldest has waited 7 minutes.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The backlog is over its limit of 5000');
  });

  it('raises no alarm under the limit', async () => {
    showJobs({ count: 3, oldestAgeSeconds: 1.5, limit: 5000, overLimit: false, alerts: 0 });
    expect(await screen.findByTestId('jobs-backlog', {}, { timeout: 10_000 })).toHaveTextContent(
      '3 jobs are due and waiting to run; the oldest has waited 2 seconds.',
    );
    expect(screen.queryByTestId('jobs-backlog-over')).toBeNull();
  });
});
