import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ClaimKind, Database } from '../../db/database.ts';
import { followCase } from './case-workflow.ts';
import { CLAIMANT_ACTOR, createCaseworkRepository } from './repository.ts';

// The claimant's reply that completes an open request (D33), shared by a reply in words and files
// (claimant.ts) and an amendment signed again (amendment.ts, D32).

/** The claim a status session is for. */
export interface ThreadClaim {
  kind: ClaimKind;
  id: string;
  sessionId: string;
  version: number;
  status: string;
}

export class LostRace extends Error {}

/**
 * The claimant's reply completes the open request, in the caller's transaction: back to "in
 * review" (recorded as the claimant), "reply received" and one more unread for operators, and the
 * reply on the thread. Throws LostRace when the claim or the request changed meanwhile.
 */
export async function finishRequest(
  trx: Kysely<Database>,
  claim: ThreadClaim,
  requestId: string,
  at: string,
  reply: { body: string; fileIds: string[]; idempotencyKey?: string | undefined },
): Promise<void> {
  const repo = createCaseworkRepository(trx);
  const moved = await repo.touchClaim(trx, claim.kind, claim.id, claim.version, {
    at,
    status: 'in-review',
    replyDueOn: null,
    replyReceivedAt: at,
    unreadPlus: 1,
  });
  // Either refused: roll back whatever was written (another reply, or an operator, came first).
  if (!moved || !(await repo.answerRequest(trx, requestId, at))) throw new LostRace();
  // D38: the claims that follow the case move back to "in review" with it.
  await followCase(trx, claim.id, { status: 'in-review', at });
  await trx
    .insertInto('claim_status_history')
    .values({
      id: randomUUID(),
      claim_kind: claim.kind,
      claim_id: claim.id,
      from_status: 'information-requested',
      to_status: 'in-review',
      version: claim.version + 1,
      reason: 'Reply received from the claimant',
      operator_id: CLAIMANT_ACTOR,
      created_at: at,
    })
    .execute();
  await repo.addMessage(trx, {
    id: randomUUID(),
    claim_kind: claim.kind,
    claim_id: claim.id,
    author: 'claimant',
    operator_id: null,
    body: reply.body,
    request_id: requestId,
    file_ids: JSON.stringify(reply.fileIds),
    created_at: at,
    idempotency_key: reply.idempotencyKey ?? null,
  });
}
