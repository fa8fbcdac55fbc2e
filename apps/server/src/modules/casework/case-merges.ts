import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DuplicateAction } from '@taxback/domain/admin-schemas';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { nowIso } from '../../db/values.ts';
import { ConflictError, ValidationError } from '../../errors.ts';
import type { AuditLog } from '../operators/index.ts';
import { assertMayChangeClaim, type ClaimActor, type ClaimOwnership } from '../shared/claim-access.ts';
import type { Found } from './claim-view.ts';
import { caseIdOf } from './year-answers.ts';
import { joinCaseWorkflow } from './case-workflow.ts';
import { generalClaimReference } from '@taxback/domain/reference';

// D38 (issue 42): an admin answers a possible duplicate. "Merge" puts the other claim in this
// claim's case (one reference, one thread, one set of HMRC answers per year from then on); "not a
// duplicate" records the pair so it is no longer flagged. Either is audited on both claims with the
// admin's reason; a merge changes the joining claim's case_id and, before HMRC, makes it follow the
// case's workflow (migration 042), so nothing is lost and the audit trail says what it was.

export const CASE_MERGE_MESSAGES = {
  itself: 'A claim cannot be merged into itself',
  sameCase: 'These claims are already in the same case.',
  differentNi:
    'These claims were signed with different National Insurance numbers, so they are not the same person: they cannot be merged.',
  bothInCases:
    'Both claims already belong to cases of their own. Merge one claim at a time into a case, starting with a claim that is on its own.',
  twoMileage:
    'A case holds one mileage claim, and this case already has one. Withdraw the duplicate mileage claim instead.',
  moved: 'The claim was changed by someone else meanwhile: reload the page and check the case again.',
  dismissedAlready: 'These claims are already marked as not duplicates.',
} as const;

type Db = Kysely<Database>;
const tableOf = (found: Found) => (found.kind === 'general' ? 'form_responses' : 'onboarding_claims');
const referenceOf = (found: Found) =>
  found.kind === 'general' ? generalClaimReference(found.row) : (found.row.submission_reference ?? '');

/** Whether another claim already names `id` as its case (the claim is a case's first claim). */
async function hasMembers(db: Db, id: string): Promise<boolean> {
  const member = await db
    .selectFrom('form_responses')
    .select('id')
    .where('case_id', '=', id)
    .unionAll(db.selectFrom('onboarding_claims').select('id').where('case_id', '=', id))
    .limit(1)
    .executeTakeFirst();
  return member !== undefined;
}

/** Whether a case already holds a mileage claim (the case's first claim, or one joined to it). */
async function caseHasMileage(db: Db, caseId: string): Promise<boolean> {
  const row = await db
    .selectFrom('onboarding_claims')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', caseId), eb('case_id', '=', caseId)]))
    .executeTakeFirst();
  return row !== undefined;
}

export function createCaseMerges(deps: {
  db: Db;
  audit: AuditLog;
  now: () => Date;
  find: (id: string) => Promise<Found>;
  ownership: (found: Found) => Promise<ClaimOwnership>;
}) {
  const { db, audit, now, find } = deps;

  /**
   * Which claim joins which case: a claim on its own joins the other's case; a funnel claim is a
   * case's first claim before a mileage one (decision 064), so a lone mileage claim merged with a
   * lone funnel claim joins the funnel claim's case.
   */
  async function planOf(found: Found, other: Found): Promise<{ joiner: Found; caseId: string }> {
    const lone = async (f: Found) => f.row.case_id === null && !(await hasMembers(db, f.row.id));
    const [foundLone, otherLone] = [await lone(found), await lone(other)];
    let plan: { joiner: Found; caseId: string };
    if (foundLone && otherLone && found.kind === 'mileage' && other.kind === 'general')
      plan = { joiner: found, caseId: other.row.id };
    else if (otherLone) plan = { joiner: other, caseId: caseIdOf(found) };
    else if (foundLone) plan = { joiner: found, caseId: caseIdOf(other) };
    else throw new ConflictError(CASE_MERGE_MESSAGES.bothInCases);
    if (plan.joiner.kind === 'mileage' && (await caseHasMileage(db, plan.caseId)))
      throw new ConflictError(CASE_MERGE_MESSAGES.twoMileage);
    return plan;
  }

  async function merge(actor: ClaimActor, found: Found, other: Found, reason: string) {
    if (caseIdOf(found) === caseIdOf(other)) throw new ConflictError(CASE_MERGE_MESSAGES.sameCase);
    if (found.row.ni_key && other.row.ni_key && found.row.ni_key !== other.row.ni_key)
      throw new ConflictError(CASE_MERGE_MESSAGES.differentNi);
    const { joiner, caseId } = await planOf(found, other);
    const at = nowIso(now());
    try {
      await db.transaction().execute(async (trx) => {
        // Only while the joiner is still on its own: of merges sent at once, one changes the row.
        const result = await trx
          .updateTable(tableOf(joiner))
          .set({ case_id: caseId, updated_at: at, last_action_at: at })
          .where('id', '=', joiner.row.id)
          .where('case_id', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw new ConflictError(CASE_MERGE_MESSAGES.moved);
        // D38: before HMRC, the joining claim is worked with the case from now on.
        const join = await joinCaseWorkflow(trx, {
          kind: tableOf(joiner) === 'form_responses' ? 'general' : 'onboarding',
          id: joiner.row.id,
          reference: referenceOf(joiner),
          caseId,
          at,
        });
        for (const entityId of [found.row.id, other.row.id])
          await audit.record(
            {
              actor: actor.id,
              action: 'claims-merged',
              entity: 'claim',
              entityId,
              detail: {
                caseId,
                joined: joiner.row.id,
                kind: joiner.kind,
                reason,
                followsCase: join.follows,
              },
            },
            trx,
          );
      });
    } catch (error) {
      // The case's one mileage claim (migration 034's unique index), joined meanwhile.
      if (isUniqueViolation(error)) throw new ConflictError(CASE_MERGE_MESSAGES.twoMileage);
      throw error;
    }
    return { action: 'merge' as const, caseId };
  }

  async function dismiss(actor: ClaimActor, found: Found, other: Found, reason: string) {
    const [a, b] = [found.row.id, other.row.id].sort() as [string, string];
    const at = nowIso(now());
    try {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('duplicate_dismissals')
          .values({ id: randomUUID(), claim_a: a, claim_b: b, reason, operator_id: actor.id, created_at: at })
          .execute();
        for (const entityId of [a, b])
          await audit.record(
            {
              actor: actor.id,
              action: 'duplicate-dismissed',
              entity: 'claim',
              entityId,
              detail: { claims: [a, b], reason },
            },
            trx,
          );
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(CASE_MERGE_MESSAGES.dismissedAlready);
      throw error;
    }
    return { action: 'not-duplicate' as const, caseId: caseIdOf(found) };
  }

  /** D38: an admin merges a possible duplicate into the case, or marks it not a duplicate. */
  return async function answerDuplicate(actor: ClaimActor, id: string, input: DuplicateAction) {
    const found = await find(id);
    assertMayChangeClaim(actor, await deps.ownership(found), 'merge');
    if (input.otherId === id) throw new ValidationError({ otherId: CASE_MERGE_MESSAGES.itself });
    const other = await find(input.otherId);
    return input.action === 'merge'
      ? merge(actor, found, other, input.reason)
      : dismiss(actor, found, other, input.reason);
  };
}
