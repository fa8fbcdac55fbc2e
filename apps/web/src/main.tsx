import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/router.tsx';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const router = createAppRouter();
// The first render is a transition, so React renders in slices and yields to the browser between
// them instead of blocking the main thread for the whole tree at once (issue 16: total blocking
// time on a phone; Lighthouse mobile TBT on /onboarding about 120-250 ms instead of 170-700 ms
// on this machine under load, 84-126 ms on the landing page).
const render = () =>
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });

// The claimant's entry pages arrive with their first screen prerendered (scripts/prerender.tsx).
// React's first render replaces it, so that render waits for the route's code: a loading frame in
// between would flash over the copy.
if (container.querySelector('[data-prerendered]') && !router.state.initialized) {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    render();
  });
} else {
  render();
}
