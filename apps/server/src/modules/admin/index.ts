// The back-office (D11, D22): what other modules use of it. register.ts wires it into the app.

// Client money and the invoices act on a case under the same access rules as the back-office.
export { assertMayChangeClaim, type ClaimActor, type ClaimOwnership } from './claim-access.ts';
export { caseIdOf, claimKindOf, claimScopeOf, readinessMissingOf, type Found } from './claim-view.ts';
