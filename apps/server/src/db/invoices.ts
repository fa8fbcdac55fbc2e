import type { Kysely, Transaction } from 'kysely';
import type { InvoiceRecord } from '@taxback/domain';
import type { Database, Row } from './database.ts';

// D41 (migration 043): a case's invoice and its payments, read one way for the operator's claim
// page, the claimant's status page and the invoice's email.

type Db = Kysely<Database> | Transaction<Database>;

/** A stored invoice as the domain's InvoiceRecord (PostgreSQL may hand integers back as text). */
export const invoiceRecordOf = (r: Row<'invoices'>): InvoiceRecord => ({
  number: Number(r.number),
  issuedOn: r.issued_on,
  dueOn: r.due_on,
  repaidPence: Number(r.repaid_pence),
  taxCodePence: Number(r.tax_code_pence),
  feePence: Number(r.fee_pence),
  vatPence: Number(r.vat_pence),
  totalPence: Number(r.total_pence),
  vatBasisPoints: Number(r.vat_basis_points),
  paidPence: Number(r.paid_pence),
  state: r.state,
  stateReason: r.state_reason,
  version: Number(r.version),
});

export function caseInvoiceRow(db: Db, caseId: string) {
  return db.selectFrom('invoices').selectAll().where('case_id', '=', caseId).executeTakeFirst();
}

/** An invoice's payments, oldest first, with the name of who recorded each (a provider by its name). */
export async function invoicePayments(db: Db, invoiceId: string) {
  const rows = await db
    .selectFrom('invoice_payments as p')
    .leftJoin('operator_users as o', 'o.id', 'p.operator_id')
    .select([
      'p.amount_pence',
      'p.paid_on',
      'p.method',
      'p.created_at',
      'p.operator_id',
      'o.name as operator',
    ])
    .where('p.invoice_id', '=', invoiceId)
    .orderBy('p.created_at')
    .execute();
  return rows.map((p) => ({
    amountPence: Number(p.amount_pence),
    paidOn: p.paid_on,
    method: p.method,
    // Decision 078: a card payment a provider told us of is recorded by 'payment-provider:<name>'.
    operator: p.operator ?? (p.operator_id.startsWith('payment-provider:') ? 'The payment provider' : null),
    createdAt: p.created_at,
  }));
}
