import type { Kysely } from 'kysely';

// Issue 28, D32: the answers operators completed or corrected on a submitted claim, one row per
// change, never updated or deleted: the claim's history of its details. `old_value` and
// `new_value` are JSON text of the answer as the claim stores it (an NI number encrypted with
// encryptField, never in plain text); `label` is what the change was called when it was made.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('claim_field_edits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('claim_kind', 'text', (c) => c.notNull())
    .addColumn('claim_id', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('employment_id', 'text')
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('old_value', 'text')
    .addColumn('new_value', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('claim_field_edits_claim_idx')
    .on('claim_field_edits')
    .columns(['claim_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('claim_field_edits').ifExists().execute();
}
