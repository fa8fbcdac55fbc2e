import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATED_LOG_LABEL,
  authorityCanonical,
  authorityInputOfSnapshot,
  buildAuthorityDocument,
  calculateAllowance,
  carVanRatePence,
  claimableTaxYears,
  datedLogMiles,
  formatMoney,
  ukIsoDate,
} from '@taxback/domain';
import type { Journey } from '@taxback/domain';
import { NEW_CLAIM_REFERENCE_PATTERN, storageIndexOf } from '@taxback/domain';
import { WIZARD_SNAPSHOT_VERSION, wizardSnapshotSchema } from '@taxback/domain/schemas';
import { decryptField } from '../src/crypto/index.ts';
import { PNG_BASE64, PNG_DATA_URL, createTestApp, newSessionId } from './helpers.ts';
import { pdfText } from './pdf-text.ts';
import type { TestApp } from './helpers.ts';
import { mileageSnapshot } from './snapshots.ts';

let t: TestApp;
// The figures below are worked at 45p (D21: cars and vans to 2025/26), so use the offered years at 45p.
const YEARS = claimableTaxYears()
  .filter((y) => carVanRatePence(y.year) === 45)
  .map((y) => y.year);
const Y0 = YEARS[0] as string;
const Y1 = YEARS[1] as string;
const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const PNG_BYTES = Buffer.from(PNG_BASE64, 'base64');
const TYPE_MESSAGE = 'This file type is not allowed. Upload a PDF, Word, Excel, CSV, JPG or PNG file.';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const JOURNEYS = [
  {
    id: 'j1',
    startAddress: 'WN2 1AR',
    endAddress: 'SK5 6AQ',
    frequency: 'daily',
    tripType: 'return',
    reason: 'site-visit',
    customReason: '',
    distance: 10,
  },
  {
    id: 'j2',
    startAddress: 'M1 1AE',
    endAddress: 'L1 8JQ',
    frequency: 'weekly',
    tripType: 'single',
    reason: 'client-meeting',
    customReason: '',
    distance: 25,
  },
];

/** The default years with the employer paying `pence` a mile for every job with miles. */
function payingPerMile(pence: number): Record<string, unknown> {
  const years = snapshot().taxYears as Array<{ jobs: Array<{ businessMiles: number }> }>;
  return {
    taxYears: years.map((y) => ({
      ...y,
      jobs: y.jobs.map((j) => (j.businessMiles > 0 ? { ...j, paidKind: 'ppm', paidPencePerMile: pence } : j)),
    })),
  };
}

function snapshot(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return mileageSnapshot(
    {
      years: YEARS.map((year, i) => ({
        year,
        selected: i < 2,
        miles: i === 0 ? 12_000 : i === 1 ? 6_200 : 0,
      })),
      ratePence: 10,
      personalInfo: { phone: '07700 900401' },
    },
    { agreementChecks: { accuracy: true, authorization: true, terms: true }, ...overrides },
  );
}

function headers(sessionId: string): Record<string, string> {
  return { 'x-session-id': sessionId, 'user-agent': 'vitest-agent/2.0' };
}

/** A claim saved through step 7. */
async function draftClaim(overrides: Record<string, unknown> = {}): Promise<string> {
  const sessionId = newSessionId();
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/onboarding',
    headers: headers(sessionId),
    payload: {
      revision: 0,
      currentStep: 'evidence',
      lastStepCompleted: 'employer-rate',
      snapshot: snapshot(overrides),
    },
  });
  expect(res.statusCode).toBe(200);
  return sessionId;
}

