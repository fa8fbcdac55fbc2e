import type { Kysely } from 'kysely';

// D41 (issue 47, decision 078): an invoice paid by card through a payment provider. Each checkout a
// claimant starts is a row, keyed by the provider's session id (unique); the provider's signed
// notice of a paid session moves its row from open to paid (or refused, with why) in the same
// transaction as the payment it records, so the same notice, or another about the same session,
// records nothing more. event_id is the notice that closed it (unique). No card or personal data.
//   card_checkouts  the invoice and its version when started, the provider and its session id, the
//                   amount asked for in pence and its currency, the provider's page and when it
//                   expires, state (open | paid | refused), refusal, event_id, created and closed at

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('card_checkouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('invoice_id', 'text', (c) => c.notNull())
    .addColumn('invoice_version', 'integer', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_session_id', 'text', (c) => c.notNull().unique())
    .addColumn('amount_pence', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('checkout_url', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('refusal', 'text')
    .addColumn('event_id', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema
    .createIndex('card_checkouts_invoice')
    .on('card_checkouts')
    .columns(['invoice_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('card_checkouts').execute();
}
