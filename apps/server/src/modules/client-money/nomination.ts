import {
  NOMINATION_MESSAGES,
  NOMINATION_TITLE,
  claimantYearAnswers,
  nominationOffered,
  nominationParagraphs,
  type NominationAgent,
  type NominationFacts,
} from '@taxback/domain';
import type { BankDetailsInput } from '@taxback/domain/client-money-schemas';
import type { ClaimantNomination, NominationRecord } from '@taxback/domain/nomination-schemas';
import { caseYearAnswerRows, yearAnswerOfRow } from '../../db/case-year-answers.ts';
import { ConflictError } from '../../errors.ts';
import { fileUrl } from '../files/index.ts';
import type { createBankDetails } from './bank-details.ts';
import type { ClientMoneyDeps, NominatingClaim } from './context.ts';
import { createNominationRequests } from './nomination-requests.ts';
import { createNominationSigning } from './nomination-signing.ts';
import { currentBankDetails } from './repository.ts';

// D29 with D41 (issue 47, decision 076): the claimant nominates us to receive HMRC's repayment,
// signed through the e-signature provider (offline PAdES by default); its signed PDF and audit
// trail are stored with the claim. Bank details are then given under that signature reference,
// and a change of them needs a new one (the rule of client_bank_details, unique per case).

export function createNominations(deps: ClientMoneyDeps, bankDetails: ReturnType<typeof createBankDetails>) {
  const { db } = deps;
  const settings = deps.clientMoney.nomination ? (deps.nomination ?? null) : null;
  const requests = createNominationRequests(deps, settings);

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
      taxYears: deps.taxYearsOf(found, deps.now()),
      agent,
    };
    return { facts, email: found.row.email ?? null };
  }

  const caseNominations = (caseId: string) =>
    db.selectFrom('nominations').selectAll().where('case_id', '=', caseId).orderBy('created_at').execute();
  const signing = createNominationSigning(deps, settings, { offered, factsOf }, requests);

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
      provider: settings.provider.name,
      pending: await requests.pendingOf(claim.caseId, newest?.created_at),
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

  /** Decision 079: the claimant is back from Dropbox Sign's window; a signed nomination is stored. */
  async function check(claim: NominatingClaim): Promise<void> {
    if (!settings || !(await offered(claim))) throw new ConflictError(NOMINATION_MESSAGES.notOffered);
    await requests.check(claim);
  }

  return {
    ...signing,
    check,
    receiveEvent: requests.receiveEvent,
    saveBankDetails,
    claimantView,
    signedDocument,
    records,
  };
}
export type Nominations = ReturnType<typeof createNominations>;
