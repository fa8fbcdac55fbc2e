import { Link, NavLink, Navigate, Route, Routes, useNavigate } from 'react-router';
import type { ReactNode } from 'react';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { AdminSessionProvider, useAdminSession } from './admin-session.tsx';
import { useAdminTitle } from './admin-title.ts';
import { AffiliateReportPage } from './affiliate-report-page.tsx';
import { CallBacksPage } from './call-backs-page.tsx';
import { JobsPage } from './jobs-page.tsx';
import { AuditPage } from './audit-page.tsx';
import { ClaimPage } from './claim-page.tsx';
import { ClaimsPage } from './claims-page.tsx';
import { ClientMoneyPage } from './client-money-page.tsx';
import { DashboardPage } from './dashboard/dashboard-page.tsx';
import { OperatorsPage } from './operators-page.tsx';
import { SignInPage } from './sign-in-page.tsx';
import { SkipLink } from '../../components/ui/skip-link.tsx';
import { adminRoute, paths } from '../../lib/paths.ts';

/** The operators' back-office (D11, D22): its own lazily loaded bundle under /admin. */
export function AdminApp() {
  return (
    <AdminSessionProvider>
      <AdminLayout>
        <Routes>
          <Route path={adminRoute(paths.adminSignIn)} element={<SignInPage />} />
          <Route path={adminRoute(paths.adminClaims)} element={<SignedIn page={<ClaimsPage />} />} />
          <Route path={adminRoute(paths.adminClaim)} element={<SignedIn page={<ClaimPage />} />} />
          <Route
            path={adminRoute(paths.adminAffiliateReport)}
            element={<SignedIn page={<AffiliateReportPage />} />}
          />
          <Route path={adminRoute(paths.adminCallBacks)} element={<SignedIn page={<CallBacksPage />} />} />
          <Route
            path={adminRoute(paths.adminOperators)}
            element={<SignedIn admin page={<OperatorsPage />} />}
          />
          <Route path={adminRoute(paths.adminAudit)} element={<SignedIn admin page={<AuditPage />} />} />
          <Route path={adminRoute(paths.adminJobs)} element={<SignedIn admin page={<JobsPage />} />} />
          <Route
            path={adminRoute(paths.adminDashboard)}
            element={<SignedIn admin page={<DashboardPage />} />}
          />
          <Route
            path={adminRoute(paths.adminClientMoney)}
            element={<SignedIn admin page={<ClientMoneyPage />} />}
          />
          <Route path="*" element={<Navigate to={paths.adminClaims.getHref()} replace />} />
        </Routes>
      </AdminLayout>
    </AdminSessionProvider>
  );
}

function SignedIn({ page, admin = false }: { page: ReactNode; admin?: boolean }) {
  const { operator } = useAdminSession();
  if (operator === undefined) return <PageLoading />;
  if (operator === null) return <Navigate to={paths.adminSignIn.getHref()} replace />;
  if (admin && operator.role !== 'admin') return <Refused />;
  return page;
}

/** A caseworker on an admins' page: the operator site's title, not the claimant site's (issue 32.5). */
function Refused() {
  useAdminTitle('You cannot open this page');
  return (
    <div>
      <h1 className="text-3xl">You cannot open this page</h1>
      <p className="mt-4">
        Only admins manage operators, read the audit log, open the dashboard and handle client money.
      </p>
    </div>
  );
}

/** The back-office's pages, in menu order; admins alone see the last five. */
const NAV_LINKS = [
  { to: paths.adminClaims.getHref(), label: 'Claims', adminOnly: false },
  { to: paths.adminAffiliateReport.getHref(), label: 'Affiliate report', adminOnly: false },
  { to: paths.adminCallBacks.getHref(), label: 'Call-back requests', adminOnly: false },
  { to: paths.adminDashboard.getHref(), label: 'Dashboard', adminOnly: true },
  { to: paths.adminClientMoney.getHref(), label: 'Client money', adminOnly: true },
  { to: paths.adminOperators.getHref(), label: 'Operators', adminOnly: true },
  { to: paths.adminAudit.getHref(), label: 'Audit log', adminOnly: true },
  { to: paths.adminJobs.getHref(), label: 'Background jobs', adminOnly: true },
] as const;

function AdminLayout({ children }: { children: ReactNode }) {
  const { operator, signOut } = useAdminSession();
  const navigate = useNavigate();
  const navClass = ({ isActive }: { isActive: boolean }) =>
    `inline-block py-2 text-white ${isActive ? 'font-bold underline decoration-4' : 'no-underline hover:underline'}`;
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="bg-ink text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3">
          <Link to={paths.adminClaims.getHref()} className="text-lg font-bold text-white no-underline">
            TaxBack operators
          </Link>
          {operator && (
            <div className="flex flex-wrap items-center gap-x-4">
              <span>
                {operator.name} <span className="text-gray-300">({operator.role})</span>
              </span>
              <button
                type="button"
                className="min-h-11 text-white underline"
                onClick={() => {
                  void (async () => {
                    await signOut();
                    void navigate(paths.adminSignIn.getHref(), { replace: true });
                  })();
                }}
              >
                Sign out
              </button>
            </div>
          )}
        </div>
        {operator && (
          <nav aria-label="Back office" className="border-t border-gray-600">
            <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-6 px-4">
              {NAV_LINKS.filter((link) => !link.adminOnly || operator.role === 'admin').map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.to === paths.adminClaims.getHref()} className={navClass}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 outline-none">
        {children}
      </main>
    </div>
  );
}