function multipart(fields: Record<string, string>, file?: { filename: string; type?: string; data: Buffer }) {
  const boundary = `----taxback${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(
  sessionId: string,
  fields: Record<string, string>,
  file?: { filename: string; type?: string; data: Buffer },
) {
  const body = multipart(fields, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/onboarding/files',
    headers: { ...headers(sessionId), 'content-type': body.contentType },
    payload: body.payload,
  });
}

function download(sessionId: string, url: string) {
  return t.app.inject({ method: 'GET', url, headers: headers(sessionId) });
}

/** A JSON body, `{}` when the route needs nothing more (a route with a body refuses none, issue 44). */
function post(sessionId: string, url: string, payload: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'POST', url, headers: headers(sessionId), payload });
}

async function claimRow(sessionId: string) {
  return t.app.db
    .selectFrom('onboarding_claims')
    .selectAll()
    .where('session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
}

async function fileCount(sessionId: string): Promise<number> {
  return (
    await t.app.db.selectFrom('stored_files').select('id').where('session_id', '=', sessionId).execute()
  ).length;
}

describe('POST /api/onboarding/files', () => {
  it('stores an upload under a name that matches its type, without folders or hidden characters', async () => {
    const sessionId = await draftClaim();
    const cases: Array<[string, string]> = [
      ['statement.html', 'statement.pdf'],
      ['../../x', 'x.pdf'],
      ['in\u0007voice.exe', 'invoice.pdf'],
      ['invoice\u202Efdp.exe', 'invoicefdp.pdf'],
    ];
    for (const [i, [sent, stored]] of cases.entries()) {
      // Different bytes each time, so no upload is taken for a retry of another.
      const data = Buffer.concat([PDF_BYTES, Buffer.from(`\n% ${i}\n`)]);
      const res = await upload(sessionId, { kind: 'evidence', taxYear: Y0 }, { filename: sent, data });
      expect(res.statusCode, sent).toBe(201);
      expect(res.json<{ filename: string }>().filename).toBe(stored);
      const row = await t.app.db
        .selectFrom('stored_files')
        .select('filename')
        .where('id', '=', res.json<{ id: string }>().id)
        .executeTakeFirstOrThrow();
      expect(row.filename).toBe(stored);
    }
  });

  it('stores a PDF and a PNG as evidence, served only to the owner', async () => {
    const sessionId = await draftClaim();
    const pdf = await upload(
      sessionId,
      { kind: 'evidence', taxYear: Y0 },
      { filename: 'fuel receipts.pdf', data: PDF_BYTES },
    );
    expect(pdf.statusCode).toBe(201);
    const saved = pdf.json<{ id: string; filename: string; url: string; type: string; size: number }>();
    expect(saved).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      filename: 'fuel receipts.pdf',
      url: `/api/files/${saved.id}`,
      type: 'application/pdf',
      size: PDF_BYTES.length,
    });

    // The type comes from the bytes, not the name or the browser's header.
    const png = await upload(
      sessionId,
      { kind: 'evidence', taxYear: Y1 },
      { filename: 'odometer.jpeg', type: 'text/html', data: PNG_BYTES },
    );
    expect(png.statusCode).toBe(201);
    expect(png.json<{ type: string }>().type).toBe('image/png');

    const own = await download(sessionId, saved.url);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(own.headers['content-disposition']).toMatch(/^attachment;/);

    const other = newSessionId();
    expect((await download(other, saved.url)).statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/onboarding/files/${saved.id}`,
      headers: headers(other),
    });
    expect(del.statusCode).toBe(404);
    expect((await download(sessionId, saved.url)).statusCode).toBe(200);

    const progress = (await download(sessionId, '/api/onboarding')).json<{
      evidenceFiles: Record<string, { id: string }[]>;
    }>();
    expect(progress.evidenceFiles[Y0]?.map((f) => f.id)).toEqual([saved.id]);
    expect(progress.evidenceFiles[Y1]).toHaveLength(1);

    const row = await claimRow(sessionId);
    const column = JSON.parse(row.evidence_files ?? '{}') as Record<string, { url: string; type: string }[]>;
    expect(column[Y0]).toEqual([
      {
        id: saved.id,
        filename: 'fuel receipts.pdf',
        url: saved.url,
        type: 'application/pdf',
        size: PDF_BYTES.length,
      },
    ]);
  });

  it('restores every file with its summary: each year oldest first, the P60, never the signature', async () => {
    const sessionId = await draftClaim();
    const pdf2 = Buffer.concat([PDF_BYTES, Buffer.from('\n% second\n')]);
    const first = (
      await upload(sessionId, { kind: 'evidence', taxYear: Y0 }, { filename: 'a.pdf', data: PDF_BYTES })
    ).json<{ id: string; url: string }>();
    const second = (
      await upload(sessionId, { kind: 'evidence', taxYear: Y0 }, { filename: 'b.pdf', data: pdf2 })
    ).json<{ id: string; url: string }>();
    const other = (
      await upload(sessionId, { kind: 'evidence', taxYear: Y1 }, { filename: 'c.png', data: PNG_BYTES })
    ).json<{ id: string; url: string }>();
    const p60 = (
      await upload(sessionId, { kind: 'p60', taxYear: '' }, { filename: 'p60.pdf', data: PDF_BYTES })
    ).json<{ id: string; url: string }>();
    const signed = await post(sessionId, '/api/onboarding/signature', {
      signature: PNG_DATA_URL,
      agreementChecks: { accuracy: true, authorization: true, terms: true },
    });
    expect(signed.statusCode).toBe(201);

    const res = await download(sessionId, '/api/onboarding');
    expect(res.statusCode).toBe(200);
    const progress = res.json<Record<string, unknown>>();
    expect(progress.evidenceFiles).toEqual({
      [Y0]: [
        { id: first.id, filename: 'a.pdf', url: first.url, type: 'application/pdf', size: PDF_BYTES.length },
        { id: second.id, filename: 'b.pdf', url: second.url, type: 'application/pdf', size: pdf2.length },
      ],
      [Y1]: [{ id: other.id, filename: 'c.png', url: other.url, type: 'image/png', size: PNG_BYTES.length }],
    });
    expect(progress.p60File).toEqual({
      id: p60.id,
      filename: 'p60.pdf',
      url: p60.url,
      type: 'application/pdf',
      size: PDF_BYTES.length,
    });
    expect(progress.mileageLogs).toEqual({});
    expect(progress.signatureUrl).toBe(signed.json<{ signatureUrl: string }>().signatureUrl);
    expect(progress.revision).toBe(1);

    // Oldest by the files' own times, whatever order their rows were written in.
    await t.app.db
      .updateTable('stored_files')
      .set({ created_at: '2099-01-01T00:00:00.000Z' })
      .where('id', '=', first.id)
      .execute();
    const again = (await download(sessionId, '/api/onboarding')).json<{
      evidenceFiles: Record<string, { id: string }[]>;
    }>();
    expect(again.evidenceFiles[Y0]?.map((f) => f.id)).toEqual([second.id, first.id]);
  });

  it('stores the same bytes for the same year once (a retried upload)', async () => {
    const sessionId = await draftClaim();
    const a = await upload(
      sessionId,
      { kind: 'evidence', taxYear: Y0 },
      { filename: 'a.pdf', data: PDF_BYTES },
    );
    const b = await upload(
      sessionId,
      { kind: 'evidence', taxYear: Y0 },
      { filename: 'a.pdf', data: PDF_BYTES },
    );
    expect(b.statusCode).toBe(201);
    expect(b.json<{ id: string }>().id).toBe(a.json<{ id: string }>().id);
    expect(await fileCount(sessionId)).toBe(1);
  });

  it('accepts a CSV by sniffing its text', async () => {
    const sessionId = await draftClaim();
    const res = await upload(
      sessionId,
      { kind: 'evidence', taxYear: Y0 },
      { filename: 'trips.csv', data: Buffer.from('date,from,to,miles\n2024-05-01,WN2 1AR,SK5 6AQ,24\n') },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json<{ type: string }>().type).toBe('text/csv');
  });

  it('refuses a renamed executable or HTML page (415) and stores nothing', async () => {
    const sessionId = await draftClaim();
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), randomBytes(200)]);
    exe.writeUInt32LE(64, 0x3c);
    const html = Buffer.from('<!DOCTYPE html>\n<html><body><script>alert(1)</script>a,b\n</body></html>\n');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    for (const [filename, data] of [
      ['receipt.pdf', exe],
      ['receipt.csv', html],
      ['receipt.png', html],
      ['logo.png', svg],
    ] as const) {
      const res = await upload(
        sessionId,
        { kind: 'evidence', taxYear: Y0 },
        { filename, type: 'application/pdf', data },
      );
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ error: TYPE_MESSAGE });
    }
    expect(await fileCount(sessionId)).toBe(0);
  });

  it('refuses an 11 MB file with 413 and stores nothing', async () => {
    const sessionId = await draftClaim();
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    const res = await upload(
      sessionId,
      { kind: 'evidence', taxYear: Y0 },
      { filename: 'big.pdf', data: big },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'The file is too large. The maximum size is 10 MB.' });
    expect(await fileCount(sessionId)).toBe(0);
  });

  it('answers 400, not 500, to a multipart body it cannot parse, and stores nothing', async () => {
    const sessionId = await draftClaim();
    const cutOff = multipart({ kind: 'evidence', taxYear: Y0 }, { filename: 'a.pdf', data: PDF_BYTES });
    for (const payload of [Buffer.from('garbage'), cutOff.payload.subarray(0, cutOff.payload.length - 40)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/onboarding/files',
        headers: { ...headers(sessionId), 'content-type': cutOff.contentType },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'The upload could not be read. Please try again.' });
    }
    expect(await fileCount(sessionId)).toBe(0);
  });

  it('checks the kind, the tax year, a missing file and the claim', async () => {
    const sessionId = await draftClaim();
    const badKind = await upload(
      sessionId,
      { kind: 'signature', taxYear: Y0 },
      { filename: 'a.png', data: PNG_BYTES },
    );
    expect(badKind.statusCode).toBe(400);
    expect(Object.keys(badKind.json<{ errors: object }>().errors)).toEqual(['kind']);
    const badYear = await upload(
      sessionId,
      { kind: 'evidence', taxYear: '2001/02' },
      { filename: 'a.png', data: PNG_BYTES },
    );
    expect(badYear.statusCode).toBe(400);
    expect(Object.keys(badYear.json<{ errors: object }>().errors)).toEqual(['taxYear']);
    const noFile = await upload(sessionId, { kind: 'evidence', taxYear: Y0 });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ errors: { file: 'Select a file to upload' } });
    const noClaim = await upload(
      newSessionId(),
      { kind: 'evidence', taxYear: Y0 },
      { filename: 'a.png', data: PNG_BYTES },
    );
    expect(noClaim.statusCode).toBe(404);
  });

  it('takes a P60 as PDF, JPG or PNG only and records it on the claim', async () => {
    const sessionId = await draftClaim();
    const csv = await upload(
      sessionId,
      { kind: 'p60' },
      { filename: 'p60.csv', data: Buffer.from('a,b\n1,2\n') },
    );
    expect(csv.statusCode).toBe(415);
    expect(csv.json()).toEqual({ error: 'This file type is not allowed. Upload a PDF, JPG or PNG file.' });

    const first = await upload(sessionId, { kind: 'p60' }, { filename: 'p60.png', data: PNG_BYTES });
    expect(first.statusCode).toBe(201);
    const second = await upload(sessionId, { kind: 'p60' }, { filename: 'my p60.pdf', data: PDF_BYTES });
    expect(second.statusCode).toBe(201);
    const { id, url } = second.json<{ id: string; url: string }>();
    const row = await claimRow(sessionId);
    expect(row.p60_file_url).toBe(url);
    expect(row.p60_filename).toBe('my p60.pdf');
    // A new P60 replaces the earlier one.
    expect(await fileCount(sessionId)).toBe(1);
    const progress = (await download(sessionId, '/api/onboarding')).json<{
      p60File: { id: string } | null;
    }>();
    expect(progress.p60File?.id).toBe(id);
  });
});

