import type { Kysely } from 'kysely';

// D27: a self-employed or CIS claimant may ask for a call back about Self Assessment. The name and
// number are kept only then, with their consent, until an operator has called or the retention
// period ends (the purge job deletes older rows).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('call_back_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('call_back_requests_created_idx')
    .on('call_back_requests')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('call_back_requests').execute();
}
