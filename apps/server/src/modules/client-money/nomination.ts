import { randomUUID } from 'node:crypto';
import {
  NOMINATION_MESSAGES,
  NOMINATION_TITLE,
  claimantYearAnswers,
  nominationOffered,
  nominationParagraphs,
  type ClaimStatus,
  type NominationAgent,
  type NominationFacts,
} from '@taxback/domain';
import type { BankDetailsInput } from '@taxback/domain/client-money-schemas';
import type {
  ClaimantNomination,
  NominationRecord,
  NominationSignInput,
} from '@taxback/domain/nomination-schemas';
import { hmacSha256Hex } from '../../crypto/index.ts';
import { caseYearAnswerRows, yearAnswerOfRow } from '../../db/case-year-answers.ts';
import type { ClaimKind } from '../../db/database.ts';
import { nowIso } from '../../db/values.ts';
import { drawNominationPdf } from '../../documents/nomination-pdf.ts';
import { ConflictError, ServiceUnavailableError } from '../../errors.ts';
import { SAVE_OPTIONS } from '../../pdf/text.ts';
import type { ESignAuditTrail } from '../../providers/esign/index.ts';
import { claimScopeOf } from '../admin/claim-view.ts';
import { fileUrl } from '../files/service.ts';
import type { createBankDetails } from './bank-details.ts';
import type { ClientMoneyDeps } from './context.ts';
import { currentBankDetails } from './repository.ts';

// D29 with D41 (issue 47, decision 076): the claimant nominates us to receive HMRC's repayment,
// signed through the e-signature provider (offline PAdES by default); its signed PDF and audit
// trail are stored with the claim. Bank details are then given under that signature reference,
// and a change of them needs a new one (the rule of client_bank_details, unique per case).

/** The claim the claimant is signed in to on the status page. */
export interface NominatingClaim {
  kind: ClaimKind;
  id: string;
  sessionId: string;
  caseId: string;
  reference: string;
  status: ClaimStatus;
}

/**
 * Stores a signed nomination in one transaction: its PDF and audit trail as files of the claim's
 * session, its row, the audit event and the claimant's message. A failure leaves none of them.
 */
