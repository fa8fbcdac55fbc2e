import type { FastifyBaseLogger } from 'fastify';
import type { EmailOutbox } from './outbox.ts';
import { redactEmail, type EmailMessage, type EmailProvider, type EmailSendResult } from './types.ts';

/**
 * No SMTP server: the message goes to email_outbox only (status 'sent', provider 'offline'), where
 * a developer or test can read it. The log names the template and a redacted address, never the body.
 */
export function createOfflineEmailProvider(deps: {
  outbox: EmailOutbox;
  log: FastifyBaseLogger;
}): EmailProvider {
  return {
    name: 'offline',
    async send(message: EmailMessage): Promise<EmailSendResult> {
      const id = await deps.outbox.insertQueued(message, 'offline');
      await deps.outbox.markSent(id, null);
      deps.log.info(
        { emailId: id, to: redactEmail(message.to), template: message.template },
        'email recorded in the outbox (offline provider, not sent)',
      );
      return { ok: true, id };
    },
    close() {},
  };
}
