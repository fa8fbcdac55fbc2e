import { randomUUID } from 'node:crypto';
import type { Kysely, Updateable } from 'kysely';
import type { Database, EmailOutboxTable } from '../../db/database.ts';
import { failedColumns, queuedRow, sentColumns } from '../outbox-row.ts';
import type { EmailMessage } from './types.ts';

// Queries on email_outbox (the row's life: ../outbox-row.ts).

export function createEmailOutbox(db: Kysely<Database>) {
  const finish = (id: string, set: Updateable<EmailOutboxTable>) =>
    db.updateTable('email_outbox').set(set).where('id', '=', id).execute();
  return {
    async insertQueued(message: EmailMessage, provider: string): Promise<string> {
      const id = randomUUID();
      await db
        .insertInto('email_outbox')
        .values({
          id,
          to_email: message.to,
          template: message.template,
          subject: message.subject,
          body_text: message.text,
          body_html: message.html,
          provider,
          ...queuedRow(message.claim),
        })
        .execute();
      return id;
    },
    async markSent(id: string, providerMessageId: string | null): Promise<void> {
      await finish(id, sentColumns(providerMessageId));
    },
    async markFailed(id: string, error: string): Promise<void> {
      await finish(id, failedColumns(error));
    },
  };
}

export type EmailOutbox = ReturnType<typeof createEmailOutbox>;
