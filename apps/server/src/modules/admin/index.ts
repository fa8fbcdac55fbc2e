// The back-office (D11, D22): what other modules use of it. register.ts wires it into the app.

// Client money acts on a case under the same access rules as the back-office.
export { assertMayChangeClaim, type ClaimActor, type ClaimOwnership } from './claim-access.ts';
export { caseIdOf, claimScopeOf, readinessMissingOf, type Found } from './claim-view.ts';

// D41: the claimant's download of their invoice (modules/status).
export { invoicePdfOf, type InvoiceSettings } from './invoices.ts';
// Decision 078: a card payment the payment provider was told of is recorded as an operator's is.
export type { PaymentSource, ProviderActor, RecordInvoicePayment } from './invoice-changes.ts';