async function storeSigned(
  deps: ClientMoneyDeps,
  input: {
    claim: NominatingClaim;
    signed: { signatureId: string; signedPdf: Uint8Array; auditTrail: ESignAuditTrail };
    provider: string;
    signedAt: string;
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

export function createNominations(deps: ClientMoneyDeps, bankDetails: ReturnType<typeof createBankDetails>) {
  const { db } = deps;
  const settings = deps.clientMoney.nomination ? (deps.nomination ?? null) : null;

  async function offered(claim: NominatingClaim): Promise<boolean> {
    if (!settings) return false;
    const rows = await caseYearAnswerRows(db, claim.caseId);
    const answers = claimantYearAnswers(rows.map(yearAnswerOfRow), deps.fees);
    return nominationOffered({
      configured: true,
      status: claim.status,
      hmrcRepaidPence: answers ? answers.repaidPence : null,
    });
  }

  /** The claimant's name, email and tax years, as the nomination names them. */
  async function factsOf(claim: NominatingClaim, agent: NominationAgent) {
    const found = await deps.find(claim.id);
    const name = [found.row.first_name, found.row.last_name].filter(Boolean).join(' ');
    const facts: NominationFacts = {
      claimantName: name || 'the claimant',
      reference: claim.reference,
      taxYears: claimScopeOf(found, deps.now()).taxYears,
      agent,
    };
    return { facts, email: found.row.email ?? null };
  }

  const caseNominations = (caseId: string) =>
    db.selectFrom('nominations').selectAll().where('case_id', '=', caseId).orderBy('created_at').execute();

  /** Signs the nomination; answers its new signature reference. Nothing is stored unless signed. */
  async function sign(
    claim: NominatingClaim,
    input: NominationSignInput,
    request: { ip: string },
  ): Promise<{ signatureId: string; signedAt: string }> {
    if (!settings || !(await offered(claim))) throw new ConflictError(NOMINATION_MESSAGES.notOffered);
    const at = deps.now();
    const { facts, email } = await factsOf(claim, settings.agent);
    const drawn = await drawNominationPdf({ ...facts, signerTypedName: input.fullName, signedAt: at });
    const result = await settings.provider.sign({
      document: await drawn.save(SAVE_OPTIONS),
      reference: claim.reference,
      signer: { typedName: input.fullName, email },
      // Hashed with our key and cut short: the trail can tell requests apart, never name an address.
      ipHash: hmacSha256Hex(deps.signingKey, `nomination-ip:${request.ip}`).slice(0, 16),
      at,
    });
    // A vendor's signing page ('pending') is not offered from the status page yet (decision 076).
    if (result.ok !== true) throw new ServiceUnavailableError(NOMINATION_MESSAGES.providerFailed);
    const signedAt = nowIso(at);
    await storeSigned(deps, { claim, signed: result, provider: settings.provider.name, signedAt });
    return { signatureId: result.signatureId, signedAt };
  }

  /** The claimant's bank details under a nomination signed for this case and never used before. */
  async function saveBankDetails(claim: NominatingClaim, input: BankDetailsInput): Promise<void> {
    if (!(await offered(claim))) throw new ConflictError(NOMINATION_MESSAGES.notOffered);
    const signed = await db
      .selectFrom('nominations')
      .select('id')
      .where('case_id', '=', claim.caseId)
      .where('signature_id', '=', input.signatureId)
      .executeTakeFirst();
    if (!signed)
      throw new ConflictError(NOMINATION_MESSAGES.signFirst, {
        errors: { signatureId: NOMINATION_MESSAGES.signFirst },
      });
    await bankDetails.save(claim.caseId, input, { kind: 'claimant', claimId: claim.id }, (trx) =>
      deps.notices.bankDetailsChanged(trx, { claimKind: claim.kind, claimId: claim.id }),
    );
  }

  /** The status page's nomination: its words, the newest signature, the masked details, the payouts. */
  async function claimantView(claim: NominatingClaim): Promise<ClaimantNomination | null> {
    if (!settings || !(await offered(claim))) return null;
    const [{ facts }, rows, bank, used, payouts] = [
      await factsOf(claim, settings.agent),
      await caseNominations(claim.caseId),
      await currentBankDetails(db, claim.caseId),
      await db
        .selectFrom('client_bank_details')
        .select('signature_id')
        .where('case_id', '=', claim.caseId)
        .execute(),
      await db
        .selectFrom('payouts')
        .select(['amount_pence', 'due_on', 'state', 'made_on'])
        .where('case_id', '=', claim.caseId)
        .orderBy('created_at')
        .execute(),
    ];
    const newest = rows.at(-1);
    return {
      title: NOMINATION_TITLE,
      paragraphs: nominationParagraphs(facts),
      signed: newest
        ? {
            signatureId: newest.signature_id,
            signedAt: newest.signed_at,
            documentUrl: `/api/status/nominations/${encodeURIComponent(newest.signature_id)}`,
          }
        : null,
      signatureUnused: newest !== undefined && !used.some((u) => u.signature_id === newest.signature_id),
      bankDetails: bank
        ? {
            sortCode: bank.sort_code_masked,
            accountNumber: bank.account_number_masked,
            version: Number(bank.version),
          }
        : null,
      payouts: payouts.map((p) => ({
        amountPence: Number(p.amount_pence),
        dueOn: p.due_on,
        state: p.state,
        madeOn: p.made_on,
      })),
    };
  }

  /** A signed nomination of the claim's case, to download; null for anything else. */
  async function signedDocument(claim: NominatingClaim, signatureId: string) {
    const row = await db
      .selectFrom('nominations')
      .select('document_file_id')
      .where('case_id', '=', claim.caseId)
      .where('signature_id', '=', signatureId)
      .executeTakeFirst();
    return row ? deps.files.openFile(row.document_file_id, null) : null;
  }

  /** The claim page's list: each signed nomination with its PDF and audit trail (downloads audited). */
  async function records(caseId: string): Promise<NominationRecord[]> {
    return (await caseNominations(caseId)).map((r) => ({
      signatureId: r.signature_id,
      provider: r.provider,
      signedAt: r.signed_at,
      documentUrl: fileUrl(r.document_file_id),
      auditTrailUrl: fileUrl(r.audit_file_id),
    }));
  }

  return { sign, saveBankDetails, claimantView, signedDocument, records };
}
export type Nominations = ReturnType<typeof createNominations>;
