import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanFileName as cleanFilename } from '@taxback/domain';
import { createTestApp, listStoredObjects, newSessionId } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('files service', () => {
  it('stores the same bytes once per session, kind and tax year', async () => {
    const sessionId = newSessionId();
    const input = {
      sessionId,
      claimKind: 'onboarding' as const,
      kind: 'evidence' as const,
      taxYear: '2024/25',
      bytes: Buffer.from('%PDF-1.4 evidence'),
      filename: 'march.pdf',
      contentType: 'application/pdf',
    };
    const first = await t.app.files.saveFile(input);
    const again = await t.app.files.saveFile({ ...input, filename: 'retry.pdf' });
    const otherYear = await t.app.files.saveFile({ ...input, taxYear: '2023/24' });
    expect(again.id).toBe(first.id);
    expect(otherYear.id).not.toBe(first.id);
    expect(first).toMatchObject({
      url: `/api/files/${first.id}`,
      size: input.bytes.length,
      taxYear: '2024/25',
    });
    expect(await t.app.files.listFiles(sessionId, { kind: 'evidence' })).toHaveLength(2);

    const read = await t.app.files.readFile(first.id, sessionId);
    expect(read?.bytes.toString()).toBe('%PDF-1.4 evidence');
    expect(await t.app.files.readFile(first.id, newSessionId())).toBeNull();
  });

  it('deletes only the owner’s file, bytes included', async () => {
    const sessionId = newSessionId();
    const file = await t.app.files.saveFile({
      sessionId,
      claimKind: 'onboarding',
      kind: 'p60',
      bytes: Buffer.from('%PDF-1.4 p60'),
      filename: 'p60.pdf',
      contentType: 'application/pdf',
    });
    expect(await t.app.files.deleteFile(file.id, newSessionId())).toBe(false);
    expect(await t.app.files.deleteFile(file.id, sessionId)).toBe(true);
    expect(await t.app.files.findFile(file.id, sessionId)).toBeNull();
    expect(await t.app.files.deleteFile(file.id, sessionId)).toBe(false);
  });

  it('leaves no record or bytes when the surrounding transaction fails', async () => {
    const sessionId = newSessionId();
    const objectsBefore = await listStoredObjects(t);
    await expect(
      t.app.files.saveFileWith(
        {
          sessionId,
          claimKind: 'onboarding',
          kind: 'signature',
          bytes: Buffer.from('png-ish'),
          filename: 'signature.png',
          contentType: 'image/png',
        },
        async () => {
          throw new Error('insert failed');
        },
      ),
    ).rejects.toThrow('insert failed');
    expect(await t.app.files.listFiles(sessionId)).toEqual([]);
    expect(await listStoredObjects(t)).toEqual(objectsBefore);
  });

  // Issue 32.1: two deferred records that render the same document used to collide on the
  // stored_files unique key; the render job then retried for ever and the download answered 500.
  it('reuses the stored file when a deferred document renders to bytes already stored', async () => {
    t.app.files.addRenderer('same-every-time', async () => Buffer.from('%PDF-1.4 the same document'));
    const sessionId = newSessionId();
    const deferred = {
      sessionId,
      claimKind: 'onboarding' as const,
      kind: 'authority' as const,
      bytes: { render: 'same-every-time', input: {} },
      filename: 'signed-authority.pdf',
      contentType: 'application/pdf',
    };
    const first = await t.app.files.saveFile(deferred);
    const second = await t.app.files.saveFile(deferred);
    expect(second.id).not.toBe(first.id);
    const objectsBefore = await listStoredObjects(t);

    await t.app.jobs.drain();
    const failed = await t.app.jobs.failed();
    expect(failed.filter((j) => j.payload.includes(first.id) || j.payload.includes(second.id))).toEqual([]);
    const rows = await t.app.files.listFiles(sessionId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ size: 26, filename: 'signed-authority.pdf' });
    // One copy of the bytes is stored: the twin's are not left behind.
    expect(await listStoredObjects(t)).toHaveLength(objectsBefore.length + 1);
    const read = await t.app.files.readFile(rows[0]?.id ?? '', sessionId);
    expect(read?.bytes.toString()).toBe('%PDF-1.4 the same document');
  });

  it('answers the stored twin to the first opening of a deferred duplicate', async () => {
    t.app.files.addRenderer('same-again', async () => Buffer.from('%PDF-1.4 opened twice'));
    const sessionId = newSessionId();
    const deferred = {
      sessionId,
      claimKind: 'onboarding' as const,
      kind: 'authority' as const,
      bytes: { render: 'same-again', input: {} },
      filename: 'signed-authority.pdf',
      contentType: 'application/pdf',
    };
    const first = await t.app.files.saveFile(deferred);
    const second = await t.app.files.saveFile(deferred);
    expect((await t.app.files.readFile(first.id, sessionId))?.bytes.toString()).toBe('%PDF-1.4 opened twice');
    expect((await t.app.files.readFile(second.id, sessionId))?.bytes.toString()).toBe(
      '%PDF-1.4 opened twice',
    );
    expect(await t.app.files.listFiles(sessionId)).toHaveLength(1);
  });

  it('keeps only a safe display name', () => {
    expect(cleanFilename('../../etc/passwd')).toBe('passwd');
    expect(cleanFilename('C:\\Users\\me\\pay "slip".pdf')).toBe('pay slip.pdf');
    expect(cleanFilename('..')).toBe('file');
    expect(cleanFilename(`${'a'.repeat(300)}.pdf`)).toMatch(/^a{146}\.pdf$/);
  });
});
