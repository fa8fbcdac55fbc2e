import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout.tsx';
import { ErrorPage } from './error-page.tsx';
import { PageLoading } from './page-loading.tsx';
import { LandingPage } from '../features/funnel/landing-page.tsx';

// Everything but the landing page is split into its own chunk so '/' loads only what it shows.
const startClaim = () =>
  import('../features/funnel/start-claim-page.tsx').then((m) => ({ Component: m.StartClaimPage }));
const onboarding = () =>
  import('../features/onboarding/onboarding-page.tsx').then((m) => ({ Component: m.OnboardingPage }));

// The operators' back-office is its own bundle, outside the claimant layout; '/' never loads it.
const admin = () => import('../features/admin/admin-app.tsx').then((m) => ({ Component: m.AdminApp }));

export const routes: RouteObject[] = [
  { path: '/admin', element: <Navigate to="/admin/claims" replace /> },
  { path: '/admin/*', lazy: admin, ErrorBoundary: ErrorPage, HydrateFallback: PageLoading },
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: ErrorPage,
    HydrateFallback: PageLoading,
    children: [
      { index: true, Component: LandingPage },
      { path: 'start-claim', lazy: startClaim },
      {
        path: 'expenses',
        lazy: () =>
          import('../features/funnel/expenses-page.tsx').then((m) => ({ Component: m.ExpensesPage })),
      },
      {
        path: 'complete',
        lazy: () =>
          import('../features/funnel/claim-form-page.tsx').then((m) => ({ Component: m.ClaimFormPage })),
      },
      {
        path: 'loan-declined',
        lazy: () =>
          import('../features/funnel/loan-declined-page.tsx').then((m) => ({
            Component: m.LoanDeclinedPage,
          })),
      },
      {
        path: 'privacy',
        lazy: () => import('../features/legal/privacy-page.tsx').then((m) => ({ Component: m.PrivacyPage })),
      },
      {
        path: 'terms',
        lazy: () => import('../features/legal/terms-page.tsx').then((m) => ({ Component: m.TermsPage })),
      },
      { path: 'onboarding', lazy: onboarding },
      { path: 'onboarding/:affiliateName', lazy: onboarding },
      {
        path: 'resume/:token',
        lazy: () => import('../features/resume/resume-page.tsx').then((m) => ({ Component: m.ResumePage })),
      },
      {
        path: 'status',
        lazy: () => import('../features/status/status-page.tsx').then((m) => ({ Component: m.StatusPage })),
      },
      // The resume page replaces its URL with /resume so the code leaves the history; a reload there goes home.
      { path: 'resume', element: <Navigate to="/" replace /> },
      { path: 'affiliate', element: <Navigate to="/" replace /> },
      { path: 'affiliate/:affiliateName', Component: LandingPage },
      { path: 'affiliate/:affiliateName/start-claim', lazy: startClaim },
      { path: 'affiliate/:affiliateName/onboarding', lazy: onboarding },
      // D1: one unknown segment is a direct affiliate link; anything deeper goes home.
      { path: ':directAffiliate', Component: LandingPage },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
