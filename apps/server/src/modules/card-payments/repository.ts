import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow } from '../../db/database.ts';

// D41 (migration 047, decision 078): the checkouts claimants start on invoices, and how a provider's
// notice closes one: only an open one, once.

type Db = Kysely<Database> | Transaction<Database>;

export function createCardCheckoutRepository(db: Kysely<Database>) {
  return {
    insert: (row: NewRow<'card_checkouts'>) => db.insertInto('card_checkouts').values(row).execute(),

    /** An open checkout of the invoice at this version for this amount, still open past `until`. */
    reusable: (invoice: { id: string; version: number }, amountPence: number, until: string) =>
      db
        .selectFrom('card_checkouts')
        .select(['checkout_url'])
        .where('invoice_id', '=', invoice.id)
        .where('invoice_version', '=', invoice.version)
        .where('amount_pence', '=', amountPence)
        .where('state', '=', 'open')
        .where('expires_at', '>', until)
        .orderBy('created_at', 'desc')
        .executeTakeFirst(),

    bySession: (sessionId: string) =>
      db
        .selectFrom('card_checkouts')
        .selectAll()
        .where('provider_session_id', '=', sessionId)
        .executeTakeFirst(),

    invoice: (id: string) => db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Closes an open checkout (paid or refused) by `eventId`; false when it was closed already. */
    async close(
      trx: Db,
      id: string,
      to: { state: 'paid' | 'refused'; refusal?: string; eventId: string; at: string },
    ): Promise<boolean> {
      const updated = await trx
        .updateTable('card_checkouts')
        .set({ state: to.state, refusal: to.refusal ?? null, event_id: to.eventId, closed_at: to.at })
        .where('id', '=', id)
        .where('state', '=', 'open')
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },
  };
}
export type CardCheckoutRepository = ReturnType<typeof createCardCheckoutRepository>;
