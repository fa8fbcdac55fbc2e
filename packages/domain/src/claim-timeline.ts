// D23: what a claimant sees at /status: their claim's life in plain words, oldest first, with
// what happens next. Our own internal step ("ready for HMRC") is not shown; the amounts appear
// once HMRC has repaid, as the operator recorded them.
import { SELF_ASSESSMENT_ADVICE, reasonText } from './notifications.ts';
import type { ClaimStatus } from './claim-status.ts';
import { formatPence } from './money.ts';

export interface TimelineInput {
  submittedAt: string;
  status: ClaimStatus;
  /** Status changes, oldest first. */
  history: Array<{ to: ClaimStatus; at: string; reason: string | null }>;
  /** Set when the claim is repaid with an amount. */
  money: { repaidPence: number; feePence: number; claimantPence: number } | null;
}

export interface TimelineEntry {
  status: ClaimStatus;
  at: string;
  title: string;
  detail: string | null;
}

export interface ClaimTimeline {
  entries: TimelineEntry[];
  /** What happens next, or null when the claim is finished. */
  next: string | null;
}

const TITLES: Record<ClaimStatus, string> = {
  submitted: 'We received your claim',
  'in-review': 'We are checking your claim',
  'information-requested': 'We asked you for more information',
  'ready-for-hmrc': 'Your claim is ready for HMRC',
  'sent-to-hmrc': 'We sent your claim to HMRC',
  repaid: 'HMRC repaid your claim',
  rejected: 'HMRC did not accept your claim',
  'needs-self-assessment': 'Your claim needs a Self Assessment tax return',
  withdrawn: 'Your claim was withdrawn',
};

const NEXT: Record<ClaimStatus, string | null> = {
  submitted: 'We will check your claim and the evidence you gave us, and tell you if we need anything more.',
  'in-review': 'We will tell you if we need anything more, and when we send your claim to HMRC.',
  'information-requested':
    'Answer what we asked for on this page. We carry on checking your claim once we have your answer.',
  'ready-for-hmrc': 'We will send your claim to HMRC shortly.',
  'sent-to-hmrc':
    'HMRC decides on your claim. This usually takes a few weeks; we will tell you when they have.',
  repaid: null,
  rejected: null,
  'needs-self-assessment': null,
  withdrawn: null,
};

/** The same words as the claimant's email (notifications.ts): the operator's reason, and the money. */
function detailOf(to: ClaimStatus, reason: string | null, money: TimelineInput['money']): string | null {
  const parts: string[] = [];
  if (to === 'repaid') {
    if (!money) parts.push('HMRC’s letter to you sets out the amount.');
    else if (money.feePence > 0)
      parts.push(
        `HMRC repaid ${formatPence(money.repaidPence)}. Our fee, including VAT, is ${formatPence(money.feePence)}, so you receive ${formatPence(money.claimantPence)}.`,
      );
    else parts.push(`HMRC repaid ${formatPence(money.repaidPence)}. You receive all of it: there is no fee.`);
  }
  if (to === 'needs-self-assessment') parts.push(SELF_ASSESSMENT_ADVICE);
  const why = reasonText(to, reason);
  if (why) parts.push(why);
  return parts.length > 0 ? parts.join(' ') : null;
}

export function claimTimeline(input: TimelineInput): ClaimTimeline {
  const entries: TimelineEntry[] = [
    { status: 'submitted', at: input.submittedAt, title: TITLES.submitted, detail: null },
  ];
  for (const change of input.history) {
    if (change.to === 'ready-for-hmrc' || change.to === 'submitted') continue;
    entries.push({
      status: change.to,
      at: change.at,
      title: TITLES[change.to],
      detail: detailOf(change.to, change.reason, change.to === input.status ? input.money : null),
    });
  }
  return { entries, next: NEXT[input.status] };
}
