import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation, type RouteObject } from 'react-router';

/** Shows where a test navigation landed and the navigation state it carried. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <div>
      <p data-testid="pathname">{location.pathname}</p>
      <pre data-testid="state">{JSON.stringify(location.state ?? null)}</pre>
    </div>
  );
}

export function renderRoutes(
  routes: RouteObject[],
  initialEntry: string | { pathname: string; state?: unknown },
) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const utils = render(<RouterProvider router={router} />);
  return { router, ...utils };
}

export const TEST_SESSION_ID = 'tx_1700000000000_abcdefghijklmnopqrstuvwx';