describe('DELETE /api/onboarding/files/:id', () => {
  it('removes the owner’s file and updates the claim', async () => {
    const sessionId = await draftClaim();
    const up = await upload(
      sessionId,
      { kind: 'evidence', taxYear: Y0 },
      { filename: 'a.pdf', data: PDF_BYTES },
    );
    const { id, url } = up.json<{ id: string; url: string }>();
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/onboarding/files/${id}`,
      headers: headers(sessionId),
    });
    expect(del.statusCode).toBe(204);
    expect((await download(sessionId, url)).statusCode).toBe(404);
    expect(JSON.parse((await claimRow(sessionId)).evidence_files ?? '{}')).toEqual({});
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/onboarding/files/${id}`,
      headers: headers(sessionId),
    });
    expect(again.statusCode).toBe(404);
    const junk = await t.app.inject({
      method: 'DELETE',
      url: '/api/onboarding/files/not-a-uuid',
      headers: headers(sessionId),
    });
    expect(junk.statusCode).toBe(404);
  });
});

describe('POST /api/onboarding/signature', () => {
  it('stores the PNG privately with the D15 evidence of what was signed', async () => {
    const sessionId = await draftClaim();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/signature',
      headers: headers(sessionId),
      payload: {
        signature: PNG_DATA_URL,
        agreementChecks: { accuracy: true, authorization: true, terms: true },
      },
      remoteAddress: '203.0.113.50',
    });
    expect(res.statusCode).toBe(201);
    const { signatureUrl } = res.json<{ signatureUrl: string }>();
    expect(signatureUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const png = await download(sessionId, signatureUrl);
    expect(png.statusCode).toBe(200);
    expect(png.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect((await download(newSessionId(), signatureUrl)).statusCode).toBe(404);

    const row = await claimRow(sessionId);
    expect(row).toMatchObject({
      signature_url: signatureUrl,
      signature_data: null,
      signed_ip: '203.0.113.50',
      signed_user_agent: 'vitest-agent/2.0',
      consent_accuracy: 1,
      consent_authorization: 1,
      consent_terms: 1,
    });
    expect(Date.parse(row.signed_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // D19: the hash is the SHA-256 of the authority document rebuilt from the stored claim.
    const input = authorityInputOfSnapshot(
      wizardSnapshotSchema.parse(JSON.parse(row.snapshot ?? '{}')),
      JSON.parse(row.authority_terms ?? 'null') as Parameters<typeof authorityInputOfSnapshot>[1],
      row.signed_at ?? '',
    );
    expect(input).toMatchObject({
      claimant: { fullName: 'Jane Doe', address: '1 High Street, Wigan' },
      fee: { percent: 0, minimumPence: 0, vatPercent: 0 },
      years: [
        { year: Y0, employments: [{ miles: 12_000 }] },
        { year: Y1, employments: [{ miles: 6_200 }] },
      ],
    });
    const canonical = authorityCanonical(buildAuthorityDocument(input));
    expect(row.signed_content_hash).toBe(createHash('sha256').update(canonical).digest('hex'));

    // The signed authority PDF is stored with the claim and downloadable by its owner only.
    const { signedAuthority } = res.json<{ signedAuthority: { url: string; filename: string } }>();
    expect(signedAuthority.filename).toBe('signed-authority.pdf');
    const pdf = await download(sessionId, signedAuthority.url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Name: Jane Doe');
    expect(text).toContain(Y0);
    expect(text).toContain(Y1);
    expect(text).toContain('No fee: we charge you nothing for this claim.');
    expect(text).toContain('HMRC pays you directly.');
    expect(text).toContain('IP address: 203.0.113.50');
    expect(text).toContain('Browser: vitest-agent/2.0');
    expect((await download(newSessionId(), signedAuthority.url)).statusCode).toBe(404);
    const restored = (await download(sessionId, '/api/onboarding')).json<{
      signedAuthority: { url: string };
    }>();
    expect(restored.signedAuthority.url).toBe(signedAuthority.url);
    expect((await download(sessionId, '/api/onboarding')).json<{ signatureUrl: string }>().signatureUrl).toBe(
      signatureUrl,
    );
  });

  // Issue 32 item 10: typing the name is the accessible alternative to drawing, recorded as such.
  it('records a typed-name signature as typed, on the claim and in the signed authority', async () => {
    const sessionId = await draftClaim();
    const sign = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/onboarding/signature',
        headers: headers(sessionId),
        payload,
      });
    const agreementChecks = { accuracy: true, authorization: true, terms: true };
    const drawn = await sign({ signature: PNG_DATA_URL, agreementChecks });
    expect(drawn.statusCode).toBe(201);
    expect(await claimRow(sessionId)).toMatchObject({
      signature_method: 'drawn',
      signature_typed_name: null,
    });
    const drawnPdf = pdfText(
      (await download(sessionId, drawn.json<{ signedAuthority: { url: string } }>().signedAuthority.url))
        .rawPayload,
    );
    expect(drawnPdf).not.toContain('typed name');

    const typed = await sign({
      signature: PNG_DATA_URL,
      agreementChecks,
      signatureMethod: 'typed',
      typedName: ' Jane Doe <x> ',
    });
    expect(typed.statusCode).toBe(201);
    expect(await claimRow(sessionId)).toMatchObject({
      signature_method: 'typed',
      signature_typed_name: 'Jane Doe x',
    });
    const pdf = await download(
      sessionId,
      typed.json<{ signedAuthority: { url: string } }>().signedAuthority.url,
    );
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Signature (typed name)');
    expect(text).toContain('Signed by typing their name instead of drawing: Jane Doe x');

    const tooLong = await sign({
      signature: PNG_DATA_URL,
      agreementChecks,
      signatureMethod: 'typed',
      typedName: 'x'.repeat(101),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ errors: Record<string, string> }>().errors).toHaveProperty('typedName');
  });

  // Decision 058: the method is the one the claimant chose, as for the funnel's claim form.
  describe('the signing method comes from the request', () => {
    const agreementChecks = { accuracy: true, authorization: true, terms: true };
    const sign = (sessionId: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/onboarding/signature',
        headers: headers(sessionId),
        payload,
      });

    it.each([
      ['missing, without an image (as the page sends it)', { signature: '' }, 'Enter your full name to sign'],
      ['blank, without an image', { signature: '', typedName: '   ' }, 'Enter your full name to sign'],
      ['blank, with an image', { signature: PNG_DATA_URL, typedName: '' }, 'Enter your full name to sign'],
      [
        'without letters',
        { signature: PNG_DATA_URL, typedName: '- .' },
        'Enter your full name to sign, using letters',
      ],
    ])(
      'refuses a typed signature with the name %s at the name, and stores nothing',
      async (_, body, message) => {
        const sessionId = await draftClaim();
        const before = await claimRow(sessionId);
        const files = await fileCount(sessionId);
        const res = await sign(sessionId, { agreementChecks, signatureMethod: 'typed', ...body });
        expect(res.statusCode).toBe(400);
        const errors = res.json<{ errors: Record<string, string> }>().errors;
        expect(errors.typedName).toBe(message);
        // Without an image the image's message is there too; never the name's alone replaced by it.
        expect(Object.keys(errors).sort()).toEqual(
          body.signature === '' ? ['signature', 'typedName'] : ['typedName'],
        );
        expect(await claimRow(sessionId)).toEqual(before);
        expect(await fileCount(sessionId)).toBe(files);
      },
    );

    it('a drawing left empty keeps the drawing message', async () => {
      const sessionId = await draftClaim();
      for (const method of [{ signatureMethod: 'drawn' }, {}]) {
        const res = await sign(sessionId, { agreementChecks, signature: '', ...method });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ errors: { signature: 'Digital signature is required' } });
        expect(res.json<{ errors: Record<string, string> }>().errors).not.toHaveProperty('typedName');
      }
      expect((await claimRow(sessionId)).signed_at).toBeNull();
    });

    it('stores a drawing as drawn, without a name, even when one is sent with it or no method is sent', async () => {
      const sessionId = await draftClaim();
      for (const method of [{ signatureMethod: 'drawn' }, {}]) {
        const res = await sign(sessionId, {
          agreementChecks,
          signature: PNG_DATA_URL,
          typedName: 'Jane Doe',
          ...method,
        });
        expect(res.statusCode).toBe(201);
        expect(await claimRow(sessionId)).toMatchObject({
          signature_method: 'drawn',
          signature_typed_name: null,
        });
        const pdf = await download(
          sessionId,
          res.json<{ signedAuthority: { url: string } }>().signedAuthority.url,
        );
        expect(pdfText(pdf.rawPayload)).not.toContain('typed name');
      }
    });
  });

  // Issue 32.1: on PostgreSQL each save's transaction used to see none of the others' files, so 50 at
  // once kept ten signed authorities; the claim is now locked for the signing transaction.
  it('keeps one signature and one signed authority after 50 identical saves at once, each downloadable', async () => {
    const sessionId = await draftClaim();
    const saves = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(sessionId, '/api/onboarding/signature', {
          signature: PNG_DATA_URL,
          agreementChecks: { accuracy: true, authorization: true, terms: true },
        }),
      ),
    );
    expect(saves.map((r) => r.statusCode)).toEqual(saves.map(() => 201));
    const rows = await t.app.db
      .selectFrom('stored_files')
      .select(['id', 'kind'])
      .where('session_id', '=', sessionId)
      .execute();
    expect(rows.filter((r) => r.kind === 'signature')).toHaveLength(1);
    expect(rows.filter((r) => r.kind === 'authority')).toHaveLength(1);
    expect(rows).toHaveLength(2);
    expect((await claimRow(sessionId)).signature_url).toBe(
      `/api/files/${rows.find((r) => r.kind === 'signature')?.id}`,
    );
    await t.app.jobs.drain();
    for (const row of rows) expect((await download(sessionId, `/api/files/${row.id}`)).statusCode).toBe(200);
    const failed = await t.app.jobs.failed();
    expect(failed.filter((j) => rows.some((r) => j.payload.includes(r.id)))).toEqual([]);
  });

  it('answers SPEC §5 messages for a missing signature and consents, and refuses non-PNG bytes', async () => {
    const sessionId = await draftClaim();
    const res = await post(sessionId, '/api/onboarding/signature', { signature: '', agreementChecks: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: {
        signature: 'Digital signature is required',
        'agreementChecks.accuracy': 'Please confirm accuracy of information',
        'agreementChecks.authorization': 'Please authorize us to act as your tax agent',
        'agreementChecks.terms': 'Please accept terms and conditions',
      },
    });
    const fake = await post(sessionId, '/api/onboarding/signature', {
      signature: `data:image/png;base64,${PDF_BYTES.toString('base64')}`,
      agreementChecks: { accuracy: true, authorization: true, terms: true },
    });
    expect(fake.statusCode).toBe(400);
    expect(await fileCount(sessionId)).toBe(0);
  });
});

