import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PDFDocument } from 'pdf-lib';
// The class, not the default instance: Node's ESM loader sees this CommonJS package's default
// export as the whole module, while tsx and vitest unwrap it.
import { SignPdf } from '@signpdf/signpdf';
import { P12Signer } from '@signpdf/signer-p12';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import type { SigningCertificate } from './certificate.ts';
import type { ESignAuditTrail, ESignProvider, ESignRequest, ESignResult } from './types.ts';

// D29 (issue 47, decision 076): the offline e-signature provider, the default. The claimant signs
// by typing their full name and ticking their consent while signed in to their claim with a texted
// code (uniquely linked to them, under their sole control); this provider then seals the drawn PDF
// with a PAdES signature (ETSI.CAdES.detached) under our certificate, so any later change to the
// document is detectable, and writes the audit trail. Nothing is sent anywhere.

/** The PAdES sub-filter the signature declares. */
export const PADES_SUBFILTER = 'ETSI.CAdES.detached';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export function createOfflineESignProvider(deps: {
  certificate: () => Promise<SigningCertificate>;
  /** Who seals the nomination, as the signature dictionary names it. */
  organisation: string;
  log: FastifyBaseLogger;
}): ESignProvider {
  return {
    name: 'offline',
    embedded: null,
    async sign(request: ESignRequest): Promise<ESignResult> {
      const signatureId = `nom-${randomUUID()}`;
      try {
        const certificate = await deps.certificate();
        const before = sha256(request.document);
        const pdfDoc = await PDFDocument.load(request.document, { updateMetadata: false });
        pdflibAddPlaceholder({
          pdfDoc,
          reason: `Nomination signed by ${request.signer.typedName}`,
          contactInfo: deps.organisation,
          name: request.signer.typedName,
          location: 'Online, after a texted code',
          signingTime: request.at,
          subFilter: PADES_SUBFILTER,
        });
        const prepared = Buffer.from(await pdfDoc.save({ useObjectStreams: false }));
        const signer = new P12Signer(certificate.p12, { passphrase: certificate.passphrase });
        const signedPdf = new Uint8Array(await new SignPdf().sign(prepared, signer, request.at));
        const at = request.at.toISOString();
        const auditTrail: ESignAuditTrail = {
          provider: 'offline',
          signatureId,
          method:
            'Typed full name and a ticked consent after a texted one-time code, sealed with a PAdES signature (ETSI.CAdES.detached, SHA-256)',
          events: [
            { at, event: 'document-drawn', documentSha256: before },
            {
              at,
              event: 'signed',
              signerTypedName: request.signer.typedName,
              consent: true,
              ipHash: request.ipHash,
              documentSha256Before: before,
              documentSha256After: sha256(signedPdf),
              certificate: { subject: certificate.subject, fingerprintSha256: certificate.fingerprintSha256 },
            },
          ],
        };
        return { ok: true, signatureId, signedPdf, auditTrail };
      } catch (error) {
        // Never the document or the name: the kind of failure only.
        deps.log.error(
          { err: error instanceof Error ? error.name : 'unknown' },
          'offline e-signature failed',
        );
        return { ok: false, code: 'offline-signing-failed' };
      }
    },
    async collect(): Promise<ESignResult> {
      // The offline provider signs at once: nothing is ever pending.
      return { ok: false, code: 'nothing-pending' };
    },
    readEvent: () => ({ ok: false, code: 'not-offered' }),
  };
}
