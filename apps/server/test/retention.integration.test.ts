import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { deleteInBatches } from '../src/db/batches.ts';
import { createJobStore } from '../src/jobs/job-store.ts';
import { purgeAll } from '../src/jobs/purge-drafts.ts';
import { DEFAULT_RETENTION, purgeExpiredRecords } from '../src/jobs/retention.ts';
import { submitGeneralClaim } from './admin-helpers.ts';
import { createTestApp, newSessionId } from './helpers.ts';
import type { TestApp } from './helpers.ts';

// Issue 45 (D16): what the hourly purge deletes, and when; a batch at a time. Each table gets rows
// just past their age and just inside it, so a rule that deletes too much or too little fails.

let t: TestApp;
const NOW = new Date('2026-11-29T12:00:00.000Z');
const DAY = 86_400_000;
const ago = (days: number, minutes = 0) =>
  new Date(NOW.getTime() - days * DAY - minutes * 60_000).toISOString();
const SETTINGS = { outboxDays: 30, claimNoticeDays: 730, finishedJobDays: 7, attemptDays: 30 };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const delivery = (createdAt: string, status: string) => ({
  provider: 'offline',
  status,
  provider_message_id: null,
  error: null,
  created_at: createdAt,
  sent_at: status === 'sent' ? createdAt : null,
});

async function text(tag: string, createdAt: string, status = 'sent', claimId: string | null = null) {
  await t.app.db
    .insertInto('sms_outbox')
    .values({
      id: `${tag}-${randomUUID()}`,
      to_phone: '+447700900123',
      template: tag,
      body: 'Your code is 123456',
      claim_kind: claimId ? 'general' : null,
      claim_id: claimId,
      ...delivery(createdAt, status),
    })
    .execute();
}

async function email(tag: string, createdAt: string, status = 'sent', claimId: string | null = null) {
  await t.app.db
    .insertInto('email_outbox')
    .values({
      id: `${tag}-${randomUUID()}`,
      to_email: 'someone@example.com',
      template: tag,
      subject: 'About your claim',
      body_text: 'text',
      body_html: '<p>text</p>',
      claim_kind: claimId ? 'general' : null,
      claim_id: claimId,
      ...delivery(createdAt, status),
    })
    .execute();
}

const templates = async (table: 'sms_outbox' | 'email_outbox') =>
  (await t.app.db.selectFrom(table).select('template').execute()).map((r) => r.template).sort();

