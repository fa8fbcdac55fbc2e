/** Every route of the web app in one place (bulletproof-react): `path` for the router, `getHref` for links. */
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
  resume: { path: '/resume/:token', getHref: (token: string) => `/resume/${enc(token)}` },
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
  adminSignIn: { path: '/admin/sign-in', getHref: () => '/admin/sign-in' },
  adminClaims: { path: '/admin/claims', getHref: () => '/admin/claims' },
  adminClaim: { path: '/admin/claims/:id', getHref: (id: string) => `/admin/claims/${enc(id)}` },
  directAffiliate: {
    path: '/:directAffiliate',
    getHref: (affiliateName: string) => `/${enc(affiliateName)}`,
  },
} as const;
