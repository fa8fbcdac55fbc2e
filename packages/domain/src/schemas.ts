// One schema module for the browser forms and the server API (D4): the same rule and the same
// SPEC.md §5 message everywhere. Every schema sanitises in preprocess, so `parse` output is
// exactly the value to store (< and > stripped, trimmed, emails lowercased).
// Imported by sub-path ('@taxback/domain/schemas') so the landing page never bundles zod.
//
// The schemas live in one module per job; this one gathers what they offer:
// - schema-basics.ts: SPEC's messages, the field limits and the sanitising fields;
// - claim-schemas.ts: the general claim (POST /api/claims);
// - snapshot-schemas.ts: the wizard snapshot and its sections;
// - step-schemas.ts: the wizard's steps;
// - request-schemas.ts: the wizard's save, resume, call-back requests, public settings;
// - schema-validation.ts: field errors and checking a snapshot's steps against the plan.
export {
  MESSAGES,
  NAME_MAX_LENGTH,
  ADDRESS_MAX_LENGTH,
  COMPANY_NAME_MAX_LENGTH,
  AFFILIATE_MAX_LENGTH,
  UTM_VALUE_MAX_LENGTH,
  FULL_URL_MAX_LENGTH,
  SIGNATURE_MAX_LENGTH,
  MAX_BUSINESS_MILES,
  MAX_EMPLOYER_RATE_PENCE,
  MAX_TAX_YEAR_ENTRIES,
  MAX_JOURNEYS,
  MAX_EMPLOYER_TOTAL_POUNDS,
  JOB_TITLE_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  phoneField,
  SIGNATURE_METHODS,
  type SignatureMethod,
  type SignedBy,
  signedBySchema,
  signedByOf,
} from './schema-basics.ts';
export {
  utmDataSchema,
  type UtmData,
  assessmentDataSchema,
  type AssessmentData,
  claimFormSchema,
  type ClaimForm,
  expenseIdSchema,
  claimSubmissionSchema,
  type ClaimSubmission,
} from './claim-schemas.ts';
export {
  eligibilityDataSchema,
  employmentDetailsSchema,
  personalInfoSchema,
  employmentSchema,
  employmentYearSchema,
  vehicleInfoSchema,
  taxYearEntrySchema,
  agreementChecksSchema,
  isIsoDate,
  journeyDraftSchema,
  journeySchema,
  type JourneyInput,
  WIZARD_SNAPSHOT_VERSION,
  wizardSnapshotSchema,
  emptyWizardSnapshot,
  snapshotSectionsSchema,
  SNAPSHOT_SECTIONS,
  type SnapshotSection,
  type SnapshotSections,
} from './snapshot-schemas.ts';
export {
  eligibilityStepSchema,
  employmentStepSchema,
  createPersonalStepSchema,
  personalStepSchema,
  createEmploymentsStepSchema,
  employmentsStepSchema,
  createTaxYearsStepSchema,
  taxYearsStepSchema,
  vehicleStepSchema,
  mileageStepSchema,
  employerRateStepSchema,
  evidenceStepSchema,
  requiredAgreementChecksSchema,
  reviewStepSchema,
  hmrcDetailsStepSchema,
} from './step-schemas.ts';
export {
  onboardingSaveSchema,
  type OnboardingSave,
  onboardingStepSaveSchema,
  type OnboardingStepSave,
  wizardStepIdSchema,
  wizardProgressSchema,
  resumeRequestSchema,
  type ResumeRequest,
  CALL_BACK_RETENTION_DAYS,
  CALL_BACK_MESSAGES,
  CALL_BACK_TOPICS,
  callBackRequestSchema,
  type CallBackRequest,
  publicSettingsSchema,
  type PublicSettings,
  mileageLogRequestSchema,
} from './request-schemas.ts';
export {
  FORM_ERROR_KEY,
  fieldErrors,
  type StepValidation,
  type ValidateStepOptions,
  validateStep,
  validateSnapshotSteps,
  resumePoint,
  stepsToRecheck,
  type WizardProgress,
} from './schema-validation.ts';
export { type SameType, MAX_LEAVE_PERIODS } from './schema-basics.ts';
export type { TaxYearEntry, WizardSnapshot } from './snapshot-schemas.ts';
export { UTM_KEYS, type UtmKey } from './tracking.ts';
