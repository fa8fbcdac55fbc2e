import type { Kysely } from 'kysely';

// Issue 30 (D30, decision 052): a funnel claim's receipts and proof, uploaded in the details
// journey, are stored files like the wizard's evidence (kind 'evidence', per tax year); this says
// which expense each is for: 'clothing', 'hotel', 'telephone' or 'wfh' (for working from home a
// file of no year, tax_year '', is the proof that it was required). Null for every other file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stored_files').addColumn('expense_section', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stored_files').dropColumn('expense_section').execute();
}
