import { describe, expect, it } from 'vitest';
import {
  CASE_JOINABLE_STATUSES,
  CLAIM_STATUSES,
  CLAIM_STATUS_LABELS,
  allowedMoves,
  caseJoinOf,
  canMove,
  checkMove,
  isOpenStatus,
  reasonRequired,
} from './claim-status.ts';
import type { ClaimStatus } from './claim-status.ts';

// The D22 machine (DECISIONS.md): submitted → in review → information requested ⇄ in review →
// ready for HMRC → sent to HMRC → repaid | rejected; withdrawn from any open state. D31: "Needs
// Self Assessment" closes a claim HMRC only takes on a Self Assessment return (GOV.UK "Claim tax
// relief for your job expenses": "If your expenses are over £2,500 you must claim using a Self
// Assessment tax return"), from in review or information requested; closed, so no fee can follow.
const LEGAL: ReadonlyArray<[ClaimStatus, ClaimStatus]> = [
  ['submitted', 'in-review'],
  ['submitted', 'withdrawn'],
  ['in-review', 'information-requested'],
  ['in-review', 'ready-for-hmrc'],
  ['in-review', 'needs-self-assessment'],
  ['in-review', 'withdrawn'],
  ['information-requested', 'in-review'],
  ['information-requested', 'needs-self-assessment'],
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
    ['in-review', ['information-requested', 'ready-for-hmrc', 'needs-self-assessment', 'withdrawn']],
    ['information-requested', ['in-review', 'needs-self-assessment', 'withdrawn']],
    ['ready-for-hmrc', ['sent-to-hmrc', 'withdrawn']],
    ['sent-to-hmrc', ['repaid', 'rejected', 'withdrawn']],
    ['repaid', []],
    ['rejected', []],
    ['needs-self-assessment', []],
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
    ['needs-self-assessment', false],
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

describe('"Needs Self Assessment" (D31)', () => {
  it('is a closed outcome with its own label', () => {
    expect(CLAIM_STATUS_LABELS['needs-self-assessment']).toBe('Needs Self Assessment');
    expect(isOpenStatus('needs-self-assessment')).toBe(false);
    expect(canMove('needs-self-assessment', 'repaid')).toBe(false);
    expect(checkMove({ from: 'in-review', to: 'needs-self-assessment' })).toEqual({ ok: true });
  });
});

// D38 (DECISIONS.md): one P87 per person and tax year with every expense of the year on it, so
// what joins a case before its P87 goes is worked with it; once the P87 has gone, what joins later
// goes to HMRC on a further P87 and is worked on its own (decision 073 in docs/decisions).
describe('a claim joining a case (D38, issue 42)', () => {
  it.each([
    ['submitted', { follows: true, status: 'submitted', caseMovesBack: false }],
    ['in-review', { follows: true, status: 'in-review', caseMovesBack: false }],
    ['information-requested', { follows: true, status: 'information-requested', caseMovesBack: false }],
    ['ready-for-hmrc', { follows: true, status: 'in-review', caseMovesBack: true }],
    ['sent-to-hmrc', { follows: false }],
    ['repaid', { follows: false }],
    ['rejected', { follows: false }],
    ['needs-self-assessment', { follows: false }],
    ['withdrawn', { follows: false }],
    ['draft', { follows: false }],
  ] as const)('a case that is %s', (status, expected) => {
    expect(caseJoinOf(status)).toEqual(expected);
  });

  it('covers every status', () => {
    for (const s of CLAIM_STATUSES) expect(caseJoinOf(s).follows).toBe(CASE_JOINABLE_STATUSES.includes(s));
  });
});
