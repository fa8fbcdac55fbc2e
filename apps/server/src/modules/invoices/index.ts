// The case's invoice for the fee (D41, decision 074): issued with a gapless number, its payments,
// write-off and credit, and its PDF. What other modules use of it.

export { createInvoices, invoicePdfOf, type InvoiceSettings } from './invoices.ts';
export type { PaymentSource, ProviderActor, RecordInvoicePayment } from './invoice-changes.ts';
