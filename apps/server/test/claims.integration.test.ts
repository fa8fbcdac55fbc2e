import { PNG } from 'pngjs';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorityCanonical } from '@taxback/domain';
import { MESSAGES } from '@taxback/domain/schemas';
import { authorityTermsOf } from '../src/modules/authority/terms.ts';
import {
  PNG_BASE64,
  createTestApp,
  generalClaimAuthority,
  listStoredObjects,
  newSessionId,
  validClaimBody,
} from './helpers.ts';
import { pdfText } from './pdf-text.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function submit(sessionId: string | null, body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/claims',
    headers: {
      ...(sessionId ? { 'x-session-id': sessionId } : {}),
      'user-agent': 'vitest-agent/1.0',
      ...headers,
    },
    payload: body as Record<string, unknown>,
  });
}

async function countRows(sessionId: string): Promise<number> {
  const rows = await t.app.db
    .selectFrom('form_responses')
    .select('id')
    .where('session_id', '=', sessionId)
    .execute();
  return rows.length;
}

async function countFiles(sessionId: string): Promise<number> {
  const rows = await t.app.db
    .selectFrom('stored_files')
    .select('id')
    .where('session_id', '=', sessionId)
    .execute();
  return rows.length;
}

describe('POST /api/claims', () => {
  it('stores every field, the signature as a private PNG and the D15 evidence', async () => {
    const sessionId = newSessionId();
    const before = new Date().toISOString();
    const res = await submit(sessionId, validClaimBody(), { 'x-forwarded-for': '203.0.113.9' });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: string; signatureUrl: string }>();
    expect(body.signatureUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    expect(res.headers['cache-control']).toBe('no-store');

    const row = await t.app.db
      .selectFrom('form_responses')
      .selectAll()
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(row.id).toBe(body.id);
    expect(row.first_name).toBe('Jane');
    expect(row.last_name).toBe('Doe');
    expect(row.full_name).toBe('Jane Doe');
    expect(row.email).toBe('jane.doe@example.com');
    expect(row.phone).toBe('07700 900123');
    expect(row.signature).toBe(body.signatureUrl);
    expect(JSON.parse(row.selected_expenses)).toEqual(['travel', 'uniform']);
    expect(row.earns_over_18k).toBe(1);
    expect(row.affiliate_name).toBe('partner-one');
    expect(JSON.parse(row.utm_data ?? 'null')).toEqual({
      utm_source: 'google',
      utm_campaign: 'spring',
      kw: 'tax refund',
    });
    expect(row.full_url).toBe('https://example.test/?utm_source=google');
    // No trusted proxy configured: the socket address, not the spoofable header.
    expect(row.ip_address).toBe('127.0.0.1');
    expect(row.user_agent).toBe('vitest-agent/1.0');
    expect(row.status).toBe('submitted');

    const assessment = JSON.parse(row.assessment_data ?? '{}') as Record<string, string>;
    expect(assessment.qualifies).toBe('yes');
    expect(assessment.step).toBe('form_completed');
    expect(assessment.timestamp).toBe('2025-06-01T10:00:00.000Z');
    expect(assessment.lastUpdated! >= before).toBe(true);

    // D19: the hash is that of the shorter authority the claimant signed, rebuilt from the row.
    const signed = generalClaimAuthority(authorityTermsOf(t.config), row.signed_at ?? '');
    expect(JSON.parse(row.authority_terms ?? 'null')).toEqual(authorityTermsOf(t.config));
    const expectedHash = createHash('sha256').update(authorityCanonical(signed)).digest('hex');
    expect(row.signed_content_hash).toBe(expectedHash);
    expect(row.signed_at! >= before).toBe(true);
    expect(row.created_at).toBe(row.signed_at);

    const file = await t.app.db
      .selectFrom('stored_files')
      .selectAll()
      .where('id', '=', row.signature_file_id!)
      .executeTakeFirstOrThrow();
    expect(file.session_id).toBe(sessionId);
    expect(file.kind).toBe('signature');
    expect(file.claim_kind).toBe('general');
    expect(file.content_type).toBe('image/png');
    expect(file.storage_key).not.toContain(sessionId);

    const download = await t.app.inject({
      method: 'GET',
      url: body.signatureUrl,
      headers: { 'x-session-id': sessionId },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(Buffer.from(PNG_BASE64, 'base64'))).toBe(true);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="signature.png"/);
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.headers['x-content-type-options']).toBe('nosniff');

    const other = await t.app.inject({
      method: 'GET',
      url: body.signatureUrl,
      headers: { 'x-session-id': newSessionId() },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: 'Not found' });
    const noSession = await t.app.inject({ method: 'GET', url: body.signatureUrl });
    expect(noSession.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/files/00000000-0000-4000-8000-000000000000',
      headers: { 'x-session-id': sessionId },
    });
    expect(unknown.statusCode).toBe(404);
  });

  // Decision 025: the PDF is rendered after the claim is answered, by a job or the first download.
  describe('the signed authority, rendered after the request', () => {
    async function authorityRow(sessionId: string) {
      return t.app.db
        .selectFrom('stored_files')
        .select(['id', 'size', 'sha256', 'render_input', 'storage_key'])
        .where('session_id', '=', sessionId)
        .where('kind', '=', 'authority')
        .executeTakeFirstOrThrow();
    }
    async function download(sessionId: string, url: string) {
      return t.app.inject({ method: 'GET', url, headers: { 'x-session-id': sessionId } });
    }
    const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

    it('is waiting when the claim is answered, and the job stores it once, as the download then serves it', async () => {
      const sessionId = newSessionId();
      const res = await submit(sessionId, validClaimBody());
      expect(res.statusCode).toBe(201);
      const before = await authorityRow(sessionId);
      expect(before.render_input).not.toBeNull();
      expect(before.size).toBe(0);

      await t.app.jobs.drain();
      const after = await authorityRow(sessionId);
      expect(after.render_input).toBeNull();
      expect(Number(after.size)).toBeGreaterThan(1000);
      const pdf = await download(sessionId, res.json<{ authorityUrl: string }>().authorityUrl);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.length).toBe(Number(after.size));
      expect(sha256(pdf.rawPayload)).toBe(after.sha256);
      expect(pdfText(pdf.rawPayload)).toContain('Name: Jane Doe');
    });

    it('is rendered by a download that comes first, and the job then finds nothing to do', async () => {
      const sessionId = newSessionId();
      const res = await submit(sessionId, validClaimBody());
      const url = res.json<{ authorityUrl: string }>().authorityUrl;
      const first = await download(sessionId, url);
      expect(first.statusCode).toBe(200);
      const rendered = await authorityRow(sessionId);
      expect(rendered.render_input).toBeNull();
      expect(sha256(first.rawPayload)).toBe(rendered.sha256);

      await t.app.jobs.drain();
      expect(await authorityRow(sessionId)).toEqual(rendered);
      const second = await download(sessionId, url);
      expect(sha256(second.rawPayload)).toBe(rendered.sha256);
    });

    it('renders the same bytes however many times it is asked at once', async () => {
      const sessionId = newSessionId();
      const res = await submit(sessionId, validClaimBody());
      const url = res.json<{ authorityUrl: string }>().authorityUrl;
      const [a, b] = await Promise.all([
        download(sessionId, url),
        download(sessionId, url),
        t.app.jobs.drain(),
      ]);
      expect(a.statusCode).toBe(200);
      expect(sha256(a.rawPayload)).toBe(sha256(b.rawPayload));
      expect(sha256(a.rawPayload)).toBe((await authorityRow(sessionId)).sha256);
    });

    it('stores nothing when its record is deleted before the job runs', async () => {
      const sessionId = newSessionId();
      await submit(sessionId, validClaimBody());
      const row = await authorityRow(sessionId);
      await t.app.files.deleteFile(row.id, sessionId);
      await t.app.jobs.drain();
      expect(await t.app.fileStore.get(row.storage_key)).toBeNull();
      const failed = await t.app.jobs.failed();
      expect(failed.filter((j) => j.payload.includes(row.id))).toEqual([]);
    });
  });

  it('stores the signed authority PDF (D19) with the fee as configured, for its owner only', async () => {
    const feeApp = await createTestApp({
      env: {
        FEE_PERCENT: '20',
        FEE_MINIMUM_PENCE: '2500',
        FEE_VAT_PERCENT: '20',
        COMPANY_NAME: 'Example Claims Ltd',
        COMPANY_ADDRESS: '2 Agent Road\\nLondon',
        HMRC_AGENT_REFERENCE: 'A1234B',
      },
    });
    try {
      const sessionId = newSessionId();
      const res = await feeApp.app.inject({
        method: 'POST',
        url: '/api/claims',
        headers: { 'x-session-id': sessionId, 'user-agent': 'vitest-agent/1.0' },
        payload: validClaimBody(),
      });
      expect(res.statusCode).toBe(201);
      const { authorityUrl } = res.json<{ authorityUrl: string }>();
      expect(authorityUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
      const pdf = await feeApp.app.inject({
        method: 'GET',
        url: authorityUrl,
        headers: { 'x-session-id': sessionId },
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain('Authority to act for you on your tax refund claim');
      expect(text).toContain('Name: Jane Doe');
      expect(text).toContain('Company: Example Claims Ltd');
      expect(text).toContain('HMRC agent reference: A1234B');
      expect(text).toContain(
        'Our fee is 20% of the repayment HMRC makes (at least £25.00), plus VAT at 20%.',
      );
      expect(text).toContain('HMRC has not seen or endorsed these terms.');
      expect(text).toContain('anyone can claim tax relief directly from HMRC for free.');
      const other = await feeApp.app.inject({
        method: 'GET',
        url: authorityUrl,
        headers: { 'x-session-id': newSessionId() },
      });
      expect(other.statusCode).toBe(404);
      // A repeat answers with the same authority.
      const again = await feeApp.app.inject({
        method: 'POST',
        url: '/api/claims',
        headers: { 'x-session-id': sessionId },
        payload: validClaimBody(),
      });
      expect(again.json<{ authorityUrl: string }>().authorityUrl).toBe(authorityUrl);
    } finally {
      await feeApp.close();
    }
  });

  it('takes the IP from X-Forwarded-For only behind a trusted proxy', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const sessionId = newSessionId();
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/claims',
        headers: { 'x-session-id': sessionId, 'x-forwarded-for': '203.0.113.9' },
        payload: validClaimBody(),
      });
      expect(res.statusCode).toBe(201);
      const row = await proxied.app.db
        .selectFrom('form_responses')
        .select('ip_address')
        .where('session_id', '=', sessionId)
        .executeTakeFirstOrThrow();
      expect(row.ip_address).toBe('203.0.113.9');
    } finally {
      await proxied.close();
    }
  });

  it('returns the claim to its session with GET /api/claims/mine', async () => {
    const sessionId = newSessionId();
    const created = (await submit(sessionId, validClaimBody())).json<{ id: string; signatureUrl: string }>();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/claims/mine',
      headers: { 'x-session-id': sessionId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      id: created.id,
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane.doe@example.com',
      phone: '07700 900123',
      selectedExpenses: ['travel', 'uniform'],
      affiliateName: 'partner-one',
      utmData: { utm_source: 'google', utm_campaign: 'spring', kw: 'tax refund' },
      fullUrl: 'https://example.test/?utm_source=google',
      signatureUrl: created.signatureUrl,
    });
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/claims/mine',
      headers: { 'x-session-id': newSessionId() },
    });
    expect(none.statusCode).toBe(404);
  });

  it.each([
    ['firstName', { firstName: '  ' }, 'First name is required'],
    ['firstName', { firstName: '<>' }, 'First name is required'],
    ['lastName', { lastName: '' }, 'Last name is required'],
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['phone', { phone: '12345' }, 'Please enter a valid UK phone number'],
    ['phone', { phone: '+1 202 555 0100' }, 'Please enter a valid UK phone number'],
    ['signature', { signature: '' }, 'Signature is required'],
    ['signature', { signature: 'data:image/jpeg;base64,/9j/4AAQ' }, 'Signature is required'],
    ['selectedExpenses', { selectedExpenses: [] }, 'Please select at least one expense'],
    ['earnsOver18k', { earnsOver18k: false }, 'You must qualify to proceed'],
  ])('answers 400 for an invalid %s', async (field, change, message) => {
    const sessionId = newSessionId();
    const res = await submit(sessionId, validClaimBody(change));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string> }>().errors[field]).toBe(message);
    expect(await countRows(sessionId)).toBe(0);
  });

  it('refuses a signature whose bytes are not a PNG and stores nothing', async () => {
    const sessionId = newSessionId();
    const notPng = `data:image/png;base64,${Buffer.from('GIF89a not really a png').toString('base64')}`;
    const res = await submit(sessionId, validClaimBody({ signature: notPng }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { signature: 'Signature is required' } });
    expect(await countRows(sessionId)).toBe(0);
    expect(await countFiles(sessionId)).toBe(0);
  });

  it.each([
    ['missing', null],
    ['malformed', 'tx_123_short'],
    ['shaped like a URL', '../../etc/passwd'],
  ])('answers 400 when the session header is %s', async (_label, sessionId) => {
    const res = await submit(sessionId, validClaimBody());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Missing or invalid session' });
  });

  it('answers 200 with the same id when the same session submits again', async () => {
    const sessionId = newSessionId();
    const first = await submit(sessionId, validClaimBody());
    const second = await submit(sessionId, validClaimBody({ firstName: 'Other' }));
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await countRows(sessionId)).toBe(1);
  });

  it('stores one claim, one signature and one authority when two submits race', async () => {
    const sessionId = newSessionId();
    // A different image (2×1 pixels) for one racer, the same bytes for the others. (Bytes after
    // IEND no longer make a different image: signatures must be whole PNGs, issue 17.)
    const otherPng = `data:image/png;base64,${PNG.sync.write(new PNG({ width: 2, height: 1 })).toString('base64')}`;
    const results = await Promise.all([
      submit(sessionId, validClaimBody()),
      submit(sessionId, validClaimBody({ signature: otherPng })),
      submit(sessionId, validClaimBody()),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 201]);
    const ids = new Set(results.map((r) => r.json<{ id: string }>().id));
    expect(ids.size).toBe(1);
    expect(await countRows(sessionId)).toBe(1);
    const files = await t.app.db
      .selectFrom('stored_files')
      .select('storage_key')
      .where('session_id', '=', sessionId)
      .execute();
    // One signature and one signed authority.
    expect(files).toHaveLength(2);
    // The losers' bytes were removed: every stored object on disk has a record.
    const onDisk = await listStoredObjects(t);
    const known = new Set(
      (await t.app.db.selectFrom('stored_files').select('storage_key').execute()).map((f) => f.storage_key),
    );
    expect(onDisk.filter((key) => !known.has(key))).toEqual([]);
  });

  it('answers 400 Invalid JSON for a malformed body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/claims',
      headers: { 'x-session-id': newSessionId(), 'content-type': 'application/json' },
      payload: '{"firstName": "Jane",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Invalid JSON' });
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/claims',
      headers: { 'x-session-id': newSessionId(), 'content-type': 'application/json' },
      payload: JSON.stringify(
        validClaimBody({ signature: `data:image/png;base64,${'A'.repeat(4 * 1024 * 1024)}` }),
      ),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'The request is too large.' });
  });
});

