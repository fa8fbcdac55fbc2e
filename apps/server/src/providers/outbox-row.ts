// What the SMS and email outboxes share: a row is written as queued before the provider is called
// (so nothing is sent without a record, even if the process dies mid-call), then marked sent with
// the provider's id, or failed with a short error.

export type OutboxStatus = 'queued' | 'sent' | 'failed';

/** What a provider's send answers: never a throw for the vendor's failure, the row says why. */
export interface OutboxSendResult {
  ok: boolean;
  /** The outbox row's id. */
  id: string;
}

/** The claim a message is about (issue 28: the claim page lists every message sent for it). */
export interface MessageClaim {
  kind: 'general' | 'onboarding';
  id: string;
}

/** The columns of a new, queued outbox row. */
export function queuedRow(claim?: MessageClaim) {
  return {
    claim_kind: claim?.kind ?? null,
    claim_id: claim?.id ?? null,
    status: 'queued' satisfies OutboxStatus,
    provider_message_id: null,
    error: null,
    created_at: new Date().toISOString(),
    sent_at: null,
  };
}

/** The columns set when the provider accepted the message. */
export function sentColumns(providerMessageId: string | null) {
  return {
    status: 'sent' satisfies OutboxStatus,
    provider_message_id: providerMessageId,
    sent_at: new Date().toISOString(),
  };
}

/** The columns set when the provider refused it (the error kept short). */
export function failedColumns(error: string) {
  return { status: 'failed' satisfies OutboxStatus, error: error.slice(0, 500) };
}
