import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { routes } from '../../app/router.tsx';

vi.mock('embla-carousel-react', () => ({ default: () => [() => {}, undefined] }));

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
              operator: { id: 'x', email: 'a@example.com', name: 'Ada Admin', role: 'caseworker' },
              csrfToken: 't',
            })
          : answer(200, { claims: [], total: 0, page: 1, pages: 1, pageSize: 50 }),
      ),
    );
    const router = createMemoryRouter(routes, { initialEntries: ['/admin'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Claims' })).toBeVisible();
    expect(screen.getByText('Ada Admin')).toBeVisible();
    // A caseworker is not offered operator management.
    expect(screen.queryByRole('link', { name: 'Operators' })).toBeNull();
    expect(await screen.findByText('0 claims')).toBeVisible();
  });
});
