import { CLIENT_MONEY_MESSAGES, moneyOutOf, type MoneyOutKind } from '@taxback/domain';
import type { CaseClientMoney, MoneyOutInput } from '@taxback/domain/client-money-schemas';
import { isUniqueViolation } from '../../db/errors.ts';
import { lockForTransaction } from '../../db/locks.ts';
import { nowIso } from '../../db/values.ts';
import { ConflictError, ForbiddenError, ValidationError } from '../../errors.ts';
import { assertMayChangeClaim, type ClaimActor } from '../shared/claim-access.ts';
import { caseIdOf } from '../shared/found-claim.ts';
import { caseLockKey, type ClientMoneyContext, type ClientMoneyDeps } from './context.ts';
import { caseBalances, postingByKey, writePosting } from './repository.ts';

// D41 (issue 47): client money held for a case that goes back to HMRC (a refund: HMRC asked for it
// back) or is written off (an admin's decision), with the reason. In one transaction under the
// case's lock: the posting (held to refunded or written off, never above what is held), and the
// payouts still due cut to what is left, newest first, one cut to nothing cancelled (moneyOutOf).
// A retry with the same key posts nothing more.

const ACTIONS = {
  refund: 'client-money-refunded',
  'write-off': 'client-money-written-off',
} as const satisfies Record<MoneyOutKind, string>;

export function createMoneyOut(deps: ClientMoneyDeps, context: ClientMoneyContext) {
  const { db, now, audit } = deps;

  return (kind: MoneyOutKind) =>
    async function moneyOut(actor: ClaimActor, id: string, input: MoneyOutInput): Promise<CaseClientMoney> {
      if (!deps.clientMoney.nomination) {
        const message = CLIENT_MONEY_MESSAGES.noNomination;
        throw new ConflictError(message, { errors: { amount: message } });
      }
      if (kind === 'write-off' && actor.role !== 'admin')
        throw new ForbiddenError(CLIENT_MONEY_MESSAGES.writeOffAdminOnly);
      const found = await deps.find(id);
      assertMayChangeClaim(actor, await deps.ownership(found), 'client-money');
      const caseId = caseIdOf(found);
      const key = `${kind}:${input.idempotencyKey}`;
      const at = nowIso(now());
      const today = context.today();
      try {
        await db.transaction().execute(async (trx) => {
          await lockForTransaction(trx, deps.dialect, caseLockKey(caseId));
          if (await postingByKey(trx, key)) return;
          const due = await trx
            .selectFrom('payouts')
            .select(['id', 'amount_pence', 'version'])
            .where('case_id', '=', caseId)
            .where('state', '=', 'due')
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .execute();
          const result = moneyOutOf({
            caseId,
            kind,
            amountPence: input.amountPence,
            heldPence: (await caseBalances(trx, caseId)).held,
            duePayouts: due.map((p) => ({ id: p.id, amountPence: Number(p.amount_pence) })),
          });
          if ('errors' in result) throw new ValidationError(result.errors);
          await writePosting(trx, {
            idempotencyKey: key,
            caseId,
            kind,
            entries: result.entries,
            postedOn: today,
            operatorId: actor.id,
            at,
          });
          for (const payout of result.payouts) {
            const seen = Number(due.find((p) => p.id === payout.id)!.version);
            await trx
              .updateTable('payouts')
              .set({
                amount_pence: payout.amountPence,
                state: payout.state,
                version: seen + 1,
                updated_at: at,
              })
              .where('id', '=', payout.id)
              .where('state', '=', 'due')
              .execute();
          }
          await audit.record(
            {
              actor: actor.id,
              action: ACTIONS[kind],
              entity: 'claim',
              entityId: id,
              detail: {
                caseId,
                amountPence: input.amountPence,
                reason: input.reason,
                payouts: result.payouts,
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
