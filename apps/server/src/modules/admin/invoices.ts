import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  addIsoDays,
  caseMoneyOf,
  currentYearAnswers,
  invoiceAmountsOf,
  invoiceDocumentOf,
  invoiceDueOn,
  INVOICE_MESSAGES,
  invoiceMoveProblem,
  invoiceStateOf,
  invoiceViewOf,
  paymentProblems,
  stateAfterPayment,
  ukIsoDate,
  type FeeSettings,
  type InvoiceIssuer,
  type InvoiceMove,
  type InvoiceState,
} from '@taxback/domain';
import type { InvoiceCloseInput, InvoicePaymentInput } from '@taxback/domain/admin-schemas';
import { DATE_SUBJECTS, dateMessages } from '@taxback/domain/date-rules';
import { generalClaimReference } from '@taxback/domain/reference';
import type { OperatorInvoice } from '@taxback/domain/invoice-schemas';
import type { Database, Row } from '../../db/database.ts';
import { caseYearAnswerRows, yearAnswerOfRow } from '../../db/case-year-answers.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { caseInvoiceRow, invoicePayments, invoiceRecordOf } from '../../db/invoices.ts';
import { nowIso } from '../../db/values.ts';
import type { DocumentRenderer } from '../../documents/render-pool.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import type { ClaimNotices } from '../../jobs/notify-claimant.ts';
import type { AuditLog } from './audit.ts';
import { assertMayChangeClaim, type ClaimActor, type ClaimOwnership } from './claim-access.ts';
import { claimKindOf, type Found } from './claim-view.ts';
import { caseIdOf } from './year-answers.ts';

// D41 (issue 47): without a nomination HMRC repays the claimant and we invoice our fee. One invoice
// per case (migration 043), its number the next of one gapless sequence, taken in the transaction
// that inserts it; the amounts are caseMoneyOf's on HMRC's current answers, never the caller's.
// Every later change (a payment, a write-off, a credit) names the version the operator saw.

/** Our details, the way to pay and the days an invoice is due in (config.invoicing). */
export interface InvoiceSettings {
  issuer: InvoiceIssuer;
  dueDays: number;
}

const basisPoints = (percent: number) => Math.round(percent * 100);

/** Thrown inside a transaction, answered outside it. */
const EXISTS = new Error('invoice exists');
const STALE = new Error('stale invoice');
/** A move the invoice's state refuses (its message); answered with the panel outside the transaction. */
class Refused extends Error {}

/** The PDF of a stored invoice, for operators and for the signed-in claimant alike. */
export async function invoicePdfOf(
  row: Row<'invoices'>,
  deps: { documents: DocumentRenderer; settings: InvoiceSettings; today: string },
) {
  const document = invoiceDocumentOf(invoiceRecordOf(row), {
    issuer: deps.settings.issuer,
    reference: row.reference,
    issuedAt: row.created_at,
    today: deps.today,
  });
  const pdf = await deps.documents.invoice(document);
  return { pdf, filename: `invoice-${document.number}.pdf` };
}

