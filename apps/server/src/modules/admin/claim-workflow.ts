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
import type { AuditLog } from './audit.ts';
import type { AdminClaimsRepository } from './claims-repository.ts';
import { assertMayChangeClaim } from './claim-access.ts';
import type { ClaimActor, ClaimOwnership } from './claim-access.ts';
import { claimKindOf, readinessOf, workflowOf, type Found } from './claim-view.ts';
import { recordOfMove } from './hmrc-records.ts';

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
  return {
    async changeStatus(actor: ClaimActor, id: string, change: StatusChange) {
      const operatorId = actor.id;
      const found = await find(id);
      assertMayChangeClaim(actor, await deps.ownership(found), 'status');
      const from = checkMayChange(operatorId, found, change.version);
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
      const at = nowIso(now());
      const record = recordOfMove(change, money, ukIsoDate(now()));
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
      if (!won) throw staleConflict(await find(id));
      return workflowOf(await find(id));
    },
  };
}
