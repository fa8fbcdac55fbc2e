import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { invoiceViewOf, ukIsoDate } from '@taxback/domain';
import {
  CARD_PAYMENT_MESSAGES,
  type CardCheckout,
  type CardPaymentReturn,
} from '@taxback/domain/card-payment-schemas';
import type { Database } from '../../db/database.ts';
import { caseInvoiceRow, invoiceRecordOf } from '../../db/invoices.ts';
import { nowIso } from '../../db/values.ts';
import { ConflictError, ServiceUnavailableError } from '../../errors.ts';
import type { PaymentProvider } from '../../providers/payments/index.ts';
import { createCardCheckoutRepository } from './repository.ts';

// D41 (issue 47, decision 078): the claimant pays what is owed on their case's invoice by card: a
// checkout at the provider for the amount the domain says is owed, back to the status page after.

/** A checkout is reused while it has at least this long to run (a second press, another tab). */
const REUSE_MARGIN_MS = 10 * 60_000;

export interface CardCheckoutDeps {
  db: Kysely<Database>;
  provider: PaymentProvider;
  /** Where the status page is (PUBLIC_URL). */
  publicUrl: string;
  /** The invoice's bank transfer details (its view needs them; the checkout does not). */
  payTo: string;
  now?: () => Date;
}

export function createCardCheckout(deps: CardCheckoutDeps) {
  const repo = createCardCheckoutRepository(deps.db);
  const now = deps.now ?? (() => new Date());
  return {
    offersCard: deps.provider.offersCard,

    /** The provider's page to pay the case's invoice on; 409 when there is nothing to pay by card. */
    async start(claim: { caseId: string; reference: string }): Promise<CardCheckout> {
      if (!deps.provider.offersCard) throw new ConflictError(CARD_PAYMENT_MESSAGES.notOffered);
      const row = await caseInvoiceRow(deps.db, claim.caseId);
      if (!row) throw new ConflictError(CARD_PAYMENT_MESSAGES.noInvoice);
      const at = now();
      const view = invoiceViewOf(invoiceRecordOf(row), ukIsoDate(at), deps.payTo);
      if (view.owedPence <= 0) throw new ConflictError(CARD_PAYMENT_MESSAGES.nothingOwed);
      const invoice = { id: row.id, version: Number(row.version) };
      const open = await repo.reusable(
        invoice,
        view.owedPence,
        nowIso(new Date(at.getTime() + REUSE_MARGIN_MS)),
      );
      if (open) return { url: open.checkout_url };

      const id = randomUUID();
      const back = (payment: CardPaymentReturn) =>
        `${deps.publicUrl}/status?reference=${encodeURIComponent(claim.reference)}&payment=${payment}`;
      const started = await deps.provider.createCheckout({
        checkoutId: id,
        invoiceId: row.id,
        invoiceNumber: view.number,
        amountPence: view.owedPence,
        successUrl: back('done'),
        cancelUrl: back('cancelled'),
      });
      if (!started.ok) throw new ServiceUnavailableError(CARD_PAYMENT_MESSAGES.providerFailed);
      await repo.insert({
        id,
        invoice_id: invoice.id,
        invoice_version: invoice.version,
        provider: deps.provider.name,
        provider_session_id: started.sessionId,
        amount_pence: view.owedPence,
        currency: 'gbp',
        checkout_url: started.url,
        expires_at: started.expiresAt,
        state: 'open',
        refusal: null,
        event_id: null,
        created_at: nowIso(at),
        closed_at: null,
      });
      return { url: started.url };
    },
  };
}
export type CardCheckoutService = ReturnType<typeof createCardCheckout>;
