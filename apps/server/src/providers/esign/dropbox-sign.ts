import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { dropboxSignEventSchema } from '@taxback/domain/nomination-schemas';
import { asText, isRecord, requestJson } from '../http.ts';
import type { ESignAuditTrail, ESignEventRead, ESignProvider, ESignRequest, ESignResult } from './types.ts';

type Options = { apiKey: string; clientId: string; baseUrl: string; testMode: boolean; timeoutMs: number };

/** Where Dropbox Sign's embedded signing pages are served from: the status page may frame them. */
export const DROPBOX_SIGN_FRAME_ORIGINS = ['https://app.hellosign.com', 'https://app.dropboxsign.com'];

/**
 * A Dropbox Sign event (decision 079): authentic when its `event_hash` is the HMAC-SHA256 hex of
 * `event_time + event_type` keyed by our API key, compared in constant time.
 */
export function readDropboxSignEvent(json: string, apiKey: string): ESignEventRead {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return { ok: false, code: 'malformed' };
  }
  const read = dropboxSignEventSchema.safeParse(parsed);
  if (!read.success) return { ok: false, code: 'malformed' };
  const { event_time: time, event_type: type, event_hash: hash } = read.data.event;
  const expected = createHmac('sha256', apiKey).update(`${time}${type}`, 'utf8').digest();
  const given = /^[0-9a-f]{64}$/i.test(hash) ? Buffer.from(hash, 'hex') : null;
  if (!given || !timingSafeEqual(given, expected)) return { ok: false, code: 'hash-wrong' };
  const requestId = read.data.signature_request?.signature_request_id;
  return {
    ok: true,
    kind:
      type === 'signature_request_all_signed'
        ? 'signed'
        : type === 'signature_request_declined'
          ? 'declined'
          : 'other',
    signatureId: requestId ? `dropbox-sign:${requestId}` : null,
  };
}

/**
 * Dropbox Sign (formerly HelloSign) API v3, embedded signing; HTTP basic auth with the API key as
 * the user name and no password:
 * - `POST /v3/signature_request/create_embedded` (multipart: `client_id`, `title`, `subject`,
 *   `signers[0][name]`, `signers[0][email_address]`, `files[0]`, `test_mode`) → 200
 *   `{ signature_request: { signature_request_id, is_complete, signatures: [{ signature_id,
 *   status_code, signed_at }] } }`;
 * - `GET /v3/embedded/sign_url/{signature_id}` → `{ embedded: { sign_url, expires_at } }`, the page
 *   the signer signs on;
 * - `GET /v3/signature_request/{signature_request_id}` → the request as above; complete once
 *   `is_complete` (its signature's `status_code` 'signed', `signed_at` in Unix seconds);
 * - `GET /v3/signature_request/files/{signature_request_id}?file_type=pdf` → the signed PDF, with
 *   Dropbox Sign's own audit trail page.
 * Errors answer `{ error: { error_name, error_msg } }` (401 unauthorized, 400 bad_request, 404
 * not_found, 409 conflict while files are still being prepared, 429, 5xx). Our signature reference
 * is `dropbox-sign:<signature_request_id>`.
 */
