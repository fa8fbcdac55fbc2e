import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { INVOICE_MESSAGES } from '@taxback/domain';
import { CARD_PAYMENT_MESSAGES, type WebhookOutcome } from '@taxback/domain/card-payment-schemas';
import type { Database, Row } from '../../db/database.ts';
import { nowIso } from '../../db/values.ts';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  ServiceUnavailableError,
  ValidationError,
} from '../../errors.ts';
import type { PaymentNotice, PaymentProvider } from '../../providers/payments/index.ts';
import type { ProviderActor, RecordInvoicePayment } from '../invoices/index.ts';
import type { AuditLog } from '../operators/index.ts';
import { createCardCheckoutRepository } from './repository.ts';

// D41 (issue 47, decision 078): the provider's signed notice of a paid checkout records the card
// payment on the invoice through the invoices' own recordPayment (the same checks, state, audit and
// version as an operator's), with the checkout closed in that transaction: the same notice twice,
// or two about one checkout, record it once. A notice that is authentic but cannot be recorded
// (another amount or currency, or the invoice no longer owes it) is refused on the record and
// audited, so an operator can refund it; the provider is told it was received.

/** The payment was recorded already: thrown inside the transaction to roll the payment back. */
const ALREADY = new Error('checkout closed already');
/** Tries when an operator changes the invoice at the same moment. */
const ATTEMPTS = 3;

type Paid = Extract<PaymentNotice, { kind: 'checkout-paid' }>;

export interface CardNoticesDeps {
  db: Kysely<Database>;
  provider: PaymentProvider;
  audit: AuditLog;
  recordPayment: RecordInvoicePayment;
  log: FastifyBaseLogger;
  now?: () => Date;
}

export function createCardNotices(deps: CardNoticesDeps) {
  const { db, provider, audit, log } = deps;
  const repo = createCardCheckoutRepository(db);
  const now = deps.now ?? (() => new Date());
  const actor: ProviderActor = { id: `payment-provider:${provider.name}`, provider: provider.name };

  /** Closes the checkout as refused and audits why, once; 'duplicate' when it was closed already. */
  async function refuse(
    checkout: Row<'card_checkouts'>,
    invoice: Row<'invoices'>,
    notice: Paid,
    reason: string,
  ): Promise<WebhookOutcome> {
    const refused = await db.transaction().execute(async (trx) => {
      const at = nowIso(now());
      if (
        !(await repo.close(trx, checkout.id, {
          state: 'refused',
          refusal: reason,
          eventId: notice.eventId,
          at,
        }))
      )
        return false;
      await audit.record(
        {
          actor: actor.id,
          action: 'invoice-card-payment-refused',
          entity: 'claim',
          entityId: invoice.case_id,
          detail: {
            invoiceId: invoice.id,
            provider: provider.name,
            sessionId: notice.sessionId,
            eventId: notice.eventId,
            reason,
            amountPence: notice.amountPence,
            currency: notice.currency,
            askedPence: Number(checkout.amount_pence),
          },
        },
        trx,
      );
      return true;
    });
    if (refused)
      log.warn({ provider: provider.name, checkoutId: checkout.id, reason }, 'card payment not recorded');
    return refused ? 'refused' : 'duplicate';
  }

  /** Why a paid notice does not match the checkout it names; null when it does. */
  const mismatchOf = (checkout: Row<'card_checkouts'>, notice: Paid): string | null => {
    if ((notice.currency ?? '').toLowerCase() !== checkout.currency) return 'currency-mismatch';
    if (notice.amountPence !== Number(checkout.amount_pence)) return 'amount-mismatch';
    if (notice.invoiceId !== null && notice.invoiceId !== checkout.invoice_id) return 'invoice-mismatch';
    return null;
  };

  async function record(checkout: Row<'card_checkouts'>, notice: Paid): Promise<WebhookOutcome> {
    for (let attempt = 1; ; attempt++) {
      const invoice = await repo.invoice(checkout.invoice_id);
      if (!invoice) return 'ignored';
      try {
        await deps.recordPayment(
          actor,
          invoice.case_id,
          {
            amountPence: Number(checkout.amount_pence),
            paidOn: null,
            method: 'card',
            version: Number(invoice.version),
          },
          {
            detail: { provider: provider.name, sessionId: notice.sessionId, eventId: notice.eventId },
            within: async (trx) => {
              const at = nowIso(now());
              if (!(await repo.close(trx, checkout.id, { state: 'paid', eventId: notice.eventId, at })))
                throw ALREADY;
            },
          },
        );
        log.info({ provider: provider.name, checkoutId: checkout.id }, 'card payment recorded');
        return 'recorded';
      } catch (error) {
        if (error === ALREADY) return 'duplicate';
        const stale = error instanceof ConflictError && error.message === INVOICE_MESSAGES.stale;
        if (stale && attempt < ATTEMPTS) continue;
        if (stale) throw new ServiceUnavailableError();
        if (error instanceof ValidationError)
          return refuse(checkout, invoice, notice, Object.values(error.errors).join(' '));
        if (error instanceof ConflictError) return refuse(checkout, invoice, notice, error.message);
        throw error;
      }
    }
  }

  return {
    /** A notice as sent (the raw body and its signature header): what was done with it. */
    async receive(rawBody: string, signature: string | undefined): Promise<WebhookOutcome> {
      const read = provider.readNotice(rawBody, signature, now());
      if (!read.ok) {
        if (read.code === 'not-offered') throw new NotFoundError(CARD_PAYMENT_MESSAGES.notConfigured);
        log.warn({ provider: provider.name, code: read.code }, 'payment notice refused');
        throw new BadRequestError(CARD_PAYMENT_MESSAGES.signatureWrong);
      }
      const notice = read.notice;
      if (notice.kind === 'ignored') return 'ignored';
      const checkout = await repo.bySession(notice.sessionId);
      if (!checkout || checkout.provider !== provider.name) {
        log.warn({ provider: provider.name, eventId: notice.eventId }, 'paid checkout not ours');
        return 'ignored';
      }
      if (checkout.state !== 'open') return 'duplicate';
      const mismatch = mismatchOf(checkout, notice);
      if (mismatch) {
        const invoice = await repo.invoice(checkout.invoice_id);
        return invoice ? refuse(checkout, invoice, notice, mismatch) : 'ignored';
      }
      return record(checkout, notice);
    },
  };
}
export type CardNotices = ReturnType<typeof createCardNotices>;
