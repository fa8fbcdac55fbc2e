import type { FastifyBaseLogger } from 'fastify';
import type { SmsOutbox } from './outbox.ts';
import { redactPhone, type SmsMessage, type SmsProvider, type SmsSendResult } from './types.ts';

/**
 * No SMS vendor: the message goes to sms_outbox only (status 'sent', provider 'offline'), where a
 * developer or test can read it. The log line names the template and a redacted number, never the
 * body, because the body carries the resume code (D8, D16).
 */
export function createOfflineSmsProvider(deps: { outbox: SmsOutbox; log: FastifyBaseLogger }): SmsProvider {
  return {
    name: 'offline',
    async send(message: SmsMessage): Promise<SmsSendResult> {
      const id = await deps.outbox.insertQueued({ ...message, provider: 'offline' });
      await deps.outbox.markSent(id, null);
      deps.log.info(
        { smsId: id, to: redactPhone(message.to), template: message.template },
        'SMS recorded in the outbox (offline provider, not sent)',
      );
      return { ok: true, id };
    },
  };
}
