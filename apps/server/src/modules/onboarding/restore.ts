import { summariseClaim, ukIsoDate } from '@taxback/domain';
import { resumePoint, WIZARD_SNAPSHOT_VERSION } from '@taxback/domain/schemas';
import { NotFoundError } from '../../errors.ts';
import { authorityOfRows, caseDetailsOf, groupByYear, mileageLogsOf, summariseRow } from './claim-files.ts';
import { readSnapshot } from './claim-columns.ts';
import { caseTotalsOf, followedReference, wizardCaseDetails } from './case-answer.ts';
import { findClaimProgress, progressOfRow } from './repository.ts';
import type { ClaimFileRow, ClaimProgressRow } from './repository.ts';
import { ONBOARDING_MESSAGES } from './service-context.ts';
import type { OnboardingContext } from './service-context.ts';

/** The parts of a restore that are neither the snapshot nor its totals. */
function restoredParts(claim: ClaimProgressRow, rows: ClaimFileRow[]) {
  const p60 = rows.filter((r) => r.kind === 'p60').at(-1);
  return {
    revision: Number(claim.revision),
    evidenceFiles: groupByYear(rows.filter((r) => r.kind === 'evidence')),
    mileageLogs: mileageLogsOf(rows),
    p60File: p60 ? summariseRow(p60) : null,
    signatureUrl: claim.signature_url,
    signedAuthority: authorityOfRows(rows),
    status: claim.status,
    submissionReference: claim.submission_reference,
    submittedAt: claim.submitted_at,
    hasNiNumber: claim.admin_ni_number !== null && claim.admin_ni_number !== '',
  };
}

/**
 * GET /api/onboarding: the draft as saved, as JSON text (decision 040). A draft checked today in
 * the current shape (or a claim no longer a draft) is answered with its snapshot and totals as
 * stored, neither parsed nor written out again; any other is read, checked and summed as before.
 */
export function restoreOperation(ctx: OnboardingContext) {
  const { deps, now } = ctx;
  return async function getProgress(sessionId: string): Promise<string> {
    const found = await findClaimProgress(deps.db, sessionId);
    if (!found) throw new NotFoundError(ONBOARDING_MESSAGES.notFound);
    const { claim, files } = found;
    const saved = progressOfRow(claim);
    const today = now();
    const current = Number(claim.snapshot_version) === WIZARD_SNAPSHOT_VERSION && claim.snapshot !== null;
    // A draft reopens at the first answer on its route that no longer holds (D10, D17). A save
    // validated those same answers; unless the UK day has changed since, or the stored shape is
    // older, they still hold and need not be checked again (migration 009).
    const checkedToday = current && claim.checked_on === ukIsoDate(today);
    // The case's funnel details, read once: the wizard's case years and the case's totals.
    const details = await caseDetailsOf(deps.db, claim.case_id);
    const parts = { ...restoredParts(claim, files), caseDetails: wizardCaseDetails(details) };
    // D38: a submitted claim of a case is followed by the case's reference and figures.
    if (claim.status !== 'draft' && claim.case_id !== null)
      return JSON.stringify({
        ...parts,
        submissionReference: await followedReference(deps.db, claim),
        snapshot: readSnapshot(claim.snapshot, claim.snapshot_version),
        totals: await caseTotalsOf(deps.db, claim, details),
        ...saved,
      });
    if (current && claim.totals !== null && (checkedToday || claim.status !== 'draft')) {
      const rest = JSON.stringify({ ...parts, ...saved });
      return `{"snapshot":${claim.snapshot},"totals":${claim.totals},${rest.slice(1)}`;
    }
    const snapshot = readSnapshot(claim.snapshot, claim.snapshot_version);
    const progress =
      claim.status === 'draft' && !checkedToday ? resumePoint(snapshot, saved, { today }) : saved;
    return JSON.stringify({ ...parts, snapshot, totals: summariseClaim(snapshot), ...progress });
  };
}