export function createInvoices(deps: {
  db: Kysely<Database>;
  audit: AuditLog;
  fees: FeeSettings;
  invoicing: InvoiceSettings;
  notices: ClaimNotices;
  documents: DocumentRenderer;
  now: () => Date;
  find: (id: string) => Promise<Found>;
  ownership: (found: Found) => Promise<ClaimOwnership>;
}) {
  const { db, audit, now, find } = deps;
  const today = () => ukIsoDate(now());
  const payTo = deps.invoicing.issuer.payTo;

  /** What HMRC's current answers allow: the amounts to invoice, or why there is nothing to. */
  async function amountsOf(caseId: string) {
    const answers = currentYearAnswers((await caseYearAnswerRows(db, caseId)).map(yearAnswerOfRow));
    return invoiceAmountsOf(caseMoneyOf(answers, deps.fees));
  }

  /** The claim page's panel: the case's invoice with its payments, or why none can be issued. */
  async function panel(found: Found): Promise<OperatorInvoice> {
    const caseId = caseIdOf(found);
    const row = await caseInvoiceRow(db, caseId);
    if (!row) {
      const amounts = await amountsOf(caseId);
      return { invoice: null, notIssuable: 'refused' in amounts ? amounts.refused : null };
    }
    return {
      invoice: {
        ...invoiceViewOf(invoiceRecordOf(row), today(), payTo),
        payments: await invoicePayments(db, row.id),
        pdfUrl: `/api/admin/claims/${found.row.id}/invoice.pdf`,
      },
      notIssuable: INVOICE_MESSAGES.exists,
    };
  }

  const refused = (message: string) => new ConflictError(message, { errors: { invoice: message } });

  /** Issues the case's invoice: the next number, the email with the way to pay, a reminder after it is due. */
  async function issue(actor: ClaimActor, id: string): Promise<OperatorInvoice> {
    const found = await find(id);
    assertMayChangeClaim(actor, await deps.ownership(found), 'invoice');
    const caseId = caseIdOf(found);
    const amounts = await amountsOf(caseId);
    if ('refused' in amounts) throw refused(amounts.refused);
    const issuedOn = today();
    const dueOn = invoiceDueOn(issuedOn, deps.invoicing.dueDays);
    const at = nowIso(now());
    const invoiceId = randomUUID();
    const claimKind = claimKindOf(found.kind);
    try {
      await db.transaction().execute(async (trx) => {
        // The counter row first: on PostgreSQL the UPDATE holds it until commit, so concurrent
        // issues take turns, and a refusal below rolls its number back (decision 074).
        const { last_number } = await trx
          .updateTable('invoice_numbers')
          .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
          .where('id', '=', 1)
          .returning('last_number')
          .executeTakeFirstOrThrow();
        if (await caseInvoiceRow(trx, caseId)) throw EXISTS;
        const number = Number(last_number);
        await trx
          .insertInto('invoices')
          .values({
            id: invoiceId,
            number,
            case_id: caseId,
            claim_kind: claimKind,
            claim_id: id,
            reference:
              found.kind === 'general'
                ? generalClaimReference(found.row)
                : (found.row.submission_reference ?? ''),
            repaid_pence: amounts.repaidPence,
            fee_pence: amounts.feePence,
            vat_pence: amounts.vatPence,
            total_pence: amounts.totalPence,
            fee_basis_points: basisPoints(deps.fees.percent),
            vat_basis_points: basisPoints(deps.fees.vatPercent),
            paid_pence: 0,
            issued_on: issuedOn,
            due_on: dueOn,
            state: 'issued',
            state_reason: null,
            version: 1,
            operator_id: actor.id,
            created_at: at,
            updated_at: at,
          })
          .execute();
        await audit.record(
          {
            actor: actor.id,
            action: 'invoice-issued',
            entity: 'claim',
            entityId: id,
            detail: { caseId, invoiceId, number, ...amounts },
          },
          trx,
        );
        // The reminder runs the morning after the due date (UK), and only sends while it is owed.
        await deps.notices.invoiceIssued(trx, {
          claimKind,
          claimId: id,
          invoiceId,
          remindAt: new Date(`${addIsoDays(dueOn, 1)}T09:00:00Z`),
        });
      });
    } catch (error) {
      if (error === EXISTS || isUniqueViolation(error)) throw refused(INVOICE_MESSAGES.exists);
      throw error;
    }
    return panel(found);
  }

  /**
   * A change to the case's invoice at the version the operator saw: `change` checks the invoice
   * (throwing the refusal) and says what to set; the update is WHERE version = the one seen.
   */
  async function change(
    actor: ClaimActor,
    id: string,
    input: { move: InvoiceMove; version: number },
    apply: (row: Row<'invoices'>) => {
      set: { state: InvoiceState; paid_pence?: number; state_reason?: string };
      payment?: { amount_pence: number; paid_on: string; method: Row<'invoice_payments'>['method'] };
      detail: Record<string, unknown>;
    },
  ): Promise<OperatorInvoice> {
    const found = await find(id);
    assertMayChangeClaim(actor, await deps.ownership(found), 'invoice');
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
          {
            admin: actor.role === 'admin',
          },
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
        await audit.record(
          {
            actor: actor.id,
            action: `invoice-${input.move}`,
            entity: 'claim',
            entityId: id,
            detail: { caseId, invoiceId: row.id, version: input.version + 1, ...detail },
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

  async function recordPayment(actor: ClaimActor, id: string, input: InvoicePaymentInput) {
    const paidOn = input.paidOn ?? today();
    if (paidOn > today()) throw new ValidationError({ paidOn: dateMessages(DATE_SUBJECTS.paidOn).notFuture });
    return change(actor, id, { move: 'payment', version: input.version }, (row) => {
      const invoice = { totalPence: Number(row.total_pence), paidPence: Number(row.paid_pence) };
      const errors = paymentProblems(input.amountPence, invoice);
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      const paid = invoice.paidPence + input.amountPence;
      return {
        set: { state: stateAfterPayment(invoice.totalPence, paid), paid_pence: paid },
        payment: { amount_pence: input.amountPence, paid_on: paidOn, method: input.method },
        detail: { amountPence: input.amountPence, paidOn, method: input.method, paidPence: paid },
      };
    });
  }

  const close =
    (move: 'write-off' | 'credit', state: InvoiceState) =>
    (actor: ClaimActor, id: string, input: InvoiceCloseInput) =>
      change(actor, id, { move, version: input.version }, (row) => ({
        set: { state, state_reason: input.reason },
        detail: { reason: input.reason, owedPence: Number(row.total_pence) - Number(row.paid_pence) },
      }));

  async function pdf(operatorId: string, id: string) {
    const found = await find(id);
    const row = await caseInvoiceRow(db, caseIdOf(found));
    if (!row) throw new NotFoundError('This case has no invoice yet.');
    await audit.record({ actor: operatorId, action: 'invoice-downloaded', entity: 'claim', entityId: id });
    return invoicePdfOf(row, { documents: deps.documents, settings: deps.invoicing, today: today() });
  }

  return {
    panel,
    issue,
    recordPayment,
    writeOff: close('write-off', 'written-off'),
    credit: close('credit', 'credited'),
    pdf,
  };
}
