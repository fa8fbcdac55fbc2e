import { describe, expect, it } from 'vitest';
import { CLAIM_STATUSES, allowedMoves, canMove, checkMove, reasonRequired } from './claim-status.ts';
import type { ClaimStatus } from './claim-status.ts';

// The D22 machine (DECISIONS.md): submitted → in review → information requested ⇄ in review →
// ready for HMRC → sent to HMRC → repaid | rejected; withdrawn from any open state.
const LEGAL: ReadonlyArray<[ClaimStatus, ClaimStatus]> = [
  ['submitted', 'in-review'],
  ['submitted', 'withdrawn'],
  ['in-review', 'information-requested'],
  ['in-review', 'ready-for-hmrc'],
  ['in-review', 'withdrawn'],
  ['information-requested', 'in-review'],
  ['information-requested', 'withdrawn'],
  ['ready-for-hmrc', 'sent-to-hmrc'],
  ['ready-for-hmrc', 'withdrawn'],
  ['sent-to-hmrc', 'repaid'],
  ['sent-to-hmrc', 'rejected'],
  ['sent-to-hmrc', 'withdrawn'],
];

const isLegal = (from: ClaimStatus, to: ClaimStatus) => LEGAL.some(([f, t]) => f === from && t === to);
const EVERY_PAIR = CLAIM_STATUSES.flatMap((from) => CLAIM_STATUSES.map((to) => [from, to] as const));

describe('claim status machine (D22)', () => {
  it.each(EVERY_PAIR)('%s → %s', (from, to) => {
    expect(canMove(from, to)).toBe(isLegal(from, to));
    const check = checkMove({ from, to, reason: 'A reason' });
    if (isLegal(from, to)) expect(check).toEqual({ ok: true });
    else expect(check).toEqual({ ok: false, problem: 'illegal', allowed: allowedMoves(from) });
  });

  it.each<[ClaimStatus, ClaimStatus[]]>([
    ['submitted', ['in-review', 'withdrawn']],
    ['in-review', ['information-requested', 'ready-for-hmrc', 'withdrawn']],
    ['information-requested', ['in-review', 'withdrawn']],
    ['ready-for-hmrc', ['sent-to-hmrc', 'withdrawn']],
    ['sent-to-hmrc', ['repaid', 'rejected', 'withdrawn']],
    ['repaid', []],
    ['rejected', []],
    ['withdrawn', []],
  ])('allowedMoves(%s) = %j', (status, moves) => {
    expect(allowedMoves(status)).toEqual(moves);
  });

  it.each<[ClaimStatus, boolean]>([
    ['information-requested', true],
    ['rejected', true],
    ['withdrawn', true],
    ['in-review', false],
    ['ready-for-hmrc', false],
    ['sent-to-hmrc', false],
    ['repaid', false],
  ])('a reason is required to move to %s: %s', (to, required) => {
    expect(reasonRequired(to)).toBe(required);
  });

  it.each<[ClaimStatus, ClaimStatus]>([
    ['in-review', 'information-requested'],
    ['sent-to-hmrc', 'rejected'],
    ['submitted', 'withdrawn'],
  ])('%s → %s without a reason (or only spaces) is refused', (from, to) => {
    expect(checkMove({ from, to })).toEqual({ ok: false, problem: 'reason-required' });
    expect(checkMove({ from, to, reason: '   ' })).toEqual({ ok: false, problem: 'reason-required' });
  });

  it('refuses "ready for HMRC" while the P87 readiness list has items (D17)', () => {
    expect(checkMove({ from: 'in-review', to: 'ready-for-hmrc', missing: ['Date of birth'] })).toEqual({
      ok: false,
      problem: 'not-ready',
      missing: ['Date of birth'],
    });
    expect(checkMove({ from: 'in-review', to: 'ready-for-hmrc', missing: [] })).toEqual({ ok: true });
  });
});
