// D23 and issue 15: what we tell a claimant, by text and email, when their claim arrives and when
// its status changes. Plain words; never an NI number, never a figure (the claimant's estimate is
// on their confirmation screen; HMRC's decision letter carries the amounts).
import { CLAIM_STATUS_LABELS } from './claim-status.ts';
import type { ClaimStatus } from './claim-status.ts';

export type ClaimEvent =
  /**
   * D30: `detailsUrl` is set for a funnel claim whose details HMRC needs are not yet added: the
   * status page with the claim's reference, whose code sign-in opens the details journey.
   */
  | { event: 'received'; detailsUrl?: string | undefined }
  | { event: 'status-changed'; to: ClaimStatus; reason: string | null }
  /** D32: an operator completed or corrected an answer; `what` names it, never its value. */
  | { event: 'details-corrected'; what: string; reason: string }
  /** Issue 28 (D33): an operator wrote on the claim's thread. */
  | { event: 'new-message' }
  /**
   * D40: HMRC answered a tax year; `words` says it as the status page does (yearAnswerWords).
   * D40 (later than D23) has the email say the year's answer in words, amount included; the text
   * message only names the year, as a text can be read by anyone holding the phone.
   */
  | { event: 'year-answered'; year: string; words: string }
  /** D33: the reply-by date of an open request is `replyBy` (a long UK date), `days` away. */
  | { event: 'reply-reminder'; replyBy: string; days: number }
  /**
   * D41: our invoice for the fee (issued), or a reminder while it is still owed after its due
   * date. By email only: it carries the amount and the way to pay (howToPay).
   */
  | ({ event: 'invoice-issued' } & InvoiceNotice)
  | ({ event: 'invoice-reminder' } & InvoiceNotice)
  /** D29 (decision 076): the claimant signed the nomination of HMRC's repayment to us. */
  | { event: 'nomination-signed' }
  /** D29, D41: the bank details were given or changed; `account` masked ('**-**-56 ****5678'). */
  | { event: 'bank-details-changed'; account: string }
  /** D41: the payout was made: its amount, the long UK day and the masked account. */
  | { event: 'payout-made'; amount: string; madeOn: string; account: string };

/** D41: what an invoice's email says: its number, the amount owed and the way to pay. */
export interface InvoiceNotice {
  number: string;
  amount: string;
  howToPay: string;
}

export interface ClaimMessage {
  /** A short text message (one or two SMS segments). */
  sms: string;
  email: { subject: string; text: string; html: string };
}

/** GOV.UK "Claim tax relief for your job expenses" (where the £2,500 rule and the Self Assessment route are). */
export const JOB_EXPENSES_GUIDANCE_URL = 'https://www.gov.uk/tax-relief-for-employees';

/**
 * D31: the advice a "needs Self Assessment" claim closes with. GOV.UK: "If your expenses are over
 * £2,500 you must claim using a Self Assessment tax return"; someone who already files a return
 * claims there too. No figure in it (messages never carry one), the link gives the limit.
 */
/**
 * The operator's reason for a status, as the claimant reads it in the email and on the status page
 * (decision 055): a paragraph (on the page, a sentence) of its own after what happened, as the
 * operator wrote it to the claimant, not behind a "Why:" label; it starts with a capital and ends
 * as a sentence. A request for information keeps "What we need:", which says what to send.
 */
export function reasonText(to: ClaimStatus, reason: string | null): string | null {
  const text = reason?.trim();
  if (!text) return null;
  if (to === 'information-requested') return `What we need: ${text}`;
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

export const SELF_ASSESSMENT_ADVICE = `HMRC only takes this claim on a Self Assessment tax return: your job expenses in a tax year are more than HMRC takes on its claim form, or you already send a return. We have closed your claim and there is no fee. GOV.UK explains how to claim: ${JOB_EXPENSES_GUIDANCE_URL}`;

/** Status changes the claimant hears about; "ready for HMRC" is our own step, not news to them. */
export function isNotifiedStatus(to: ClaimStatus): boolean {
  return to !== 'ready-for-hmrc' && to !== 'submitted';
}

const NEXT_STEPS = [
  'We check your claim and the evidence you gave us. If we need anything more, we will ask you.',
  'We send your claim to HMRC on their form P87, as your agent.',
  'HMRC decides. We will tell you, by text and email, at each of these steps.',
];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function emailOf(
  subject: string,
  greeting: string,
  paragraphs: string[],
  list: string[] | undefined,
  company: string,
): ClaimMessage['email'] {
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(list ? [...list.map((l, i) => `${i + 1}. ${l}`), ''] : []),
    company,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(list ? [`<ol>${list.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ol>`] : []),
    `<p>${escapeHtml(company)}</p>`,
  ].join('\n');
  return { subject, text, html };
}

