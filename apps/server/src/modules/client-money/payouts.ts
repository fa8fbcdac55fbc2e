import { CLIENT_MONEY_MESSAGES, payoutPosting, payoutProblem } from '@taxback/domain';
import type { PayoutDay, PayoutMadeInput, PayoutView } from '@taxback/domain/client-money-schemas';
import { stringify } from 'csv-stringify/sync';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { decryptField } from '../../crypto/index.ts';
import { lockForTransaction } from '../../db/locks.ts';
import { nowIso } from '../../db/values.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { neutraliseCell } from '../../http/csv-cells.ts';
import { caseLockKey, payoutViewOf, type ClientMoneyContext, type ClientMoneyDeps } from './context.ts';
import { caseBalances, currentBankDetails, writePosting } from './repository.ts';

// D41 (issue 47): the day's payouts (due on or before it and not yet made, and those made or due on it),
// the file the bank takes for them, and each marked made: a posting from held to paid out, never
// above what is held for the case and never twice (its idempotency key is the payout's id, and
// the payout moves from due to made at the version the operator saw).

/** The payout file's columns: a bulk-payment CSV most UK business banks import (decision 075). */
export const PAYOUT_FILE_COLUMNS = ['Sort code', 'Account number', 'Account name', 'Amount', 'Reference'];

/** Thrown inside a transaction, answered outside it with the payout as it now is. */
class Refused extends Error {}

/** D41: the claimant hears of the payout made (by email, with the amount and the masked account). */
async function tellClaimant(
  trx: Transaction<Database>,
  deps: ClientMoneyDeps,
  caseId: string,
  payoutId: string,
) {
  // The case's id is its first claim's: a general claim's, or a mileage claim's of its own.
  const general = await trx
    .selectFrom('form_responses')
    .select('id')
    .where('id', '=', caseId)
    .executeTakeFirst();
  await deps.notices.payoutMade(trx, {
    claimKind: general ? 'general' : 'onboarding',
    claimId: caseId,
    payoutId,
  });
}

export function createPayouts(deps: ClientMoneyDeps, context: ClientMoneyContext) {
  const { db, dataKey } = deps;

  const dayRows = (day: string) =>
    db
      .selectFrom('payouts')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'due'), eb('due_on', '<=', day)]),
          eb.and([eb('state', '=', 'made'), eb.or([eb('made_on', '=', day), eb('due_on', '=', day)])]),
        ]),
      )
      .orderBy('due_on')
      .orderBy('created_at')
      .execute();

  /** The day's payouts with the account each goes to (masked); today when no day is given. */
  async function payoutDay(day: string | undefined): Promise<PayoutDay> {
    const on = day ?? context.today();
    const rows = await dayRows(on);
    const payouts: PayoutView[] = [];
    for (const row of rows) payouts.push(payoutViewOf(row, await currentBankDetails(db, row.case_id)));
    return {
      day: on,
      payouts,
      duePence: payouts.filter((p) => p.state === 'due').reduce((sum, p) => sum + p.amountPence, 0),
      fileUrl: `/api/admin/client-money/payouts.csv?day=${on}`,
    };
  }

  /** The bank's file of the day's payouts still due that have checked bank details; audited. */
  async function payoutFile(operatorId: string, day: string | undefined) {
    const on = day ?? context.today();
    const records: string[][] = [];
    const ids: string[] = [];
    for (const row of await dayRows(on)) {
      const bank = row.state === 'due' ? await currentBankDetails(db, row.case_id) : undefined;
      if (!bank) continue;
      ids.push(row.id);
      records.push(
        [
          decryptField(bank.sort_code, dataKey),
          decryptField(bank.account_number, dataKey),
          decryptField(bank.account_name, dataKey),
          (Number(row.amount_pence) / 100).toFixed(2),
          row.reference,
        ].map(neutraliseCell),
      );
    }
    await deps.audit.record({
      actor: operatorId,
      action: 'payout-file-downloaded',
      entity: 'report',
      entityId: on,
      detail: { day: on, payouts: ids },
    });
    const csv = stringify([PAYOUT_FILE_COLUMNS, ...records], { record_delimiter: '\r\n' });
    return { csv, filename: `payouts-${on}.csv` };
  }

  /** Marks a payout made at the version seen: held to paid out, to the case's current bank details. */
  async function markMade(operatorId: string, payoutId: string, input: PayoutMadeInput): Promise<PayoutView> {
    const found = await db
      .selectFrom('payouts')
      .select('case_id')
      .where('id', '=', payoutId)
      .executeTakeFirst();
    if (!found) throw new NotFoundError('No such payout.');
    const caseId = found.case_id;
    const at = nowIso(deps.now());
    const today = context.today();
    try {
      await db.transaction().execute(async (trx) => {
        await lockForTransaction(trx, deps.dialect, caseLockKey(caseId));
        const row = await trx
          .selectFrom('payouts')
          .selectAll()
          .where('id', '=', payoutId)
          .executeTakeFirstOrThrow();
        const amountPence = Number(row.amount_pence);
        const bank = await currentBankDetails(trx, caseId);
        const problem = payoutProblem({
          state: row.state,
          amountPence,
          heldPence: (await caseBalances(trx, caseId)).held,
          hasBankDetails: bank !== undefined,
        });
        if (problem) throw new Refused(problem);
        if (Number(row.version) !== input.version) throw new Refused(CLIENT_MONEY_MESSAGES.stale);
        const postingId = await writePosting(trx, {
          idempotencyKey: `payout:${payoutId}`,
          caseId,
          kind: 'payout',
          entries: payoutPosting(caseId, amountPence),
          postedOn: today,
          operatorId,
          at,
        });
        const updated = await trx
          .updateTable('payouts')
          .set({
            state: 'made',
            made_on: today,
            made_at: at,
            payout_posting_id: postingId,
            bank_details_version: Number(bank!.version),
            version: input.version + 1,
            updated_at: at,
          })
          .where('id', '=', payoutId)
          .where('version', '=', input.version)
          .where('state', '=', 'due')
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw new Refused(CLIENT_MONEY_MESSAGES.stale);
        await deps.audit.record(
          {
            actor: operatorId,
            action: 'payout-made',
            entity: 'claim',
            entityId: caseId,
            detail: {
              caseId,
              payoutId,
              amountPence,
              reference: row.reference,
              bankDetailsVersion: bank!.version,
            },
          },
          trx,
        );
        await tellClaimant(trx, deps, caseId, payoutId);
      });
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      const row = await db
        .selectFrom('payouts')
        .selectAll()
        .where('id', '=', payoutId)
        .executeTakeFirstOrThrow();
      throw new ConflictError(error.message, {
        payout: payoutViewOf(row, await currentBankDetails(db, caseId)),
      });
    }
    const row = await db
      .selectFrom('payouts')
      .selectAll()
      .where('id', '=', payoutId)
      .executeTakeFirstOrThrow();
    return payoutViewOf(row, await currentBankDetails(db, caseId));
  }

  return { payoutDay, payoutFile, markMade };
}
