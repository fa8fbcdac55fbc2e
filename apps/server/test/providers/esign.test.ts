// D29 (issue 47, decision 076): the nomination's e-signature providers. The offline one seals a PDF
// with a PAdES signature under a test certificate it makes once in the data folder; the Dropbox Sign
// adapter is checked against a stand-in of its API on 127.0.0.1: the requests it sends, the answers
// it reads, and its failures as codes (never a name in the log).
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProviderConfig } from '../../src/providers/config.ts';
import { createESignProvider, type ESignRequest } from '../../src/providers/esign/index.ts';
import { recordingLogger, type LogCall } from './recording-logger.ts';
import { startStub, type Stub } from './stub-server.ts';

let stub: Stub;
let dataDir: string;
beforeAll(async () => {
  stub = await startStub();
  dataDir = await mkdtemp(path.join(tmpdir(), 'esign-'));
});
afterAll(async () => {
  await stub.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function request(): Promise<ESignRequest> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText('Nomination');
  return {
    document: await doc.save({ useObjectStreams: false }),
    reference: 'TB 4K7 9MX 2QH',
    signer: { typedName: 'Alex Claimant', email: 'alex@example.com' },
    ipHash: 'abc123',
    at: new Date('2026-11-30T10:00:00.000Z'),
  };
}

const certificateOf = (event: unknown) =>
  (event as { certificate: { fingerprintSha256: string; subject: string } }).certificate;

describe('offline e-signature provider', () => {
  it('seals the PDF with a PAdES signature, making its test certificate once in DATA_DIR/esign', async () => {
    const calls: LogCall[] = [];
    const options = {
      dataDir,
      organisation: 'Example Claims Ltd',
      timeoutMs: 1000,
      log: recordingLogger(calls),
    };
    const first = createESignProvider(loadProviderConfig({}).esign, options);
    const signed = await first.sign(await request());
    if (signed.ok !== true) throw new Error(`not signed: ${JSON.stringify(signed)}`);
    const text = Buffer.from(signed.signedPdf).toString('latin1');
    expect(text).toContain('/SubFilter /ETSI.CAdES.detached');
    expect(text).toMatch(/\/ByteRange \[/);
    expect(await readdir(path.join(dataDir, 'esign'))).toEqual(['nomination-test-signer.json']);
    const fingerprint = certificateOf(signed.auditTrail.events[1]).fingerprintSha256;

    // Another instance on the same folder signs with the same certificate; each reference is new.
    const second = await createESignProvider(loadProviderConfig({}).esign, options).sign(await request());
    if (second.ok !== true) throw new Error('not signed');
    expect(second.signatureId).not.toBe(signed.signatureId);
    expect(certificateOf(second.auditTrail.events[1]).fingerprintSha256).toBe(fingerprint);
    expect(JSON.stringify(calls)).not.toContain('Alex');
  });

  it('answers a failure as a code when the configured .p12 cannot be read', async () => {
    const calls: LogCall[] = [];
    const config = loadProviderConfig({ ESIGN_P12_PATH: path.join(dataDir, 'missing.p12') }).esign;
    const provider = createESignProvider(config, {
      dataDir,
      organisation: 'Example Claims Ltd',
      timeoutMs: 1000,
      log: recordingLogger(calls),
    });
    expect(await provider.sign(await request())).toEqual({ ok: false, code: 'offline-signing-failed' });
  });
});

describe('Dropbox Sign adapter', () => {
  const env = {
    ESIGN_PROVIDER: 'dropbox-sign',
    ESIGN_API_KEY: 'test-key',
    ESIGN_CLIENT_ID: 'client-123',
    ESIGN_TEST_MODE: 'true',
  };
  // A roomy limit, so a busy CI machine does not turn a prompt stub answer into a timeout;
  // the timeout test passes its own short one against a stub that answers later still.
  const provider = (calls: LogCall[], extra: Record<string, string> = {}, timeoutMs = 10_000) =>
    createESignProvider(loadProviderConfig({ ...env, ESIGN_API_URL: stub.url, ...extra }).esign, {
      dataDir,
      organisation: 'Example Claims Ltd',
      timeoutMs,
      log: recordingLogger(calls),
    });

  it('is refused at start-up without its key and client id', () => {
    expect(() => loadProviderConfig({ ESIGN_PROVIDER: 'dropbox-sign' })).toThrow(
      /ESIGN_API_KEY: required when ESIGN_PROVIDER=dropbox-sign[\s\S]*ESIGN_CLIENT_ID/,
    );
    expect(() => loadProviderConfig({ ESIGN_PROVIDER: 'docu' })).toThrow(/ESIGN_PROVIDER/);
  });

  it('creates an embedded signature request and answers its signing page', async () => {
    stub.requests.length = 0;
    stub.answer((req) =>
      req.url === '/v3/signature_request/create_embedded'
        ? {
            status: 200,
            body: {
              signature_request: {
                signature_request_id: 'sr-1',
                is_complete: false,
                signatures: [{ signature_id: 'sig-1', status_code: 'awaiting_signature' }],
              },
            },
          }
        : {
            status: 200,
            body: { embedded: { sign_url: 'https://app.hellosign.com/editor/embeddedSign?x=1' } },
          },
    );
    const result = await provider([]).sign(await request());
    expect(result).toEqual({
      ok: 'pending',
      signatureId: 'dropbox-sign:sr-1',
      signUrl: 'https://app.hellosign.com/editor/embeddedSign?x=1',
    });
    const [create, signUrl] = stub.requests;
    expect(create).toMatchObject({ method: 'POST', url: '/v3/signature_request/create_embedded' });
    expect(create!.headers.authorization).toBe(`Basic ${Buffer.from('test-key:').toString('base64')}`);
    expect(create!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    for (const part of ['name="client_id"', 'client-123', 'name="signers[0][name]"', 'Alex Claimant'])
      expect(create!.body).toContain(part);
    expect(create!.body).toMatch(/name="test_mode"\r\n\r\n1/);
    expect(create!.body).toMatch(/name="files\[0\]"; filename="nomination-TB 4K7 9MX 2QH.pdf"/);
    expect(signUrl).toMatchObject({ method: 'GET', url: '/v3/embedded/sign_url/sig-1' });
  });

  it('collects the signed PDF once complete, and waits while it is not', async () => {
    let complete = false;
    stub.answer((req) => {
      if (req.url.startsWith('/v3/signature_request/files/sr-1'))
        return { status: 200, body: '%PDF-1.7\nsigned\n%%EOF' };
      return {
        status: 200,
        body: {
          signature_request: {
            signature_request_id: 'sr-1',
            is_complete: complete,
            signatures: [
              {
                signature_id: 'sig-1',
                signer_name: 'Alex Claimant',
                status_code: 'signed',
                signed_at: 1_796_000_000,
              },
            ],
          },
        },
      };
    });
    expect((await provider([]).collect('dropbox-sign:sr-1')).ok).toBe('pending');
    complete = true;
    stub.requests.length = 0;
    const collected = await provider([]).collect('dropbox-sign:sr-1');
    if (collected.ok !== true) throw new Error(`not collected: ${JSON.stringify(collected)}`);
    expect(Buffer.from(collected.signedPdf).toString('latin1')).toContain('signed');
    expect(collected.auditTrail).toMatchObject({
      provider: 'dropbox-sign',
      signatureId: 'dropbox-sign:sr-1',
      events: [{ event: 'signed', signerTypedName: 'Alex Claimant', vendorSignatureId: 'sig-1' }],
    });
    expect(stub.requests.map((r) => r.url)).toEqual([
      '/v3/signature_request/sr-1',
      '/v3/signature_request/files/sr-1?file_type=pdf',
    ]);
  });

  it('answers vendor errors and timeouts as codes, logging no name', async () => {
    const calls: LogCall[] = [];
    stub.answer({
      status: 401,
      body: { error: { error_name: 'unauthorized', error_msg: 'Unauthorized api key' } },
    });
    expect(await provider(calls).sign(await request())).toEqual({ ok: false, code: 'http-401-unauthorized' });
    stub.answer({ status: 200, body: {}, delayMs: 1500 });
    expect(await provider(calls, {}, 300).sign(await request())).toEqual({ ok: false, code: 'timeout' });
    stub.answer({ status: 200, body: 'not json' });
    expect((await provider(calls).collect('dropbox-sign:sr-1')).ok).toBe(false);
    expect(
      await provider(calls).sign({ ...(await request()), signer: { typedName: 'A', email: null } }),
    ).toEqual({
      ok: false,
      code: 'no-signer-email',
    });
    expect(JSON.stringify(calls)).not.toContain('Alex');
    expect(JSON.stringify(calls)).not.toContain('alex@example.com');
  });
});
