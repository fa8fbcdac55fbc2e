import { randomUUID } from 'node:crypto';
import { addIsoDays, invoiceDueOn, INVOICE_MESSAGES } from '@taxback/domain';
import type { OperatorInvoice } from '@taxback/domain/invoice-schemas';
import { generalClaimReference } from '@taxback/domain/reference';
import { isUniqueViolation } from '../../db/errors.ts';
import { caseInvoiceRow } from '../../db/invoices.ts';
import { nowIso } from '../../db/values.ts';
import { ConflictError } from '../../errors.ts';
import { assertMayChangeClaim, type ClaimActor } from '../shared/claim-access.ts';
import { claimKindOf } from '../shared/found-claim.ts';
import type { InvoiceContext, InvoiceDeps } from './invoice-context.ts';
import { caseIdOf } from '../shared/found-claim.ts';

// D41 (issue 47): issuing the case's one invoice. Its number is the next of one gapless sequence
// (migration 043's counter row), taken in the transaction that inserts it, so a refusal or a
// failure rolls the number back with it (decision 074). The amounts are caseMoneyOf's on HMRC's
// current answers, never the caller's.

const basisPoints = (percent: number) => Math.round(percent * 100);

/** Thrown inside the transaction, answered outside it. */
const EXISTS = new Error('invoice exists');

export function createInvoiceIssue(deps: InvoiceDeps, context: InvoiceContext) {
  const { db, audit, now, find } = deps;
  const { today, amountsOf, panel } = context;

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
            tax_code_pence: amounts.taxCodePence,
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

  return issue;
}