describe('purgeExpiredRecords', () => {
  it('deletes delivered or failed messages past their age, keeps newer and queued ones, a batch at a time', async () => {
    const claimId = randomUUID();
    for (const send of [text, email]) {
      await send('code-old', ago(30, 1));
      await send('code-old-failed', ago(31), 'failed');
      await send('code-new', ago(29, 59 * 24));
      await send('code-queued', ago(400), 'queued');
      await send('notice-old', ago(730, 1), 'sent', claimId);
      await send('notice-new', ago(729), 'sent', claimId);
      await send('notice-queued', ago(900), 'queued', claimId);
    }
    // Five more old codes than one batch of two holds: the loop must go round.
    for (let i = 0; i < 5; i++) await text(`code-old-${i}`, ago(60));

    const result = await purgeExpiredRecords({ db: t.app.db, settings: SETTINGS, now: NOW, batchSize: 2 });
    expect(result).toMatchObject({ texts: 7, emails: 2, claimTexts: 1, claimEmails: 1 });
    const kept = ['code-new', 'code-queued', 'notice-new', 'notice-queued'];
    expect(await templates('sms_outbox')).toEqual(kept);
    expect(await templates('email_outbox')).toEqual(kept);

    // Nothing more is due: a second purge deletes nothing.
    const again = await purgeExpiredRecords({ db: t.app.db, settings: SETTINGS, now: NOW, batchSize: 2 });
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
  });

  it('deletes sessions and codes a day after they expired, and sign-in attempts past their age', async () => {
    const sessionId = newSessionId();
    const session = (id: string, expiresAt: string) => ({
      id,
      operator_id: randomUUID(),
      csrf_token: 'x',
      stage: 'active',
      pending_totp_secret: null,
      created_at: ago(3),
      last_seen_at: ago(2),
      expires_at: expiresAt,
    });
    await t.app.db
      .insertInto('operator_sessions')
      .values([
        session('session-gone', ago(1, 1)),
        session('session-expired-today', ago(0, 60)),
        session('session-live', ago(-1)),
      ])
      .execute();
    const code = (id: string, expiresAt: string) => ({
      id,
      code_hash: randomUUID(),
      phone_hash: 'p',
      created_at: ago(2),
      expires_at: expiresAt,
      used_at: null,
    });
    await t.app.db
      .insertInto('resume_codes')
      .values([
        { ...code('resume-gone', ago(1, 1)), session_id: sessionId },
        { ...code('resume-kept', ago(0, 10)), session_id: sessionId },
      ])
      .execute();
    await t.app.db
      .insertInto('status_codes')
      .values([
        { ...code('status-gone', ago(2)), claim_kind: 'general', claim_id: randomUUID() },
        { ...code('status-kept', ago(-0.01)), claim_kind: 'general', claim_id: randomUUID() },
      ])
      .execute();
    const attempt = (id: string, createdAt: string) => ({
      id,
      ip_hash: 'ip',
      succeeded: 0 as const,
      throttled: 0 as const,
      created_at: createdAt,
    });
    await t.app.db
      .insertInto('resume_attempts')
      .values([attempt('resume-attempt-gone', ago(30, 1)), attempt('resume-attempt-kept', ago(29))])
      .execute();
    await t.app.db
      .insertInto('status_attempts')
      .values([attempt('status-attempt-gone', ago(45)), attempt('status-attempt-kept', ago(1))])
      .execute();

    const result = await purgeExpiredRecords({ db: t.app.db, settings: SETTINGS, now: NOW });
    expect(result).toMatchObject({
      operatorSessions: 1,
      resumeCodes: 1,
      statusCodes: 1,
      resumeAttempts: 1,
      statusAttempts: 1,
    });
    const ids = async (table: 'operator_sessions' | 'resume_codes' | 'status_codes') =>
      (await t.app.db.selectFrom(table).select('id').execute()).map((r) => r.id).sort();
    expect(await ids('operator_sessions')).toEqual(['session-expired-today', 'session-live']);
    expect(await ids('resume_codes')).toEqual(['resume-kept']);
    expect(await ids('status_codes')).toEqual(['status-kept']);
    expect((await t.app.db.selectFrom('resume_attempts').select('id').execute()).map((r) => r.id)).toEqual([
      'resume-attempt-kept',
    ]);
    expect((await t.app.db.selectFrom('status_attempts').select('id').execute()).map((r) => r.id)).toEqual([
      'status-attempt-kept',
    ]);
  });

  it('deletes finished jobs past their age a batch at a time, and never a queued, running or failed one', async () => {
    const store = createJobStore({ db: t.app.db, dialect: t.app.dbDialect, clock: () => NOW });
    const job = (
      id: string,
      status: 'queued' | 'running' | 'done' | 'failed',
      finishedAt: string | null,
    ) => ({
      id,
      name: 'retention-test',
      payload: '{}',
      status,
      max_attempts: 3,
      run_at: ago(20),
      locked_until: null,
      last_error: null,
      created_at: ago(20),
      finished_at: finishedAt,
    });
    await t.app.db
      .insertInto('jobs')
      .values([
        ...Array.from({ length: 5 }, (_, i) => job(`done-old-${i}`, 'done', ago(7, 1))),
        job('done-new', 'done', ago(6)),
        job('failed-old', 'failed', ago(20)),
        job('queued-old', 'queued', null),
      ])
      .execute();
    expect(await store.purgeFinished(7, 2)).toBe(5);
    const left = await t.app.db
      .selectFrom('jobs')
      .select('id')
      .where('name', '=', 'retention-test')
      .orderBy('id')
      .execute();
    expect(left.map((r) => r.id)).toEqual(['done-new', 'failed-old', 'queued-old']);
  });
});

