import type { Kysely } from 'kysely';

// Issue 28 (D32, D33): one thread of messages per claim, requests for information with their
// items and answers, and which claim each text and email was about (so the claim page lists every
// message the service sent). Rows of the thread are only ever added: never edited, never deleted.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('claim_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('claim_kind', 'text', (c) => c.notNull())
    .addColumn('claim_id', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text')
    .addColumn('file_ids', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('claim_messages_claim_idx')
    .on('claim_messages')
    .columns(['claim_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('information_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('claim_kind', 'text', (c) => c.notNull())
    .addColumn('claim_id', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('reply_by', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'text')
    .execute();
  await db.schema
    .createIndex('information_requests_claim_idx')
    .on('information_requests')
    .columns(['claim_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('information_request_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('question', 'text')
    .addColumn('document', 'text')
    .addColumn('tax_year', 'text')
    .addColumn('employment_id', 'text')
    .addColumn('answer', 'text')
    .addColumn('file_ids', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('information_request_items_request_idx')
    .on('information_request_items')
    .columns(['request_id', 'position'])
    .execute();

  for (const table of ['sms_outbox', 'email_outbox']) {
    await db.schema.alterTable(table).addColumn('claim_kind', 'text').execute();
    await db.schema.alterTable(table).addColumn('claim_id', 'text').execute();
    await db.schema.createIndex(`${table}_claim_idx`).on(table).columns(['claim_id', 'created_at']).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sms_outbox', 'email_outbox']) {
    await db.schema.dropIndex(`${table}_claim_idx`).ifExists().execute();
    await db.schema.alterTable(table).dropColumn('claim_id').execute();
    await db.schema.alterTable(table).dropColumn('claim_kind').execute();
  }
  await db.schema.dropTable('information_request_items').ifExists().execute();
  await db.schema.dropTable('information_requests').ifExists().execute();
  await db.schema.dropTable('claim_messages').ifExists().execute();
}
