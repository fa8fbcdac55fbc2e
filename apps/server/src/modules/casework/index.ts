// Casework (D11, D22, D38): a submitted claim worked through to HMRC as one case. The operators'
// side (queues, allocation, the claim page, edits, thread and requests, the workflow, HMRC's records
// and answers, the P87 worksheet, merges and duplicates, the list's CSV) and the claimant's side
// (answering requests, amendments, following the case). What other modules use of it.

export { followCase, joinCaseWorkflow } from './case-workflow.ts';
export { CASE_SYSTEM_ACTOR, CLAIMANT_ACTOR, claimTable, createCaseworkRepository } from './repository.ts';
export { readThread } from './thread-view.ts';
export { amendableOf } from './amendment.ts';
export { createClaimantCasework } from './claimant.ts';
// The back-office's wiring (admin/register.ts) builds the operators' service and registers its routes.
export { createAdminClaimsService } from './claims-service.ts';
export { claimsRoutes } from './claims-routes.ts';
// The reports read the list's dates as the list does.
export { nextDay } from './claim-list-queries.ts';
