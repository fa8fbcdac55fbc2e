// Outgoing text messages (resume codes, D8). Every send is recorded in sms_outbox with its status.
import type { MessageClaim, OutboxSendResult } from '../outbox-row.ts';

export type SmsMessage = {
  /** E.164 or any UK format the claimant typed; adapters send it as given. */
  to: string;
  /** Which message this is ('resume-code', …): recorded, so the outbox is readable without the body. */
  template: string;
  body: string;
  /**
   * A one-time secret inside the body (a resume code). A real provider masks it in the stored
   * body once the vendor has the message (issue 17); the offline provider keeps it, since its
   * outbox stands in for the phone.
   */
  secret?: string;
  /** The claim it is about, recorded with it. */
  claim?: MessageClaim;
};

export const MASKED_SECRET = '[code removed after sending]';

/** The body with every occurrence of `secret` masked. */
export function maskSecret(body: string, secret: string | undefined): string {
  return secret ? body.split(secret).join(MASKED_SECRET) : body;
}

export type SmsSendResult = OutboxSendResult;

export type SmsProviderName = 'offline' | 'twilio';

export interface SmsProvider {
  readonly name: SmsProviderName;
  /** Never throws for a vendor failure: the row is marked 'failed' and `ok` is false. */
  send(message: SmsMessage): Promise<SmsSendResult>;
}

/** '*******123': enough to tell messages apart in a log, not enough to identify anyone. */
export function redactPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length <= 3 ? '***' : `${'*'.repeat(digits.length - 3)}${digits.slice(-3)}`;
}