export function createDropboxSignProvider(options: Options, deps: { log: FastifyBaseLogger }): ESignProvider {
  const authorization = `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`;
  const headers = { Authorization: authorization, Accept: 'application/json' };
  const url = (p: string) => `${options.baseUrl}/v3/${p}`;
  const failed = (code: string, status?: number): ESignResult => {
    deps.log.warn({ provider: 'dropbox-sign', code, status }, 'e-signature request failed');
    return { ok: false, code };
  };
  const codeOf = (outcome: Awaited<ReturnType<typeof requestJson>>): string => {
    if (outcome.kind !== 'response') return outcome.kind;
    const error = isRecord(outcome.body) && isRecord(outcome.body.error) ? outcome.body.error : null;
    return `http-${outcome.status}${error ? `-${asText(error.error_name)}` : ''}`;
  };
  const requestIdOf = (signatureId: string) => signatureId.replace(/^dropbox-sign:/, '');

  async function signUrlOf(signatureRequest: Record<string, unknown>): Promise<string | null> {
    const signatures = Array.isArray(signatureRequest.signatures) ? signatureRequest.signatures : [];
    const first: unknown = signatures[0];
    const signatureId = isRecord(first) ? asText(first.signature_id) : '';
    if (!signatureId) return null;
    const outcome = await requestJson(
      url(`embedded/sign_url/${encodeURIComponent(signatureId)}`),
      { headers },
      options.timeoutMs,
    );
    if (outcome.kind !== 'response' || outcome.status !== 200 || !isRecord(outcome.body)) return null;
    const embedded = outcome.body.embedded;
    return isRecord(embedded) ? asText(embedded.sign_url) || null : null;
  }

  async function download(requestId: string): Promise<Uint8Array | null> {
    try {
      const response = await fetch(
        url(`signature_request/files/${encodeURIComponent(requestId)}?file_type=pdf`),
        { headers: { Authorization: authorization }, signal: AbortSignal.timeout(options.timeoutMs) },
      );
      const bytes = new Uint8Array(await response.arrayBuffer());
      const isPdf = Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
      return response.status === 200 && isPdf ? bytes : null;
    } catch {
      return null;
    }
  }

  return {
    name: 'dropbox-sign',
    embedded: { clientId: options.clientId, testMode: options.testMode },
    readEvent: (json) => readDropboxSignEvent(json, options.apiKey),
    async sign(request: ESignRequest): Promise<ESignResult> {
      if (!request.signer.email) return failed('no-signer-email');
      const form = new FormData();
      form.append('client_id', options.clientId);
      form.append('title', `Nomination ${request.reference}`);
      form.append('subject', `Nomination for claim ${request.reference}`);
      form.append('signers[0][name]', request.signer.typedName);
      form.append('signers[0][email_address]', request.signer.email);
      form.append('test_mode', options.testMode ? '1' : '0');
      form.append(
        'files[0]',
        new Blob([request.document], { type: 'application/pdf' }),
        `nomination-${request.reference}.pdf`,
      );
      const outcome = await requestJson(
        url('signature_request/create_embedded'),
        { method: 'POST', headers, body: form },
        options.timeoutMs,
      );
      if (outcome.kind !== 'response' || outcome.status !== 200 || !isRecord(outcome.body))
        return failed(codeOf(outcome), outcome.kind === 'response' ? outcome.status : undefined);
      const signatureRequest = outcome.body.signature_request;
      const requestId = isRecord(signatureRequest) ? asText(signatureRequest.signature_request_id) : '';
      if (!isRecord(signatureRequest) || !requestId) return failed('no-signature-request-id');
      const signUrl = await signUrlOf(signatureRequest);
      if (!signUrl) return failed('no-sign-url');
      return { ok: 'pending', signatureId: `dropbox-sign:${requestId}`, signUrl };
    },

    async collect(signatureId: string): Promise<ESignResult> {
      const requestId = requestIdOf(signatureId);
      const outcome = await requestJson(
        url(`signature_request/${encodeURIComponent(requestId)}`),
        { headers },
        options.timeoutMs,
      );
      if (outcome.kind !== 'response' || outcome.status !== 200 || !isRecord(outcome.body))
        return failed(codeOf(outcome), outcome.kind === 'response' ? outcome.status : undefined);
      const signatureRequest = outcome.body.signature_request;
      if (!isRecord(signatureRequest)) return failed('malformed');
      if (signatureRequest.is_complete !== true) return { ok: 'pending', signatureId, signUrl: '' };
      const signedPdf = await download(requestId);
      if (!signedPdf) return failed('no-signed-file');
      const signatures = Array.isArray(signatureRequest.signatures) ? signatureRequest.signatures : [];
      const auditTrail: ESignAuditTrail = {
        provider: 'dropbox-sign',
        signatureId,
        method: 'Dropbox Sign embedded signature request; its own audit trail is the signed PDF’s last page',
        events: signatures.filter(isRecord).map((s) => ({
          at: new Date(Number(s.signed_at ?? 0) * 1000).toISOString(),
          event: asText(s.status_code) || 'unknown',
          signerTypedName: asText(s.signer_name),
          vendorSignatureId: asText(s.signature_id),
          documentSha256After: createHash('sha256').update(signedPdf).digest('hex'),
        })),
      };
      return { ok: true, signatureId, signedPdf, auditTrail };
    },
  };
}