/** The message for `event` on the claim `reference`, addressed to `firstName`. */
export function claimMessage(
  input: { reference: string; firstName: string; company: string; statusUrl: string } & ClaimEvent,
): ClaimMessage {
  const { reference, company, statusUrl } = input;
  const follow = `Follow your claim at ${statusUrl} with your reference and your mobile number.`;
  const greeting = `Dear ${input.firstName.trim() || 'claimant'},`;
  if (input.event === 'received') {
    if (input.detailsUrl) return receivedNeedingDetails({ ...input, detailsUrl: input.detailsUrl }, greeting);
    return {
      sms: `${company}: we have your claim ${reference}. We will text and email you as it moves on. Follow it at ${statusUrl}`,
      email: emailOf(
        `We have your claim ${reference}`,
        greeting,
        [
          `Thank you. We have your claim, reference ${reference}. Keep this reference: quote it when you contact us.`,
          follow,
          'What happens next:',
        ],
        NEXT_STEPS,
        company,
      ),
    };
  }
  if (input.event === 'details-corrected') return detailsCorrected(input, follow, greeting);
  if (input.event === 'new-message') {
    const line = 'We have sent you a message about your claim. Read it and reply on our website.';
    return {
      sms: `${company}: claim ${reference}: ${line} ${statusUrl}`,
      email: emailOf(`A message about your claim ${reference}`, greeting, [line, follow], undefined, company),
    };
  }
  if (input.event === 'year-answered') {
    const line = `HMRC has answered your claim for the tax year ${input.year}.`;
    return {
      sms: `${company}: claim ${reference}: ${line} See what HMRC decided on your status page: ${statusUrl}`,
      email: emailOf(
        `Your claim ${reference}: HMRC’s answer for ${input.year}`,
        greeting,
        [line, `${input.words}.`, 'HMRC’s letter to you sets out the details.', follow],
        undefined,
        company,
      ),
    };
  }
  if (input.event === 'invoice-issued' || input.event === 'invoice-reminder') {
    const issued = input.event === 'invoice-issued';
    const line = issued
      ? `HMRC has repaid you, so here is our invoice ${input.number} for our fee of ${input.amount} on your claim ${reference}.`
      : `Our invoice ${input.number} on your claim ${reference} is past its due date: ${input.amount} is still owed.`;
    return {
      sms: `${company}: claim ${reference}: we have emailed you about our invoice ${input.number}. ${statusUrl}`,
      email: emailOf(
        issued
          ? `Our invoice ${input.number} for claim ${reference}`
          : `Reminder: invoice ${input.number} is due`,
        greeting,
        [line, input.howToPay, `Download the invoice from your status page. ${follow}`],
        undefined,
        company,
      ),
    };
  }
  if (
    input.event === 'nomination-signed' ||
    input.event === 'bank-details-changed' ||
    input.event === 'payout-made'
  )
    return nominationMessage(input, follow, greeting);
  if (input.event === 'reply-reminder') {
    const when = input.days === 1 ? 'tomorrow' : `in ${input.days} days`;
    const line = `We are still waiting for the information we asked for. Please reply by ${input.replyBy} (${when}).`;
    return {
      sms: `${company}: claim ${reference}: ${line} ${statusUrl}`,
      email: emailOf(
        `Reminder: please reply by ${input.replyBy}`,
        greeting,
        [line, follow],
        undefined,
        company,
      ),
    };
  }
  const label = CLAIM_STATUS_LABELS[input.to].toLowerCase();
  const reason = input.reason?.trim() ? input.reason.trim() : null;
  const said: Record<Exclude<ClaimStatus, 'submitted' | 'ready-for-hmrc'>, string> = {
    'in-review': 'We are checking your claim.',
    'information-requested': 'We need more information before we can go on with your claim.',
    'sent-to-hmrc':
      'We have sent your claim to HMRC. HMRC will decide on it; we will tell you when they have.',
    repaid: 'HMRC has repaid your claim. Their letter to you sets out the amounts.',
    rejected: 'HMRC has not accepted your claim.',
    'needs-self-assessment':
      'HMRC only takes it on a Self Assessment tax return, so we have closed it with no fee.',
    withdrawn: 'Your claim has been withdrawn.',
  };
  const line = isNotifiedStatus(input.to)
    ? said[input.to as keyof typeof said]
    : `Your claim is now ${label}.`;
  const paragraphs = [`Your claim ${reference}: ${line}`];
  if (input.to === 'needs-self-assessment') paragraphs.push(SELF_ASSESSMENT_ADVICE);
  const reasonLine = reasonText(input.to, reason);
  if (reasonLine) paragraphs.push(reasonLine);
  paragraphs.push(follow);
  return {
    sms: `${company}: claim ${reference}: ${line}${reason || input.to === 'needs-self-assessment' ? ' We have emailed you the details.' : ''} ${statusUrl}`,
    email: emailOf(`Your claim ${reference}: ${label}`, greeting, paragraphs, undefined, company),
  };
}

