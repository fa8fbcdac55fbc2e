// Outgoing email (issue 15, D24). Every try is recorded in email_outbox with its status.
import type { MessageClaim, OutboxSendResult } from '../outbox-row.ts';

export type EmailMessage = {
  to: string;
  /** Which message this is ('claim-received', …): recorded, so the outbox is readable without the body. */
  template: string;
  subject: string;
  text: string;
  html: string;
  /** The claim it is about, recorded with it. */
  claim?: MessageClaim;
};

export type EmailSendResult = OutboxSendResult;

export type EmailProviderName = 'offline' | 'smtp';

export interface EmailProvider {
  readonly name: EmailProviderName;
  /** Never throws for a server failure: the row is marked 'failed' and `ok` is false. */
  send(message: EmailMessage): Promise<EmailSendResult>;
  /** Closes pooled connections (shutdown). */
  close(): void;
}

/** 'j***@example.com': enough to tell messages apart in a log, not enough to identify anyone. */
export function redactEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
}
