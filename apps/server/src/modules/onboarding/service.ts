import { mileageLogOperations } from './log-generation.ts';
import { progressOperations } from './progress.ts';
import { onboardingContext } from './service-context.ts';
import type { OnboardingServiceDeps } from './service-context.ts';
import { signingOperations } from './signing.ts';
import { submissionOperations } from './submission.ts';
import { uploadOperations } from './uploads.ts';

// The mileage wizard's service, one part a job: progress (restore, save, resume code), uploads,
// signing, the generated mileage logs and the submission. Each part lives in its own file.

export { MAX_UPLOAD_BYTES, ONBOARDING_MESSAGES } from './service-context.ts';
export type { OnboardingServiceDeps, RequestMeta } from './service-context.ts';
export type { FileSummary } from './claim-files.ts';

export function createOnboardingService(deps: OnboardingServiceDeps) {
  const ctx = onboardingContext(deps);
  return {
    ...progressOperations(ctx),
    ...uploadOperations(ctx),
    ...signingOperations(ctx),
    ...mileageLogOperations(ctx),
    ...submissionOperations(ctx),
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
