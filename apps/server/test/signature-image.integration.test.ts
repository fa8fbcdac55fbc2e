import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE_MAX_SIDE, claimableTaxYears } from '@taxback/domain';
import { mileageSnapshot } from '@taxback/domain/test/example-snapshots';
import { MESSAGES } from '@taxback/domain/schemas';
import { createTestApp, newSessionId, validClaimBody } from './helpers.ts';
import type { TestApp } from './helpers.ts';

// Issue 17: the claim form once stored any bytes after the 8-byte PNG signature. Both signature
// routes (the claim form's POST /api/claims and the wizard's POST /api/onboarding/signature) now
// take only a whole, well-formed PNG of sane dimensions, by one rule (signaturePngOf).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
});
afterAll(async () => {
  await t.close();
});

const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  image.data.fill(255);
  return PNG.sync.write(image);
}

const MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const real = png(600, 200);
const badCrc = Buffer.from(real);
// The last byte of the IHDR chunk's CRC.
badCrc[32] = badCrc[32]! ^ 0xff;

const REFUSED: Array<[string, Buffer]> = [
  [
    'PNG magic followed by HTML',
    Buffer.concat([MAGIC, Buffer.from('<html><script>alert(1)</script></html>')]),
  ],
  ['a PNG with a corrupt chunk checksum', badCrc],
  ['a PNG cut short', real.subarray(0, Math.floor(real.length / 2))],
  ['a PNG wider than the limit', png(SIGNATURE_MAX_SIDE + 1, 2)],
  ['a PNG taller than the limit', png(2, SIGNATURE_MAX_SIDE + 1)],
  ['a JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01])],
];

async function claimForm(signature: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/claims',
    headers: { 'x-session-id': newSessionId() },
    payload: validClaimBody({ signature }),
  });
}

async function wizardSignature(signature: string) {
  const sessionId = newSessionId();
  const year = claimableTaxYears()[0]!.year;
  const save = await t.app.inject({
    method: 'PUT',
    url: '/api/onboarding',
    headers: { 'x-session-id': sessionId },
    payload: {
      revision: 0,
      currentStep: 'evidence',
      lastStepCompleted: 'employer-rate',
      snapshot: mileageSnapshot({ years: [{ year, miles: 1000 }] }),
    },
  });
  expect(save.statusCode).toBe(200);
  return t.app.inject({
    method: 'POST',
    url: '/api/onboarding/signature',
    headers: { 'x-session-id': sessionId },
    payload: { signature, agreementChecks: { accuracy: true, authorization: true, terms: true } },
  });
}

async function storedSignatures(): Promise<number> {
  const row = await t.app.db
    .selectFrom('stored_files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', 'signature')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('signature images (issue 17)', () => {
  it.each(REFUSED)('the claim form and the wizard both refuse %s, storing nothing', async (_name, bytes) => {
    const before = await storedSignatures();
    const form = await claimForm(dataUrl(bytes));
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual({ errors: { signature: 'Signature is required' } });
    const wizard = await wizardSignature(dataUrl(bytes));
    expect(wizard.statusCode).toBe(400);
    expect(wizard.json()).toEqual({ errors: { signature: MESSAGES.digitalSignatureRequired } });
    expect(await storedSignatures()).toBe(before);
  });

  it('both take a real signature-sized PNG and one at the largest size allowed', async () => {
    const before = await storedSignatures();
    for (const bytes of [real, png(SIGNATURE_MAX_SIDE, 4)]) {
      expect((await claimForm(dataUrl(bytes))).statusCode).toBe(201);
      expect((await wizardSignature(dataUrl(bytes))).statusCode).toBe(201);
    }
    expect(await storedSignatures()).toBe(before + 4);
  });
});
