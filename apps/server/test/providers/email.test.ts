// Issue 15, D24: email through nodemailer over SMTP_URL, or the offline outbox by default.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from '../../src/db/connect.ts';
import type { Database } from '../../src/db/database.ts';
import { createProviders } from '../../src/providers/index.ts';
import { loadProviderConfig } from '../../src/providers/config.ts';
import { redactEmail, type EmailMessage } from '../../src/providers/email/types.ts';
import { recordingLogger, type LogCall } from './recording-logger.ts';
import { startSmtpStub, type SmtpStub } from './smtp-stub.ts';

const MESSAGE: EmailMessage = {
  to: 'ann.claimant@example.com',
  template: 'claim-received',
  subject: 'We have your claim TB123456ABCDEFGH',
  text: 'Dear Ann,\n\nWe have your claim.',
  html: '<p>Dear Ann,</p><p>We have your claim.</p>',
};

let db: Kysely<Database>;
let smtp: SmtpStub;
let calls: LogCall[];

beforeAll(async () => {
  db = createDatabase(':memory:').db;
  await migrateToLatest(db);
  smtp = await startSmtpStub();
});
afterAll(async () => {
  await smtp.close();
  await db.destroy();
});
beforeEach(async () => {
  calls = [];
  smtp.received.length = 0;
  smtp.failing = false;
  await db.deleteFrom('email_outbox').execute();
});

const row = (id: string) =>
  db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

function emailProvider(env: Record<string, string>) {
  return createProviders(loadProviderConfig(env), { db, log: recordingLogger(calls) }).email;
}

describe('email configuration', () => {
  it('is offline with no SMTP_URL, and needs EMAIL_FROM with one', () => {
    expect(loadProviderConfig({}).email).toEqual({ provider: 'offline' });
    expect(() => loadProviderConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(
      'EMAIL_FROM: required when SMTP_URL is set',
    );
    expect(() => loadProviderConfig({ SMTP_URL: 'http://mail.example', EMAIL_FROM: 'a@b.c' })).toThrow(
      'SMTP_URL',
    );
    expect(
      loadProviderConfig({ SMTP_URL: 'smtps://u:p@mail.example', EMAIL_FROM: 'Claims <c@example.com>' })
        .email,
    ).toEqual({
      provider: 'smtp',
      url: 'smtps://u:p@mail.example',
      from: 'Claims <c@example.com>',
    });
  });
});

describe('offline email provider', () => {
  it('records the message in email_outbox as sent and logs a redacted line without the body', async () => {
    const email = emailProvider({});
    expect(email.name).toBe('offline');
    const result = await email.send(MESSAGE);
    expect(result.ok).toBe(true);
    expect(await row(result.id)).toMatchObject({
      to_email: MESSAGE.to,
      template: 'claim-received',
      subject: MESSAGE.subject,
      body_text: MESSAGE.text,
      body_html: MESSAGE.html,
      provider: 'offline',
      status: 'sent',
      error: null,
    });
    const logged = JSON.stringify(calls);
    expect(logged).toContain(redactEmail(MESSAGE.to));
    expect(logged).not.toContain(MESSAGE.to);
    expect(logged).not.toContain('We have your claim.');
  });
});

describe('SMTP email provider', () => {
  it('sends text and HTML from EMAIL_FROM to the claimant, and records it as sent', async () => {
    const email = emailProvider({
      SMTP_URL: smtp.url,
      EMAIL_FROM: 'TaxBack Claims <claims@taxback.example>',
    });
    expect(email.name).toBe('smtp');
    const result = await email.send(MESSAGE);
    email.close();
    expect(result.ok).toBe(true);
    expect(smtp.received).toHaveLength(1);
    const got = smtp.received[0]!;
    expect(got.from).toBe('claims@taxback.example');
    expect(got.to).toEqual([MESSAGE.to]);
    expect(got.subject).toBe(MESSAGE.subject);
    expect(got.raw).toContain('Content-Type: text/plain');
    expect(got.raw).toContain('Content-Type: text/html');
    const stored = await row(result.id);
    expect(stored).toMatchObject({ provider: 'smtp', status: 'sent', error: null });
    expect(stored.provider_message_id).toMatch(/@/);
  });

  it('a refused message is marked failed with the SMTP code only, and logged without the address', async () => {
    smtp.failing = true;
    const email = emailProvider({ SMTP_URL: smtp.url, EMAIL_FROM: 'claims@taxback.example' });
    const result = await email.send(MESSAGE);
    email.close();
    expect(result.ok).toBe(false);
    expect(smtp.received).toHaveLength(0);
    const stored = await row(result.id);
    expect(stored.status).toBe('failed');
    expect(stored.error).toBe('EENVELOPE SMTP 421');
    expect(JSON.stringify(calls)).not.toContain(MESSAGE.to);
  });

  it('an SMTP server that is not there is a failure, not a crash', async () => {
    const email = emailProvider({
      SMTP_URL: 'smtp://127.0.0.1:9',
      EMAIL_FROM: 'claims@taxback.example',
      PROVIDER_TIMEOUT_MS: '500',
    });
    const result = await email.send(MESSAGE);
    email.close();
    expect(result.ok).toBe(false);
    expect((await row(result.id)).error).toBe('ESOCKET');
  });
});