describe('POST /api/onboarding/mileage-log', () => {
  it('generates a PDF and CSV per selected year from the saved journeys, stored as evidence', async () => {
    // D25: two weeks of declared leave in August of Y0 are left out of the log.
    const start = Y0.slice(0, 4);
    const sessionId = await draftClaim({
      journeys: JOURNEYS,
      leave: [
        { id: 'l1', from: { day: '4', month: '8', year: start }, to: { day: '15', month: '8', year: start } },
      ],
    });
    const res = await post(sessionId, '/api/onboarding/mileage-log');
    expect(res.statusCode).toBe(201);
    const { logs } = res.json<{
      logs: Record<
        string,
        { pdf: { id: string; url: string; filename: string }; csv: { url: string; filename: string } }
      >;
    }>();
    expect(Object.keys(logs).sort()).toEqual([Y0, Y1].sort());
    const log0 = logs[Y0];
    if (!log0) throw new Error('no log');
    expect(log0.pdf.filename).toBe(`mileage-log-${Y0.replace('/', '-')}.pdf`);

    const pdf = await download(sessionId, log0.pdf.url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // D25: dated trips on working days in England and Wales (WN2 1AR), the current year to today.
    const totalMiles = datedLogMiles({
      journeys: JOURNEYS as Journey[],
      year: Y0,
      nation: 'england-and-wales',
      leave: [{ from: `${start}-08-04`, to: `${start}-08-15` }],
      today: ukIsoDate(new Date()),
    });
    expect(totalMiles).toBeGreaterThan(0);
    expect(totalMiles).toBeLessThan(
      datedLogMiles({
        journeys: JOURNEYS as Journey[],
        year: Y0,
        nation: 'england-and-wales',
        today: ukIsoDate(new Date()),
      }),
    );
    const allowance = calculateAllowance(totalMiles, 'car-van', Y0);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`Mileage log ${Y0}`);
    expect(text).toContain('Employer: Acme Ltd');
    expect(text).toContain(DATED_LOG_LABEL);
    expect(text).toContain('Claimant: Jane Doe');
    expect(text).toContain('Bank holidays of: England and Wales');
    expect(text).toContain(`Leave: 4 August ${start} to 15 August ${start}`);
    expect(text).toContain('Site visit');
    expect(text).toContain('Client meeting');
    expect(text).toContain(`Total business miles: ${totalMiles.toLocaleString('en-GB')}`);
    expect(text).toContain(`HMRC mileage allowance: ${formatMoney(allowance)}`);

    const csv = await download(sessionId, log0.csv.url);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.split('\r\n');
    expect(lines).toContain('Employer,Acme Ltd');
    expect(lines).toContain('Date,From,To,Reason,Trip,Miles');
    const daily = lines.filter((l) => /^\d{4}-\d{2}-\d{2},WN2 1AR,SK5 6AQ,Site visit,Return,20$/.test(l));
    expect(daily.length).toBeGreaterThan(100);
    expect(lines.some((l) => /^\d{4}-\d{2}-\d{2},M1 1AE,L1 8JQ,Client meeting,Single,25$/.test(l))).toBe(
      true,
    );
    expect(lines).toContain(`Total business miles,${totalMiles}`);
    expect(lines).toContain(`HMRC mileage allowance (GBP),${allowance.toFixed(2)}`);

    const progress = (await download(sessionId, '/api/onboarding')).json<{
      mileageLogs: Record<string, { pdf: { id: string }; csv: { id: string } }>;
    }>();
    expect(progress.mileageLogs[Y0]?.pdf.id).toBe(log0.pdf.id);
    const column = JSON.parse((await claimRow(sessionId)).evidence_files ?? '{}') as Record<
      string,
      unknown[]
    >;
    expect(column[Y0]).toHaveLength(2);

    // Generating again replaces the earlier documents.
    const again = await post(sessionId, '/api/onboarding/mileage-log');
    expect(again.statusCode).toBe(201);
    expect(await fileCount(sessionId)).toBe(4);
    expect((await download(newSessionId(), log0.csv.url)).statusCode).toBe(404);
  });

  // Issue 31: building one year's log leaves every other year's evidence as it is.
  it("builds one year's log alone and leaves the other years' logs and uploads", async () => {
    const sessionId = await draftClaim({ journeys: JOURNEYS });
    const all = await post(sessionId, '/api/onboarding/mileage-log');
    expect(all.statusCode).toBe(201);
    const first = all.json<{ logs: Record<string, { pdf: { id: string }; csv: { id: string } }> }>().logs;
    const one = await post(sessionId, '/api/onboarding/mileage-log', { taxYear: Y1 });
    expect(one.statusCode).toBe(201);
    const rebuilt = one.json<{ logs: Record<string, { pdf: { id: string } }> }>().logs;
    expect(Object.keys(rebuilt)).toEqual([Y1]);
    const progress = (await download(sessionId, '/api/onboarding')).json<{
      mileageLogs: Record<string, { pdf: { id: string }; csv: { id: string } }>;
    }>();
    // Y0's log is the one built first; Y1's is the new one; nothing else was added or lost.
    expect(progress.mileageLogs[Y0]).toEqual(
      expect.objectContaining({ pdf: expect.objectContaining({ id: first[Y0]?.pdf.id }) }),
    );
    expect(progress.mileageLogs[Y1]?.pdf.id).toBe(rebuilt[Y1]?.pdf.id);
    expect(await fileCount(sessionId)).toBe(4);

    const notClaimed = await post(sessionId, '/api/onboarding/mileage-log', { taxYear: '2001/02' });
    expect(notClaimed.statusCode).toBe(400);
    expect(await fileCount(sessionId)).toBe(4);
  });

  // D21: a one-off trip is logged once, on its date, in the tax year of that date.
  it('logs a one-off journey on its own date and refuses one dated outside the years claimed', async () => {
    const olderStart = Y1.slice(0, 4);
    const oneOff = {
      id: 'j-once',
      startAddress: 'WN2 1AR',
      endAddress: 'LS1 4DY',
      frequency: 'one-off',
      date: `${olderStart}-05-14`,
      tripType: 'return',
      reason: 'conference',
      customReason: '',
      distance: 50,
    };
    const sessionId = await draftClaim({ journeys: [...JOURNEYS, oneOff] });
    const res = await post(sessionId, '/api/onboarding/mileage-log');
    expect(res.statusCode).toBe(201);
    const { logs } = res.json<{ logs: Record<string, { csv: { url: string } }> }>();
    const older = (await download(sessionId, logs[Y1]!.csv.url)).body.split('\r\n');
    expect(older).toContain(`${olderStart}-05-14,WN2 1AR,LS1 4DY,Conference,Return,100`);
    const newer = (await download(sessionId, logs[Y0]!.csv.url)).body;
    expect(newer).not.toContain('LS1 4DY');

    const before = await fileCount(sessionId);
    const outside = await draftClaim({
      journeys: [...JOURNEYS, { ...oneOff, date: `${Number(olderStart) - 3}-05-14` }],
    });
    const refused = await post(outside, '/api/onboarding/mileage-log');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      errors: { 'journeys.2.date': 'The date of the journey must be in a tax year you are claiming for' },
    });
    expect(await fileCount(outside)).toBe(0);
    expect(await fileCount(sessionId)).toBe(before);
  });

  it("answers 'No journeys added' guidance when there are none", async () => {
    const sessionId = await draftClaim();
    const res = await post(sessionId, '/api/onboarding/mileage-log');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: {
        journeys: 'Please go back and add at least one business journey to generate your mileage log.',
      },
    });
  });
});

