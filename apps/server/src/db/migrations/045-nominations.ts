import type { Kysely } from 'kysely';

// D29 (issue 47, decision 076): the nominations a case's claimant signed through the e-signature
// provider. One row per signature reference (unique: the bank details given under it name it),
// with the claim it was signed on, the provider, and the stored signed PDF and audit trail.
//   nominations  id, case_id, claim_kind, claim_id, signature_id (unique), provider,
//                document_file_id and audit_file_id (stored_files of the claim's session),
//                signed_at, created_at

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('nominations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('case_id', 'text', (c) => c.notNull())
    .addColumn('claim_kind', 'text', (c) => c.notNull())
    .addColumn('claim_id', 'text', (c) => c.notNull())
    .addColumn('signature_id', 'text', (c) => c.notNull().unique())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('document_file_id', 'text', (c) => c.notNull())
    .addColumn('audit_file_id', 'text', (c) => c.notNull())
    .addColumn('signed_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('nominations_case')
    .on('nominations')
    .columns(['case_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('nominations').execute();
}
