import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from '../../src/db/connect.ts';
import type { Database } from '../../src/db/database.ts';
import { createProviders } from '../../src/providers/index.ts';
import { loadProviderConfig } from '../../src/providers/config.ts';
import { MASKED_SECRET, redactPhone } from '../../src/providers/sms/types.ts';
import { recordingLogger, type LogCall } from './recording-logger.ts';
import { startStub, type Stub } from './stub-server.ts';
import { TWILIO_BAD_CREDENTIALS, TWILIO_CREATED } from './vendor-fixtures.ts';

const PHONE = '+447700900123';
const BODY = 'Your TaxBack resume code is K7QX. It expires in 7 days.';

let db: Kysely<Database>;
let stub: Stub;
let calls: LogCall[];

beforeAll(async () => {
  // The real schema, so the outbox these tests write to is the one the app migrates.
  db = createDatabase(':memory:').db;
  await migrateToLatest(db);
  stub = await startStub();
});

afterAll(async () => {
  await stub.close();
  await db.destroy();
});

beforeEach(async () => {
  calls = [];
  await db.deleteFrom('sms_outbox').execute();
});

const row = (id: string) =>
  db.selectFrom('sms_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('offline SMS provider', () => {
  it('records the message in sms_outbox as sent and logs a redacted line without the body', async () => {
    const { sms } = createProviders(loadProviderConfig({}), { db, log: recordingLogger(calls) });
    // The offline outbox stands in for the phone: it keeps the code.
    const result = await sms.send({ to: PHONE, template: 'resume-code', body: BODY, secret: 'K7QX' });

    expect(result.ok).toBe(true);
    const saved = await row(result.id);
    expect(saved).toMatchObject({
      to_phone: PHONE,
      template: 'resume-code',
      body: BODY,
      provider: 'offline',
      status: 'sent',
      provider_message_id: null,
      error: null,
    });
    expect(saved.sent_at).not.toBeNull();
    expect(new Date(saved.created_at).toISOString()).toBe(saved.created_at);

    const logged = JSON.stringify(calls);
    expect(logged).toContain('*********123');
    expect(logged).toMatch(/SMS recorded in the outbox/);
    expect(logged).not.toContain('K7QX');
    expect(logged).not.toContain('resume code is');
    expect(logged).not.toContain('7700900123');
  });
});

describe('Twilio SMS provider', () => {
  const twilio = (timeoutMs = '1000') =>
    createProviders(
      loadProviderConfig({
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
        TWILIO_AUTH_TOKEN: 'secret-token',
        TWILIO_FROM: '+447700900000',
        TWILIO_BASE_URL: stub.url,
        PROVIDER_TIMEOUT_MS: timeoutMs,
      }),
      { db, log: recordingLogger(calls) },
    ).sms;

  it('posts To/From/Body with basic auth and records the message sid', async () => {
    stub.answer({ status: 201, body: TWILIO_CREATED });
    const result = await twilio().send({ to: PHONE, template: 'resume-code', body: BODY, secret: 'K7QX' });

    expect(result.ok).toBe(true);
    const saved = await row(result.id);
    expect(saved).toMatchObject({
      provider: 'twilio',
      status: 'sent',
      provider_message_id: TWILIO_CREATED.sid,
      error: null,
    });
    // Issue 17: once the vendor has the message, the stored body no longer holds the code.
    expect(saved.body).not.toContain('K7QX');
    expect(saved.body).toBe(BODY.split('K7QX').join(MASKED_SECRET));
    const request = stub.requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/2010-04-01/Accounts/AC00000000000000000000000000000000/Messages.json');
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from('AC00000000000000000000000000000000:secret-token').toString('base64')}`,
    );
    const form = new URLSearchParams(request?.body ?? '');
    expect(Object.fromEntries(form)).toEqual({ To: PHONE, From: '+447700900000', Body: BODY });
    expect(JSON.stringify(calls)).not.toContain('K7QX');
  });

  it.each([
    ['bad credentials (401)', { status: 401, body: TWILIO_BAD_CREDENTIALS }, 'HTTP 401 code 20003'],
    [
      'a server error (500)',
      { status: 500, body: { code: 20500, message: 'Internal Server Error', status: 500 } },
      'HTTP 500 code 20500',
    ],
    ['a malformed success body', { status: 201, body: 'not json' }, 'HTTP 201: no message sid in the answer'],
    [
      'an answer slower than the timeout',
      { status: 201, body: TWILIO_CREATED, delayMs: 2500 },
      'timeout after 1000 ms',
    ],
  ] as const)('marks the row failed on %s, without throwing', async (_name, answer, error) => {
    stub.answer(answer);
    const result = await twilio().send({ to: PHONE, template: 'resume-code', body: BODY, secret: 'K7QX' });
    expect(result.ok).toBe(false);
    const saved = await row(result.id);
    expect(saved).toMatchObject({
      provider: 'twilio',
      status: 'failed',
      error,
      sent_at: null,
    });
    expect(saved.body).not.toContain('K7QX');
    const logged = JSON.stringify(calls);
    expect(logged).toContain('SMS send failed');
    expect(logged).not.toContain('K7QX');
    expect(logged).not.toContain('7700900123');
  });
});

describe('redactPhone', () => {
  it.each([
    ['+447700900123', '*********123'],
    ['07700 900123', '********123'],
    ['12', '***'],
  ])('%s → %s', (phone, expected) => {
    expect(redactPhone(phone)).toBe(expected);
  });
});
