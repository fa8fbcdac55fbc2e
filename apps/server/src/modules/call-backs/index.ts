// Call-back requests (D27): the claimant's form (routes.ts, registered by the app) and the
// operators' list of them, which the back-office registers.

export { callBacksRoutes } from './admin-routes.ts';
