// D41 with D29 (issue 47, decision 075): client money under a nomination; service.ts puts its
// operations together, routes.ts serves them.

export type { ClientMoneyDeps, ClientMoneySettings, NominatingClaim, NominationSettings } from './context.ts';
export { clientMoneyRoutes } from './routes.ts';
export { nominationWebhookRoutes } from './nomination-webhook-routes.ts';
export { createClientMoney, type ClientMoney } from './service.ts';
export type { Nominations } from './nomination.ts';
