// Casework on a submitted claim, the claimant's side of it: what other modules use of it.

export { followCase, joinCaseWorkflow } from './case-workflow.ts';
export { CASE_SYSTEM_ACTOR, CLAIMANT_ACTOR, claimTable, createCaseworkRepository } from './repository.ts';
export { readThread } from './thread-view.ts';
export { amendableOf } from './amendment.ts';
export { createClaimantCasework } from './claimant.ts';
