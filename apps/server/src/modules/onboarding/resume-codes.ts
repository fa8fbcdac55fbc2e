import { RESUME_MESSAGES, hasCompleted } from '@taxback/domain';
import type { WizardStepId } from '@taxback/domain';
import { MESSAGES } from '@taxback/domain/schemas';
import { ProviderFailedError, TooManyRequestsError, ValidationError } from '../../errors.ts';
import type { OnboardingContext } from './service-context.ts';

/** Resume codes (D8): the one a save sends with new personal details, and 'Save and finish later'. */
export function resumeCodeOperations(ctx: OnboardingContext) {
  const { deps } = ctx;
  return {
    /**
     * D8: a code goes out when personal details are first saved (or the number changes). The earlier
     * number only counts if the personal step had been completed (validated) with it.
     */
    async sendCodeIfNew(
      sessionId: string,
      lastStepCompleted: WizardStepId | null,
      phone: string | null,
      before: { lastStepCompleted: WizardStepId | null; mobileNumber: string | null } | undefined,
    ): Promise<void> {
      const earlier =
        before && hasCompleted('personal', before.lastStepCompleted) ? before.mobileNumber : null;
      if (!hasCompleted('personal', lastStepCompleted) || phone === null || phone === earlier) return;
      try {
        await deps.resume.issueCode(sessionId, phone);
      } catch (error) {
        // The save itself succeeded; 'Save and finish later' can send another code.
        deps.log.warn({ err: error instanceof Error ? error.message : 'unknown' }, 'resume code not issued');
      }
    },

    /** 'Save and finish later': a fresh code to the claimant's saved number. */
    async sendResumeCode(sessionId: string): Promise<void> {
      const claim = await ctx.requireClaim(sessionId);
      if (!claim.mobile_number) throw new ValidationError({ 'personalInfo.phone': MESSAGES.phoneRequired });
      const result = await deps.resume.issueCode(sessionId, claim.mobile_number);
      if (result === 'rate-limited') throw new TooManyRequestsError(RESUME_MESSAGES.tooManyCodes, 3600);
      if (result === 'invalid-phone')
        throw new ValidationError({ 'personalInfo.phone': MESSAGES.phoneInvalid });
      if (result === 'sms-failed') throw new ProviderFailedError(RESUME_MESSAGES.smsFailed);
    },
  };
}
