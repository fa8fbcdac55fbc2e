// Outgoing text messages (resume codes, D8). Every send is recorded in sms_outbox with its status.

export type SmsMessage = {
  /** E.164 or any UK format the claimant typed; adapters send it as given. */
  to: string;
  /** Which message this is ('resume-code', …): recorded, so the outbox is readable without the body. */
  template: string;
  body: string;
};

export type SmsSendResult = {
  ok: boolean;
  /** The sms_outbox row id. */
  id: string;
};

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