/** D29, D41 (decision 076): the nomination signed, the bank details changed, the payout made. */
function nominationMessage(
  input: { reference: string; company: string; statusUrl: string } & Extract<
    ClaimEvent,
    { event: 'nomination-signed' | 'bank-details-changed' | 'payout-made' }
  >,
  follow: string,
  greeting: string,
): ClaimMessage {
  const { reference, company, statusUrl } = input;
  const [subject, lines] =
    input.event === 'nomination-signed'
      ? [
          `Your claim ${reference}: you signed the nomination`,
          [
            `You signed the nomination for your claim ${reference}: HMRC will pay your repayment to ${company}, and we pass it on to you less our fee.`,
            'Download the signed nomination from your status page, where you also give the bank account we pay you into.',
          ],
        ]
      : input.event === 'bank-details-changed'
        ? [
            `Your claim ${reference}: your bank details for the payout`,
            [
              `The bank account we pay you into for your claim ${reference} is now ${input.account}.`,
              'If you did not do this, contact us at once and quote your reference.',
            ],
          ]
        : [
            `Your claim ${reference}: we have paid you ${input.amount}`,
            [`We paid you ${input.amount} on ${input.madeOn} into the account ${input.account}.`],
          ];
  return {
    sms: `${company}: claim ${reference}: ${lines[0] ?? ''} ${statusUrl}`,
    email: emailOf(subject, greeting, [...lines, follow], undefined, company),
  };
}

/**
 * D32/D33: the claimant hears what an operator completed or corrected, and why. The answer is
 * named, its value is not (an NI number or an address never goes by text or email).
 */
function detailsCorrected(
  input: { reference: string; company: string; statusUrl: string; what: string; reason: string },
  follow: string,
  greeting: string,
): ClaimMessage {
  const { reference, company, statusUrl } = input;
  const what = /^National Insurance/.test(input.what)
    ? input.what
    : input.what.charAt(0).toLowerCase() + input.what.slice(1);
  const line = `We have updated your ${what} on your claim ${reference}.`;
  return {
    sms: `${company}: ${line} We have emailed you the details. ${statusUrl}`,
    email: emailOf(
      `Your claim ${reference}: we updated your ${what}`,
      greeting,
      [
        line,
        `Our reason: ${input.reason.trim()}`,
        'If this is not right, contact us and quote your reference.',
        follow,
      ],
      undefined,
      company,
    ),
  };
}

/** D30: what a funnel claimant is asked to do next, in the email and (shorter) in the text. */
export const DETAILS_NEEDED_LINE =
  'HMRC needs more details before we can send your claim: your date of birth, address, National Insurance number, employer and the amounts for each tax year.';

/**
 * D30: a funnel claim arrives with too little for HMRC's form. The text and the email say so and
 * link to the status page for this claim: after the texted code, "Add the details HMRC needs"
 * opens the details journey, on any device.
 */
function receivedNeedingDetails(
  input: { reference: string; company: string; detailsUrl: string },
  greeting: string,
): ClaimMessage {
  const { reference, company, detailsUrl } = input;
  return {
    sms: `${company}: we have your claim ${reference}. HMRC needs more details before we can send it. Add them at ${detailsUrl} (we text you a code to sign in).`,
    email: emailOf(
      `We have your claim ${reference}: add the details HMRC needs`,
      greeting,
      [
        `Thank you. We have your claim, reference ${reference}. Keep this reference: quote it when you contact us.`,
        DETAILS_NEEDED_LINE,
        `Add them at ${detailsUrl}. Enter your mobile number, then the code we text you, and choose "Add the details HMRC needs". It takes about 10 minutes, and you can stop and come back.`,
        'What happens next:',
      ],
      ['You add the details HMRC needs and sign the authority that shows the amounts.', ...NEXT_STEPS],
      company,
    ),
  };
}
