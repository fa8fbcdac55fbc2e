import type { Kysely } from 'kysely';
import {
  claimMessage,
  formatIsoDate,
  generalClaimReference,
  isClaimStatus,
  isNotifiedStatus,
  normaliseUkPhone,
  formatPence,
  invoiceViewOf,
  ukIsoDate,
  yearAnswerWords,
} from '@taxback/domain';
import { invoiceRecordOf } from '../db/invoices.ts';
import type { ClaimEvent, ClaimStatus } from '@taxback/domain';
import type { ClaimKind, Database } from '../db/database.ts';
import type { EmailProvider, SmsProvider } from '../providers/index.ts';
import type { JobQueue } from './queue.ts';

// Issue 15, D23/D24: the claimant hears, by text and by email, that their claim arrived and each
// time its status changes. Each message is its own job, enqueued in the transaction that made the
// change; the payload holds ids only, and the job reads the contact details when it runs. One job
// per channel, so a retry after an email failure never sends the text twice.

export const NOTIFY_JOB = 'notify-claimant';

type Channel = 'sms' | 'email';
type NotifyPayload = {
  channel: Channel;
  claimKind: ClaimKind;
  claimId: string;
  /** The claim_status_history row of a status change; null for "received" and the events below. */
  historyId: string | null;
  /** D32: the claim_field_edits row of a completed or corrected answer (historyId is then null). */
  editId?: string;
  /** Issue 28: an operator's message, or a reminder of the open request `requestId`. */
  event?: 'new-message' | 'reply-reminder' | 'year-answered' | InvoiceEvent | NominationEvent;
  requestId?: string;
  /** D40: the case_year_answers row HMRC's answer for a year was recorded in. */
  answerId?: string;
  /** D41: the invoice issued, or to remind of while it is still owed. */
  invoiceId?: string;
  days?: number;
  /** D29, D41: the payout made (its amount and the masked account are read when the job runs). */
  payoutId?: string;
};

type InvoiceEvent = 'invoice-issued' | 'invoice-reminder';
const INVOICE_EVENTS: readonly string[] = ['invoice-issued', 'invoice-reminder'] satisfies InvoiceEvent[];

/** D29, D41 (decision 076): the nomination signed, the bank details given or changed, a payout made. */
type NominationEvent = 'nomination-signed' | 'bank-details-changed' | 'payout-made';
const NOMINATION_EVENTS: readonly string[] = [
  'nomination-signed',
  'bank-details-changed',
  'payout-made',
] satisfies NominationEvent[];

const CHANNELS: Channel[] = ['sms', 'email'];

