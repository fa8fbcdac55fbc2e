import { Link, NavLink, Navigate, Route, Routes, useNavigate } from 'react-router';
import type { ReactNode } from 'react';
import { PageLoading } from '../../app/page-loading.tsx';
import { AdminSessionProvider, useAdminSession } from './admin-session.tsx';
import { AffiliateReportPage } from './affiliate-report-page.tsx';
import { CallBacksPage } from './call-backs-page.tsx';
import { JobsPage } from './jobs-page.tsx';
import { AuditPage } from './audit-page.tsx';
import { ClaimPage } from './claim-page.tsx';
import { ClaimsPage } from './claims-page.tsx';
import { OperatorsPage } from './operators-page.tsx';
import { SignInPage } from './sign-in-page.tsx';
import { SkipLink } from '../../components/ui/skip-link.tsx';

/** The operators' back-office (D11, D22): its own lazily loaded bundle under /admin. */
export function AdminApp() {
  return (
    <AdminSessionProvider>
      <AdminLayout>
        <Routes>
          <Route path="sign-in" element={<SignInPage />} />
          <Route path="claims" element={<SignedIn page={<ClaimsPage />} />} />
          <Route path="claims/:id" element={<SignedIn page={<ClaimPage />} />} />
          <Route path="reports/affiliates" element={<SignedIn page={<AffiliateReportPage />} />} />
          <Route path="call-backs" element={<SignedIn page={<CallBacksPage />} />} />
          <Route path="operators" element={<SignedIn admin page={<OperatorsPage />} />} />
          <Route path="audit" element={<SignedIn admin page={<AuditPage />} />} />
          <Route path="jobs" element={<SignedIn admin page={<JobsPage />} />} />
          <Route path="*" element={<Navigate to="/admin/claims" replace />} />
        </Routes>
      </AdminLayout>
    </AdminSessionProvider>
  );
}

function SignedIn({ page, admin = false }: { page: ReactNode; admin?: boolean }) {
  const { operator } = useAdminSession();
  if (operator === undefined) return <PageLoading />;
  if (operator === null) return <Navigate to="/admin/sign-in" replace />;
  if (admin && operator.role !== 'admin')
    return (
      <div>
        <h1 className="text-3xl">You cannot open this page</h1>
        <p className="mt-4">Only admins manage operators and read the audit log.</p>
      </div>
    );
  return page;
}

/** The back-office's pages, in menu order; admins alone see the last three. */
const NAV_LINKS = [
  { to: '/admin/claims', label: 'Claims', adminOnly: false },
  { to: '/admin/reports/affiliates', label: 'Affiliate report', adminOnly: false },
  { to: '/admin/call-backs', label: 'Call-back requests', adminOnly: false },
  { to: '/admin/operators', label: 'Operators', adminOnly: true },
  { to: '/admin/audit', label: 'Audit log', adminOnly: true },
  { to: '/admin/jobs', label: 'Background jobs', adminOnly: true },
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
          <Link to="/admin/claims" className="text-lg font-bold text-white no-underline">
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
                    void navigate('/admin/sign-in', { replace: true });
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
                  <NavLink to={link.to} end={link.to === '/admin/claims'} className={navClass}>
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
