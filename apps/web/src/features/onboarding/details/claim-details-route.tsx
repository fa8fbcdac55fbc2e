import { Suspense, lazy, useState } from 'react';
import { Navigate, redirect, useLocation } from 'react-router';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import {
  getDetailsSessionId,
  hasStoredDetailsSession,
  rememberDetailsSessionId,
} from '../../../lib/funnel-storage.ts';
import { paths } from '../../../lib/paths.ts';

// Decision 092: the details journey (its steps, the job search, the signature pad, the schemas)
// is fetched only for a claim to add details to. A visitor without one goes to the status page to
// sign in, without first fetching and running that code.
const ClaimDetailsPage = lazy(() =>
  import('./claim-details-page.tsx').then((m) => ({ default: m.ClaimDetailsPage })),
);

function sessionFromState(state: unknown): string | null {
  const id = (state as { sessionId?: unknown } | null)?.sessionId;
  return typeof id === 'string' ? id : null;
}

/**
 * The route's loader: a tab with no claim to add details to goes to the status page's sign-in
 * before anything is drawn, so the page's prerendered copy of that sign-in is followed by the
 * sign-in itself, not by an empty page first. Every link here stores the claim first; where the
 * tab's storage cannot be read, the page decides from the link's state.
 */
export function claimDetailsLoader() {
  return hasStoredDetailsSession() === false ? redirect(paths.status.getHref()) : null;
}

/** /claim-details (D30): the claim's session from the link that opened it, or this tab's. */
export function ClaimDetailsRoute() {
  const location = useLocation();
  const [sessionId] = useState(() => {
    const id = sessionFromState(location.state) ?? getDetailsSessionId();
    if (id) rememberDetailsSessionId(id);
    return id;
  });
  if (!sessionId) return <Navigate to={paths.status.getHref()} replace />;
  return (
    <Suspense fallback={<PageLoading />}>
      <ClaimDetailsPage sessionId={sessionId} />
    </Suspense>
  );
}
