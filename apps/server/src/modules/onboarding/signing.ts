import { authorityInputOfSnapshot } from '@taxback/domain';
import type { SignedBy } from '@taxback/domain/schemas';
import { lockForTransaction } from '../../db/locks.ts';
import { nowIso } from '../../db/values.ts';
import { ValidationError } from '../../errors.ts';
import { signedAuthorityFile } from '../authority/index.ts';
import { authorityOf } from '../authority/index.ts';
import { caseDetailsOf, logMismatchesOfFiles, leftOutMilesErrors, type LogLink } from './claim-files.ts';
import { readSnapshot } from './claim-columns.ts';
import { listClaimFiles, updateDraftClaim } from './repository.ts';
import type { OnboardingContext, RequestMeta } from './service-context.ts';

// Step 9: the signature and the signed authority it makes (D15, D19).

export function signingOperations(ctx: OnboardingContext) {
  const { deps, now } = ctx;
  const { files } = deps;

  return {
    /**
     * Step 9: the signature PNG, stored privately, with the D15 evidence and the D19 signed authority:
     * the document the claimant saw, rendered with the signature, time, IP and user agent into a PDF
     * stored with the claim; the D15 hash is the SHA-256 of the document's canonical content.
     */
    async saveSignature(
      sessionId: string,
      input: {
        png: Buffer;
        agreementChecks: { accuracy: boolean; authorization: boolean; terms: boolean };
        /** How it was signed, as the request says (signedByOf, decision 058). */
        signedBy: SignedBy;
      },
      meta: RequestMeta,
    ): Promise<{ signatureUrl: string; signedAuthority: LogLink }> {
      const claim = await ctx.requireDraft(sessionId);
      // The route has checked the image (signaturePngOf: a whole PNG of sane dimensions).
      const snapshot = readSnapshot(claim.snapshot, claim.snapshot_version);
      const signedAt = now();
      const at = nowIso(signedAt);
      const terms = deps.terms;
      const rows = await listClaimFiles(deps.db, sessionId);
      // Decision 081: miles the business-journey test leaves out are never signed for.
      const refused = leftOutMilesErrors(snapshot, rows, signedAt);
      if (Object.keys(refused).length > 0) throw new ValidationError(refused);
      // D25, issue 31: a generated log that differs from the miles stated is said on the authority.
      const mismatches = logMismatchesOfFiles(snapshot, rows, signedAt);
      // D38: in a case, the authority covers every amount of the case, with its funnel claim's details.
      const caseDetails = await caseDetailsOf(deps.db, claim.case_id);
      const { document, hash } = authorityOf(
        authorityInputOfSnapshot(snapshot, terms, at, mismatches, caseDetails),
      );
      // The signature and the signed authority are stored together, with the claim's evidence;
      // the PDF is rendered after this request (decision 025), its URL working from now on.
      return files.saveFilesWith(
        [
          {
            sessionId,
            claimKind: 'onboarding',
            kind: 'signature',
            taxYear: null,
            bytes: input.png,
            filename: 'signature.png',
            contentType: 'image/png',
          },
          signedAuthorityFile(sessionId, 'onboarding', {
            document,
            signaturePng: input.png,
            signedAt,
            ip: meta.ip,
            userAgent: meta.userAgent,
            companyName: terms.agent.companyName,
            typedName: input.signedBy.typedName,
          }),
        ],
        async (trx, [file, pdf]) => {
          if (!file || !pdf) throw new Error('Stored file record vanished');
          // One signing of a claim at a time, so each sees the files of the one before it and
          // replaces them: without the lock, concurrent saves on PostgreSQL each kept their own.
          await lockForTransaction(trx, deps.dialect, `claim-signing:${sessionId}`);
          const keep = new Set([file.id, pdf.id]);
          const older = (await listClaimFiles(trx, sessionId)).filter(
            (r) => (r.kind === 'signature' || r.kind === 'authority') && !keep.has(r.id),
          );
          for (const row of older) await files.deleteFile(row.id, sessionId, trx);
          await updateDraftClaim(trx, sessionId, {
            signature_url: file.url,
            signature_data: null,
            consent_accuracy: 1,
            consent_authorization: 1,
            consent_terms: 1,
            signed_at: at,
            signed_ip: meta.ip,
            signed_user_agent: meta.userAgent,
            signature_method: input.signedBy.method,
            signature_typed_name: input.signedBy.typedName,
            signed_content_hash: hash,
            authority_terms: JSON.stringify(terms),
            updated_at: at,
            last_activity_at: at,
          });
          return {
            signatureUrl: file.url,
            signedAuthority: { id: pdf.id, url: pdf.url, filename: pdf.filename },
          };
        },
      );
    },
  };
}
