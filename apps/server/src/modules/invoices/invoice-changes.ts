import { randomUUID } from 'node:crypto';
import {
  INVOICE_MESSAGES,
  invoiceMoveProblem,
  invoiceStateOf,
  paymentProblems,
  stateAfterPayment,
  type InvoiceMove,
  type InvoiceState,
} from '@taxback/domain';
import type { InvoiceCloseInput, InvoicePaymentInput } from '@taxback/domain/admin-schemas';
import { DATE_SUBJECTS, dateMessages } from '@taxback/domain/date-rules';
import type { OperatorInvoice } from '@taxback/domain/invoice-schemas';
import type { Transaction } from 'kysely';
import type { Database, Row } from '../../db/database.ts';
import { caseInvoiceRow, invoiceRecordOf } from '../../db/invoices.ts';
import { nowIso } from '../../db/values.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { assertMayChangeClaim, type ClaimActor } from '../shared/claim-access.ts';
import type { InvoiceContext, InvoiceDeps } from './invoice-context.ts';
import { caseIdOf } from '../shared/found-claim.ts';

// D41 (issue 47): what happens to an invoice after it is issued: payments an operator records
// (never more than is owed), a write-off by an admin and a credit, each with its reason. Every
// change names the invoice's version the operator saw and is refused (409) when it moved on.

/**
 * Decision 078: a payment provider that was told of a payment (a signed webhook) records it as an
 * operator records one. Its right to comes from the provider's signature, not from owning the claim.
 */
export interface ProviderActor {
  /** 'payment-provider:stripe': the payment's and the audit's actor. */
  id: string;
  provider: string;
}
export type InvoiceActor = ClaimActor | ProviderActor;
const isProvider = (actor: InvoiceActor): actor is ProviderActor => 'provider' in actor;

/**
 * What a provider's payment adds: its audit detail, and its claim on the notice, run in the
 * payment's transaction (so a notice that was already recorded rolls the payment back).
 */
export interface PaymentSource {
  detail: Record<string, unknown>;
  within: (trx: Transaction<Database>, invoice: Row<'invoices'>) => Promise<void>;
}

/** Thrown inside a transaction, answered outside it. */
const STALE = new Error('stale invoice');
/** A move the invoice's state refuses (its message); answered with the panel outside the transaction. */
class Refused extends Error {}

export function createInvoiceChanges(deps: InvoiceDeps, context: InvoiceContext) {
  const { db, audit, now, find } = deps;
  const { today, panel } = context;

  /**
   * A change to the case's invoice at the version the operator saw: `change` checks the invoice
   * (throwing the refusal) and says what to set; the update is WHERE version = the one seen.
   */
  async function change(
    actor: InvoiceActor,
    id: string,
    input: { move: InvoiceMove; version: number },
    apply: (row: Row<'invoices'>) => {
      set: { state: InvoiceState; paid_pence?: number; state_reason?: string };
      payment?: { amount_pence: number; paid_on: string; method: Row<'invoice_payments'>['method'] };
      detail: Record<string, unknown>;
    },
    source?: PaymentSource,
  ): Promise<OperatorInvoice> {
    const found = await find(id);
    if (!isProvider(actor)) assertMayChangeClaim(actor, await deps.ownership(found), 'invoice');
    const caseId = caseIdOf(found);
    const at = nowIso(now());
    try {
      await db.transaction().execute(async (trx) => {
        const row = await caseInvoiceRow(trx, caseId);
        if (!row) throw new NotFoundError('This case has no invoice yet.');
        if (Number(row.version) !== input.version) throw STALE;
        const record = invoiceRecordOf(row);
        const state = invoiceStateOf({ ...record, stored: record.state, today: today() });
        const problem = invoiceMoveProblem(
          input.move,
          { state, paidPence: record.paidPence },
          { admin: !isProvider(actor) && actor.role === 'admin' },
        );
        if (problem === INVOICE_MESSAGES.writeOffAdminOnly) throw new ForbiddenError(problem);
        if (problem) throw new Refused(problem);
        const { set, payment, detail } = apply(row);
        const updated = await trx
          .updateTable('invoices')
          .set({ ...set, version: input.version + 1, updated_at: at })
          .where('id', '=', row.id)
          .where('version', '=', input.version)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw STALE;
        if (payment)
          await trx
            .insertInto('invoice_payments')
            .values({
              id: randomUUID(),
              invoice_id: row.id,
              ...payment,
              operator_id: actor.id,
              created_at: at,
            })
            .execute();
        await source?.within(trx, row);
        await audit.record(
          {
            actor: actor.id,
            action: `invoice-${input.move}`,
            entity: 'claim',
            entityId: id,
            detail: { caseId, invoiceId: row.id, version: input.version + 1, ...detail, ...source?.detail },
          },
          trx,
        );
      });
    } catch (error) {
      if (error === STALE || error instanceof Refused) {
        const message = error === STALE ? INVOICE_MESSAGES.stale : (error as Error).message;
        throw new ConflictError(message, { invoice: await panel(found) });
      }
      throw error;
    }
    return panel(found);
  }

  /** A payment an operator recorded, or a provider was told of (`source`, decision 078). */
  async function recordPayment(
    actor: InvoiceActor,
    id: string,
    input: InvoicePaymentInput,
    source?: PaymentSource,
  ) {
    const paidOn = input.paidOn ?? today();
    if (paidOn > today()) throw new ValidationError({ paidOn: dateMessages(DATE_SUBJECTS.paidOn).notFuture });
    return change(
      actor,
      id,
      { move: 'payment', version: input.version },
      (row) => {
        const invoice = { totalPence: Number(row.total_pence), paidPence: Number(row.paid_pence) };
        const errors = paymentProblems(input.amountPence, invoice);
        if (Object.keys(errors).length > 0) throw new ValidationError(errors);
        const paid = invoice.paidPence + input.amountPence;
        return {
          set: { state: stateAfterPayment(invoice.totalPence, paid), paid_pence: paid },
          payment: { amount_pence: input.amountPence, paid_on: paidOn, method: input.method },
          detail: { amountPence: input.amountPence, paidOn, method: input.method, paidPence: paid },
        };
      },
      source,
    );
  }

  const close =
    (move: 'write-off' | 'credit', state: InvoiceState) =>
    (actor: ClaimActor, id: string, input: InvoiceCloseInput) =>
      change(actor, id, { move, version: input.version }, (row) => ({
        set: { state, state_reason: input.reason },
        detail: { reason: input.reason, owedPence: Number(row.total_pence) - Number(row.paid_pence) },
      }));

  return {
    recordPayment,
    writeOff: close('write-off', 'written-off'),
    credit: close('credit', 'credited'),
  };
}

/** Records an invoice's payment (the card payments' webhook records what the provider was told of). */
export type RecordInvoicePayment = ReturnType<typeof createInvoiceChanges>['recordPayment'];
