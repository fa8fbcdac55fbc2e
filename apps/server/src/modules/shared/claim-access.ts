import { CLOSED_STATUSES } from '@taxback/domain';
import type { OperatorRole } from '@taxback/domain/admin-schemas';
import { ConflictError, ForbiddenError } from '../../errors.ts';

// D34's rule, in one place: a caseworker changes only the claims they own; an admin changes any.
// Every operator write on a claim calls assertMayChangeClaim before it writes.

/** What an operator does to a claim. */
export type ClaimChange =
  /** A status move (D22), a note, an edit of the claim's fields (D32), an information request (D33). */
  | 'status'
  | 'note'
  | 'edit'
  | 'request'
  /** "Take this claim" / "Take next": an unallocated open claim becomes the operator's. */
  | 'take'
  /** "Allocate to" another operator, reallocate, or "Return to the pool". */
  | 'allocate'
  /** Correct the sent or repaid record (D35). */
  | 'correct-record'
  /** D38: merge a possible duplicate into the case, or mark it not a duplicate. */
  | 'merge'
  /** D41: issue the case's invoice, record a payment, write it off or credit it. */
  | 'invoice'
  /** D41: record HMRC's money received under a nomination, or the claimant's bank details (D29). */
  | 'client-money';

export interface ClaimActor {
  id: string;
  role: OperatorRole | string;
}

export interface ClaimOwnership {
  status: string;
  ownerId: string | null;
  /** The owner's name, for the refusal's message. */
  ownerName?: string | null;
  /** D38 (migration 042): the claim follows its case's workflow, so it is worked from the case. */
  followsCase?: boolean;
}

/** What is done to a case as a whole, never to a claim that follows it (D38). */
const CASE_WORKFLOW: readonly ClaimChange[] = [
  'status',
  'request',
  'take',
  'allocate',
  'correct-record',
  'invoice',
  'client-money',
];

export const FOLLOWS_CASE_MESSAGE =
  'This claim is worked with its case: open the case to take it, allocate it, move it on, write to the claimant or record HMRC’s answer.';

const ADMIN_ONLY: Record<string, string> = {
  allocate: 'Only an admin can allocate a claim to someone else or return it to the pool.',
  'correct-record': 'Only an admin can correct what was recorded about sending or repayment.',
  merge: 'Only an admin can merge claims or mark them not duplicates.',
};

/**
 * Throws unless `actor` may make `change` to the claim: ForbiddenError (403) when the role or
 * ownership forbids it, ConflictError (409) when the claim's state does (taken by someone else,
 * closed). Admins may change any claim; a caseworker only a claim they own, and may take one
 * nobody owns.
 */
export function assertMayChangeClaim(actor: ClaimActor, claim: ClaimOwnership, change: ClaimChange): void {
  const admin = actor.role === 'admin';
  const closed = (CLOSED_STATUSES as readonly string[]).includes(claim.status) || claim.status === 'draft';
  const owner = claim.ownerName ?? 'another operator';
  if (claim.followsCase && CASE_WORKFLOW.includes(change)) throw new ConflictError(FOLLOWS_CASE_MESSAGE);
  if (change in ADMIN_ONLY) {
    if (!admin) throw new ForbiddenError(ADMIN_ONLY[change]);
    if (change === 'allocate' && closed)
      throw new ConflictError('A closed claim is not allocated: its owner stays on the record.');
    return;
  }
  if (change === 'take') {
    if (closed) throw new ConflictError('A closed claim cannot be taken.');
    if (claim.ownerId !== null && claim.ownerId !== actor.id)
      throw new ConflictError(`This claim is already owned by ${owner}.`);
    return;
  }
  if (admin || claim.ownerId === actor.id) return;
  if (claim.ownerId === null)
    throw new ForbiddenError('Take this claim before changing it: only its owner or an admin can change it.');
  throw new ForbiddenError(`This claim is owned by ${owner}. Only its owner or an admin can change it.`);
}
