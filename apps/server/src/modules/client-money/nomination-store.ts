import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ESignAuditTrail } from '../../providers/esign/index.ts';
import type { ClientMoneyDeps, NominatingClaim } from './context.ts';

// D29 (issue 47, decisions 076 and 079): a signed nomination is stored the same way whichever
// provider signed it, at once (offline) or later (Dropbox Sign's event, or a check on return).

/** What storing needs of the claim: where its files go and what they are named. */
type StoredClaim = Pick<NominatingClaim, 'kind' | 'id' | 'sessionId' | 'caseId' | 'reference'>;

/**
 * Stores a signed nomination in one transaction: its PDF and audit trail as files of the claim's
 * session, its row, the audit event and the claimant's message. A failure leaves none of them.
 */
export async function storeSignedNomination(
  deps: ClientMoneyDeps,
  input: {
    claim: StoredClaim;
    signed: { signatureId: string; signedPdf: Uint8Array; auditTrail: ESignAuditTrail };
    provider: string;
    signedAt: string;
    /** Runs first in the transaction (decision 079: closes the pending request; throw to store nothing). */
    within?: (trx: Transaction<Database>) => Promise<void>;
  },
): Promise<void> {
  const { claim, signed, provider, signedAt } = input;
  const base = { sessionId: claim.sessionId, claimKind: claim.kind };
  await deps.files.saveFilesWith(
    [
      {
        ...base,
        kind: 'nomination',
        bytes: signed.signedPdf,
        filename: `nomination-${claim.reference}.pdf`,
        contentType: 'application/pdf',
      },
      {
        ...base,
        kind: 'nomination-audit',
        bytes: new TextEncoder().encode(JSON.stringify(signed.auditTrail, null, 2)),
        filename: `nomination-${claim.reference}-audit-trail.json`,
        // JSON, served as text: a download to read, never an API answer.
        contentType: 'text/plain',
      },
    ],
    async (trx, [document, trail]) => {
      await input.within?.(trx);
      if (!document || !trail) throw new Error('The nomination’s files were not stored');
      await trx
        .insertInto('nominations')
        .values({
          id: randomUUID(),
          case_id: claim.caseId,
          claim_kind: claim.kind,
          claim_id: claim.id,
          signature_id: signed.signatureId,
          provider: provider,
          document_file_id: document.id,
          audit_file_id: trail.id,
          signed_at: signedAt,
          created_at: signedAt,
        })
        .execute();
      await deps.audit.record(
        {
          actor: 'claimant',
          action: 'nomination-signed',
          entity: 'claim',
          entityId: claim.id,
          // The reference and the provider only: the name and the document stay in the files.
          detail: {
            caseId: claim.caseId,
            signatureId: signed.signatureId,
            provider: provider,
          },
        },
        trx,
      );
      await deps.notices.nominationSigned(trx, { claimKind: claim.kind, claimId: claim.id });
    },
  );
}
