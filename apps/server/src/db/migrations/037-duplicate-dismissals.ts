import type { Kysely } from 'kysely';

// D38 (issue 42): an admin who checked two possible duplicates and found them different people or
// different claims says so, with the reason; the pair is then no longer flagged on the claim page
// or the queues. One row per pair, the two ids in sorted order (claim_a < claim_b), never changed.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('duplicate_dismissals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('claim_a', 'text', (c) => c.notNull())
    .addColumn('claim_b', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('duplicate_dismissals_pair_unique')
    .on('duplicate_dismissals')
    .columns(['claim_a', 'claim_b'])
    .unique()
    .execute();
  await db.schema
    .createIndex('duplicate_dismissals_b_idx')
    .on('duplicate_dismissals')
    .column('claim_b')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('duplicate_dismissals_b_idx').execute();
  await db.schema.dropIndex('duplicate_dismissals_pair_unique').execute();
  await db.schema.dropTable('duplicate_dismissals').execute();
}
