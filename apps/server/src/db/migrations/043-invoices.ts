import type { Kysely } from 'kysely';

// D41 (issue 47): without a nomination we invoice our fee once HMRC has repaid. One invoice per case
// (unique case_id: the case's id, its first claim's id, migration 034), numbered from
// invoice_numbers, a one-row counter moved on inside the transaction that inserts the invoice: a
// refused or failed issue rolls the number back with it, so the sequence has no gap. On PostgreSQL
// the UPDATE ... RETURNING locks the row until commit, so concurrent issues take turns; SQLite runs
// one write transaction at a time (decision 074).
//   invoices          number, the case and the claim it was issued from (with the reference the
//                     invoice prints), the fee's base and amounts
//                     in pence (repaid, fee, VAT, total) with the rates in basis points, paid_pence
//                     (the sum of its payments), issued and due dates, state (issued | part-paid |
//                     paid | overdue | written-off | credited), state_reason (a write-off's or a
//                     credit's), version (optimistic concurrency: every change is WHERE version = ?)
//   invoice_payments  what an operator recorded: amount, the day paid, how, by whom

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invoice_numbers')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();
  await (db as Kysely<{ invoice_numbers: { id: number; last_number: number } }>)
    .insertInto('invoice_numbers')
    .values({ id: 1, last_number: 0 })
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('number', 'integer', (c) => c.notNull().unique())
    .addColumn('case_id', 'text', (c) => c.notNull().unique())
    .addColumn('claim_kind', 'text', (c) => c.notNull())
    .addColumn('claim_id', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('repaid_pence', 'integer', (c) => c.notNull())
    .addColumn('fee_pence', 'integer', (c) => c.notNull())
    .addColumn('vat_pence', 'integer', (c) => c.notNull())
    .addColumn('total_pence', 'integer', (c) => c.notNull())
    .addColumn('fee_basis_points', 'integer', (c) => c.notNull())
    .addColumn('vat_basis_points', 'integer', (c) => c.notNull())
    .addColumn('paid_pence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('issued_on', 'text', (c) => c.notNull())
    .addColumn('due_on', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('state_reason', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('invoice_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('invoice_id', 'text', (c) => c.notNull())
    .addColumn('amount_pence', 'integer', (c) => c.notNull())
    .addColumn('paid_on', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invoice_payments_invoice')
    .on('invoice_payments')
    .columns(['invoice_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoice_payments').execute();
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('invoice_numbers').execute();
}
