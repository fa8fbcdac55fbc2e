import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { calculateFee, ukIsoDate } from '@taxback/domain';
import type { FeeSettings } from '@taxback/domain';
import type { HmrcRecordCorrection, SentRecord, StatusChange } from '@taxback/domain/admin-schemas';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/values.ts';
import { DATE_SUBJECTS, recordDateProblem } from '@taxback/domain/date-rules';
import { ConflictError, ValidationError } from '../../errors.ts';
import type { AuditLog } from '../operators/index.ts';
import { assertMayChangeClaim } from '../shared/claim-access.ts';
import type { ClaimActor, ClaimOwnership } from '../shared/claim-access.ts';
import type { AdminClaimsRepository } from './claims-repository.ts';
import { claimKindOf, workflowOf, type Found } from './claim-view.ts';

// D35: "sent to HMRC" and "repaid" on the record: the columns on the claim hold the current
// value, claim_hmrc_records every value (the first and each correction, with its reason).

type Money = { repaid: number; fee: number; claimant: number };

function sentColumns(sent: SentRecord, today: string) {
  const value = {
    on: sent.sentOn ?? today,
    method: sent.method,
    methodOther: sent.methodOther,
    tracking: sent.tracking,
  };
  return {
    record: 'sent' as const,
    value,
    columns: {
      sent_on: value.on,
      sent_method: value.method,
      sent_method_other: value.methodOther,
      sent_tracking: value.tracking,
    },
  };
}

function repaidColumns(money: Money, repaidOn: string | null, today: string) {
  const value = {
    pence: money.repaid,
    on: repaidOn ?? today,
    feePence: money.fee,
    claimantPence: money.claimant,
  };
  return {
    record: 'repaid' as const,
    value,
    columns: {
      repaid_pence: money.repaid,
      fee_pence: money.fee,
      claimant_pence: money.claimant,
      repaid_on: value.on,
    },
  };
}

/** The UK day a claim was made: a general claim when it was signed, a mileage claim when submitted. */
export function claimMadeOn(found: Found): string {
  const at =
    found.kind === 'general' ? found.row.created_at : (found.row.submitted_at ?? found.row.created_at);
  return ukIsoDate(new Date(at));
}

/**
 * Issue 44: a sending's or a repayment's date is a day that has happened, and not before the claim
 * was made (D35's records). Refused with a field message; left out, it is today.
 */
export function checkRecordDates(
  found: Found,
  dates: { sentOn?: string | null | undefined; repaidOn?: string | null | undefined },
  today: string,
): void {
  const bounds = { today, claimMadeOn: claimMadeOn(found) };
  const errors: Record<string, string> = {};
  for (const field of ['sentOn', 'repaidOn'] as const) {
    const day = dates[field];
    const problem = day ? recordDateProblem(DATE_SUBJECTS[field], day, bounds) : null;
    if (problem) errors[field] = problem;
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** The record a status move writes: the sending's, or the repayment's (D20's fee with it). */
export function recordOfMove(change: StatusChange, money: Money | null, today: string) {
  if (change.to === 'sent-to-hmrc' && change.sent) return sentColumns(change.sent, today);
  if (change.to === 'repaid' && money) return repaidColumns(money, change.repaidOn, today);
  return null;
}

const SENT_STATES = ['sent-to-hmrc', 'repaid', 'rejected'];

/** An admin's correction of the sent or repaid record, with its reason; audited. */
export function createHmrcRecordCorrections(deps: {
  db: Kysely<Database>;
  repo: AdminClaimsRepository;
  audit: AuditLog;
  fees: FeeSettings;
  now: () => Date;
  find: (id: string) => Promise<Found>;
  ownership: (found: Found) => Promise<ClaimOwnership>;
}) {
  const { db, repo, audit, now, find } = deps;
  return async function correctHmrcRecord(actor: ClaimActor, id: string, correction: HmrcRecordCorrection) {
    const found = await find(id);
    assertMayChangeClaim(actor, await deps.ownership(found), 'correct-record');
    const today = ukIsoDate(now());
    let next: ReturnType<typeof sentColumns> | ReturnType<typeof repaidColumns>;
    let before: Record<string, unknown>;
    if (correction.record === 'sent') {
      if (!SENT_STATES.includes(found.status))
        throw new ConflictError('This claim has not been sent to HMRC, so there is no sending to correct.');
      checkRecordDates(found, correction.sent, today);
      next = sentColumns(correction.sent, today);
      before = {
        on: found.row.sent_on,
        method: found.row.sent_method,
        methodOther: found.row.sent_method_other,
        tracking: found.row.sent_tracking,
      };
    } else {
      if (found.status !== 'repaid')
        throw new ConflictError('This claim has not been repaid, so there is no repayment to correct.');
      checkRecordDates(found, correction, today);
      const fee = calculateFee(correction.repaidPence, deps.fees);
      next = repaidColumns(
        { repaid: fee.repaymentPence, fee: fee.totalFeePence, claimant: fee.claimantPence },
        correction.repaidOn,
        today,
      );
      before = { pence: found.row.repaid_pence, on: found.row.repaid_on };
    }
    const at = nowIso(now());
    await db.transaction().execute(async (trx) => {
      await repo.setRecordColumns(trx, claimKindOf(found.kind), id, {
        ...next.columns,
        updated_at: at,
        last_action_at: at,
      });
      await repo.addHmrcRecord(trx, {
        id: randomUUID(),
        claim_kind: claimKindOf(found.kind),
        claim_id: id,
        record: next.record,
        value: JSON.stringify(next.value),
        reason: correction.reason,
        operator_id: actor.id,
        created_at: at,
      });
      await audit.record(
        {
          actor: actor.id,
          action: 'hmrc-record-corrected',
          entity: 'claim',
          entityId: id,
          detail: { record: next.record, before, after: next.value, reason: correction.reason },
        },
        trx,
      );
    });
    return workflowOf(await find(id));
  };
}
