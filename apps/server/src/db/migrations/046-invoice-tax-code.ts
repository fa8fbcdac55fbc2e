import type { Kysely } from 'kysely';

// D41 (issue 47, migration 046): relief HMRC gives through the tax code is charged only when the settings
// (FEE_ON_TAX_CODE) and the terms the claimant signed both say so; an invoice then prints that
// relief beside the repayment, so it keeps what its fee was worked out on. 0 on every other invoice.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('invoices')
    .addColumn('tax_code_pence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invoices').dropColumn('tax_code_pence').execute();
}
