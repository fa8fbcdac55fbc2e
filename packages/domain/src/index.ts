// Everything except the zod schemas ('@taxback/domain/schemas') and the marketing content
// ('@taxback/domain/content'), which are imported by sub-path so the landing page stays small.
export * from './canonical.ts';
export * from './data-url.ts';
export * from './email.ts';
export * from './expenses.ts';
export * from './journeys.ts';
export * from './mileage.ts';
export * from './money.ts';
export * from './ni-number.ts';
export * from './phone.ts';
export * from './postcode.ts';
export * from './random.ts';
export * from './reference.ts';
export * from './resume-code.ts';
export * from './sanitise.ts';
export * from './session.ts';
export * from './tax-rates.ts';
export * from './tax-years.ts';
export * from './wizard.ts';
export * from './tracking.ts';
export * from './records.ts';
export * from './uploads.ts';
export * from './api-messages.ts';
export * from './wizard-snapshot.ts';
export * from './claim-status.ts';
export * from './fees.ts';
export * from './p87-readiness.ts';
