import {
  CONFIRMATION_STEP_ID,
  SUBMIT_STEP_ID,
  claimRoute,
  reliefOf,
  newClaimReference,
  routeEnd,
  summariseClaim,
} from '@taxback/domain';
import { evidenceStepSchema, fieldErrors, MESSAGES, validateSnapshotSteps } from '@taxback/domain/schemas';
import type { WizardSnapshot } from '@taxback/domain/schemas';
import { encryptField, niNumberKey } from '../../crypto/index.ts';
import { personKeyOf } from '../../crypto/hash.ts';
import type { Row, RowUpdate } from '../../db/database.ts';
import { fromIntBool } from '../../db/values.ts';
import { ValidationError } from '../../errors.ts';
import { fileUrl } from '../files/index.ts';
import { joinCaseWorkflow } from '../casework/index.ts';
import { caseTotalsOf, followedReference } from './case-answer.ts';
import {
  authorityOfRows,
  caseDetailsOf,
  evidenceByYear,
  mileageCaseSelfAssessment,
  mileageReadiness,
  leftOutMilesErrors,
  storeCaseSelfAssessment,
} from './claim-files.ts';
import { readSnapshot } from './claim-columns.ts';
import { listClaimFiles, progressColumns, updateDraftClaim } from './repository.ts';
import { ONBOARDING_MESSAGES } from './service-context.ts';
import type { OnboardingContext } from './service-context.ts';

// Step 10: the submission, once (D27: only a route that can succeed).

export function submissionOperations(ctx: OnboardingContext) {
  const { deps, now } = ctx;
  const { db } = deps;

  async function submittedAnswer(claim: Row<'onboarding_claims'>) {
    return {
      signedAuthority: authorityOfRows(await listClaimFiles(db, claim.session_id)),
      submissionReference: (await followedReference(db, claim)) ?? '',
      submittedAt: claim.submitted_at ?? '',
      totals: await caseTotalsOf(db, claim),
    };
  }

  /** A new reference no claim has (the column is unique too: a clash would fail the submission). */
  async function unusedReference(): Promise<string> {
    for (;;) {
      const reference = newClaimReference();
      const taken = await db
        .selectFrom('onboarding_claims')
        .select('id')
        .where('submission_reference', '=', reference)
        .executeTakeFirst();
      if (!taken) return reference;
    }
  }

  return {
    /** Step 10. Idempotent: a repeat (or a concurrent double submit) answers with the one submission. */
    async submit(sessionId: string, input: { niNumber: string; p60FileId?: string | undefined }) {
      const claim = await ctx.requireClaim(sessionId);
      if (claim.status !== 'draft') return await submittedAnswer(claim);

      const snapshot: WizardSnapshot = readSnapshot(claim.snapshot, claim.snapshot_version);
      // D27: only a route that can succeed is submitted; a stop's explanation says why not.
      const route = claimRoute(snapshot);
      if (route === null)
        throw new ValidationError({ form: routeEnd(snapshot).reason ?? ONBOARDING_MESSAGES.cannotSubmit });
      const errors: Record<string, string> = {};
      const steps = validateSnapshotSteps(snapshot, 'employer-rate', { today: now() });
      if (!steps.ok) Object.assign(errors, steps.errors);

      const rows = await listClaimFiles(db, sessionId);
      const evidence = evidenceStepSchema.safeParse({
        taxYears: snapshot.taxYears,
        evidenceFiles: evidenceByYear(rows),
        journeys: snapshot.journeys,
      });
      if (!evidence.success) Object.assign(errors, fieldErrors(evidence));
      // Decision 081: nor submitted with miles the business-journey test leaves out.
      Object.assign(errors, leftOutMilesErrors(snapshot, rows, now()));

      if (!claim.signature_url) errors.signature = MESSAGES.digitalSignatureRequired;
      if (!fromIntBool(claim.consent_accuracy))
        errors['agreementChecks.accuracy'] = MESSAGES.accuracyRequired;
      if (!fromIntBool(claim.consent_authorization)) {
        errors['agreementChecks.authorization'] = MESSAGES.authorizationRequired;
      }
      if (!fromIntBool(claim.consent_terms)) errors['agreementChecks.terms'] = MESSAGES.termsRequired;

      let p60: Row<'stored_files'> | undefined;
      if (input.p60FileId) {
        p60 = rows.find((r) => r.id === input.p60FileId && r.kind === 'p60');
        if (!p60) errors.p60FileId = ONBOARDING_MESSAGES.p60Missing;
      }
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);

      const at = now();
      const totals = summariseClaim(snapshot);
      // Issue 42: a claim started from a funnel claim is measured on its years' totals across the case.
      const caseDetails = await caseDetailsOf(db, claim.case_id);
      const caseSelfAssessment = mileageCaseSelfAssessment(snapshot, caseDetails);
      const reference = await unusedReference();
      const changes: RowUpdate<'onboarding_claims'> = {
        status: 'submitted',
        submission_reference: reference,
        submitted_at: at.toISOString(),
        admin_ni_number: encryptField(input.niNumber, deps.keys.dataKey),
        // Issue 17: a keyed hash, so operators can see another claim with the same NI number.
        ni_key: niNumberKey(input.niNumber, deps.keys.signingKey),
        // D38: the person, to find the same claimant's other claims by (migration 035).
        person_key: personKeyOf(snapshot.personalInfo),
        ...progressColumns({ currentStep: CONFIRMATION_STEP_ID, lastStepCompleted: SUBMIT_STEP_ID }),
        // A fuel claim (company vehicle, D27) has no approved-amount estimate: an operator assesses it.
        total_hmrc_allowance: route === 'mileage' ? totals.totalAllowance : null,
        estimated_rebate_20_percent: route === 'mileage' ? totals.rebate20 : null,
        estimated_rebate_40_percent: route === 'mileage' ? totals.rebate40 : null,
        estimated_rebate_claimant: route === 'mileage' ? reliefOf(snapshot).low : null,
        self_assessment_required: (
          caseSelfAssessment ? caseSelfAssessment.length > 0 : totals.selfAssessmentRequired
        )
          ? 1
          : 0,
        // Migration 019: the queue's "P87 items left" without reading the snapshot (D17, D34); the
        // same list the claim page shows, log mismatches included (issue 31).
        readiness_missing: mileageReadiness(snapshot, true, rows, at, caseSelfAssessment).length,
        last_action_at: at.toISOString(),
        last_activity_at: at.toISOString(),
        updated_at: at.toISOString(),
      };
      if (p60) {
        changes.p60_file_url = fileUrl(p60.id);
        changes.p60_filename = p60.filename;
      }
      // WHERE status = 'draft' lets exactly one of two concurrent submits through; the other reads its result.
      await db.transaction().execute(async (trx) => {
        if (await updateDraftClaim(trx, sessionId, changes, { bumpRevision: true })) {
          await storeCaseSelfAssessment(trx, claim.case_id, snapshot, caseDetails);
          // D38: the claim joins its case's workflow (or, the case gone to HMRC, is worked alone).
          if (claim.case_id !== null)
            await joinCaseWorkflow(trx, {
              kind: 'onboarding',
              id: claim.id,
              reference,
              caseId: claim.case_id,
              at: at.toISOString(),
            });
          await deps.notices.received(trx, 'onboarding', claim.id);
        }
      });
      return await submittedAnswer(await ctx.requireClaim(sessionId));
    },
  };
}