describe('purgeAll', () => {
  it('years later, never deletes a submitted claim, its files, its thread or its audit rows', async () => {
    const id = await submitGeneralClaim(t, { firstName: 'Keep', lastName: 'Forever' });
    const claim = await t.app.db
      .selectFrom('form_responses')
      .select(['session_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('audit_events')
      .values({
        id: randomUUID(),
        actor: 'system',
        action: 'claim-viewed',
        entity: 'claim',
        entity_id: id,
        detail: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    await t.app.db
      .insertInto('claim_messages')
      .values({
        id: randomUUID(),
        claim_kind: 'general',
        claim_id: id,
        author: 'claimant',
        operator_id: null,
        body: 'Thank you',
        request_id: null,
        file_ids: '[]',
        created_at: new Date().toISOString(),
        idempotency_key: null,
      })
      .execute();
    const count = async () => ({
      claims: (await t.app.db.selectFrom('form_responses').select('id').where('id', '=', id).execute())
        .length,
      files: (
        await t.app.db
          .selectFrom('stored_files')
          .select('id')
          .where('session_id', '=', claim.session_id)
          .execute()
      ).length,
      audit: (await t.app.db.selectFrom('audit_events').select('id').where('entity_id', '=', id).execute())
        .length,
      messages: (
        await t.app.db.selectFrom('claim_messages').select('id').where('claim_id', '=', id).execute()
      ).length,
    });
    const before = await count();
    expect(before.claims).toBe(1);
    expect(before.files).toBeGreaterThan(0);
    expect(before.audit).toBeGreaterThan(0);
    expect(before.messages).toBe(1);

    const fiveYearsOn = new Date(Date.now() + 5 * 365 * DAY);
    const store = createJobStore({ db: t.app.db, dialect: t.app.dbDialect, clock: () => fiveYearsOn });
    const result = await purgeAll(
      { db: t.app.db, store: t.app.fileStore, retentionDays: 90 },
      store,
      fiveYearsOn,
    );
    expect(result.drafts).toBe(0);
    expect(await count()).toEqual(before);
  });
});

describe('deleteInBatches', () => {
  it('stops at the first batch that is not full, and counts every row', async () => {
    const sizes = [3, 3, 3, 1];
    const calls: number[] = [];
    const total = await deleteInBatches(async (limit) => {
      calls.push(limit);
      return sizes.shift() ?? 0;
    }, 3);
    expect(total).toBe(10);
    expect(calls).toEqual([3, 3, 3, 3]);
  });
});

describe('the retention settings', () => {
  it('default to D16 with issue 45 ages, and are read from the environment', () => {
    expect(loadConfig({}).retention).toEqual(DEFAULT_RETENTION);
    expect(DEFAULT_RETENTION).toEqual({
      outboxDays: 30,
      claimNoticeDays: 730,
      finishedJobDays: 7,
      attemptDays: 30,
    });
    expect(
      loadConfig({
        OUTBOX_RETENTION_DAYS: '14',
        CLAIM_NOTICE_RETENTION_DAYS: '365',
        FINISHED_JOB_RETENTION_DAYS: '3',
        ATTEMPT_RETENTION_DAYS: '60',
      }).retention,
    ).toEqual({ outboxDays: 14, claimNoticeDays: 365, finishedJobDays: 3, attemptDays: 60 });
    expect(() => loadConfig({ OUTBOX_RETENTION_DAYS: '0' })).toThrow(/OUTBOX_RETENTION_DAYS/);
  });
});
