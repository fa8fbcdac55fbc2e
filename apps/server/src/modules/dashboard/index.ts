// Issue 45: the admins' dashboard (routes under /api/admin) and the funnel's anonymous counts.
export { dashboardRoutes, funnelStepRoutes } from './routes.ts';
export { createFunnelSteps } from './funnel-steps.ts';
export type { FunnelSteps } from './funnel-steps.ts';
