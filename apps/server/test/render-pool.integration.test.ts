import { afterAll, describe, expect, it } from 'vitest';
import { authorityInputOfGeneralClaim, buildAuthorityDocument } from '@taxback/domain';
import { createAuthorityRenderer } from '../src/modules/authority/render-pool.ts';
import type { AuthorityRenderTask } from '../src/modules/authority/render-worker.ts';
import { authorityTermsOf } from '../src/modules/authority/terms.ts';
import { loadConfig } from '../src/config.ts';
import { PNG_BASE64 } from './helpers.ts';
import { pdfText } from './pdf-text.ts';

// Decision 029: signed authorities render on a worker thread, byte for byte as on the main thread.

const signedAt = new Date('2026-11-25T10:00:00.000Z');
const task: AuthorityRenderTask = {
  document: buildAuthorityDocument(
    authorityInputOfGeneralClaim(
      {
        firstName: 'Jane',
        lastName: 'Doe',
        email: 'jane.doe@example.com',
        phone: '07700 900123',
        selectedExpenses: ['travel', 'uniform'],
      },
      authorityTermsOf(loadConfig({ NODE_ENV: 'test' })),
      signedAt.toISOString(),
    ),
  ),
  evidence: {
    signaturePng: Buffer.from(PNG_BASE64, 'base64'),
    signedAt,
    ip: '203.0.113.7',
    userAgent: 'vitest',
  },
  companyName: 'TaxBack Test Ltd',
};

describe('the authority render pool (decision 029)', () => {
  const pooled = createAuthorityRenderer(1);
  const inThread = createAuthorityRenderer(0);
  afterAll(async () => {
    await pooled.close();
    await inThread.close();
  });

  it('renders on a worker thread, and RENDER_THREADS=0 on the main thread', async () => {
    expect(await pooled.threadId()).toBeGreaterThan(0);
    expect(await inThread.threadId()).toBe(0);
  });

  it('renders the same bytes on the worker as on the main thread', async () => {
    const [fromWorker, fromMain] = await Promise.all([pooled.render(task), inThread.render(task)]);
    expect(Buffer.from(fromWorker).equals(Buffer.from(fromMain))).toBe(true);
    const text = pdfText(fromWorker);
    expect(text).toContain('Jane Doe');
    expect(text).toContain('203.0.113.7');
  });

  it("passes a render's failure back to the caller, and goes on rendering", async () => {
    const broken = { ...task, document: { ...task.document, title: undefined as unknown as string } };
    await expect(pooled.render(broken)).rejects.toThrow(/title/);
    expect((await pooled.render(task)).byteLength).toBeGreaterThan(1000);
  });

  it('closes, and starts again on the next render', async () => {
    const renderer = createAuthorityRenderer(1);
    await renderer.render(task);
    await renderer.close();
    expect((await renderer.render(task)).byteLength).toBeGreaterThan(1000);
    await renderer.close();
  });
});
