/**
 * Every route of the web app in one place (bulletproof-react): `path` for the router, `getHref` for
 * links and redirects. The router and every link read it; no page spells a path of its own.
 */
const enc = encodeURIComponent;

export const paths = {
  home: { path: '/', getHref: () => '/' },
  startClaim: { path: '/start-claim', getHref: () => '/start-claim' },
  expenses: { path: '/expenses', getHref: () => '/expenses' },
  complete: { path: '/complete', getHref: () => '/complete' },
  loanDeclined: { path: '/loan-declined', getHref: () => '/loan-declined' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  terms: { path: '/terms', getHref: () => '/terms' },
  onboarding: { path: '/onboarding', getHref: () => '/onboarding' },
  onboardingWithAffiliate: {
    path: '/onboarding/:affiliateName',
    getHref: (affiliateName: string) => `/onboarding/${enc(affiliateName)}`,
  },
  status: {
    path: '/status',
    getHref: (reference?: string) => (reference ? `/status?reference=${enc(reference)}` : '/status'),
  },
  /** D30: the details journey of a funnel claim. */
  claimDetails: { path: '/claim-details', getHref: () => '/claim-details' },
  resume: { path: '/resume/:token', getHref: (token: string) => `/resume/${enc(token)}` },
  /** Where the resume page leaves its URL once it has read the code (the code leaves the history). */
  resumed: { path: '/resume', getHref: () => '/resume' },
  affiliate: { path: '/affiliate', getHref: () => '/affiliate' },
  affiliateLanding: {
    path: '/affiliate/:affiliateName',
    getHref: (affiliateName: string) => `/affiliate/${enc(affiliateName)}`,
  },
  affiliateStartClaim: {
    path: '/affiliate/:affiliateName/start-claim',
    getHref: (affiliateName: string) => `/affiliate/${enc(affiliateName)}/start-claim`,
  },
  affiliateOnboarding: {
    path: '/affiliate/:affiliateName/onboarding',
    getHref: (affiliateName: string) => `/affiliate/${enc(affiliateName)}/onboarding`,
  },
  admin: { path: '/admin', getHref: () => '/admin' },
  /** The back-office bundle's mount point: its own router matches the rest (adminRoute). */
  adminApp: { path: '/admin/*', getHref: () => '/admin' },
  adminSignIn: { path: '/admin/sign-in', getHref: () => '/admin/sign-in' },
  adminClaims: { path: '/admin/claims', getHref: () => '/admin/claims' },
  adminClaim: { path: '/admin/claims/:id', getHref: (id: string) => `/admin/claims/${enc(id)}` },
  adminAffiliateReport: { path: '/admin/reports/affiliates', getHref: () => '/admin/reports/affiliates' },
  adminCallBacks: { path: '/admin/call-backs', getHref: () => '/admin/call-backs' },
  adminOperators: { path: '/admin/operators', getHref: () => '/admin/operators' },
  adminAudit: { path: '/admin/audit', getHref: () => '/admin/audit' },
  adminJobs: { path: '/admin/jobs', getHref: () => '/admin/jobs' },
  adminDashboard: { path: '/admin/dashboard', getHref: () => '/admin/dashboard' },
  adminClientMoney: { path: '/admin/client-money', getHref: () => '/admin/client-money' },
  directAffiliate: {
    path: '/:directAffiliate',
    getHref: (affiliateName: string) => `/${enc(affiliateName)}`,
  },
} as const;

/** A back-office path as the admin bundle's own `<Routes>` (mounted at `/admin/*`) matches it. */
export function adminRoute(route: { path: `/admin/${string}` }): string {
  return route.path.slice(paths.admin.path.length + 1);
}
