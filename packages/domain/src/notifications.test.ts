// D23: the claimant hears of their claim's arrival and of each status change that is news to
// them, in plain words, with no NI number and no figures.
import { describe, expect, it } from 'vitest';
import { CLAIM_STATUSES } from './claim-status.ts';
import { claimTimeline } from './claim-timeline.ts';
import { SELF_ASSESSMENT_ADVICE, claimMessage, isNotifiedStatus, reasonText } from './notifications.ts';
import { generalReference, newClaimReference, parseClaimReference } from './reference.ts';

const base = {
  reference: 'TB-20261124-ABCD',
  firstName: 'Ann',
  company: 'TaxBack Ltd',
  statusUrl: 'https://claims.example/status',
};

describe('claim messages', () => {
  it('confirms a received claim with its reference and what happens next', () => {
    const m = claimMessage({ ...base, event: 'received' });
    expect(m.sms).toBe(
      'TaxBack Ltd: we have your claim TB-20261124-ABCD. We will text and email you as it moves on. Follow it at https://claims.example/status',
    );
    expect(m.email.text).toContain(
      'Follow your claim at https://claims.example/status with your reference and your mobile number.',
    );
    expect(m.email.subject).toBe('We have your claim TB-20261124-ABCD');
    expect(m.email.text).toContain('Dear Ann,');
    expect(m.email.text).toContain('2. We send your claim to HMRC on their form P87, as your agent.');
    expect(m.email.html).toContain('<ol><li>We check your claim');
  });

  it('asks a funnel claimant for the details HMRC needs, with the link to add them (D30)', () => {
    const detailsUrl = 'https://claims.example/status?reference=GEN-1A2B3C4D';
    const m = claimMessage({ ...base, reference: 'GEN-1A2B3C4D', event: 'received', detailsUrl });
    expect(m.sms).toBe(
      'TaxBack Ltd: we have your claim GEN-1A2B3C4D. HMRC needs more details before we can send it. Add them at https://claims.example/status?reference=GEN-1A2B3C4D (we text you a code to sign in).',
    );
    // Two text segments at most (153 characters each).
    expect(m.sms.length).toBeLessThanOrEqual(306);
    expect(m.email.subject).toBe('We have your claim GEN-1A2B3C4D: add the details HMRC needs');
    expect(m.email.text).toContain('HMRC needs more details before we can send your claim');
    expect(m.email.text).toContain(`Add them at ${detailsUrl}.`);
    expect(m.email.text).toContain('choose "Add the details HMRC needs"');
    expect(m.email.text).toContain('1. You add the details HMRC needs');
    expect(m.email.html).toContain('choose &#34;Add the details HMRC needs&#34;');
    expect(m.email.text).not.toMatch(/£\d/);
  });

  it.each([
    ['in-review', 'We are checking your claim.'],
    ['information-requested', 'We need more information before we can go on with your claim.'],
    ['sent-to-hmrc', 'We have sent your claim to HMRC.'],
    ['repaid', 'HMRC has repaid your claim.'],
    ['rejected', 'HMRC has not accepted your claim.'],
    ['withdrawn', 'Your claim has been withdrawn.'],
  ] as const)('says what %s means', (to, words) => {
    const m = claimMessage({ ...base, event: 'status-changed', to, reason: null });
    expect(m.sms).toContain(words);
    expect(m.email.text).toContain(words);
    expect(m.email.subject).toMatch(/^Your claim TB-20261124-ABCD: /);
    expect(m.sms.endsWith(' https://claims.example/status')).toBe(true);
    expect(m.email.text).toContain('Follow your claim at https://claims.example/status');
  });

  it('puts the operator’s reason in the email, and points to it from the text', () => {
    const m = claimMessage({
      ...base,
      event: 'status-changed',
      to: 'information-requested',
      reason: 'Your P60 for 2024/25 <please>',
    });
    expect(m.email.text).toContain('What we need: Your P60 for 2024/25 <please>');
    expect(m.email.html).toContain('What we need: Your P60 for 2024/25 &#60;please&#62;');
    expect(m.sms).toContain('We have emailed you the details.');
    expect(m.sms).not.toContain('P60');
  });

  // Decision 055: any other reason is its own paragraph, as a sentence, and the status page says
  // the same words.
  it('puts a rejection’s reason in its own paragraph, as a sentence, as the status page does', () => {
    const reason = 'hMRC found the miles were already paid';
    const m = claimMessage({ ...base, event: 'status-changed', to: 'rejected', reason });
    expect(m.email.text).toContain('\n\nHMRC found the miles were already paid.\n\n');
    expect(m.email.html).toContain('<p>HMRC found the miles were already paid.</p>');
    expect(m.email.text).not.toContain('Why:');
    const page = claimTimeline({
      submittedAt: '2026-11-01T09:00:00.000Z',
      status: 'rejected',
      history: [{ to: 'rejected', at: '2026-12-20T10:00:00.000Z', reason }],
      money: null,
    });
    expect(page.entries.at(-1)?.detail).toBe('HMRC found the miles were already paid.');
    expect(reasonText('withdrawn', ' At your request! ')).toBe('At your request!');
    expect(reasonText('withdrawn', '  ')).toBeNull();
  });

  it('tells the claimant of every status but our own "ready for HMRC" step', () => {
    expect(CLAIM_STATUSES.filter(isNotifiedStatus)).toEqual([
      'in-review',
      'information-requested',
      'sent-to-hmrc',
      'repaid',
      'rejected',
      'needs-self-assessment',
      'withdrawn',
    ]);
  });

  // D31: the claimant is told why and where to claim (GOV.UK "Claim tax relief for your job
  // expenses": expenses over £2,500 are claimed on a Self Assessment tax return), and that no fee is due.
  it('sends the Self Assessment advice, with GOV.UK\'s link, when a claim closes as "needs Self Assessment"', () => {
    const m = claimMessage({ ...base, event: 'status-changed', to: 'needs-self-assessment', reason: null });
    expect(m.email.subject).toContain('needs self assessment');
    expect(m.email.text).toContain(SELF_ASSESSMENT_ADVICE);
    expect(m.email.text).toContain('https://www.gov.uk/tax-relief-for-employees');
    expect(m.email.text).toContain('there is no fee');
    expect(m.sms).toContain('Self Assessment tax return');
    expect(m.sms).toContain('We have emailed you the details.');
  });

  it('never carries a figure', () => {
    for (const to of CLAIM_STATUSES) {
      const m = claimMessage({ ...base, event: 'status-changed', to, reason: null });
      expect(`${m.sms} ${m.email.text}`.replaceAll(base.reference, '')).not.toMatch(/£|\d/);
      expect(m.email.html).not.toMatch(/AB ?12/);
    }
  });
});

