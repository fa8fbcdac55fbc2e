import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

// Queries on sms_outbox. A row is written before the vendor is called, so a message is never
// sent without a record, even if the process dies mid-call.

export type OutboxStatus = 'queued' | 'sent' | 'failed';

export function createSmsOutbox(db: Kysely<Database>) {
  return {
    async insertQueued(input: {
      to: string;
      template: string;
      body: string;
      provider: string;
    }): Promise<string> {
      const id = randomUUID();
      await db
        .insertInto('sms_outbox')
        .values({
          id,
          to_phone: input.to,
          template: input.template,
          body: input.body,
          provider: input.provider,
          status: 'queued' satisfies OutboxStatus,
          provider_message_id: null,
          error: null,
          created_at: new Date().toISOString(),
          sent_at: null,
        })
        .execute();
      return id;
    },
    /** `body`: the stored body to keep instead (a real provider's, with the secret masked). */
    async markSent(id: string, providerMessageId: string | null, body?: string): Promise<void> {
      await db
        .updateTable('sms_outbox')
        .set({
          status: 'sent' satisfies OutboxStatus,
          provider_message_id: providerMessageId,
          sent_at: new Date().toISOString(),
          ...(body === undefined ? {} : { body }),
        })
        .where('id', '=', id)
        .execute();
    },
    async markFailed(id: string, error: string, body?: string): Promise<void> {
      await db
        .updateTable('sms_outbox')
        .set({
          status: 'failed' satisfies OutboxStatus,
          error: error.slice(0, 500),
          ...(body === undefined ? {} : { body }),
        })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type SmsOutbox = ReturnType<typeof createSmsOutbox>;
