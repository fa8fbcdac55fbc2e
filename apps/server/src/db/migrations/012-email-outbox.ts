import type { Kysely } from 'kysely';
import { withDeliveryColumns } from './outbox-delivery-columns.ts';

// Issue 15, D24: email. Every message is a row written before the SMTP server is called, like
// sms_outbox; with no SMTP_URL the row is the delivery (the offline default, read by tests and
// developers). One row per try, so an outage shows as failed rows followed by a sent one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withDeliveryColumns(
    db.schema
      .createTable('email_outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('to_email', 'text', (c) => c.notNull())
      .addColumn('template', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('body_text', 'text', (c) => c.notNull())
      .addColumn('body_html', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema
    .createIndex('email_outbox_to_idx')
    .on('email_outbox')
    .columns(['to_email', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('email_outbox_to_idx').ifExists().execute();
  await db.schema.dropTable('email_outbox').ifExists().execute();
}
