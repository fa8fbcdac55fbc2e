import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { BANK_MESSAGES, CLIENT_MONEY_MESSAGES, maskAccountNumber, maskSortCode } from '@taxback/domain';
import { bankAccountProblems } from '@taxback/domain/bank-modulus';
import type { BankDetailsInput, CaseClientMoney } from '@taxback/domain/client-money-schemas';
import { encryptField } from '../../crypto/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { lockForTransaction } from '../../db/locks.ts';
import { nowIso } from '../../db/values.ts';
import { ConflictError, ValidationError } from '../../errors.ts';
import { assertMayChangeClaim, type ClaimActor } from '../shared/claim-access.ts';
import { caseIdOf } from '../shared/found-claim.ts';
import { caseLockKey, type ClientMoneyContext, type ClientMoneyDeps } from './context.ts';
import { currentBankDetails } from './repository.ts';

// D29 with D41 (issue 47): the claimant's bank account for the payout, given by the claimant or by
// an operator under a signed nomination. The sort code and account number must pass the UK
// modulus check (a field message, nothing stored); they are stored encrypted, shown masked and
// never logged. Each change is a new version under a signature reference the case never used
// before: an account is never changed without a new signature (D41), and a stale version is refused.

/** Thrown inside the transaction, answered outside it. */
class Refused extends Error {
  constructor(
    readonly field: string | null,
    message: string,
  ) {
    super(message);
  }
}

export function createBankDetails(deps: ClientMoneyDeps, context: Pick<ClientMoneyContext, 'panel'>) {
  const { db, dataKey } = deps;

  /** Stores the case's next version of its bank details; who entered them is audited. */
  async function save(
    caseId: string,
    input: BankDetailsInput,
    by: { kind: 'operator'; id: string; claimId: string } | { kind: 'claimant'; claimId: string },
    /** More to do in the same transaction (the claimant's message, D29). */
    after?: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<void> {
    if (!deps.clientMoney.nomination) throw new ConflictError(CLIENT_MONEY_MESSAGES.noNomination);
    const errors = bankAccountProblems(input);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    const masked = {
      sortCode: maskSortCode(input.sortCode),
      accountNumber: maskAccountNumber(input.accountNumber),
    };
    const at = nowIso(deps.now());
    try {
      await db.transaction().execute(async (trx) => {
        await lockForTransaction(trx, deps.dialect, caseLockKey(caseId));
        const current = await currentBankDetails(trx, caseId);
        if (Number(current?.version ?? 0) !== input.version) throw new Refused(null, BANK_MESSAGES.stale);
        const used = await trx
          .selectFrom('client_bank_details')
          .select('id')
          .where('case_id', '=', caseId)
          .where('signature_id', '=', input.signatureId)
          .executeTakeFirst();
        if (used) throw new Refused('signatureId', BANK_MESSAGES.signatureNotNew);
        const version = input.version + 1;
        await trx
          .insertInto('client_bank_details')
          .values({
            id: randomUUID(),
            case_id: caseId,
            version,
            sort_code: encryptField(input.sortCode, dataKey),
            account_number: encryptField(input.accountNumber, dataKey),
            account_name: encryptField(input.accountName, dataKey),
            sort_code_masked: masked.sortCode,
            account_number_masked: masked.accountNumber,
            signature_id: input.signatureId,
            entered_by: by.kind,
            operator_id: by.kind === 'operator' ? by.id : null,
            created_at: at,
          })
          .execute();
        await deps.audit.record(
          {
            actor: by.kind === 'operator' ? by.id : 'claimant',
            action: input.version === 0 ? 'bank-details-given' : 'bank-details-changed',
            entity: 'claim',
            entityId: by.claimId,
            // Masked only: bank details never reach the audit or the logs.
            detail: { caseId, version, ...masked, signatureId: input.signatureId, enteredBy: by.kind },
          },
          trx,
        );
        if (after) await after(trx);
      });
    } catch (error) {
      if (error instanceof Refused)
        throw new ConflictError(
          error.message,
          error.field ? { errors: { [error.field]: error.message } } : {},
        );
      if (isUniqueViolation(error)) throw new ConflictError(BANK_MESSAGES.stale);
      throw error;
    }
  }

  /** An operator enters the claimant's bank details on the claim page (the owner, or an admin). */
  async function saveByOperator(
    actor: ClaimActor,
    id: string,
    input: BankDetailsInput,
  ): Promise<CaseClientMoney> {
    const found = await deps.find(id);
    assertMayChangeClaim(actor, await deps.ownership(found), 'client-money');
    await save(caseIdOf(found), input, { kind: 'operator', id: actor.id, claimId: id });
    return context.panel(found);
  }

  return { save, saveByOperator };
}
