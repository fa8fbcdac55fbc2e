import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { routes } from './router.tsx';

vi.mock('embla-carousel-react', () => ({ default: () => [() => {}, undefined] }));

/** What the operator list says of each operator besides who they are. */
const listed = { role: 'caseworker', disabled: false, secondFactor: true, locked: false, lastSignIn: null };

function answer(status: number, body: unknown) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('/admin (lazy back-office bundle)', () => {
  it('sends a visitor who is not signed in to the sign-in page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer(401, { error: 'Please sign in' })),
    );
    const router = createMemoryRouter(routes, { initialEntries: ['/admin/claims'] });
    render(<RouterProvider router={router} />);
    // The first visit loads the admin chunk (slow to transform on a cold run).
    expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 10_000 })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/sign-in');
    expect(screen.getByLabelText('Email address')).toBeVisible();
    expect(screen.getByLabelText('Password')).toBeVisible();
  });

  it('/admin goes to the claims list, which shows the signed-in operator', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url === '/api/admin/me'
          ? answer(200, {
              operator: {
                id: '00000000-0000-4000-8000-000000000001',
                email: 'a@example.com',
                name: 'Ada Admin',
                role: 'caseworker',
              },
              csrfToken: 't',
            })
          : answer(200, {
              claims: [],
              queue: 'all',
              counts: { all: 0, unallocated: 0, mine: 0 },
              countLimit: 10_000,
              total: 0,
              page: 1,
              pages: 1,
              pageSize: 50,
              hasMore: false,
            }),
      ),
    );
    const router = createMemoryRouter(routes, { initialEntries: ['/admin'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Claims' }, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByText('Ada Admin')).toBeVisible();
    // A caseworker is not offered operator management.
    expect(screen.queryByRole('link', { name: 'Operators' })).toBeNull();
    // Nor the admins' dashboard (issue 45).
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(await screen.findByText('All claims: 0 claims')).toBeVisible();
  }, 20_000);
});

describe('/admin/audit', () => {
  it('filters by operator and action, shows each event’s detail, and pages on', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        calls.push(url);
        if (url === '/api/admin/me')
          return answer(200, {
            operator: {
              id: '00000000-0000-4000-8000-000000000002',
              email: 'ada@example.com',
              name: 'Ada Admin',
              role: 'admin',
            },
            csrfToken: 't',
          });
        if (url === '/api/admin/operators')
          return answer(200, {
            operators: [
              {
                ...listed,
                id: '00000000-0000-4000-8000-000000000002',
                email: 'ada@example.com',
                name: 'Ada Admin',
              },
              {
                ...listed,
                id: '00000000-0000-4000-8000-000000000003',
                email: 'cas@example.com',
                name: 'Cas Worker',
              },
            ],
          });
        return answer(200, {
          events: [
            {
              id: '00000000-0000-4000-8000-000000000004',
              actor: '00000000-0000-4000-8000-000000000003',
              operator: 'Cas Worker',
              action: 'claims-listed',
              entity: 'claims',
              entityId: 'list',
              subject: null,
              detail: { filters: { q: 'smith', page: 1 }, total: 3, shown: ['a', 'b', 'c'] },
              at: '2026-11-20T10:00:00.000Z',
            },
          ],
          page: 1,
          hasMore: true,
        });
      }),
    );
    const router = createMemoryRouter(routes, { initialEntries: ['/admin/audit'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Audit log' }, { timeout: 10_000 })).toBeVisible();
    expect(await screen.findByText('filters: q=smith, page=1; total: 3; shown: 3')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Page 1: 1 event');

    // Every action the server records is offered, the list views among them.
    const action = screen.getByLabelText('Action');
    expect(within(action).getByRole('option', { name: 'Claims listed' })).toBeInTheDocument();
    expect(within(action).getByRole('option', { name: 'P87 worksheet downloaded' })).toBeInTheDocument();

    const operator = await screen.findByLabelText('Operator');
    await within(operator).findByRole('option', { name: 'Cas Worker (cas@example.com)' });
    fireEvent.change(operator, { target: { value: '00000000-0000-4000-8000-000000000003' } });
    fireEvent.change(action, { target: { value: 'claims-listed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(calls).toContain(
        '/api/admin/audit?actor=00000000-0000-4000-8000-000000000003&action=claims-listed',
      ),
    );

    fireEvent.click(await screen.findByRole('link', { name: 'Next page' }));
    await waitFor(() =>
      expect(calls).toContain(
        '/api/admin/audit?actor=00000000-0000-4000-8000-000000000003&action=claims-listed&page=2',
      ),
    );
  });
});

describe('/admin/jobs', () => {
  it('lists failed jobs in plain words and sends one again', async () => {
    const calls: Array<{ url: string; method: string }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: { method?: string }) => {
        calls.push({ url, method: init?.method ?? 'GET' });
        if (url === '/api/admin/me')
          return answer(200, {
            operator: {
              id: '00000000-0000-4000-8000-000000000002',
              email: 'ada@example.com',
              name: 'Ada Admin',
              role: 'admin',
            },
            csrfToken: 't',
          });
        if (url === '/api/admin/jobs/00000000-0000-4000-8000-000000000005/retry')
          return Promise.resolve(new Response(null, { status: 204 }));
        return answer(200, {
          retrying: 2,
          backlog: { count: 0, oldestAgeSeconds: null, limit: 5000, overLimit: false, alerts: 0 },
          failed: [
            {
              id: '00000000-0000-4000-8000-000000000005',
              name: 'notify-claimant',
              attempts: 20,
              lastError: 'EMAIL_NOT_SENT',
              createdAt: '2026-11-20T10:00:00.000Z',
              failedAt: '2026-11-20T21:00:00.000Z',
            },
          ],
        });
      }),
    );
    const router = createMemoryRouter(routes, { initialEntries: ['/admin/jobs'] });
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { name: 'Background jobs' }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(await screen.findByText('2 jobs are waiting to try again.')).toBeVisible();
    const row = screen.getByRole('row', { name: /Text or email to a claimant/ });
    expect(row).toHaveTextContent('EMAIL_NOT_SENT');
    fireEvent.click(within(row).getByRole('button', { name: /Try again/ }));
    expect(await screen.findByText('The job will run again shortly.')).toBeVisible();
    expect(calls).toContainEqual({
      url: '/api/admin/jobs/00000000-0000-4000-8000-000000000005/retry',
      method: 'POST',
    });
    expect(screen.getByTestId('jobs-empty')).toHaveTextContent('No job has failed.');
  });
});
