import { normaliseUkPhone } from '@taxback/domain';
import { createDraftCache } from './draft-cache.ts';
import { restoreOperation } from './restore.ts';
import { resumeCodeOperations } from './resume-codes.ts';
import type { OnboardingContext } from './service-context.ts';
import { startFromClaimOperation } from './start-from-claim.ts';
import { stepSaveOperation } from './step-save.ts';
import { wholeSaveOperation } from './whole-save.ts';

// The draft's progress: restore (GET), the whole and the per-step save with their revision check
// (PUT, D10), and the resume code a claimant asks for to finish later (D8). The saves share the
// drafts this process knows at their revision (decision 040).

export function progressOperations(ctx: OnboardingContext) {
  const drafts = createDraftCache();
  const codes = resumeCodeOperations(ctx);
  const save = wholeSaveOperation(ctx, drafts, codes.sendCodeIfNew);
  return {
    /** GET /api/onboarding, as JSON text (restore.ts). */
    getProgress: restoreOperation(ctx),
    /** PUT /api/onboarding: the whole snapshot (whole-save.ts). */
    save,
    /** POST /api/onboarding/from-claim: the case's mileage claim, from a funnel claim (start-from-claim.ts). */
    startFromClaim: startFromClaimOperation(ctx, save),
    /** PUT /api/onboarding/steps/:stepId: only the sections the step changed (step-save.ts). */
    saveStep: stepSaveOperation(ctx, drafts, (sessionId, lastStepCompleted, snapshot, before) =>
      codes.sendCodeIfNew(sessionId, lastStepCompleted, normaliseUkPhone(snapshot.personalInfo.phone), {
        lastStepCompleted: before.lastStepCompleted,
        mobileNumber: before.indexed.mobile_number,
      }),
    ),
    sendResumeCode: codes.sendResumeCode,
  };
}
