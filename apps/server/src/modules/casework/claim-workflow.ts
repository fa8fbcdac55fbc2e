import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CLAIM_STATUS_LABELS, allowedMoves, calculateFee, checkMove, isClaimStatus } from '@taxback/domain';
import { ukIsoDate } from '@taxback/domain';
import type { ClaimStatus, FeeSettings } from '@taxback/domain';
import { ADMIN_MESSAGES } from '@taxback/domain/admin-schemas';
import type { StatusChange } from '@taxback/domain/admin-schemas';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/values.ts';
import { ConflictError, ValidationError } from '../../errors.ts';
import type { ClaimNotices } from '../../jobs/notify-claimant.ts';
import type { AuditLog } from '../operators/index.ts';
import type { AdminClaimsRepository } from './claims-repository.ts';
import { assertMayChangeClaim } from '../shared/claim-access.ts';
import type { ClaimActor, ClaimChange, ClaimOwnership } from '../shared/claim-access.ts';
import { createCaseworkRepository } from './repository.ts';
import { followCase } from './case-workflow.ts';
import { claimKindOf, readinessOf, workflowOf, type Found } from './claim-view.ts';
import { checkRecordDates, recordOfMove } from './hmrc-records.ts';

/** Work done in a status change's transaction, after the move (an information request's rows). */
export type AlongWithMove = (trx: Kysely<Database>, ctx: { at: string; found: Found }) => Promise<void>;

export const STALE_MESSAGE =
  'Another operator changed this claim after you opened it. Reload the claim to see the change, then try again.';

/** The answer to a change made on a stale copy, with where the claim is now. */
export function staleConflict(latest: Found) {
  return new ConflictError(STALE_MESSAGE, { stale: true, version: latest.version, status: latest.status });
}

/**
 * Every operator change to a claim (status moves, completed or corrected details) passes here
 * first: a submitted claim, changed on the copy the operator saw. (The one place for D34's
 * "a caseworker changes only claims they own".) Returns the claim's status.
 */
export function checkMayChange(_operatorId: string, found: Found, version: number): ClaimStatus {
  if (!isClaimStatus(found.status))
    throw new ConflictError('A draft is not a submitted claim yet', { allowed: [] });
  if (version !== found.version) throw staleConflict(found);
  return found.status;
}