describe('POST /api/onboarding/submit', () => {
  async function sign(sessionId: string) {
    const res = await post(sessionId, '/api/onboarding/signature', {
      signature: PNG_DATA_URL,
      agreementChecks: { accuracy: true, authorization: true, terms: true },
    });
    expect(res.statusCode).toBe(201);
  }

  it('lists what is missing: evidence per year, signature, consents; and checks the NI number', async () => {
    const sessionId = await draftClaim({
      agreementChecks: { accuracy: false, authorization: false, terms: false },
    });
    const missingNi = await post(sessionId, '/api/onboarding/submit', { niNumber: ' ' });
    expect(missingNi.json()).toEqual({ errors: { niNumber: 'National Insurance number is required' } });
    const badNi = await post(sessionId, '/api/onboarding/submit', { niNumber: 'QQ123456C' });
    expect(badNi.statusCode).toBe(400);
    expect(Object.keys(badNi.json<{ errors: object }>().errors)).toEqual(['niNumber']);

    const res = await post(sessionId, '/api/onboarding/submit', { niNumber: 'AB 12 34 56 C' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: {
        [`evidence_${Y0}`]: `Evidence required for ${Y0}`,
        [`evidence_${Y1}`]: `Evidence required for ${Y1}`,
        signature: 'Digital signature is required',
        'agreementChecks.accuracy': 'Please confirm accuracy of information',
        'agreementChecks.authorization': 'Please authorize us to act as your tax agent',
        'agreementChecks.terms': 'Please accept terms and conditions',
      },
    });
    expect((await claimRow(sessionId)).status).toBe('draft');
  });

  it('submits with uploads per year: reference, encrypted NI, P60; a repeat answers the same', async () => {
    const sessionId = await draftClaim();
    await upload(sessionId, { kind: 'evidence', taxYear: Y0 }, { filename: 'a.pdf', data: PDF_BYTES });
    const onlyOne = await post(sessionId, '/api/onboarding/submit', { niNumber: 'AB123456C' });
    expect(onlyOne.json()).toEqual({
      errors: {
        [`evidence_${Y1}`]: `Evidence required for ${Y1}`,
        signature: 'Digital signature is required',
      },
    });
    await upload(sessionId, { kind: 'evidence', taxYear: Y1 }, { filename: 'b.png', data: PNG_BYTES });
    await sign(sessionId);
    const p60 = await upload(sessionId, { kind: 'p60' }, { filename: 'p60.pdf', data: PDF_BYTES });

    const before = Date.now();
    const res = await post(sessionId, '/api/onboarding/submit', {
      niNumber: 'ab 12 34 56 c',
      p60FileId: p60.json<{ id: string }>().id,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      submissionReference: string;
      submittedAt: string;
      totals: Record<string, unknown>;
    }>();
    expect(body.submissionReference).toMatch(NEW_CLAIM_REFERENCE_PATTERN);
    expect(Date.parse(body.submittedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(body.totals).toMatchObject({
      totalMiles: 18_200,
      totalAllowance: 7790,
      totalEmployerPayment: 1820,
      rebate20: 1194,
    });

    const row = await claimRow(sessionId);
    expect(row).toMatchObject({
      status: 'submitted',
      submission_reference: body.submissionReference,
      submitted_at: body.submittedAt,
      current_step: storageIndexOf('confirmation'),
    });
    expect(row.p60_file_url).toBe(p60.json<{ url: string }>().url);
    // D14: the NI number is encrypted at rest and not readable in the row.
    expect(row.admin_ni_number).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toMatch(/AB ?12 ?34 ?56 ?C/i);
    expect(decryptField(row.admin_ni_number ?? '', t.config.dataKey as Buffer)).toBe('AB123456C');

    const repeat = await post(sessionId, '/api/onboarding/submit', { niNumber: 'CE123456D' });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(body);
    expect((await claimRow(sessionId)).admin_ni_number).toBe(row.admin_ni_number);

    const progress = (await download(sessionId, '/api/onboarding')).json<Record<string, unknown>>();
    expect(progress).toMatchObject({
      status: 'submitted',
      submissionReference: body.submissionReference,
      hasNiNumber: true,
    });
    expect(JSON.stringify(progress)).not.toContain('AB123456C');

    // A submitted claim no longer changes.
    const late = await t.app.inject({
      method: 'PUT',
      url: '/api/onboarding',
      headers: headers(sessionId),
      payload: {
        revision: Number(row.revision),
        currentStep: 'evidence',
        lastStepCompleted: 'employer-rate',
        snapshot: snapshot(),
      },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ error: string }>().error).toBe('This claim has already been submitted.');
    const lateUpload = await upload(
      sessionId,
      { kind: 'evidence', taxYear: Y0 },
      { filename: 'c.png', data: PNG_BYTES },
    );
    expect(lateUpload.statusCode).toBe(409);
  });

  it('accepts journeys with a generated log as evidence; a double-clicked submit makes one submission', async () => {
    const sessionId = await draftClaim({
      journeys: JOURNEYS,
    });
    expect((await post(sessionId, '/api/onboarding/mileage-log')).statusCode).toBe(201);
    await sign(sessionId);
    const [a, b] = await Promise.all([
      post(sessionId, '/api/onboarding/submit', { niNumber: 'AB123456C' }),
      post(sessionId, '/api/onboarding/submit', { niNumber: 'AB123456C' }),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    const rows = await t.app.db
      .selectFrom('onboarding_claims')
      .select(['status', 'submission_reference'])
      .where('session_id', '=', sessionId)
      .execute();
    expect(rows).toEqual([
      {
        status: 'submitted',
        submission_reference: a.json<{ submissionReference: string }>().submissionReference,
      },
    ]);
  });

  // D27: only a route that can succeed is submitted; each stop is refused with its explanation,
  // whatever a browser sends, and nothing about the claim changes.
  it.each([
    [
      'not driving for work',
      { eligibilityData: { drivesForWork: 'no', vehicleVRM: '' } },
      'A mileage rebate is only for journeys you make for your job, so there is no mileage claim to make.',
    ],
    [
      'self-employed',
      {
        employmentDetails: {
          employmentType: 'self-employed',
          employerName: '',
          businessName: 'Doe Ltd',
          utrNumber: '',
        },
      },
      'A P87 claim is for employees. Self-employed people and CIS subcontractors claim their vehicle costs in a Self Assessment tax return.',
    ],
    [
      'a CIS subcontractor',
      {
        employmentDetails: {
          employmentType: 'cis',
          employerName: '',
          businessName: 'Doe Builds',
          utrNumber: '',
        },
      },
      'A P87 claim is for employees. Self-employed people and CIS subcontractors claim their vehicle costs in a Self Assessment tax return.',
    ],
    [
      'an employer paying above the approved amount in every year',
      payingPerMile(60),
      'Your employer paid at least the approved mileage amount in every year you chose, so there is no mileage relief to claim.',
    ],
  ])('refuses the submission of %s (400 with the explanation)', async (_name, overrides, message) => {
    const sessionId = await draftClaim({ ...overrides, journeys: JOURNEYS });
    expect((await post(sessionId, '/api/onboarding/mileage-log')).statusCode).toBe(201);
    await sign(sessionId);
    const res = await post(sessionId, '/api/onboarding/submit', { niNumber: 'AB123456C' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { form: message } });
    const row = await claimRow(sessionId);
    expect(row).toMatchObject({ status: 'draft', submission_reference: null, admin_ni_number: null });
  });

  // Issue 13: a draft saved before employments and the date of birth (snapshot version 1) reopens at
  // the first question it has not answered, keeps everything else, and completes.
  it('a version-1 draft reopens at the first unanswered question and completes', async () => {
    const sessionId = await draftClaim({ journeys: JOURNEYS });
    const legacy = {
      eligibilityData: { drivesForWork: 'yes', vehicleVRM: '' },
      employmentDetails: {
        employmentType: 'employed',
        employerName: 'Acme Ltd',
        businessName: '',
        utrNumber: '',
      },
      personalInfo: {
        firstName: 'Jane',
        lastName: 'Doe',
        email: 'jane@example.com',
        phone: '07700 900401',
        homeAddress: '1 High Street, Wigan',
        postcode: 'WN2 1AR',
      },
      vehicleInfo: { type: 'car-van' },
      taxYears: [{ year: Y0, selected: true, businessMiles: 12_000, companyName: 'Acme Ltd' }],
      employerMileageRate: 10,
      journeys: JOURNEYS,
      agreementChecks: { accuracy: false, authorization: false, terms: false },
      affiliateName: null,
      utmData: null,
      fullUrl: null,
    };
    await t.app.db
      .updateTable('onboarding_claims')
      .set({
        snapshot: JSON.stringify(legacy),
        snapshot_version: 1,
        current_step: storageIndexOf('evidence'),
        last_step_completed: storageIndexOf('employer-rate'),
      })
      .where('session_id', '=', sessionId)
      .execute();

    const got = (await download(sessionId, '/api/onboarding')).json<{
      revision: number;
      currentStep: string;
      lastStepCompleted: string | null;
      snapshot: Record<string, unknown> & {
        personalInfo: Record<string, unknown>;
        employments: Array<Record<string, unknown>>;
        taxYears: Array<{ year: string; selected: boolean; jobs: Array<Record<string, unknown>> }>;
      };
    }>();
    // Personal details lack the date of birth: the claimant goes back there, employment done.
    expect([got.currentStep, got.lastStepCompleted]).toEqual(['personal', 'employment']);
    expect(got.snapshot.employments).toEqual([
      expect.objectContaining({ id: 'job-1', employerName: 'Acme Ltd', payeReference: '', jobTitle: '' }),
    ]);
    expect(got.snapshot.taxYears.find((y) => y.year === Y0)).toMatchObject({
      selected: true,
      jobs: [{ employmentId: 'job-1', businessMiles: 12_000, paidKind: 'ppm', paidPencePerMile: 10 }],
    });

    // The claimant answers what is new and goes on through the wizard.
    const snapshot = {
      ...got.snapshot,
      personalInfo: { ...got.snapshot.personalInfo, dateOfBirth: { day: '4', month: '3', year: '1990' } },
      employments: [
        {
          ...got.snapshot.employments[0],
          payeReference: '123/AB45678',
          jobTitle: 'Engineer',
          continuing: 'yes',
        },
      ],
    };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/onboarding',
      headers: headers(sessionId),
      payload: {
        revision: got.revision,
        currentStep: 'evidence',
        lastStepCompleted: 'employer-rate',
        snapshot,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect((await post(sessionId, '/api/onboarding/mileage-log')).statusCode).toBe(201);
    await sign(sessionId);
    const res = await post(sessionId, '/api/onboarding/submit', { niNumber: 'AB123456C' });
    expect(res.statusCode).toBe(200);
    const row = await claimRow(sessionId);
    // 10,000 × 45p + 2,000 × 25p = £5,000; the employer paid 12,000 × 10p = £1,200.
    expect(row).toMatchObject({ status: 'submitted', snapshot_version: WIZARD_SNAPSHOT_VERSION });
    expect(Number(row.total_hmrc_allowance)).toBe(5000);
    expect(Number(row.estimated_rebate_20_percent)).toBe(760);
  });

  // D27: a company vehicle goes on as a fuel claim for an operator to assess, with no AMAP estimate stored.
  it('submits a company-vehicle claim as a fuel claim without an approved-amount estimate', async () => {
    // 12,000 unpaid miles a year would be over £2,500 of approved amounts, so a mileage claim would
    // need Self Assessment; a fuel claim has no approved amount, and its figures say so.
    const years = snapshot().taxYears as Array<{ jobs: Array<{ businessMiles: number }> }>;
    const sessionId = await draftClaim({
      eligibilityData: { drivesForWork: 'company-vehicle', vehicleVRM: 'AB12CDE' },
      taxYears: years.map((y) => ({
        ...y,
        jobs: y.jobs.map((j) => (j.businessMiles > 0 ? { ...j, businessMiles: 12_000 } : j)),
      })),
      journeys: JOURNEYS,
    });
    expect((await post(sessionId, '/api/onboarding/mileage-log')).statusCode).toBe(201);
    await sign(sessionId);
    const res = await post(sessionId, '/api/onboarding/submit', { niNumber: 'AB123456C' });
    expect(res.statusCode).toBe(200);
    const { totals } = res.json<{ totals: Record<string, unknown> & { years: Record<string, unknown>[] } }>();
    expect(totals).toMatchObject({
      totalMiles: 24_000,
      totalAllowance: 0,
      totalClaimable: 0,
      rebate20: 0,
      rebate40: 0,
      selfAssessmentRequired: false,
    });
    expect(totals.years[0]).toMatchObject({ miles: 12_000, allowance: 0, selfAssessmentRequired: false });
    const row = await claimRow(sessionId);
    expect(row).toMatchObject({
      status: 'submitted',
      company_vehicle_vrm: 'AB12CDE',
      total_hmrc_allowance: null,
      estimated_rebate_20_percent: null,
      estimated_rebate_40_percent: null,
    });
    expect(Number(row.self_assessment_required)).toBe(0);
  });

  it('is 404 for a session without a claim', async () => {
    const res = await post(newSessionId(), '/api/onboarding/submit', { niNumber: 'AB123456C' });
    expect(res.statusCode).toBe(404);
  });
});
