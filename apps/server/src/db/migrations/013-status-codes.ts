import type { Kysely } from 'kysely';

// Issue 15, D23: the claimant's status page. A one-time code texted to the claim's mobile number
// (kept as HMACs only, like resume codes), and every attempt per IP for the throttle.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('status_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('claim_kind', 'text', (c) => c.notNull())
    .addColumn('claim_id', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('phone_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('status_codes_claim_idx')
    .on('status_codes')
    .columns(['claim_kind', 'claim_id'])
    .execute();
  await db.schema
    .createIndex('status_codes_phone_idx')
    .on('status_codes')
    .columns(['phone_hash', 'created_at'])
    .execute();
  await db.schema
    .createTable('status_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ip_hash', 'text', (c) => c.notNull())
    .addColumn('succeeded', 'integer', (c) => c.notNull())
    .addColumn('throttled', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('status_attempts_ip_idx')
    .on('status_attempts')
    .columns(['ip_hash', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('status_attempts').ifExists().execute();
  await db.schema.dropTable('status_codes').ifExists().execute();
}
