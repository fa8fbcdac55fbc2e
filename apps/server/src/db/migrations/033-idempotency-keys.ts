import type { Kysely } from 'kysely';

// Issue 44: a claimant's message or set of answers carries the key its page made for the draft;
// one claim holds each key once, so a repeat of the same send stores nothing more. NULL (an
// operator's message, or one sent before this) is never equal to another NULL in either database.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('claim_messages').addColumn('idempotency_key', 'text').execute();
  await db.schema
    .createIndex('claim_messages_idempotency_idx')
    .on('claim_messages')
    .columns(['claim_id', 'idempotency_key'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('claim_messages_idempotency_idx').execute();
  await db.schema.alterTable('claim_messages').dropColumn('idempotency_key').execute();
}
