import type { Kysely } from 'kysely';
import {
  authorityInputOfSnapshot,
  buildAuthorityDocument,
  leftOutMilesField,
  stepLeftOutMilesField,
  summariseClaim,
} from '@taxback/domain';
import { MESSAGES, signedByOf } from '@taxback/domain/schemas';
import type { AuthorityDocument, AuthorityTerms } from '@taxback/domain';
import { AMENDMENT_MESSAGES, CASEWORK_MESSAGES } from '@taxback/domain/casework';
import type { AmendmentInput, AmendmentPreviewInput } from '@taxback/domain/casework';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/values.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { signedAuthorityFile } from '../authority/index.ts';
import { authorityOf } from '../authority/index.ts';
import type { FilesService } from '../files/index.ts';
import { signaturePngOf } from '../files/index.ts';
import { readSnapshot, snapshotColumns } from '../onboarding/index.ts';
import {
  caseDetailsOf,
  filesOfEvidenceColumn,
  leftOutMilesErrorsOfEvidence,
  logMismatchesOfFiles,
  mileageCaseSelfAssessment,
  storeCaseSelfAssessment,
} from '../onboarding/index.ts';
import { readinessMissingOf } from './claim-view.ts';
import { LostRace, finishRequest } from './reply.ts';
import type { ThreadClaim } from './reply.ts';
import { createCaseworkRepository } from './repository.ts';

// D32: what changes the amount is the claimant's to change. An amendment item lets them change
// the business miles of their claim's years and sign a new authority for the new figures; the
// earlier authority is kept (it stays in the claim's files) and counted as superseded. On a case
// (D38) the request is the case's, on its first claim's thread, and the amendment changes the
// mileage claim that follows the case: its miles, its authority, its files.

/**
 * The mileage claim an amendment on this thread changes: the claim itself, or (D38) the mileage
 * claim that follows the case whose thread this is; null when the thread has none.
 */
async function amendedMileageOf(db: Kysely<Database>, claim: ThreadClaim) {
  if (claim.kind === 'onboarding')
    return { id: claim.id, sessionId: claim.sessionId, version: claim.version };
  const row = await db
    .selectFrom('onboarding_claims')
    .select(['id', 'session_id', 'version'])
    .where('case_id', '=', claim.id)
    .where('follows_case', '=', 1)
    .where('submitted_at', 'is not', null)
    .executeTakeFirst();
  return row ? { id: row.id, sessionId: row.session_id, version: Number(row.version) } : null;
}

/** The figures a mileage claim's amendment starts from (the claimant's own answers). */
export async function amendableOf(db: Kysely<Database>, claim: ThreadClaim) {
  const mileage = await amendedMileageOf(db, claim);
  if (!mileage) return null;
  const row = await db
    .selectFrom('onboarding_claims')
    .select(['snapshot', 'snapshot_version'])
    .where('id', '=', mileage.id)
    .executeTakeFirst();
  if (!row) return null;
  const snapshot = readSnapshot(row.snapshot, row.snapshot_version);
  return {
    vehicleInfo: snapshot.vehicleInfo,
    taxYears: snapshot.taxYears,
    employments: snapshot.employments.map((e) => ({ id: e.id, employerName: e.employerName })),
  };
}

/** A 409 that says where the claim stands now (issue 44), read after the refusal was decided. */
async function conflictNow(db: Kysely<Database>, claim: ThreadClaim, message: string) {
  const current = await db
    .selectFrom(claim.kind === 'onboarding' ? 'onboarding_claims' : 'form_responses')
    .select(['version', 'status'])
    .where('id', '=', claim.id)
    .executeTakeFirstOrThrow();
  return new ConflictError(message, {
    stale: true,
    version: Number(current.version),
    status: current.status,
  });
}

/**
 * The checks an amendment and its preview share (the wrong claim, a closed request or item, a
 * stale page), and the claim's snapshot with the new miles: what the new authority is built from.
 */
