import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation, useParams } from 'react-router';
import { Header } from '../components/ui/header.tsx';
import { Footer } from '../components/ui/footer.tsx';
import { captureUtmData, saveAffiliate } from '../lib/funnel-storage.ts';
import { SkipLink } from '../components/ui/skip-link.tsx';

/** Page chrome for every route, plus the tracking every route must do (SPEC §3: affiliate, UTM). */
export function RootLayout() {
  const location = useLocation();
  const params = useParams();
  const navigation = useNavigation();
  const affiliate = params.affiliateName ?? params.directAffiliate;

  // Built from the router's location (equal to window.location in the browser; testable in memory).
  const href = `${window.location.origin}${location.pathname}${location.search}${location.hash}`;
  useEffect(() => {
    captureUtmData(href);
  }, [href]);

  useEffect(() => {
    if (affiliate) saveAffiliate(affiliate);
  }, [affiliate]);

  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      {navigation.state === 'loading' && (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-brand-600"
        />
      )}
      <Header />
      {/* At least a screen tall, so the footer starts below the fold and content arriving late never pushes it (CLS). */}
      <main id="main" tabIndex={-1} className="min-h-screen flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
