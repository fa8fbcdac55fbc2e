// Request bodies other than the general claim and the wizard's steps: the wizard's save, resume,
// call-back requests, and the public settings the browser reads.
import { z } from 'zod';
import { isResumeCodeShape, normaliseResumeCode } from './resume-code.ts';
import type { AuthorityTerms } from './authority.ts';
import { WIZARD_STEP_IDS } from './wizard.ts';
import { isTaxYear } from './tax-years.ts';
import { MESSAGES, NAME_MAX_LENGTH, phoneField, requiredText, section } from './schema-basics.ts';
import { REVIEW_MAX } from './site-settings.ts';
import type { SiteSettings } from './site-settings.ts';
import { snapshotSectionsSchema, wizardSnapshotSchema } from './snapshot-schemas.ts';

// ---------------------------------------------------------------------------------------------
// Other request bodies

/** A plan step's id ('mileage', 'check-answers'); the wire never carries a step number. */
export const wizardStepIdSchema = z.enum(WIZARD_STEP_IDS, { error: 'Unknown step' });

/** Where the claimant is after a save: the step on screen and the furthest completed (null: none). */
export const wizardProgressSchema = {
  currentStep: wizardStepIdSchema,
  lastStepCompleted: wizardStepIdSchema.nullable(),
};

export const onboardingSaveSchema = z.object({
  revision: z.number().int().min(0),
  ...wizardProgressSchema,
  snapshot: section(wizardSnapshotSchema),
});
export type OnboardingSave = z.output<typeof onboardingSaveSchema>;

/**
 * PUT /api/onboarding/steps/:stepId: the step just completed (or saved in place) sends only the
 * snapshot sections it changed, with the revision it read and where the claimant now is.
 */
export const onboardingStepSaveSchema = z.object({
  revision: z.number().int().min(0),
  ...wizardProgressSchema,
  sections: section(snapshotSectionsSchema),
});
export type OnboardingStepSave = z.output<typeof onboardingStepSaveSchema>;

export const resumeRequestSchema = z.object({
  code: z.preprocess(
    (v) => (typeof v === 'string' ? normaliseResumeCode(v) : (v ?? '')),
    z.string({ error: MESSAGES.resumeCodeInvalid }).refine(isResumeCodeShape, MESSAGES.resumeCodeInvalid),
  ),
  phone: phoneField(MESSAGES.phoneRequired),
});
export type ResumeRequest = z.output<typeof resumeRequestSchema>;

/**
 * D27: a self-employed or CIS claimant cannot use a P87, so the wizard stops; they may ask us to
 * call them about Self Assessment. Only then, and only with their consent, are a name and a number
 * kept, for CALL_BACK_RETENTION_DAYS at most.
 */
export const CALL_BACK_RETENTION_DAYS = 30;
export const CALL_BACK_MESSAGES = {
  nameRequired: 'Enter your name',
  consentRequired: 'Tick the box to agree that we may keep your name and number to call you',
  received: 'Thank you. One of our team will call you about Self Assessment.',
} as const;
export const CALL_BACK_TOPICS = ['self-assessment'] as const;
export const callBackRequestSchema = z.object({
  name: requiredText(CALL_BACK_MESSAGES.nameRequired, NAME_MAX_LENGTH),
  phone: phoneField(MESSAGES.phoneRequired),
  consent: z.literal(true, { error: CALL_BACK_MESSAGES.consentRequired }),
  topic: z.enum(CALL_BACK_TOPICS, { error: 'Unknown topic' }).default('self-assessment'),
});
export type CallBackRequest = z.output<typeof callBackRequestSchema>;

/**
 * GET /api/settings (D19, D20): the public part of the server's configuration, read once by the
 * browser. It is the authority's terms (AuthorityTerms): our company as the authority names it,
 * and the fee settings.
 */
export const publicSettingsSchema = z.object({
  agent: z.object({
    companyName: z.string().min(1),
    address: z.string(),
    hmrcAgentReference: z.string(),
    phone: z.string().optional(),
  }),
  fee: z.object({
    percent: z.number().min(0).max(100),
    minimumPence: z.number().int().min(0),
    vatPercent: z.number().min(0).max(100),
    /** D41: relief through the tax code is charged too (present only when it is). */
    onTaxCode: z.boolean().optional(),
    /** D29, D41: a nomination is offered, so the fee is kept from the repayment (only when it is). */
    fromRepayment: z.boolean().optional(),
  }),
  /** Issue 32: our phone number, rating and total claimed, each only when configured. */
  site: z
    .object({
      phone: z.string().optional(),
      reviewRating: z.number().gt(0).max(REVIEW_MAX).optional(),
      totalClaimed: z.string().optional(),
    })
    .optional(),
}) satisfies z.ZodType<AuthorityTerms & { site?: SiteSettings | undefined }>;
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/**
 * D25, issue 31: which year's mileage log to build ('2024/25'); without it, every selected year's.
 * With `employmentId` too, that employment's log for the year alone. Building one leaves the other
 * years' and other employments' evidence as it is.
 */
export const mileageLogRequestSchema = z
  .object({
    taxYear: z.string().refine(isTaxYear, MESSAGES.taxYearInvalid).optional(),
    employmentId: z.string().max(40).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.employmentId !== undefined && body.taxYear === undefined)
      ctx.addIssue({ code: 'custom', path: ['taxYear'], message: MESSAGES.logYearForEmployment });
  })
  .optional();
