import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { caseJoinOf } from '@taxback/domain';
import type { CaseJoin } from '@taxback/domain';
import { generalClaimReference } from '@taxback/domain/reference';
import type { ClaimKind, Database } from '../../db/database.ts';
import { CASE_SYSTEM_ACTOR, claimTable } from './repository.ts';

// D38 (issue 42, migration 042): a case is worked as one claim, by its first claim (the case's id
// is its first claim's id, decision 064). A claim that joins the case before it goes to HMRC
// follows it: its status and owner are the case's, moved with the case's in the same transaction,
// and the queues list the case once. The two writers are here: the join and the follow.

type Db = Kysely<Database>;

/** The words of the history entries the joins write, shown on the claim page. */
export const CASE_JOIN_REASONS = {
  joined: (caseReference: string) => `Joined case ${caseReference}: worked with the case from now on`,
  movedBack: (reference: string) =>
    `Claim ${reference} joined this case: check it with the case before sending to HMRC`,
} as const;

/** A status move our service made (history shows "Our service"), not an operator's or the claimant's. */
function historyBySystem(
  trx: Db,
  claim: { kind: ClaimKind; id: string },
  [from, to]: [string, string],
  entry: { version: number; reason: string; at: string },
) {
  return trx
    .insertInto('claim_status_history')
    .values({
      id: randomUUID(),
      claim_kind: claim.kind,
      claim_id: claim.id,
      from_status: from,
      to_status: to,
      version: entry.version,
      reason: entry.reason,
      operator_id: CASE_SYSTEM_ACTOR,
      created_at: entry.at,
    })
    .execute();
}

/**
 * A claim joins its case's workflow (in the caller's transaction, after its `case_id` is set): it
 * follows the case when neither it nor the case has gone to HMRC (caseJoinOf), taking the case's status and
 * owner; a case that was ready for HMRC goes back to "in review", its version bumped, so it is
 * checked again with what joined it. The case's first claim is written first, so on PostgreSQL the
 * join waits for (and then sees) a status move or allocation of the case running at the same time.
 */
export async function joinCaseWorkflow(
  trx: Db,
  joiner: { kind: ClaimKind; id: string; reference: string; caseId: string; at: string },
): Promise<CaseJoin> {
  const { at, caseId } = joiner;
  const table = claimTable(joiner.kind);
  const own = await trx
    .selectFrom(table)
    .select(['status', 'version'])
    .where('id', '=', joiner.id)
    .executeTakeFirstOrThrow();
  // A claim already sent to HMRC (or finished) keeps its own workflow: it cannot go back.
  if (!caseJoinOf(own.status).follows) return { follows: false };
  await trx.updateTable('form_responses').set({ updated_at: at }).where('id', '=', caseId).execute();
  const head = await trx
    .selectFrom('form_responses')
    .select(['id', 'reference', 'status', 'owner_id', 'version'])
    .where('id', '=', caseId)
    .executeTakeFirst();
  if (!head) return { follows: false };
  const join = caseJoinOf(head.status);
  if (!join.follows) return join;
  const caseReference = generalClaimReference(head);
  if (join.caseMovesBack) {
    const version = Number(head.version) + 1;
    await trx
      .updateTable('form_responses')
      .set({ status: join.status, version, status_changed_at: at, last_action_at: at })
      .where('id', '=', caseId)
      .execute();
    await historyBySystem(trx, { kind: 'general', id: caseId }, [head.status, join.status], {
      version,
      reason: CASE_JOIN_REASONS.movedBack(joiner.reference),
      at,
    });
  }
  const version = Number(own.version) + 1;
  await trx
    .updateTable(table)
    .set({ follows_case: 1, status: join.status, owner_id: head.owner_id, version, updated_at: at })
    .where('id', '=', joiner.id)
    .execute();
  if (own.status !== join.status)
    await historyBySystem(trx, joiner, [own.status, join.status], {
      version,
      reason: CASE_JOIN_REASONS.joined(caseReference),
      at,
    });
  return join;
}

/**
 * The claims that follow a case take its new status or owner, in the transaction that changed the
 * case's first claim. Their versions are bumped, so a page open on one of them is stale.
 */
export async function followCase(
  trx: Db,
  caseId: string,
  set: { status?: string; owner_id?: string | null; allocated_at?: string | null; at: string },
): Promise<void> {
  const { at, ...columns } = set;
  for (const kind of ['general', 'onboarding'] as const)
    await trx
      .updateTable(claimTable(kind))
      .set((eb) => ({
        ...columns,
        ...(set.status ? { status_changed_at: at } : {}),
        updated_at: at,
        version: eb('version', '+', 1),
      }))
      .where('case_id', '=', caseId)
      .where('follows_case', '=', 1)
      .execute();
}