/** A claim's status moves (D22): checked against the state machine, one winner of two at once. */
export function createClaimWorkflow(deps: {
  db: Kysely<Database>;
  repo: AdminClaimsRepository;
  audit: AuditLog;
  fees: FeeSettings;
  notices: ClaimNotices;
  now: () => Date;
  find: (id: string) => Promise<Found>;
  ownership: (found: Found) => Promise<ClaimOwnership>;
}) {
  const { db, repo, audit, now, find } = deps;
  const casework = createCaseworkRepository(db);

  /**
   * The one gate of every operator change to a claim (issue 28; the ownership rule of D34 belongs
   * here too): the claim as the operator saw it (`version`), else 409 stale.
   */
  async function claimToChange(
    actor: ClaimActor,
    id: string,
    version: number,
    change: ClaimChange,
  ): Promise<Found> {
    const found = await find(id);
    assertMayChangeClaim(actor, await deps.ownership(found), change);
    if (version !== found.version) throw staleConflict(found);
    return found;
  }

  async function staleNow(id: string): Promise<never> {
    throw staleConflict(await find(id));
  }

  return {
    claimToChange,

    /**
     * An operator action that is not a status move (a message on the thread): `work` runs in one
     * transaction with the claim's version bumped and its last action set; a stale copy is 409.
     */
    async act<T>(
      actor: ClaimActor,
      id: string,
      version: number,
      work: (trx: Kysely<Database>, ctx: { at: string; found: Found }) => Promise<T>,
    ): Promise<T> {
      const found = await claimToChange(actor, id, version, 'request');
      const at = nowIso(now());
      const done = await db.transaction().execute(async (trx) => {
        if (!(await casework.touchClaim(trx, claimKindOf(found.kind), id, version, { at }))) return null;
        return { value: await work(trx, { at, found }) };
      });
      if (done === null) return staleNow(id);
      return done.value;
    },

    async changeStatus(actor: ClaimActor, id: string, change: StatusChange, along?: AlongWithMove) {
      const operatorId = actor.id;
      const found = await claimToChange(actor, id, change.version, 'status');
      if (!isClaimStatus(found.status))
        throw new ConflictError('A draft is not a submitted claim yet', { allowed: [] });
      const from: ClaimStatus = found.status;
      const missing = readinessOf(found).map((i) => i.label);
      const check = checkMove({ from, to: change.to, reason: change.reason, missing });
      if (!check.ok) {
        if (check.problem === 'illegal')
          throw new ConflictError(
            `A claim that is ${CLAIM_STATUS_LABELS[from].toLowerCase()} cannot move to ${CLAIM_STATUS_LABELS[change.to].toLowerCase()}`,
            { allowed: check.allowed },
          );
        if (check.problem === 'not-ready')
          throw new ConflictError('This claim is not ready for HMRC: some P87 answers are missing', {
            missing: check.missing,
            allowed: allowedMoves(from),
          });
        throw new ConflictError('Enter the reason for this change');
      }
      // D35: a sending is on the record with how it went.
      if (change.to === 'sent-to-hmrc' && !change.sent)
        throw new ValidationError({ sentMethod: ADMIN_MESSAGES.sentMethodRequired });
      const money =
        change.to === 'repaid' && change.repaidPence !== null
          ? (() => {
              const fee = calculateFee(change.repaidPence, deps.fees);
              return { repaid: fee.repaymentPence, fee: fee.totalFeePence, claimant: fee.claimantPence };
            })()
          : null;
      const today = ukIsoDate(now());
      checkRecordDates(found, { sentOn: change.sent?.sentOn, repaidOn: change.repaidOn }, today);
      const at = nowIso(now());
      const record = recordOfMove(change, money, today);
      const historyId = randomUUID();
      const won = await db.transaction().execute(async (trx) => {
        const ok = await repo.changeStatus(trx, claimKindOf(found.kind), id, {
          from,
          to: change.to,
          version: found.version,
          at,
          money,
          record: record?.columns,
        });
        if (!ok) return false;
        // D38: the claims that follow the case move with it.
        await followCase(trx, id, { status: change.to, at });
        // D33: moving on from "information requested" closes its request; any operator move
        // clears "reply received" (the claim has been acted on).
        await casework.closeOpenRequests(trx, id);
        await casework.touchClaim(trx, claimKindOf(found.kind), id, found.version + 1, {
          at,
          replyDueOn: null,
          replyReceivedAt: null,
          bump: false,
        });
        await along?.(trx, { at, found });
        if (record)
          await repo.addHmrcRecord(trx, {
            id: randomUUID(),
            claim_kind: claimKindOf(found.kind),
            claim_id: id,
            record: record.record,
            value: JSON.stringify(record.value),
            reason: null,
            operator_id: operatorId,
            created_at: at,
          });
        await repo.addHistory(trx, {
          id: historyId,
          claim_kind: claimKindOf(found.kind),
          claim_id: id,
          from_status: from,
          to_status: change.to,
          version: found.version + 1,
          reason: change.reason === '' ? null : change.reason,
          operator_id: operatorId,
          created_at: at,
        });
        await audit.record(
          {
            actor: operatorId,
            action: 'status-changed',
            entity: 'claim',
            entityId: id,
            detail: { from, to: change.to, ...(money ? { repaidPence: money.repaid } : {}) },
          },
          trx,
        );
        await deps.notices.statusChanged(trx, {
          claimKind: claimKindOf(found.kind),
          claimId: id,
          historyId,
          to: change.to,
        });
        return true;
      });
      if (!won) return staleNow(id);
      return workflowOf(await find(id));
    },
  };
}
