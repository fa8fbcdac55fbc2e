// Decision 052 (issue 30): receipts and proof for a funnel claim's expenses, uploaded in the
// details journey through the wizard's upload path: the evidence types sniffed from the bytes,
// 10 MB, private to the claim's session, the expense and year recorded; nothing kept on a refusal.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS_MESSAGES } from '@taxback/domain/general-details-schemas';
import { testClock } from './admin-helpers.ts';
import { createTestApp, newSessionId, validClaimBody, type TestApp } from './helpers.ts';

// 26 November 2026: claimable years 2022/23 to 2026/27; working from home only to 2025/26 (D21).
const clock = testClock('2026-11-26T12:00:00.000Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ overrides: { now: clock.now } });
});
afterAll(async () => {
  await t.close();
});

const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const TYPE_MESSAGE = 'This file type is not allowed. Upload a PDF, Word, Excel, CSV, JPG or PNG file.';

async function funnelClaim(): Promise<string> {
  const sessionId = newSessionId();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/claims',
    headers: { 'x-session-id': sessionId },
    payload: validClaimBody({ firstName: 'Rhys', lastName: 'Receipt', selectedExpenses: ['hotel', 'wfh'] }),
  });
  expect(res.statusCode).toBe(201);
  return sessionId;
}

function upload(
  sessionId: string,
  fields: Record<string, string>,
  file?: { filename: string; data: Buffer },
) {
  const boundary = `----taxback${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return t.app.inject({
    method: 'POST',
    url: '/api/claims/mine/details/files',
    headers: { 'x-session-id': sessionId, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
}

const storedFiles = (sessionId: string) =>
  t.app.db
    .selectFrom('stored_files')
    .select(['claim_kind', 'kind', 'tax_year', 'expense_section', 'filename', 'content_type'])
    .where('session_id', '=', sessionId)
    .where('kind', '=', 'evidence')
    .orderBy('tax_year')
    .execute();

describe('receipts and proof in the details journey (decision 052)', () => {
  it('stores a hotel receipt for a year and the proof working from home was required, privately', async () => {
    const sessionId = await funnelClaim();
    const receipt = await upload(
      sessionId,
      { section: 'hotel', taxYear: '2024/25' },
      { filename: 'Premier Inn.html', data: PDF_BYTES },
    );
    expect(receipt.statusCode).toBe(201);
    // The type comes from the bytes: a PDF sent as .html is kept as a PDF.
    expect(receipt.json()).toMatchObject({
      section: 'hotel',
      taxYear: '2024/25',
      filename: 'Premier Inn.pdf',
    });
    const proof = await upload(sessionId, { section: 'wfh' }, { filename: 'letter.pdf', data: PDF_BYTES });
    expect(proof.statusCode).toBe(201);
    expect(proof.json()).toMatchObject({ section: 'wfh', taxYear: '' });

    expect(await storedFiles(sessionId)).toEqual([
      {
        claim_kind: 'general',
        kind: 'evidence',
        tax_year: '',
        expense_section: 'wfh',
        filename: 'letter.pdf',
        content_type: 'application/pdf',
      },
      {
        claim_kind: 'general',
        kind: 'evidence',
        tax_year: '2024/25',
        expense_section: 'hotel',
        filename: 'Premier Inn.pdf',
        content_type: 'application/pdf',
      },
    ]);
    const view = await t.app.inject({
      method: 'GET',
      url: '/api/claims/mine/details',
      headers: { 'x-session-id': sessionId },
    });
    expect(view.json<{ evidence: { section: string; taxYear: string }[] }>().evidence).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ section: 'hotel', taxYear: '2024/25' }),
        expect.objectContaining({ section: 'wfh', taxYear: '' }),
      ]),
    );
    // Private: the claim's own session reads it, another session does not.
    const url = receipt.json<{ url: string }>().url;
    const own = await t.app.inject({ method: 'GET', url, headers: { 'x-session-id': sessionId } });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(own.headers['cache-control']).toBe('private, no-store');
    const other = await t.app.inject({ method: 'GET', url, headers: { 'x-session-id': newSessionId() } });
    expect(other.statusCode).toBe(404);
  });

  it('refuses a wrong expense or year, another type, an empty or 11 MB file at the field, and keeps nothing', async () => {
    const sessionId = await funnelClaim();
    const pdf = { filename: 'r.pdf', data: PDF_BYTES };
    const cases: [Record<string, string>, { filename: string; data: Buffer }, number, unknown][] = [
      [{ section: 'fuel', taxYear: '2024/25' }, pdf, 400, { section: DETAILS_MESSAGES.evidenceSection }],
      [{ section: 'hotel' }, pdf, 400, { taxYear: DETAILS_MESSAGES.evidenceYear }],
      [{ section: 'hotel', taxYear: '2019/20' }, pdf, 400, { taxYear: DETAILS_MESSAGES.evidenceYear }],
      [{ section: 'wfh', taxYear: '2026/27' }, pdf, 400, { taxYear: DETAILS_MESSAGES.wfhYear('2026/27') }],
      [
        { section: 'hotel', taxYear: '2024/25' },
        { filename: 'r.pdf', data: Buffer.from('<html>') },
        415,
        null,
      ],
      [{ section: 'hotel', taxYear: '2024/25' }, { filename: 'r.pdf', data: Buffer.alloc(0) }, 400, null],
      [
        { section: 'hotel', taxYear: '2024/25' },
        { filename: 'big.pdf', data: Buffer.concat([PDF_BYTES, Buffer.alloc(11 * 1024 * 1024, 0x20)]) },
        413,
        null,
      ],
    ];
    for (const [fields, file, status, errors] of cases) {
      const res = await upload(sessionId, fields, file);
      expect(res.statusCode, JSON.stringify(fields)).toBe(status);
      if (errors) expect(res.json<{ errors: unknown }>().errors).toEqual(errors);
      if (status === 415) expect(res.json()).toEqual({ error: TYPE_MESSAGE });
    }
    expect(await storedFiles(sessionId)).toEqual([]);
  });

  it('removes a receipt before signing; after signing neither uploads nor removals are taken', async () => {
    const sessionId = await funnelClaim();
    const first = await upload(
      sessionId,
      { section: 'hotel', taxYear: '2024/25' },
      { filename: 'a.pdf', data: PDF_BYTES },
    );
    const id = first.json<{ id: string }>().id;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/claims/mine/details/files/${id}`,
      headers: { 'x-session-id': sessionId },
    });
    expect(removed.statusCode).toBe(204);
    expect(await storedFiles(sessionId)).toEqual([]);
    // Another session cannot remove a claimant's receipt.
    const kept = await upload(
      sessionId,
      { section: 'hotel', taxYear: '2024/25' },
      { filename: 'b.pdf', data: PDF_BYTES },
    );
    const keptId = kept.json<{ id: string }>().id;
    const stranger = await t.app.inject({
      method: 'DELETE',
      url: `/api/claims/mine/details/files/${keptId}`,
      headers: { 'x-session-id': newSessionId() },
    });
    expect(stranger.statusCode).toBe(404);

    await t.app.db
      .updateTable('form_responses')
      .set({ details_signed_at: clock.now().toISOString() })
      .where('session_id', '=', sessionId)
      .execute();
    const late = await upload(
      sessionId,
      { section: 'hotel', taxYear: '2023/24' },
      { filename: 'c.pdf', data: PDF_BYTES },
    );
    expect(late.statusCode).toBe(409);
    const lateRemove = await t.app.inject({
      method: 'DELETE',
      url: `/api/claims/mine/details/files/${keptId}`,
      headers: { 'x-session-id': sessionId },
    });
    expect(lateRemove.statusCode).toBe(409);
    expect((await storedFiles(sessionId)).map((f) => f.tax_year)).toEqual(['2024/25']);
  });
});
