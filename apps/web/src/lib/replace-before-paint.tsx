import { useLayoutEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * `<Navigate replace>` for a page whose render sends the visitor on, with the next screen drawn
 * before the browser paints again (decision 092). React Router's `<Navigate>` navigates from an
 * effect that may run after a paint, so between a page's prerendered copy and the page it sends a
 * new visitor to there was an empty main area (a few hundred milliseconds on a slow phone). This
 * navigates in a microtask queued by a layout effect, once the router's provider is listening
 * (on the app's first render it starts to listen only after its children's layout effects), and
 * asks the router to draw the next screen at once (`flushSync`). To a route whose code is already
 * in the main bundle, that is before the next paint.
 */
export function ReplaceBeforePaint({ to, state }: { to: string; state?: unknown }) {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    let live = true;
    queueMicrotask(() => {
      if (live) void navigate(to, { replace: true, state, flushSync: true });
    });
    return () => {
      live = false;
    };
  }, [navigate, to, state]);
  return null;
}