// D21, D28: working-from-home relief only for years up to 2025/26 (Autumn Budget 2025: "From 6
// April 2026, no deduction will be available for homeworking expenses which are not reimbursed by
// the employer"). The general claim carries no year unless the form sends them: then it is for the
// years claimable on the day it is made, which include 2025/26 until 5 April 2030 (decision 037).
describe('signing the claim form by typing a name (issue 32)', () => {
  const typed = (typedName: unknown) => validClaimBody({ signatureMethod: 'typed', typedName });
  const storedSignature = (sessionId: string) =>
    t.app.db
      .selectFrom('form_responses')
      .select(['signature_method', 'signature_typed_name'])
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();

  it('stores the method and the name as typed, and the authority says it was signed by typing it', async () => {
    const sessionId = newSessionId();
    const res = await submit(sessionId, typed('  Jane Doe '));
    expect(res.statusCode).toBe(201);
    expect(await storedSignature(sessionId)).toEqual({
      signature_method: 'typed',
      signature_typed_name: 'Jane Doe',
    });
    const pdf = await t.app.inject({
      method: 'GET',
      url: res.json<{ authorityUrl: string }>().authorityUrl,
      headers: { 'x-session-id': sessionId },
    });
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Signature (typed name)');
    expect(text).toContain('Signed by typing their name instead of drawing: Jane Doe');
  });

  it('stores a drawing as drawn, without a name, even when one is sent with it', async () => {
    const sessionId = newSessionId();
    const res = await submit(sessionId, validClaimBody({ signatureMethod: 'drawn', typedName: 'Jane Doe' }));
    expect(res.statusCode).toBe(201);
    expect(await storedSignature(sessionId)).toEqual({
      signature_method: 'drawn',
      signature_typed_name: null,
    });
    const pdf = await t.app.inject({
      method: 'GET',
      url: res.json<{ authorityUrl: string }>().authorityUrl,
      headers: { 'x-session-id': sessionId },
    });
    expect(pdfText(pdf.rawPayload)).not.toContain('typed name');
  });

  it.each([
    ['missing', undefined, MESSAGES.typedNameRequired],
    ['blank', '   ', MESSAGES.typedNameRequired],
    ['without letters', '- .', MESSAGES.typedNameInvalid],
  ])(
    'refuses a typed signature with the name %s at the field, and stores nothing',
    async (_, name, message) => {
      const sessionId = newSessionId();
      const res = await submit(sessionId, typed(name));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errors: { typedName: message } });
      expect(await countRows(sessionId)).toBe(0);
      expect(await countFiles(sessionId)).toBe(0);
    },
  );
});

