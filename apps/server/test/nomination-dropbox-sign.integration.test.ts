// Issue 47 (D29, decision 079): the nomination signed in Dropbox Sign's embedded window, against a
// stand-in of Dropbox Sign on 127.0.0.1. Starting keeps a pending request and answers the signing
// page; the signed event (its hash checked) or the claimant's check stores the signed PDF and audit
// trail once, as the offline signature is stored; bank details wait for it. Through the real app and
// database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DROPBOX_SIGN_ACKNOWLEDGEMENT, NOMINATION_MESSAGES } from '@taxback/domain';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import { signInTeam, testClock, type AdminSession, type TestOperator } from './admin-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { NOMINATION_ENV, nominatingClaimant } from './nomination-helpers.ts';
import { startStub, type Stub, type StubRequest } from './providers/stub-server.ts';

const clock = testClock('2026-11-30T10:00:00.000Z');
const API_KEY = 'test-key';
const GOOD = { sortCode: '08-99-99', accountNumber: '66374958', accountName: 'A Claimant' };
const IP = '198.51.100.92';
let stub: Stub;
let t: TestApp;
let owner: { op: TestOperator; session: AdminSession };

/** The stand-in's requests: each new one numbered; complete once the test says so. */
const completed = new Set<string>();
let requests = 0;
function dropboxSign(req: StubRequest) {
  const request = (id: string) => ({
    signature_request: {
      signature_request_id: id,
      is_complete: completed.has(id),
      signatures: [
        {
          signature_id: `sig-${id}`,
          signer_name: 'Alex Claimant',
          status_code: 'signed',
          signed_at: 1_796_000_000,
        },
      ],
    },
  });
  if (req.url === '/v3/signature_request/create_embedded')
    return { status: 200, body: request(`sr-${++requests}`) };
  const signUrl = /^\/v3\/embedded\/sign_url\/sig-(.+)$/.exec(req.url);
  if (signUrl)
    return {
      status: 200,
      body: { embedded: { sign_url: `https://app.hellosign.com/editor/embeddedSign?s=${signUrl[1]}` } },
    };
  const file = /^\/v3\/signature_request\/files\/([^?]+)\?file_type=pdf$/.exec(req.url);
  if (file) return { status: 200, body: `%PDF-1.7\nsigned ${file[1]}\n%%EOF` };
  const status = /^\/v3\/signature_request\/([^/?]+)$/.exec(req.url);
  if (status) return { status: 200, body: request(status[1]!) };
  return { status: 404, body: { error: { error_name: 'not_found', error_msg: 'Not found' } } };
}

