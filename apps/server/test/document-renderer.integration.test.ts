import { afterAll, describe, expect, it } from 'vitest';
import { createDocumentRenderer } from '../src/documents/render-pool.ts';
import type { AuthorityRenderTask } from '../src/documents/render-worker.ts';
import type { MileageLogInput } from '../src/documents/mileage-log.ts';
import { authorityTermsOf } from '../src/modules/authority/terms.ts';
import { loadConfig } from '../src/config.ts';
import { PNG_BASE64, generalClaimAuthority } from './helpers.ts';
import { pdfText } from './pdf-text.ts';

// Decision 029: documents render on a worker thread, byte for byte as on the main thread.

const signedAt = new Date('2026-11-25T10:00:00.000Z');
const task: AuthorityRenderTask = {
  document: generalClaimAuthority(authorityTermsOf(loadConfig({ NODE_ENV: 'test' })), signedAt.toISOString()),
  evidence: {
    signaturePng: Buffer.from(PNG_BASE64, 'base64'),
    signedAt,
    ip: '203.0.113.7',
    userAgent: 'vitest',
  },
  companyName: 'TaxBack Test Ltd',
};

describe('the document renderer (decision 029)', () => {
  const pooled = createDocumentRenderer(1);
  const inThread = createDocumentRenderer(0);
  afterAll(async () => {
    await pooled.close();
    await inThread.close();
  });

  it('renders on a worker thread, and RENDER_THREADS=0 on the main thread', async () => {
    expect(await pooled.threadId()).toBeGreaterThan(0);
    expect(await inThread.threadId()).toBe(0);
  });

  it('renders the same bytes on the worker as on the main thread', async () => {
    const [fromWorker, fromMain] = await Promise.all([pooled.authority(task), inThread.authority(task)]);
    expect(Buffer.from(fromWorker).equals(Buffer.from(fromMain))).toBe(true);
    const text = pdfText(fromWorker);
    expect(text).toContain('Jane Doe');
    expect(text).toContain('203.0.113.7');
  });

  it('generates the same mileage logs on the worker as on the main thread', async () => {
    const input: MileageLogInput = {
      claimant: { fullName: 'Jane Doe', postcode: 'WN2 1AR' },
      journeys: [
        {
          id: 'j1',
          startAddress: 'WN2 1AR',
          endAddress: 'M1 1AE',
          frequency: 'weekly',
          tripType: 'return',
          reason: 'site-visit',
          customReason: '',
          distance: 18.5,
        },
      ],
      years: ['2025/26'],
      vehicle: 'car-van',
      generatedAt: signedAt,
    };
    const [fromWorker, fromMain] = await Promise.all([pooled.mileageLog(input), inThread.mileageLog(input)]);
    expect(fromWorker.map((d) => d.year)).toEqual(['2025/26']);
    expect(fromWorker.map((d) => d.csv)).toEqual(fromMain.map((d) => d.csv));
    expect(fromWorker[0]!.csv).toContain('WN2 1AR');
    const pdf = (docs: typeof fromMain) => Buffer.from(docs[0]!.pdf);
    expect(pdf(fromWorker).equals(pdf(fromMain))).toBe(true);
  });

  it("renders the same operator's P87 worksheet on the worker as on the main thread", async () => {
    const input = {
      reference: 'TB-TEST-1',
      generatedAt: '2026-11-25T10:00:00.000Z',
      sections: [
        {
          title: 'Claimant',
          rows: [
            ['Name', 'Jane Doe'],
            ['National Insurance number', null],
          ] as Array<[string, string | null]>,
        },
      ],
      missing: ['National Insurance number'],
    };
    const [fromWorker, fromMain] = await Promise.all([
      pooled.p87Worksheet(input),
      inThread.p87Worksheet(input),
    ]);
    expect(Buffer.from(fromWorker).equals(Buffer.from(fromMain))).toBe(true);
    expect(pdfText(fromWorker)).toContain('TB-TEST-1');
    expect(pdfText(fromWorker)).toContain('Generated 2026-11-25 10:00 UTC');
  });

  it("passes a render's failure back to the caller, and goes on rendering", async () => {
    const broken = { ...task, document: { ...task.document, title: undefined as unknown as string } };
    await expect(pooled.authority(broken)).rejects.toThrow(/title/);
    expect((await pooled.authority(task)).byteLength).toBeGreaterThan(1000);
  });

  it('closes, and starts again on the next render', async () => {
    const renderer = createDocumentRenderer(1);
    await renderer.authority(task);
    await renderer.close();
    expect((await renderer.authority(task)).byteLength).toBeGreaterThan(1000);
    await renderer.close();
  });
});
