import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { routes } from './router.tsx';

vi.mock('embla-carousel-react', () => ({ default: () => [() => {}, undefined] }));

function renderAt(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => sessionStorage.clear());

// The root layout stores the affiliate in an effect, which React may run just after the page it
// rendered is on screen (the route's code is lazily loaded): the checks wait for it. On Node 24 in
// CI the heading was once found before the effect had run.

describe('route table', () => {
  it('a single unknown segment is a direct affiliate: stored, landing shown', async () => {
    const router = renderAt('/partner-x');
    expect(await screen.findByRole('heading', { name: 'Do you earn over £18k per year?' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/partner-x');
    await waitFor(() => expect(sessionStorage.getItem('affiliate')).toBe('partner-x'));
  });

  it('/affiliate/:name shows the landing and stores the affiliate', async () => {
    renderAt('/affiliate/partner-y');
    expect(await screen.findByRole('heading', { name: 'Do you earn over £18k per year?' })).toBeVisible();
    await waitFor(() => expect(sessionStorage.getItem('affiliate')).toBe('partner-y'));
  });

  it('deeper unknown paths redirect to /', async () => {
    const router = renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Do you earn over £18k per year?' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });

  it('captures UTM data on the first route visited', async () => {
    renderAt('/?utm_source=google&utm_medium=cpc');
    await screen.findByRole('heading', { name: 'Do you earn over £18k per year?' });
    expect(JSON.parse(sessionStorage.getItem('utm_data') ?? '{}')).toMatchObject({
      utm_source: 'google',
      utm_medium: 'cpc',
    });
  });

  it('lazy routes load: /loan-declined, /privacy with the postcode attribution', async () => {
    const router = renderAt('/loan-declined');
    expect(await screen.findByRole('button', { name: 'Check If You Qualify Now' })).toBeVisible();
    await router.navigate('/privacy');
    expect(
      await screen.findByText('Contains OS data © Crown copyright and database right 2025'),
    ).toBeVisible();
    expect(
      screen.getByText('Contains Royal Mail data © Royal Mail copyright and database right 2025'),
    ).toBeVisible();
    expect(
      screen.getByText('Contains National Statistics data © Crown copyright and database right 2025'),
    ).toBeVisible();
  });

  it('/start-claim asks the qualification question on its own', async () => {
    renderAt('/affiliate/partner-z/start-claim');
    expect(await screen.findByRole('heading', { name: 'Start your tax refund claim' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Yes, I do' })).toBeVisible();
    await waitFor(() => expect(sessionStorage.getItem('affiliate')).toBe('partner-z'));
  });
});