describe('working from home in the general claim', () => {
  it('is refused for years given that are all after 2025/26, and nothing is stored', async () => {
    const sessionId = newSessionId();
    const res = await submit(sessionId, validClaimBody({ selectedExpenses: ['wfh'], taxYears: ['2026/27'] }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { selectedExpenses: MESSAGES.wfhNotClaimable } });
    expect(await countRows(sessionId)).toBe(0);
  });

  it('is accepted with 2025/26 among the years, and the years are kept with the claim', async () => {
    const sessionId = newSessionId();
    const res = await submit(
      sessionId,
      validClaimBody({ selectedExpenses: ['wfh'], taxYears: ['2026/27', '2025/26'] }),
    );
    expect(res.statusCode).toBe(201);
    const row = await t.app.db
      .selectFrom('form_responses')
      .select('assessment_data')
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.assessment_data ?? '{}')).toMatchObject({ taxYears: ['2026/27', '2025/26'] });
  });

  it('without years: accepted on 5 April 2030, refused from 6 April 2030 (no claimable year up to 2025/26 left)', async () => {
    // The app's own clock moves, not the process's: the S3 stand-in refuses requests signed years ahead.
    let today = new Date('2030-04-05T12:00:00Z');
    const later = await createTestApp({ overrides: { now: () => today } });
    try {
      const submitTo = (sessionId: string, body: unknown) =>
        later.app.inject({
          method: 'POST',
          url: '/api/claims',
          headers: { 'x-session-id': sessionId, 'user-agent': 'vitest-agent/1.0' },
          payload: body as Record<string, unknown>,
        });
      expect((await submitTo(newSessionId(), validClaimBody({ selectedExpenses: ['wfh'] }))).statusCode).toBe(
        201,
      );
      today = new Date('2030-04-06T12:00:00Z');
      const late = newSessionId();
      const res = await submitTo(late, validClaimBody({ selectedExpenses: ['wfh', 'travel'] }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errors: { selectedExpenses: MESSAGES.wfhNotClaimable } });
      const stored = await later.app.db
        .selectFrom('form_responses')
        .select('id')
        .where('session_id', '=', late)
        .execute();
      expect(stored).toHaveLength(0);
      // Other expenses are not limited.
      expect(
        (await submitTo(newSessionId(), validClaimBody({ selectedExpenses: ['travel'] }))).statusCode,
      ).toBe(201);
    } finally {
      await later.close();
    }
  });
});