async function amendedClaim(db: Kysely<Database>, claim: ThreadClaim, input: AmendmentPreviewInput) {
  const repo = createCaseworkRepository(db);
  const mileage = await amendedMileageOf(db, claim);
  if (!mileage) throw new ValidationError({ years: AMENDMENT_MESSAGES.mileageOnly });
  const request = (await repo.requests(claim.id)).find((r) => r.id === input.requestId);
  if (!request) throw new NotFoundError('There is no such request on this claim');
  if (request.status !== 'open' || claim.status !== 'information-requested')
    throw await conflictNow(db, claim, CASEWORK_MESSAGES.requestClosed);
  const items = await repo.items([request.id]);
  const item = items.find((i) => i.id === input.itemId);
  if (!item || item.kind !== 'amendment')
    throw new ValidationError({ itemId: AMENDMENT_MESSAGES.notAmendment });
  // Issue 44: an amendment is signed once; a second signing, later or at once (below), is a 409.
  if (item.answer !== null) throw await conflictNow(db, claim, AMENDMENT_MESSAGES.alreadySigned);
  if (claim.version !== input.version) throw await conflictNow(db, claim, CASEWORK_MESSAGES.stale);

  const row = await db
    .selectFrom('onboarding_claims')
    .selectAll()
    .where('id', '=', mileage.id)
    .executeTakeFirstOrThrow();
  const snapshot = readSnapshot(row.snapshot, row.snapshot_version);
  const changes: string[] = [];
  input.years.forEach((change, i) => {
    const year = snapshot.taxYears.find((t) => t.year === change.year && t.selected);
    const job = year?.jobs.find((j) => j.employmentId === change.employmentId);
    if (!job) throw new ValidationError({ [`years.${i}.miles`]: AMENDMENT_MESSAGES.unknownYear });
    if (job.businessMiles !== change.miles)
      changes.push(
        `${change.year}: ${job.businessMiles.toLocaleString('en-GB')} to ${change.miles.toLocaleString('en-GB')} miles`,
      );
    job.businessMiles = change.miles;
  });
  // Issue 42: a claim in a case is measured, and signed for, on its years' totals across the case.
  const caseDetails = await caseDetailsOf(db, row.case_id);
  return { repo, request, items, item, row, snapshot, changes, mileage, caseDetails };
}

/** The new authority's input: the amended snapshot, the terms, and a generated log's mismatches. */
function amendedAuthorityInput(
  amended: Awaited<ReturnType<typeof amendedClaim>>,
  terms: AuthorityTerms,
  at: Date,
  signedAt?: string,
) {
  // Issue 31: a generated log that differs from the new miles is said on the new authority too.
  const mismatches = logMismatchesOfFiles(
    amended.snapshot,
    filesOfEvidenceColumn(amended.row.evidence_files),
    at,
  );
  return authorityInputOfSnapshot(amended.snapshot, terms, signedAt, mismatches, amended.caseDetails);
}

/**
 * Decision 056: the authority the claimant would sign for these miles, shown before they sign.
 * Built from the same input as the signed one below (only the signing time is absent), so the
 * figures they read are the figures in the PDF.
 */
export async function previewAmendment(
  deps: { db: Kysely<Database>; terms: AuthorityTerms; now: () => Date },
  claim: ThreadClaim,
  input: AmendmentPreviewInput,
): Promise<AuthorityDocument> {
  const amended = await amendedClaim(deps.db, claim, input);
  return buildAuthorityDocument(amendedAuthorityInput(amended, deps.terms, deps.now()));
}

/**
 * The left-out-miles check (leftOutMilesErrorsOfEvidence) on the amended snapshot, each message
 * keyed to the amendment's own field for that year and employment (`years.N.miles`).
 */
function amendmentLeftOutErrors(
  input: AmendmentInput,
  snapshot: Parameters<typeof leftOutMilesErrorsOfEvidence>[0],
  evidenceFiles: string | null,
  asOf: Date,
): Record<string, string> {
  const found = leftOutMilesErrorsOfEvidence(snapshot, evidenceFiles, asOf);
  const errors: Record<string, string> = {};
  for (const [key, message] of Object.entries(found)) {
    const i = input.years.findIndex((c) => [leftOutMilesField(c), stepLeftOutMilesField(c)].includes(key));
    errors[i < 0 ? key : `years.${i}.miles`] = message;
  }
  return errors;
}

