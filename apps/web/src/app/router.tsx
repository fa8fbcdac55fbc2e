import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout.tsx';
import { ErrorPage } from './error-page.tsx';
import { PageLoading } from '../components/ui/page-loading.tsx';
import { LandingPage } from '../features/funnel/landing-page.tsx';
import {
  ClaimDetailsRoute,
  claimDetailsLoader,
} from '../features/onboarding/details/claim-details-route.tsx';
import { paths } from '../lib/paths.ts';

// Everything but the landing page (and the claim details' few-line gate) is split into its own
// chunk so '/' loads only what it shows.
const startClaim = () =>
  import('../features/funnel/start-claim-page.tsx').then((m) => ({ Component: m.StartClaimPage }));
const onboarding = () =>
  import('../features/onboarding/onboarding-page.tsx').then((m) => ({ Component: m.OnboardingPage }));

// The operators' back-office is its own bundle, outside the claimant layout; '/' never loads it.
const admin = () => import('../features/admin/admin-app.tsx').then((m) => ({ Component: m.AdminApp }));

// Children use the full paths from lib/paths.ts (React Router accepts a child's absolute path
// that starts with its parent's).
export const routes: RouteObject[] = [
  { path: paths.admin.path, element: <Navigate to={paths.adminClaims.getHref()} replace /> },
  { path: paths.adminApp.path, lazy: admin, ErrorBoundary: ErrorPage, HydrateFallback: PageLoading },
  {
    path: paths.home.path,
    Component: RootLayout,
    ErrorBoundary: ErrorPage,
    HydrateFallback: PageLoading,
    children: [
      { index: true, Component: LandingPage },
      { path: paths.startClaim.path, lazy: startClaim },
      {
        path: paths.expenses.path,
        lazy: () =>
          import('../features/funnel/expenses-page.tsx').then((m) => ({ Component: m.ExpensesPage })),
      },
      {
        path: paths.complete.path,
        lazy: () =>
          import('../features/funnel/claim-form-page.tsx').then((m) => ({ Component: m.ClaimFormPage })),
      },
      {
        path: paths.loanDeclined.path,
        lazy: () =>
          import('../features/funnel/loan-declined-page.tsx').then((m) => ({
            Component: m.LoanDeclinedPage,
          })),
      },
      {
        path: paths.privacy.path,
        lazy: () => import('../features/legal/privacy-page.tsx').then((m) => ({ Component: m.PrivacyPage })),
      },
      {
        path: paths.terms.path,
        lazy: () => import('../features/legal/terms-page.tsx').then((m) => ({ Component: m.TermsPage })),
      },
      { path: paths.onboarding.path, lazy: onboarding },
      { path: paths.onboardingWithAffiliate.path, lazy: onboarding },
      {
        path: paths.resume.path,
        lazy: () => import('../features/resume/resume-page.tsx').then((m) => ({ Component: m.ResumePage })),
      },
      {
        path: paths.status.path,
        lazy: () => import('../features/status/status-page.tsx').then((m) => ({ Component: m.StatusPage })),
      },
      // Decision 092: the route decides at once whether there is a claim to add details to; only
      // then is the details journey fetched.
      { path: paths.claimDetails.path, loader: claimDetailsLoader, Component: ClaimDetailsRoute },
      // The resume page replaces its URL with /resume so the code leaves the history; a reload there goes home.
      { path: paths.resumed.path, element: <Navigate to={paths.home.getHref()} replace /> },
      { path: paths.affiliate.path, element: <Navigate to={paths.home.getHref()} replace /> },
      { path: paths.affiliateLanding.path, Component: LandingPage },
      { path: paths.affiliateStartClaim.path, lazy: startClaim },
      { path: paths.affiliateOnboarding.path, lazy: onboarding },
      // D1: one unknown segment is a direct affiliate link; anything deeper goes home.
      { path: paths.directAffiliate.path, Component: LandingPage },
      { path: '*', element: <Navigate to={paths.home.getHref()} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