beforeAll(async () => {
  stub = await startStub();
  stub.answer(dropboxSign);
  t = await createTestApp({
    overrides: { now: clock.now },
    env: {
      ...NOMINATION_ENV,
      ESIGN_PROVIDER: 'dropbox-sign',
      ESIGN_API_URL: stub.url,
      ESIGN_API_KEY: API_KEY,
      ESIGN_CLIENT_ID: 'client-123',
      ESIGN_TEST_MODE: 'true',
      // A roomy limit: a busy CI machine must not turn a prompt stand-in into a timeout.
      PROVIDER_TIMEOUT_MS: '15000',
    },
  });
  ({ owner } = await signInTeam(t, clock));
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

/** Dropbox Sign's callback: a multipart form whose `json` field is the event. */
async function event(type: string, requestId: string, hash?: string) {
  const time = String(Math.floor(clock.now().getTime() / 1000));
  const json = {
    event: {
      event_type: type,
      event_time: time,
      event_hash: hash ?? createHmac('sha256', API_KEY).update(`${time}${type}`).digest('hex'),
      event_metadata: { related_signature_id: `sig-${requestId}` },
    },
    signature_request: { signature_request_id: requestId, is_complete: true },
  };
  const form = new FormData();
  form.append('json', JSON.stringify(json));
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/dropbox-sign',
    headers: { 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

async function claimantOf() {
  const claimant = await nominatingClaimant(t, owner, IP);
  const start = () =>
    claimant.send('POST', '/api/status/nomination/signing', { fullName: 'Alex Claimant', consent: true });
  const bank = (signatureId: string) =>
    claimant.send('PUT', '/api/status/bank-details', { ...GOOD, signatureId, version: 0 });
  return { ...claimant, start, bank };
}

const storedOf = async (caseId: string) => ({
  requests: await t.app.db
    .selectFrom('nomination_requests')
    .select(['signature_id', 'state', 'provider'])
    .where('case_id', '=', caseId)
    .execute(),
  nominations: await t.app.db.selectFrom('nominations').selectAll().where('case_id', '=', caseId).execute(),
  audits: await t.app.db
    .selectFrom('audit_events')
    .select('detail')
    .where('action', '=', 'nomination-signed')
    .where('entity_id', '=', caseId)
    .execute(),
});

describe('the nomination signed in Dropbox Sign’s window (decision 079)', () => {
  it('starts a pending request with our PDF and the claimant’s email, answering the signing page; bank details wait for it', async () => {
    const { claim, view, send, start, bank } = await claimantOf();
    expect(view.nomination).toMatchObject({ provider: 'dropbox-sign', pending: null, signed: null });
    const offline = await send('POST', '/api/status/nomination', {
      fullName: 'Alex Claimant',
      consent: true,
    });
    expect(offline.statusCode).toBe(409);
    expect(offline.json()).toEqual({ error: NOMINATION_MESSAGES.signsAtProvider });

    stub.requests.length = 0;
    const started = await start();
    expect(started.statusCode, started.body).toBe(200);
    const { signUrl, clientId, testMode } = started.json<{
      signUrl: string;
      clientId: string;
      testMode: boolean;
    }>();
    expect(signUrl).toMatch(/^https:\/\/app\.hellosign\.com\/editor\/embeddedSign\?s=sr-\d+$/);
    expect({ clientId, testMode }).toEqual({ clientId: 'client-123', testMode: true });
    const [create] = stub.requests;
    expect(create!.body).toContain('name="signers[0][email_address]"');
    expect(create!.body).toContain('%PDF-');
    expect(create!.body).toContain(`Nomination ${claim.reference}`);
    const signatureId = `dropbox-sign:${signUrl.split('s=')[1]}`;
    expect((await storedOf(claim.id)).requests).toEqual([
      { signature_id: signatureId, state: 'pending', provider: 'dropbox-sign' },
    ]);
    const pending = (await send('GET', '/api/status')).json<ClaimStatusView>().nomination!;
    expect(pending).toMatchObject({ signed: null, pending: { startedAt: clock.now().toISOString() } });

    const refused = await bank(signatureId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errors: { signatureId: NOMINATION_MESSAGES.signFirst } });
    expect(
      await t.app.db.selectFrom('client_bank_details').select('id').where('case_id', '=', claim.id).execute(),
    ).toEqual([]);
  });

  it('stores the signed PDF and audit trail once from the signed event (sent twice), refusing a wrong hash; then takes bank details', async () => {
    const { claim, send, start, bank } = await claimantOf();
    const requestId = (await start()).json<{ signUrl: string }>().signUrl.split('s=')[1]!;
    const signatureId = `dropbox-sign:${requestId}`;
    completed.add(requestId);

    const forged = await event('signature_request_all_signed', requestId, 'ab'.repeat(32));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: NOMINATION_MESSAGES.eventHashWrong });
    expect((await storedOf(claim.id)).nominations).toEqual([]);

    for (const attempt of [1, 2]) {
      const received = await event('signature_request_all_signed', requestId);
      expect(received.statusCode, `${attempt}: ${received.body}`).toBe(200);
      expect(received.body).toBe(DROPBOX_SIGN_ACKNOWLEDGEMENT);
    }
    const stored = await storedOf(claim.id);
    expect(stored.requests).toEqual([
      { signature_id: signatureId, state: 'signed', provider: 'dropbox-sign' },
    ]);
    expect(stored.nominations).toHaveLength(1);
    expect(stored.nominations[0]).toMatchObject({ signature_id: signatureId, provider: 'dropbox-sign' });
    expect(stored.audits).toHaveLength(1);
    const pdf = await t.app.files.readFile(stored.nominations[0]!.document_file_id, null);
    expect(pdf!.bytes.toString('latin1')).toContain(`signed ${requestId}`);
    const trail = await t.app.files.readFile(stored.nominations[0]!.audit_file_id, null);
    expect(JSON.parse(trail!.bytes.toString('utf8'))).toMatchObject({
      provider: 'dropbox-sign',
      signatureId,
      events: [{ event: 'signed', vendorSignatureId: `sig-${requestId}` }],
    });

    const view = (await send('GET', '/api/status')).json<ClaimStatusView>().nomination!;
    expect(view).toMatchObject({ pending: null, signatureUnused: true, signed: { signatureId } });
    const saved = await bank(signatureId);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ClaimStatusView>().nomination!.bankDetails).toMatchObject({
      accountNumber: '****4958',
    });

    await t.app.jobs.drain();
    const emails = await t.app.db
      .selectFrom('email_outbox')
      .select('id')
      .where('template', '=', 'nomination-signed')
      .where('claim_id', '=', claim.id)
      .execute();
    expect(emails).toHaveLength(1);
  });

  it('collects on the claimant’s check when they are back (at most every 5 seconds), and closes a declined request', async () => {
    const { claim, send, start } = await claimantOf();
    const check = () => send('POST', '/api/status/nomination/check');
    const requestId = (await start()).json<{ signUrl: string }>().signUrl.split('s=')[1]!;
    const waiting = await check();
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json<ClaimStatusView>().nomination).toMatchObject({ signed: null, pending: {} });

    completed.add(requestId);
    stub.requests.length = 0;
    expect((await check()).json<ClaimStatusView>().nomination!.pending).not.toBeNull();
    expect(stub.requests).toEqual([]);
    clock.advance(5_000);
    const signed = (await check()).json<ClaimStatusView>().nomination!;
    expect(signed).toMatchObject({ pending: null, signed: { signatureId: `dropbox-sign:${requestId}` } });
    // The event that comes after finds it stored.
    expect((await event('signature_request_all_signed', requestId)).statusCode).toBe(200);
    expect((await storedOf(claim.id)).nominations).toHaveLength(1);

    const declinedId = (await start()).json<{ signUrl: string }>().signUrl.split('s=')[1]!;
    expect((await event('signature_request_declined', declinedId)).body).toBe(DROPBOX_SIGN_ACKNOWLEDGEMENT);
    const after = (await send('GET', '/api/status')).json<ClaimStatusView>().nomination!;
    expect(after.pending).toBeNull();
    expect((await storedOf(claim.id)).requests.map((r) => r.state).sort()).toEqual(['declined', 'signed']);
  });
});
