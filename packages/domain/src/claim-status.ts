// The life of a claim once it is submitted (DECISIONS D22): the only place the moves are defined.
// submitted → in review → information requested ⇄ in review → ready for HMRC → sent to HMRC →
// repaid | rejected; withdrawn from any open state. D31: an operator closes a claim HMRC only takes
// through Self Assessment as "needs Self Assessment" (from in review or information requested): the
// claimant is sent that advice, and no fee arises (a fee is only ever due on a repayment, D20).

export const CLAIM_STATUSES = [
  'submitted',
  'in-review',
  'information-requested',
  'ready-for-hmrc',
  'sent-to-hmrc',
  'repaid',
  'rejected',
  'needs-self-assessment',
  'withdrawn',
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  submitted: 'Submitted',
  'in-review': 'In review',
  'information-requested': 'Information requested',
  'ready-for-hmrc': 'Ready for HMRC',
  'sent-to-hmrc': 'Sent to HMRC',
  repaid: 'Repaid',
  rejected: 'Rejected',
  'needs-self-assessment': 'Needs Self Assessment',
  withdrawn: 'Withdrawn',
};

/** A claim in one of these states is finished: nothing moves it again. */
export const CLOSED_STATUSES: readonly ClaimStatus[] = [
  'repaid',
  'rejected',
  'needs-self-assessment',
  'withdrawn',
];

/** Moves that need the operator to say why (D22). */
export const REASON_REQUIRED: readonly ClaimStatus[] = ['information-requested', 'rejected', 'withdrawn'];

const FORWARD: Record<ClaimStatus, readonly ClaimStatus[]> = {
  submitted: ['in-review'],
  'in-review': ['information-requested', 'ready-for-hmrc', 'needs-self-assessment'],
  'information-requested': ['in-review', 'needs-self-assessment'],
  'ready-for-hmrc': ['sent-to-hmrc'],
  'sent-to-hmrc': ['repaid', 'rejected'],
  repaid: [],
  rejected: [],
  'needs-self-assessment': [],
  withdrawn: [],
};

export function isClaimStatus(value: unknown): value is ClaimStatus {
  return typeof value === 'string' && (CLAIM_STATUSES as readonly string[]).includes(value);
}

export function isOpenStatus(status: ClaimStatus): boolean {
  return !CLOSED_STATUSES.includes(status);
}

/** Where a claim in `status` may go next, in the order an operator would usually pick them. */
export function allowedMoves(status: ClaimStatus): ClaimStatus[] {
  const moves = [...FORWARD[status]];
  if (isOpenStatus(status)) moves.push('withdrawn');
  return moves;
}

export function canMove(from: ClaimStatus, to: ClaimStatus): boolean {
  return allowedMoves(from).includes(to);
}

export function reasonRequired(to: ClaimStatus): boolean {
  return REASON_REQUIRED.includes(to);
}

export type MoveCheck =
  | { ok: true }
  | { ok: false; problem: 'illegal'; allowed: ClaimStatus[] }
  | { ok: false; problem: 'reason-required' }
  | { ok: false; problem: 'not-ready'; missing: string[] };

/**
 * Whether a claim may move from `from` to `to`: legal in the machine, with a reason where one is
 * required, and never to "ready for HMRC" while the P87 readiness list (D17) has items.
 */
export function checkMove(input: {
  from: ClaimStatus;
  to: ClaimStatus;
  reason?: string | null;
  missing?: readonly string[];
}): MoveCheck {
  if (!canMove(input.from, input.to))
    return { ok: false, problem: 'illegal', allowed: allowedMoves(input.from) };
  if (reasonRequired(input.to) && (input.reason ?? '').trim() === '')
    return { ok: false, problem: 'reason-required' };
  if (input.to === 'ready-for-hmrc' && (input.missing ?? []).length > 0)
    return { ok: false, problem: 'not-ready', missing: [...(input.missing ?? [])] };
  return { ok: true };
}

/**
 * D38 (issue 42): a case is worked as one claim. A claim that joins a case (the mileage claim
 * started from the funnel claim's details, or a duplicate an admin merges) follows the case's own
 * workflow (its status and owner) while the case has not gone to HMRC. A case already sent to HMRC,
 * or finished, takes no more into that P87: the joining claim stays in the case (its years count
 * with the case's) but is worked on its own, as a further P87.
 */
export const CASE_JOINABLE_STATUSES: readonly ClaimStatus[] = [
  'submitted',
  'in-review',
  'information-requested',
  'ready-for-hmrc',
];

export type CaseJoin =
  | { follows: false }
  /**
   * `status`: the joining claim's status, the case's; `caseMovesBack`: the case was ready for HMRC
   * and must be checked again with what joined it, so it goes back to "in review".
   */
  | { follows: true; status: ClaimStatus; caseMovesBack: boolean };

/** How a claim joins a case whose first claim is in `caseStatus` (see CASE_JOINABLE_STATUSES). */
export function caseJoinOf(caseStatus: string): CaseJoin {
  if (!(CASE_JOINABLE_STATUSES as readonly string[]).includes(caseStatus)) return { follows: false };
  if (caseStatus === 'ready-for-hmrc') return { follows: true, status: 'in-review', caseMovesBack: true };
  return { follows: true, status: caseStatus as ClaimStatus, caseMovesBack: false };
}