/** What services call, inside their transaction, to tell the claimant. */
export function createClaimNotices(queue: JobQueue) {
  const enqueueBoth = async (trx: Kysely<Database>, base: Omit<NotifyPayload, 'channel'>) => {
    for (const channel of CHANNELS) await queue.enqueue(trx, NOTIFY_JOB, { ...base, channel });
  };
  return {
    received: (trx: Kysely<Database>, claimKind: ClaimKind, claimId: string) =>
      enqueueBoth(trx, { claimKind, claimId, historyId: null }),
    /** D32: an operator completed or corrected an answer; the claimant is told which, and why. */
    detailsCorrected: (
      trx: Kysely<Database>,
      change: { claimKind: ClaimKind; claimId: string; editId: string },
    ) => enqueueBoth(trx, { ...change, historyId: null }),
    /** Issue 28 (D33): an operator wrote on the thread. */
    newMessage: (trx: Kysely<Database>, claimKind: ClaimKind, claimId: string) =>
      enqueueBoth(trx, { claimKind, claimId, historyId: null, event: 'new-message' }),
    /** D40: HMRC's answer for a year was recorded or corrected. */
    yearAnswered: (
      trx: Kysely<Database>,
      change: { claimKind: ClaimKind; claimId: string; answerId: string },
    ) => enqueueBoth(trx, { ...change, historyId: null, event: 'year-answered' }),
    /**
     * D41: the invoice by email now (the amount and the way to pay), and a reminder on `remindAt`
     * (after its due date) that is sent only while something is still owed.
     */
    async invoiceIssued(
      trx: Kysely<Database>,
      input: { claimKind: ClaimKind; claimId: string; invoiceId: string; remindAt: Date },
    ) {
      const { remindAt, ...rest } = input;
      const base = { ...rest, historyId: null, channel: 'email' } as const;
      await queue.enqueue(trx, NOTIFY_JOB, { ...base, event: 'invoice-issued' });
      await queue.enqueue(trx, NOTIFY_JOB, { ...base, event: 'invoice-reminder' }, { runAt: remindAt });
    },
    /** D29 (decision 076): the claimant signed the nomination. Email: it can say what it means. */
    nominationSigned: (trx: Kysely<Database>, claim: { claimKind: ClaimKind; claimId: string }) =>
      queue.enqueue(trx, NOTIFY_JOB, {
        ...claim,
        historyId: null,
        channel: 'email',
        event: 'nomination-signed',
      }),
    /** D29, D41: the bank details a payout goes to were given or changed, by text and email (masked). */
    bankDetailsChanged: (trx: Kysely<Database>, claim: { claimKind: ClaimKind; claimId: string }) =>
      enqueueBoth(trx, { ...claim, historyId: null, event: 'bank-details-changed' }),
    /** D41: the claimant's payout was made. */
    payoutMade: (trx: Kysely<Database>, input: { claimKind: ClaimKind; claimId: string; payoutId: string }) =>
      queue.enqueue(trx, NOTIFY_JOB, { ...input, historyId: null, channel: 'email', event: 'payout-made' }),
    /** D33: a reminder on `runAt`, sent only while the request is still open. */
    async replyReminder(
      trx: Kysely<Database>,
      input: { claimKind: ClaimKind; claimId: string; requestId: string; days: number; runAt: Date },
    ) {
      const { runAt, ...rest } = input;
      for (const channel of CHANNELS)
        await queue.enqueue(
          trx,
          NOTIFY_JOB,
          { ...rest, historyId: null, event: 'reply-reminder', channel },
          { runAt },
        );
    },
    async statusChanged(
      trx: Kysely<Database>,
      change: { claimKind: ClaimKind; claimId: string; historyId: string; to: ClaimStatus },
    ) {
      if (!isNotifiedStatus(change.to)) return;
      await enqueueBoth(trx, {
        claimKind: change.claimKind,
        claimId: change.claimId,
        historyId: change.historyId,
      });
    },
  };
}

export type ClaimNotices = ReturnType<typeof createClaimNotices>;

/** A delivery failure as the queue records it: a code, never the message or the address. */
class NotSent extends Error {
  readonly code: string;
  constructor(channel: Channel) {
    super(`${channel} not sent`);
    this.code = `${channel.toUpperCase()}_NOT_SENT`;
  }
}

function isPayload(value: unknown): value is NotifyPayload {
  const v = value as Partial<NotifyPayload> | null;
  return (
    !!v &&
    (v.channel === 'sms' || v.channel === 'email') &&
    (v.claimKind === 'general' || v.claimKind === 'onboarding') &&
    typeof v.claimId === 'string' &&
    (v.historyId === null || typeof v.historyId === 'string') &&
    (v.editId === undefined || typeof v.editId === 'string') &&
    (v.event === undefined ||
      v.event === 'new-message' ||
      v.event === 'reply-reminder' ||
      v.event === 'year-answered' ||
      INVOICE_EVENTS.includes(v.event) ||
      NOMINATION_EVENTS.includes(v.event)) &&
    (v.payoutId === undefined || typeof v.payoutId === 'string') &&
    (v.answerId === undefined || typeof v.answerId === 'string') &&
    (v.invoiceId === undefined || typeof v.invoiceId === 'string')
  );
}

