import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeDrafts } from '../src/jobs/purge-drafts.ts';
import { PNG_BASE64, createTestApp, newSessionId } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
const NOW = new Date('2026-03-01T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

beforeAll(async () => {
  t = await createTestApp({ env: { DRAFT_RETENTION_DAYS: '90' } });
});
afterAll(async () => {
  await t.close();
});

async function insertClaim(status: 'draft' | 'submitted', lastActivityDaysAgo: number) {
  const sessionId = newSessionId();
  const at = daysAgo(lastActivityDaysAgo);
  await t.app.db
    .insertInto('onboarding_claims')
    .values({
      id: randomUUID(),
      session_id: sessionId,
      status,
      last_activity_at: at,
      created_at: at,
      updated_at: at,
      first_name: 'Test',
    })
    .execute();
  const file = await t.app.files.saveFile({
    sessionId,
    claimKind: 'onboarding',
    kind: 'evidence',
    taxYear: '2024/25',
    bytes: Buffer.from(`evidence for ${sessionId}`),
    filename: 'payslip.pdf',
    contentType: 'application/pdf',
  });
  await t.app.db
    .insertInto('resume_codes')
    .values({
      id: randomUUID(),
      code_hash: randomUUID(),
      session_id: sessionId,
      phone_hash: 'x',
      created_at: at,
      expires_at: at,
      used_at: null,
    })
    .execute();
  return { sessionId, fileId: file.id };
}

async function fileBytesExist(sessionId: string, fileId: string): Promise<boolean> {
  return (
    (await t.app.files.openFile(fileId, sessionId).then((o) => (o?.stream.destroy(), o !== null))) === true
  );
}

describe('purgeDrafts', () => {
  it('deletes old drafts with their files and codes, keeping recent drafts and submitted claims', async () => {
    const old = await insertClaim('draft', 91);
    const recent = await insertClaim('draft', 10);
    const oldSubmitted = await insertClaim('submitted', 400);
    // A general claim's signature under the old draft's session id is not the wizard's to delete.
    const generalFile = await t.app.files.saveFile({
      sessionId: old.sessionId,
      claimKind: 'general',
      kind: 'signature',
      bytes: Buffer.from(PNG_BASE64, 'base64'),
      filename: 'signature.png',
      contentType: 'image/png',
    });
    const oldKey = (
      await t.app.db
        .selectFrom('stored_files')
        .select('storage_key')
        .where('id', '=', old.fileId)
        .executeTakeFirstOrThrow()
    ).storage_key;

    const purged = await purgeDrafts({ db: t.app.db, store: t.app.fileStore, retentionDays: 90, now: NOW });
    expect(purged).toBe(1);

    const remaining = await t.app.db.selectFrom('onboarding_claims').select('session_id').execute();
    const sessions = remaining.map((r) => r.session_id);
    expect(sessions).not.toContain(old.sessionId);
    expect(sessions).toContain(recent.sessionId);
    expect(sessions).toContain(oldSubmitted.sessionId);

    expect(await t.app.files.findFile(old.fileId, old.sessionId)).toBeNull();
    expect(await t.app.fileStore.get(oldKey)).toBeNull();
    expect(await fileBytesExist(old.sessionId, generalFile.id)).toBe(true);
    expect(await fileBytesExist(recent.sessionId, recent.fileId)).toBe(true);
    expect(await fileBytesExist(oldSubmitted.sessionId, oldSubmitted.fileId)).toBe(true);

    const codes = await t.app.db.selectFrom('resume_codes').select('session_id').execute();
    expect(codes.map((c) => c.session_id)).not.toContain(old.sessionId);
    expect(codes.map((c) => c.session_id)).toContain(recent.sessionId);

    // Running again finds nothing more.
    expect(await purgeDrafts({ db: t.app.db, store: t.app.fileStore, retentionDays: 90, now: NOW })).toBe(0);
  });
});
