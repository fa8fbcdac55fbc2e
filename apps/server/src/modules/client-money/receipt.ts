import { randomUUID } from 'node:crypto';
import {
  bacsReference,
  caseMoneyOf,
  CLIENT_MONEY_MESSAGES,
  currentYearAnswers,
  payoutDueOn,
  receiptOf,
  receivedPenceOf,
} from '@taxback/domain';
import type { CaseClientMoney, ClientMoneyReceiptInput } from '@taxback/domain/client-money-schemas';
import { DATE_SUBJECTS, dateMessages } from '@taxback/domain/date-rules';
import { generalClaimReference } from '@taxback/domain/reference';
import { caseChargedFees, caseYearAnswerRows, yearAnswerOfRow } from '../../db/case-year-answers.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { lockForTransaction } from '../../db/locks.ts';
import { nowIso } from '../../db/values.ts';
import { ConflictError, ValidationError } from '../../errors.ts';
import { assertMayChangeClaim, type ClaimActor } from '../shared/claim-access.ts';
import type { Found } from '../shared/found-claim.ts';
import { caseIdOf } from '../shared/found-claim.ts';
import { caseLockKey, type ClientMoneyContext, type ClientMoneyDeps } from './context.ts';
import { caseBalances, postingByKey, writePosting } from './repository.ts';

// D41 (issue 47): HMRC's money received for a case under a nomination. In one transaction, under
// the case's lock: the receipt (HMRC to held), the fee kept from it (held to fee income, the
// fee caseMoneyOf works out on HMRC's recorded answers, never the caller's) and the claimant's
// share as a payout due N working days later. A retry with the same key posts nothing more.

export const caseReferenceOf = (found: Found): string =>
  found.kind === 'general' ? generalClaimReference(found.row) : (found.row.submission_reference ?? '');

export function createReceipt(deps: ClientMoneyDeps, context: ClientMoneyContext) {
  const { db, now, audit } = deps;

  return async function recordReceipt(
    actor: ClaimActor,
    id: string,
    input: ClientMoneyReceiptInput,
  ): Promise<CaseClientMoney> {
    if (!deps.clientMoney.nomination) {
      const message = CLIENT_MONEY_MESSAGES.noNomination;
      throw new ConflictError(message, { errors: { amount: message } });
    }
    const found = await deps.find(id);
    assertMayChangeClaim(actor, await deps.ownership(found), 'client-money');
    const today = context.today();
    const receivedOn = input.receivedOn ?? today;
    if (receivedOn > today)
      throw new ValidationError({ receivedOn: dateMessages(DATE_SUBJECTS.receivedOn).notFuture });
    const caseId = caseIdOf(found);
    const key = `receipt:${input.idempotencyKey}`;
    const at = nowIso(now());
    try {
      await db.transaction().execute(async (trx) => {
        await lockForTransaction(trx, deps.dialect, caseLockKey(caseId));
        if (await postingByKey(trx, key)) return;
        const answers = currentYearAnswers((await caseYearAnswerRows(trx, caseId)).map(yearAnswerOfRow));
        const money = caseMoneyOf(answers, await caseChargedFees(trx, caseId, deps.fees));
        const balances = await caseBalances(trx, caseId);
        const result = receiptOf({
          caseId,
          amountPence: input.amountPence,
          repaidPence: money.repaidPence,
          caseFeePence: money.fee.totalFeePence,
          receivedPence: receivedPenceOf(balances),
          feeKeptPence: balances['fee-income'],
        });
        if ('errors' in result) throw new ValidationError(result.errors);
        const posted = { caseId, postedOn: receivedOn, operatorId: actor.id, at };
        const receiptId = await writePosting(trx, {
          ...posted,
          idempotencyKey: key,
          kind: 'receipt',
          entries: result.receipt,
        });
        if (result.fee)
          await writePosting(trx, {
            ...posted,
            idempotencyKey: `fee:${input.idempotencyKey}`,
            kind: 'fee',
            entries: result.fee,
          });
        if (result.payoutPence > 0)
          await trx
            .insertInto('payouts')
            .values({
              id: randomUUID(),
              case_id: caseId,
              receipt_posting_id: receiptId,
              amount_pence: result.payoutPence,
              due_on: payoutDueOn(receivedOn, deps.clientMoney.payoutWorkingDays),
              state: 'due',
              reference: bacsReference(caseReferenceOf(found)),
              bank_details_version: null,
              payout_posting_id: null,
              made_on: null,
              made_at: null,
              version: 1,
              created_at: at,
              updated_at: at,
            })
            .execute();
        await audit.record(
          {
            actor: actor.id,
            action: 'client-money-received',
            entity: 'claim',
            entityId: id,
            detail: {
              caseId,
              receivedOn,
              amountPence: input.amountPence,
              feePence: result.feePence,
              payoutPence: result.payoutPence,
            },
          },
          trx,
        );
      });
    } catch (error) {
      // The same key sent twice at once: the other request posted it.
      if (!isUniqueViolation(error)) throw error;
    }
    return context.panel(found);
  };
}
