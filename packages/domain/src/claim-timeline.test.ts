// D23: the claimant's timeline at /status. The fee figures come from calculateFee (fees.test.ts
// pins them); here the words and the order.
import { describe, expect, it } from 'vitest';
import { claimTimeline } from './claim-timeline.ts';
import { SELF_ASSESSMENT_ADVICE } from './notifications.ts';

const submittedAt = '2026-11-01T10:00:00.000Z';

describe('claim timeline', () => {
  it('a claim just received: one entry and what happens next', () => {
    expect(claimTimeline({ submittedAt, status: 'submitted', history: [], money: null })).toEqual({
      entries: [{ status: 'submitted', at: submittedAt, title: 'We received your claim', detail: null }],
      next: 'We will check your claim and the evidence you gave us, and tell you if we need anything more.',
    });
  });

  it('a repaid claim: every step but our internal one, with the amount, the fee and what the claimant gets', () => {
    const t = claimTimeline({
      submittedAt,
      status: 'repaid',
      history: [
        { to: 'in-review', at: '2026-11-02T09:00:00.000Z', reason: null },
        { to: 'information-requested', at: '2026-11-03T09:00:00.000Z', reason: 'Your P60 for 2025/26' },
        { to: 'in-review', at: '2026-11-04T09:00:00.000Z', reason: null },
        { to: 'ready-for-hmrc', at: '2026-11-05T09:00:00.000Z', reason: null },
        { to: 'sent-to-hmrc', at: '2026-11-05T10:00:00.000Z', reason: null },
        { to: 'repaid', at: '2026-12-20T10:00:00.000Z', reason: null },
      ],
      // calculateFee(123_456, { percent: 20, minimumPence: 0, vatPercent: 20 }): fee £246.91 + VAT £49.38.
      money: { repaidPence: 123_456, feePence: 29_629, claimantPence: 93_827 },
    });
    expect(t.entries.map((e) => e.title)).toEqual([
      'We received your claim',
      'We are checking your claim',
      'We asked you for more information',
      'We are checking your claim',
      'We sent your claim to HMRC',
      'HMRC repaid your claim',
    ]);
    expect(t.entries[2]!.detail).toBe('What we need: Your P60 for 2025/26');
    expect(t.entries.at(-1)!.detail).toBe(
      'HMRC repaid £1,234.56. Our fee, including VAT, is £296.29, so you receive £938.27.',
    );
    expect(t.next).toBeNull();
  });

  it('a repayment with no fee says so; one recorded without an amount points to HMRC’s letter', () => {
    const history = [{ to: 'repaid' as const, at: '2026-12-20T10:00:00.000Z', reason: null }];
    expect(
      claimTimeline({
        submittedAt,
        status: 'repaid',
        history,
        money: { repaidPence: 4_500, feePence: 0, claimantPence: 4_500 },
      }).entries.at(-1)!.detail,
    ).toBe('HMRC repaid £45.00. You receive all of it: there is no fee.');
    expect(
      claimTimeline({ submittedAt, status: 'repaid', history, money: null }).entries.at(-1)!.detail,
    ).toBe('HMRC’s letter to you sets out the amount.');
  });

  // D31: closed as needing Self Assessment (GOV.UK "Claim tax relief for your job expenses":
  // expenses over £2,500 are claimed on a Self Assessment tax return), with the advice; nothing next.
  it('a claim closed as needing Self Assessment gives the advice and nothing next', () => {
    const t = claimTimeline({
      submittedAt,
      status: 'needs-self-assessment',
      history: [
        { to: 'in-review', at: '2026-11-02T09:00:00.000Z', reason: null },
        { to: 'needs-self-assessment', at: '2026-11-03T09:00:00.000Z', reason: null },
      ],
      money: null,
    });
    expect(t.next).toBeNull();
    expect(t.entries.at(-1)).toEqual({
      status: 'needs-self-assessment',
      at: '2026-11-03T09:00:00.000Z',
      title: 'Your claim needs a Self Assessment tax return',
      detail: SELF_ASSESSMENT_ADVICE,
    });
  });

  it('a rejected or withdrawn claim says why', () => {
    const t = claimTimeline({
      submittedAt,
      status: 'rejected',
      history: [
        { to: 'rejected', at: '2026-12-20T10:00:00.000Z', reason: 'HMRC found the miles were already paid' },
      ],
      money: null,
    });
    expect(t.entries.at(-1)).toMatchObject({
      title: 'HMRC did not accept your claim',
      // Decision 055: the reason as its own sentence, not behind "Why:".
      detail: 'HMRC found the miles were already paid.',
    });
    expect(t.next).toBeNull();
  });
});