describe('claim references as typed', () => {
  it.each([
    ['GEN-1A2B3C4D', { kind: 'general', idPrefix: '1a2b3c4d' }],
    [' gen 1a2b3c4d ', { kind: 'general', idPrefix: '1a2b3c4d' }],
    ['TB123456ABCDEFGH', { kind: 'stored', reference: 'TB123456ABCDEFGH' }],
    ['tb123456abcd efgh', { kind: 'stored', reference: 'TB123456ABCDEFGH' }],
    ['GEN-1A2B3C4', null],
    ['TB12345ABCDEFGH', null],
    // Issue 32's references, typed in any case with spaces anywhere or none, or a confusable 0.
    ['TB 4K7 9MX 2QH', { kind: 'stored', reference: 'TB 4K7 9MX 2QH' }],
    ['tb4k79mx2qh', { kind: 'stored', reference: 'TB 4K7 9MX 2QH' }],
    [' Tb 4k 79m x2q h ', { kind: 'stored', reference: 'TB 4K7 9MX 2QH' }],
    ['TB 4K0 9MX 2QH', null],
    ['TB 4K7 9MX 2Q', null],
    ['', null],
  ] as const)('%j', (typed, parsed) => {
    expect(parseClaimReference(typed)).toEqual(parsed);
  });

  it('reads back every reference we issue', () => {
    const id = '1a2b3c4d-0000-4000-8000-000000000000';
    expect(parseClaimReference(generalReference(id))).toEqual({ kind: 'general', idPrefix: '1a2b3c4d' });
    const ref = newClaimReference();
    expect(parseClaimReference(ref)).toEqual({ kind: 'stored', reference: ref });
    // Issued before issue 32, still read.
    expect(parseClaimReference('TB943798AWXR1L-G')).toEqual({
      kind: 'stored',
      reference: 'TB943798AWXR1L-G',
    });
  });
});
