import type { CreateTableBuilder } from 'kysely';

// The delivery columns of sms_outbox (001) and email_outbox (012): which provider took the message,
// queued → sent | failed, its id there, the error, and when. Part of two shipped migrations, so it
// is frozen like them: a change to an outbox table goes in a new migration, never here.
export const withDeliveryColumns = <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
  table
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider_message_id', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text');
