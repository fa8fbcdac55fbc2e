import { randomUUID } from 'node:crypto';
import type { Kysely, Updateable } from 'kysely';
import type { Database, EmailOutboxTable } from '../../db/database.ts';
import type { EmailMessage } from './types.ts';

// Queries on email_outbox. A row is written before the SMTP server is called, so a message is
// never sent without a record, even if the process dies mid-call.

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
          status: 'queued',
          provider_message_id: null,
          error: null,
          created_at: new Date().toISOString(),
          sent_at: null,
        })
        .execute();
      return id;
    },
    async markSent(id: string, providerMessageId: string | null): Promise<void> {
      await finish(id, {
        status: 'sent',
        provider_message_id: providerMessageId,
        sent_at: new Date().toISOString(),
      });
    },
    async markFailed(id: string, error: string): Promise<void> {
      await finish(id, { status: 'failed', error: error.slice(0, 500) });
    },
  };
}

export type EmailOutbox = ReturnType<typeof createEmailOutbox>;
