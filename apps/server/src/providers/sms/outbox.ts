import { randomUUID } from 'node:crypto';
import type { Kysely, Updateable } from 'kysely';
import type { Database, SmsOutboxTable } from '../../db/database.ts';
import { failedColumns, queuedRow, sentColumns } from '../outbox-row.ts';
import type { MessageClaim } from '../outbox-row.ts';

// Queries on sms_outbox (the row's life: ../outbox-row.ts).

export type { OutboxStatus } from '../outbox-row.ts';

export function createSmsOutbox(db: Kysely<Database>) {
  /** `body`: the stored body to keep instead (a real provider's, with the secret masked). */
  const finish = (id: string, set: Updateable<SmsOutboxTable>, body: string | undefined) =>
    db
      .updateTable('sms_outbox')
      .set({ ...set, ...(body === undefined ? {} : { body }) })
      .where('id', '=', id)
      .execute();
  return {
    async insertQueued(input: {
      to: string;
      template: string;
      body: string;
      provider: string;
      claim?: MessageClaim;
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
          ...queuedRow(input.claim),
        })
        .execute();
      return id;
    },
    async markSent(id: string, providerMessageId: string | null, body?: string): Promise<void> {
      await finish(id, sentColumns(providerMessageId), body);
    },
    async markFailed(id: string, error: string, body?: string): Promise<void> {
      await finish(id, failedColumns(error), body);
    },
  };
}

export type SmsOutbox = ReturnType<typeof createSmsOutbox>;
