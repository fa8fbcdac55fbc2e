import type { FastifyBaseLogger } from 'fastify';
import { asText, isRecord, requestJson } from '../http.ts';
import type { SmsOutbox } from './outbox.ts';
import { maskSecret, redactPhone, type SmsMessage, type SmsProvider, type SmsSendResult } from './types.ts';

type Options = { accountSid: string; authToken: string; from: string; baseUrl: string; timeoutMs: number };

/**
 * Twilio Programmable Messaging: `POST /2010-04-01/Accounts/{sid}/Messages.json`, HTTP basic auth
 * (account SID : auth token), form body `To`, `From`, `Body`. 201 `{ sid, status: 'queued', … }`;
 * errors `{ code, message, more_info, status }` (401 code 20003 bad credentials, 400 21211 bad
 * number, 429 20429, 5xx). The outbox keeps the vendor's code, never echoing the message body.
 */
export function createTwilioSmsProvider(
  options: Options,
  deps: { outbox: SmsOutbox; log: FastifyBaseLogger },
): SmsProvider {
  const url = `${options.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send(message: SmsMessage): Promise<SmsSendResult> {
      const id = await deps.outbox.insertQueued({ ...message, provider: 'twilio' });
      const outcome = await requestJson(
        url,
        {
          method: 'POST',
          headers: {
            Authorization: authorization,
            'Content-Type': 'application/x-www-form-urlencoded',
            Accept: 'application/json',
          },
          body: new URLSearchParams({ To: message.to, From: options.from, Body: message.body }).toString(),
        },
        options.timeoutMs,
      );

      let error: string | undefined;
      let providerMessageId: string | null = null;
      if (outcome.kind === 'timeout') {
        error = `timeout after ${options.timeoutMs} ms`;
      } else if (outcome.kind === 'network') {
        error = 'network error';
      } else if (outcome.status === 200 || outcome.status === 201) {
        providerMessageId = isRecord(outcome.body) ? asText(outcome.body.sid) || null : null;
        if (!providerMessageId) error = `HTTP ${outcome.status}: no message sid in the answer`;
      } else {
        const code = isRecord(outcome.body) ? asText(outcome.body.code) : '';
        error = `HTTP ${outcome.status}${code ? ` code ${code}` : ''}`;
      }

      const logFields = { smsId: id, to: redactPhone(message.to), template: message.template };
      // The vendor has the message (or it is lost): the stored copy no longer needs the code.
      const stored = message.secret ? maskSecret(message.body, message.secret) : undefined;
      if (error !== undefined) {
        await deps.outbox.markFailed(id, error, stored);
        deps.log.warn({ ...logFields, error }, 'SMS send failed (twilio)');
        return { ok: false, id };
      }
      await deps.outbox.markSent(id, providerMessageId, stored);
      deps.log.info(logFields, 'SMS sent (twilio)');
      return { ok: true, id };
    },
  };
}