async function contactOf(db: Kysely<Database>, kind: ClaimKind, id: string) {
  if (kind === 'general') {
    const row = await db
      .selectFrom('form_responses')
      .select(['id', 'reference', 'first_name', 'email', 'phone', 'details_signed_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row
      ? {
          reference: generalClaimReference(row),
          firstName: row.first_name,
          email: row.email,
          phone: row.phone,
          // D30: a funnel claim needs its details until the claimant signs them.
          needsDetails: row.details_signed_at === null,
        }
      : null;
  }
  const row = await db
    .selectFrom('onboarding_claims')
    .select(['submission_reference', 'first_name', 'email', 'phone', 'case_id', 'follows_case'])
    .where('id', '=', id)
    .executeTakeFirst();
  // D38: a claim that follows its case is followed by the case's reference.
  const caseRow =
    row?.case_id && row.follows_case === 1
      ? await db
          .selectFrom('form_responses')
          .select(['id', 'reference'])
          .where('id', '=', row.case_id)
          .executeTakeFirst()
      : undefined;
  return row?.submission_reference
    ? {
        reference: caseRow ? generalClaimReference(caseRow) : row.submission_reference,
        firstName: row.first_name ?? '',
        email: row.email,
        phone: row.phone,
        needsDetails: false,
      }
    : null;
}

/** What the job says, or null when there is nothing to say any more (a reminder after a reply). */
async function eventOf(
  db: Kysely<Database>,
  payload: NotifyPayload,
  detailsUrl: string | undefined,
  invoicing: InvoiceNoticeSettings,
): Promise<ClaimEvent | null> {
  if (payload.editId !== undefined) {
    const edit = await db
      .selectFrom('claim_field_edits')
      .select(['label', 'reason'])
      .where('id', '=', payload.editId)
      .executeTakeFirst();
    return edit ? { event: 'details-corrected', what: edit.label, reason: edit.reason } : null;
  }
  if (payload.event === 'new-message') return { event: 'new-message' };
  if (payload.event === 'invoice-issued' || payload.event === 'invoice-reminder')
    return invoiceEventOf(db, { event: payload.event, invoiceId: payload.invoiceId ?? '' }, invoicing);
  if (
    payload.event === 'nomination-signed' ||
    payload.event === 'bank-details-changed' ||
    payload.event === 'payout-made'
  )
    return nominationEventOf(db, {
      event: payload.event,
      claimKind: payload.claimKind,
      claimId: payload.claimId,
      payoutId: payload.payoutId,
    });
  if (payload.event === 'year-answered') {
    const answer = await db
      .selectFrom('case_year_answers')
      .select(['year', 'decision', 'pence', 'given_as', 'hmrc_reason'])
      .where('id', '=', payload.answerId ?? '')
      .executeTakeFirst();
    if (!answer) return null;
    return {
      event: 'year-answered',
      year: answer.year,
      words: yearAnswerWords({
        year: answer.year,
        decision: answer.decision,
        pence: answer.pence === null ? null : Number(answer.pence),
        givenAs: answer.given_as,
        hmrcReason: answer.hmrc_reason,
      }),
    };
  }
  if (payload.event === 'reply-reminder') {
    const request = await db
      .selectFrom('information_requests')
      .select(['status', 'reply_by'])
      .where('id', '=', payload.requestId ?? '')
      .executeTakeFirst();
    if (!request || request.status !== 'open') return null;
    return { event: 'reply-reminder', replyBy: formatIsoDate(request.reply_by), days: payload.days ?? 1 };
  }
  if (payload.historyId === null) return { event: 'received', detailsUrl };
  const change = await db
    .selectFrom('claim_status_history')
    .select(['to_status', 'reason'])
    .where('id', '=', payload.historyId)
    .executeTakeFirst();
  if (!change || !isClaimStatus(change.to_status)) return null;
  return { event: 'status-changed', to: change.to_status, reason: change.reason };
}

export function registerNotifyJob(
  queue: JobQueue,
  deps: {
    db: Kysely<Database>;
    sms: SmsProvider;
    email: EmailProvider;
    company: string;
    publicUrl: string;
    /** D41: where an invoice's bank transfer goes. */
    invoicePayTo: string;
    now?: () => Date;
  },
): void {
  const statusUrl = `${deps.publicUrl}/status`;
  queue.handle(
    NOTIFY_JOB,
    async (payload, job) => {
      // A malformed or orphaned job has nothing to send: it ends, rather than retrying for a day.
      if (!isPayload(payload)) return;
      const contact = await contactOf(deps.db, payload.claimKind, payload.claimId);
      if (!contact) return;
      const common = {
        reference: contact.reference,
        firstName: contact.firstName,
        company: deps.company,
        // Issue 28: every message after "received" links straight to the claim's status page.
        statusUrl:
          payload.event || payload.historyId !== null
            ? `${statusUrl}?reference=${encodeURIComponent(contact.reference)}`
            : statusUrl,
      };
      // D30: the status page of this claim, whose code sign-in leads to "Add the details HMRC needs".
      const detailsUrl = contact.needsDetails
        ? `${statusUrl}?reference=${encodeURIComponent(contact.reference)}`
        : undefined;
      const event = await eventOf(deps.db, payload, detailsUrl, {
        payTo: deps.invoicePayTo,
        today: ukIsoDate(deps.now?.() ?? new Date()),
      });
      if (event === null) return;
      const message = claimMessage({ ...common, ...event });
      // Another instance took this job over (this one stalled past its lease): it sends instead.
      if (job.signal.aborted) return;
      // The template is the event's name, except a correction's, a message's and the status moves'.
      const template =
        payload.editId !== undefined
          ? 'claim-details-corrected'
          : payload.event === 'new-message'
            ? 'claim-message'
            : (payload.event ?? (payload.historyId === null ? 'claim-received' : 'claim-status-changed'));
      const claim = { kind: payload.claimKind, id: payload.claimId };
      if (payload.channel === 'sms') {
        const to = contact.phone ? normaliseUkPhone(contact.phone) : null;
        if (to === null) return;
        const sent = await deps.sms.send({ to, template, body: message.sms, claim });
        if (!sent.ok) throw new NotSent('sms');
      } else {
        if (!contact.email) return;
        const sent = await deps.email.send({ to: contact.email, template, ...message.email, claim });
        if (!sent.ok) throw new NotSent('email');
      }
    },
    // Backoff doubles to an hour between tries: 20 tries ride out an outage of about ten hours;
    // after that the job is listed for admins, who can send it again.
    { maxAttempts: 20 },
  );
}

/** The case a claim works with (migration 034): its own id when it leads one. */
async function caseIdOfClaim(db: Kysely<Database>, kind: ClaimKind, id: string): Promise<string> {
  const row =
    kind === 'general'
      ? await db.selectFrom('form_responses').select('case_id').where('id', '=', id).executeTakeFirst()
      : await db.selectFrom('onboarding_claims').select('case_id').where('id', '=', id).executeTakeFirst();
  return row?.case_id ?? id;
}

/** D29, D41: the nomination's messages; the account only masked, never in full. */
async function nominationEventOf(
  db: Kysely<Database>,
  input: { event: NominationEvent; claimKind: ClaimKind; claimId: string; payoutId: string | undefined },
): Promise<ClaimEvent | null> {
  if (input.event === 'nomination-signed') return { event: 'nomination-signed' };
  const caseId = await caseIdOfClaim(db, input.claimKind, input.claimId);
  const bank = await db
    .selectFrom('client_bank_details')
    .select(['sort_code_masked', 'account_number_masked'])
    .where('case_id', '=', caseId)
    .orderBy('version', 'desc')
    .executeTakeFirst();
  if (!bank) return null;
  const account = `${bank.sort_code_masked} ${bank.account_number_masked}`;
  if (input.event === 'bank-details-changed') return { event: 'bank-details-changed', account };
  const payout = await db
    .selectFrom('payouts')
    .select(['amount_pence', 'made_on', 'state'])
    .where('id', '=', input.payoutId ?? '')
    .executeTakeFirst();
  if (!payout || payout.state !== 'made' || !payout.made_on) return null;
  return {
    event: 'payout-made',
    amount: formatPence(Number(payout.amount_pence)),
    madeOn: formatIsoDate(payout.made_on),
    account,
  };
}

interface InvoiceNoticeSettings {
  payTo: string;
  /** The UK day the job runs: whether the invoice is still owed. */
  today: string;
}

/** D41: the invoice's email, or null for a reminder of an invoice nothing is owed on any more. */
async function invoiceEventOf(
  db: Kysely<Database>,
  input: { event: InvoiceEvent; invoiceId: string },
  settings: InvoiceNoticeSettings,
): Promise<ClaimEvent | null> {
  const row = await db
    .selectFrom('invoices')
    .selectAll()
    .where('id', '=', input.invoiceId)
    .executeTakeFirst();
  if (!row) return null;
  const view = invoiceViewOf(invoiceRecordOf(row), settings.today, settings.payTo);
  if (view.howToPay === null) return null;
  if (input.event === 'invoice-reminder' && view.state !== 'overdue') return null;
  return {
    event: input.event,
    number: view.number,
    amount: formatPence(view.owedPence),
    howToPay: view.howToPay,
  };
}
