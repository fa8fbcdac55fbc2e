import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { EmailOutbox } from './outbox.ts';
import { redactEmail, type EmailMessage, type EmailProvider, type EmailSendResult } from './types.ts';

type Options = { url: string; from: string; timeoutMs: number };

/** A failure as stored and logged: nodemailer's code and the server's reply code, never text. */
function failureOf(error: unknown): string {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  const parts = [typeof code === 'string' ? code : 'error'];
  if (typeof responseCode === 'number') parts.push(`SMTP ${responseCode}`);
  return parts.join(' ');
}

/**
 * Email over SMTP with nodemailer (D24): `SMTP_URL` such as `smtps://user:pass@smtp.example.com`
 * or `smtp://127.0.0.1:2525`. One connection per message; every call bounded by PROVIDER_TIMEOUT_MS.
 */
export function createSmtpEmailProvider(
  options: Options,
  deps: { outbox: EmailOutbox; log: FastifyBaseLogger },
): EmailProvider {
  const transport = createTransport({
    url: options.url,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  });
  return {
    name: 'smtp',
    async send(message: EmailMessage): Promise<EmailSendResult> {
      const id = await deps.outbox.insertQueued(message, 'smtp');
      const logFields = { emailId: id, to: redactEmail(message.to), template: message.template };
      try {
        const info = await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        await deps.outbox.markSent(id, info.messageId || null);
        deps.log.info(logFields, 'email sent (smtp)');
        return { ok: true, id };
      } catch (error) {
        const failure = failureOf(error);
        await deps.outbox.markFailed(id, failure);
        deps.log.warn({ ...logFields, error: failure }, 'email send failed (smtp)');
        return { ok: false, id };
      }
    },
    close() {
      transport.close();
    },
  };
}