/** The case's first claim's new version, taken only from the version the page was read at. */
async function bumpVersion(trx: Kysely<Database>, claim: ThreadClaim): Promise<boolean> {
  const result = await trx
    .updateTable('form_responses')
    .set({ version: claim.version + 1 })
    .where('id', '=', claim.id)
    .where('version', '=', claim.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function amendClaim(
  deps: { db: Kysely<Database>; files: FilesService; terms: AuthorityTerms; now: () => Date },
  claim: ThreadClaim,
  input: AmendmentInput,
  meta: { ip: string; userAgent: string | null },
): Promise<void> {
  const { db, files, now } = deps;
  const amended = await amendedClaim(db, claim, input);
  const { repo, request, items, item, row, snapshot, changes, mileage, caseDetails } = amended;
  // Decisions 081 and 084: new miles may not claim what the business-journey test leaves out.
  const refused = amendmentLeftOutErrors(input, snapshot, row.evidence_files, now());
  if (Object.keys(refused).length > 0) throw new ValidationError(refused);
  const caseSelfAssessment = mileageCaseSelfAssessment(snapshot, caseDetails);
  const png = signaturePngOf(input.signature, MESSAGES.digitalSignatureRequired);
  const signedBy = signedByOf(input);
  const totals = summariseClaim(snapshot);
  const signedAt = now();
  const at = nowIso(signedAt);
  const { document, hash } = authorityOf(amendedAuthorityInput(amended, deps.terms, signedAt, at));
  const answer =
    changes.length > 0
      ? `Changed the claim: ${changes.join('; ')}. Signed again.`
      : 'Signed again, no change.';

  await files
    .saveFilesWith(
      [
        {
          sessionId: mileage.sessionId,
          claimKind: 'onboarding',
          kind: 'signature',
          taxYear: null,
          bytes: png,
          filename: 'signature.png',
          contentType: 'image/png',
        },
        signedAuthorityFile(mileage.sessionId, 'onboarding', {
          document,
          signaturePng: png,
          signedAt,
          ip: meta.ip,
          userAgent: meta.userAgent,
          companyName: deps.terms.agent.companyName,
          typedName: signedBy.typedName,
        }),
      ],
      async (trx, [signature]) => {
        const result = await trx
          .updateTable('onboarding_claims')
          .set((eb) => ({
            ...snapshotColumns(snapshot, totals),
            // Migration 019's count of P87 items left, true for the new miles, log mismatches
            // included (decisions 049 and 051).
            readiness_missing: readinessMissingOf(row, snapshot, row.admin_ni_number !== null, caseDetails),
            ...(caseSelfAssessment
              ? { self_assessment_required: caseSelfAssessment.length > 0 ? 1 : 0 }
              : {}),
            signature_url: signature?.url ?? row.signature_url,
            signed_at: at,
            signed_ip: meta.ip,
            signed_user_agent: meta.userAgent,
            signature_method: signedBy.method,
            signature_typed_name: signedBy.typedName,
            signed_content_hash: hash,
            authority_terms: JSON.stringify(deps.terms),
            superseded_authorities: eb('superseded_authorities', '+', 1),
            // The new figures are a new version: the claim's version and the item's state are taken
            // in this transaction's statements, so of two signings at once the second finds
            // neither as it read them, and stores no authority or file (issue 44).
            version: mileage.version + 1,
          }))
          .where('id', '=', mileage.id)
          .where('version', '=', mileage.version)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw new LostRace();
        // D38: the case's own thread (its first claim) takes a new version with its mileage claim.
        if (claim.kind === 'general' && !(await bumpVersion(trx, claim))) throw new LostRace();
        if (!(await repo.answerItem(trx, item.id, answer, []))) throw new LostRace();
        await storeCaseSelfAssessment(trx, row.case_id, snapshot, caseDetails);
        // The amendment was all that was asked: the request is answered with it.
        if (items.every((i) => i.id === item.id || i.answer !== null))
          await finishRequest(trx, { ...claim, version: claim.version + 1 }, request.id, at, {
            body: answer,
            fileIds: [],
          });
      },
    )
    .catch(async (error: unknown) => {
      // Another signing or change came first.
      if (error instanceof LostRace) throw await conflictNow(db, claim, CASEWORK_MESSAGES.stale);
      throw error;
    });
}
