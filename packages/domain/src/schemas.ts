// One schema module for the browser forms and the server API (D4): the same rule and the same
// SPEC.md §5 message everywhere. Every schema sanitises in preprocess, so `parse` output is
// exactly the value to store (< and > stripped, trimmed, emails lowercased).
// Imported by sub-path ('@taxback/domain/schemas') so the landing page never bundles zod.
import { z } from 'zod';
import { isPngDataUrl } from './data-url.ts';
import { isValidEmail, EMAIL_MAX_LENGTH } from './email.ts';
import { EXPENSE_IDS } from './expenses.ts';
import { JOURNEY_MAX_DISTANCE_MILES } from './journeys.ts';
import { normaliseNiNumber, isValidNiNumber } from './ni-number.ts';
import { isValidUkPhone } from './phone.ts';
import { formatPostcode, formatPostcodeAsTyped, sanitisePostcodeInput } from './postcode.ts';
import { isResumeCodeShape, normaliseResumeCode } from './resume-code.ts';
import {
  UNSAFE_TEXT_MESSAGE,
  sanitiseEmail,
  sanitiseText,
  stripAngleBrackets,
  unsafeTextPaths,
} from './sanitise.ts';
import type { AuthorityTerms } from './authority.ts';
import type { TaxYear } from './tax-years.ts';
import {
  MAX_LEAVE_PERIODS,
  cleanDateParts,
  dateOfBirthProblem,
  endDateProblem,
  type DateParts,
} from './dates.ts';
import { isPayeReference } from './p87-readiness.ts';
import { isRecord } from './records.ts';
import {
  INCOME_BAND_ANSWERS,
  MAX_EMPLOYMENTS,
  alignSnapshot,
  asksEmployersConnected,
  jobFieldKey,
  upgradeLegacySnapshot,
  type Employment,
  type EmploymentYear,
  type TaxYearEntry,
  type WizardSnapshot,
} from './wizard-snapshot.ts';

// zod 4 compiles object schemas with `new Function` for a faster parser. Browsers run under our
// CSP, which has no 'unsafe-eval', so even zod's probe for it would be reported as a violation:
// there the interpreted parser is used. Node has no CSP, and there the compiled parser takes a
// third off a wizard save's validation (the generated code comes from our schemas' keys only).
z.config({ jitless: typeof (globalThis as { document?: unknown }).document !== 'undefined' });
import { claimableTaxYears, isTaxYear, ukIsoDate } from './tax-years.ts';
import {
  MAX_STEP_INDEX,
  previousStep as previousStepOf,
  stepIndex as stepIndexOf,
  isWizardStepIndex,
  snapshotStepsThrough,
  stepIdAt,
  sanitiseVrm,
  type PlanAnswers,
  type WizardStepId,
} from './wizard.ts';

/** true only when A and B are the same type (each assignable to the other). */
/** `true` only when A and B are the same type (schemas checked against declared types). */
export type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

// ---------------------------------------------------------------------------------------------
// Messages

export const MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid UK phone number',
  signatureRequired: 'Signature is required',
  signatureTooLarge: 'Signature is too large. Please clear it and sign again',
  expensesRequired: 'Please select at least one expense',
  expenseUnknown: 'Select an expense from the list',
  mustQualify: 'You must qualify to proceed',
  drivesForWorkRequired: 'Please select an option',
  vrmRequired: 'Vehicle registration is required',
  employmentTypeRequired: 'Please select your employment type',
  homeAddressRequired: 'Home address is required',
  taxYearsRequired: 'Please select at least one tax year',
  taxYearInvalid: 'Enter a tax year like 2024/25',
  taxYearNotClaimable: 'You can only claim for the current tax year and the four before it',
  taxYearDuplicate: 'Each tax year can only be listed once',
  vehicleTypeRequired: 'Please select your vehicle type',
  milesRequired: (year: TaxYear) => `Business miles required for ${year}`,
  milesWholeNumber: (year: TaxYear) => `Business miles for ${year} must be a whole number`,
  milesTooHigh: (year: TaxYear) => `Business miles for ${year} must be 200,000 or fewer`,
  milesInvalid: 'Business miles must be a whole number from 0 to 200,000',
  employerNameRequired: "Enter the employer's name",
  payeReferenceRequired: "Enter the employer PAYE reference, or tick that you don't have it",
  payeReferenceInvalid: 'Enter the employer PAYE reference in the correct format, like 123/AB45678',
  jobTitleRequired: 'Enter your job title',
  continuingRequired: 'Select whether you still work there',
  employmentsRequired: 'Add at least one employment',
  employmentsTooMany: `You can add up to ${MAX_EMPLOYMENTS} employments`,
  employmentDuplicate: 'Each employment must be listed once',
  employersConnectedRequired: (year: TaxYear) =>
    `Select whether your employers in ${year} are the same or associated employers`,
  employerPaidRequired: (employer: string, year: TaxYear) =>
    `Select what ${employer} paid for your business miles in ${year}`,
  employerPencePerMileInvalid: (employer: string, year: TaxYear) =>
    `Enter the pence per mile ${employer} paid in ${year}, from 1 to ${MAX_EMPLOYER_RATE_PENCE}`,
  employerTotalInvalid: (employer: string, year: TaxYear) =>
    `Enter the total ${employer} paid for business miles in ${year}, in pounds`,
  mileageRateInvalid: 'Please enter a valid mileage rate',
  mileageRateTooHigh: 'Mileage rate must be 200p per mile or less',
  evidenceRequired: (year: TaxYear) => `Evidence required for ${year}`,
  digitalSignatureRequired: 'Digital signature is required',
  accuracyRequired: 'Please confirm accuracy of information',
  authorizationRequired: 'Please authorize us to act as your tax agent',
  termsRequired: 'Please accept terms and conditions',
  niNumberRequired: 'National Insurance number is required',
  niNumberInvalid: 'Enter a National Insurance number in the correct format, like QQ 12 34 56 C',
  postcodeRequired: 'Please enter a postcode',
  postcodeInvalid: 'Please enter a valid UK postcode',
  frequencyRequired: 'Select how often you make this journey',
  tripTypeRequired: 'Select a trip type',
  reasonRequired: 'Select a reason',
  customReasonRequired: 'Please enter a reason',
  distanceRequired: 'Enter the distance in miles',
  distanceInvalid: 'Distance must be between 0 and 1,000 miles',
  journeyDateRequired: 'Enter the date of the journey',
  journeyDateInvalid: 'The date of the journey must be a real date',
  oneOffTripTypeRequired: 'Select whether this one-off journey was a return or a single trip',
  resumeCodeInvalid: 'Invalid resume code. Please check your SMS and try again.',
  tooLong: (max: number) => `Must be ${max} characters or fewer`,
} as const;

// ---------------------------------------------------------------------------------------------
// Limits

export const NAME_MAX_LENGTH = 100;
export const ADDRESS_MAX_LENGTH = 500;
export const COMPANY_NAME_MAX_LENGTH = 200;
export const AFFILIATE_MAX_LENGTH = 100;
export const UTM_VALUE_MAX_LENGTH = 500;
export const FULL_URL_MAX_LENGTH = 2000;
/** A 600×200 PNG signature is tens of KB; 2 MB of data URL leaves ample room and bounds abuse. */
export const SIGNATURE_MAX_LENGTH = 2_000_000;
export const MAX_BUSINESS_MILES = 200_000;
export const MAX_EMPLOYER_RATE_PENCE = 200;
export const MAX_TAX_YEAR_ENTRIES = 10;
export const MAX_JOURNEYS = 100;
export { MAX_LEAVE_PERIODS };
export const MAX_EMPLOYER_TOTAL_POUNDS = 1_000_000;
export const JOB_TITLE_MAX_LENGTH = 100;
export const TITLE_MAX_LENGTH = 20;

// ---------------------------------------------------------------------------------------------
// Building blocks

/** Strings are sanitised; a missing value becomes '' so required-field messages apply. */
function toCleanText(v: unknown): unknown {
  if (typeof v === 'string') return sanitiseText(v);
  return v ?? '';
}

function text(max: number) {
  return z.preprocess(toCleanText, z.string().max(max, MESSAGES.tooLong(max)));
}

function requiredText(message: string, max: number) {
  return z.preprocess(
    toCleanText,
    z.string({ error: message }).min(1, { error: message, abort: true }).max(max, MESSAGES.tooLong(max)),
  );
}

function nullableText(max: number) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? sanitiseText(v) || null : (v ?? null)),
    z.string().max(max, MESSAGES.tooLong(max)).nullable(),
  );
}

function emailField(requiredMessage: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? sanitiseEmail(v) : (v ?? '')),
    z
      .string({ error: requiredMessage })
      .min(1, { error: requiredMessage, abort: true })
      .max(EMAIL_MAX_LENGTH, { error: MESSAGES.emailInvalid, abort: true })
      .refine(isValidEmail, MESSAGES.emailInvalid),
  );
}

export function phoneField(requiredMessage: string) {
  return z.preprocess(
    toCleanText,
    z
      .string({ error: requiredMessage })
      .min(1, { error: requiredMessage, abort: true })
      .max(30, { error: MESSAGES.phoneInvalid, abort: true })
      .refine(isValidUkPhone, MESSAGES.phoneInvalid),
  );
}

function pngDataUrl(message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : (v ?? '')),
    z
      .string({ error: message })
      .min(1, { error: message, abort: true })
      .max(SIGNATURE_MAX_LENGTH, { error: MESSAGES.signatureTooLarge, abort: true })
      .refine(isPngDataUrl, message),
  );
}

/** Numbers typed into a field may arrive as strings; '' / null / undefined mean 0. */
function toNumber(v: unknown): unknown {
  if (v === undefined || v === null || v === '') return 0;
  if (typeof v === 'string') {
    const s = v.trim();
    return /^\d+(\.\d+)?$|^\.\d+$/.test(s) ? Number(s) : Number.NaN;
  }
  return v;
}

/**
 * A missing section parses as {}: each field maps a missing value itself (to '' or its default),
 * which zod's input types cannot express for preprocessed fields.
 */
function section<T extends z.ZodType>(schema: T) {
  return schema.prefault({} as z.input<T>);
}

// ---------------------------------------------------------------------------------------------
// General claim (POST /api/claims)

export { UTM_KEYS, type UtmKey } from './tracking.ts';
import { UTM_KEYS, type UtmKey } from './tracking.ts';

const utmValue = text(UTM_VALUE_MAX_LENGTH).optional();

/** Only SPEC §3's campaign keys are kept; anything else is dropped. */
export const utmDataSchema = z.object(
  Object.fromEntries(UTM_KEYS.map((key) => [key, utmValue])) as { [K in UtmKey]: typeof utmValue },
);
export type UtmData = z.output<typeof utmDataSchema>;

export const assessmentDataSchema = z.object({
  qualifies: z.literal('yes', { error: MESSAGES.mustQualify }),
  timestamp: text(40),
  step: text(50),
  lastUpdated: text(40),
});
export type AssessmentData = z.output<typeof assessmentDataSchema>;

export const claimFormSchema = z.object({
  firstName: requiredText(MESSAGES.firstNameRequired, NAME_MAX_LENGTH),
  lastName: requiredText(MESSAGES.lastNameRequired, NAME_MAX_LENGTH),
  email: emailField(MESSAGES.emailRequired),
  phone: phoneField(MESSAGES.phoneRequired),
});
export type ClaimForm = z.output<typeof claimFormSchema>;

export const expenseIdSchema = z.enum(EXPENSE_IDS, { error: MESSAGES.expenseUnknown });

export const claimSubmissionSchema = claimFormSchema.extend({
  signature: pngDataUrl(MESSAGES.signatureRequired),
  selectedExpenses: z
    .array(expenseIdSchema, { error: MESSAGES.expensesRequired })
    .min(1, MESSAGES.expensesRequired)
    .max(EXPENSE_IDS.length * 2, MESSAGES.expenseUnknown)
    .transform((ids) => [...new Set(ids)]),
  earnsOver18k: z.literal(true, { error: MESSAGES.mustQualify }),
  affiliateName: nullableText(AFFILIATE_MAX_LENGTH).optional(),
  utmData: utmDataSchema.nullable().optional(),
  fullUrl: nullableText(FULL_URL_MAX_LENGTH).optional(),
  assessmentData: assessmentDataSchema.optional(),
});
export type ClaimSubmission = z.output<typeof claimSubmissionSchema>;

// ---------------------------------------------------------------------------------------------
// Wizard snapshot sections (lenient: a draft saved part-way through is valid)

const drivesForWorkDraft = z.enum(['yes', 'company-vehicle', 'no', '']).default('');
const employmentTypeDraft = z.enum(['employed', 'self-employed', 'cis', '']).default('');
const vehicleTypeDraft = z.enum(['car-van', 'motorbike', 'bicycle', '']).default('');

const vrmField = z.preprocess((v) => (typeof v === 'string' ? sanitiseVrm(v) : (v ?? '')), z.string());

export const eligibilityDataSchema = z.object({
  drivesForWork: drivesForWorkDraft,
  vehicleVRM: vrmField,
});

export const employmentDetailsSchema = z.object({
  employmentType: employmentTypeDraft,
  businessName: text(COMPANY_NAME_MAX_LENGTH),
  utrNumber: text(20),
});

/** GOV.UK date input parts, digits only, as typed (D10). */
const datePartsSchema = z.preprocess(
  (v) => cleanDateParts(isRecord(v) ? v : {}),
  z.object({ day: z.string(), month: z.string(), year: z.string() }),
);
const datePartsMatch: SameType<z.output<typeof datePartsSchema>, DateParts> = true;
void datePartsMatch;

/** A PAYE reference as stored: upper case, no spaces ('123/AB45678'). */
const payeReferenceField = z.preprocess(
  (v) => (typeof v === 'string' ? sanitiseText(v).toUpperCase().replace(/\s+/g, '') : (v ?? '')),
  z.string().max(20, MESSAGES.payeReferenceInvalid),
);

export const personalInfoSchema = z.object({
  title: text(TITLE_MAX_LENGTH),
  firstName: text(NAME_MAX_LENGTH),
  lastName: text(NAME_MAX_LENGTH),
  email: z.preprocess(
    (v) => (typeof v === 'string' ? sanitiseEmail(v) : (v ?? '')),
    z.string().max(EMAIL_MAX_LENGTH, MESSAGES.emailInvalid),
  ),
  dateOfBirth: datePartsSchema,
  phone: text(30),
  homeAddress: text(ADDRESS_MAX_LENGTH),
  postcode: z.preprocess(
    (v) => (typeof v === 'string' ? sanitisePostcodeInput(v).trim() : (v ?? '')),
    z.string().max(10, MESSAGES.postcodeInvalid),
  ),
});

const EMPLOYMENT_ID = /^[a-z0-9-]{1,40}$/;

export const employmentSchema = z.object({
  id: z.string().regex(EMPLOYMENT_ID, 'Unknown employment'),
  employerName: text(COMPANY_NAME_MAX_LENGTH),
  payeReference: payeReferenceField,
  noPayeReference: z.boolean().default(false),
  jobTitle: text(JOB_TITLE_MAX_LENGTH),
  continuing: z.enum(['yes', 'no', '']).default(''),
  endDate: datePartsSchema,
});
const employmentMatches: SameType<z.output<typeof employmentSchema>, Employment> = true;
void employmentMatches;

function wholeNumber(max: number, message: string) {
  return z.preprocess(toNumber, z.number({ error: message }).min(0, message).max(max, message));
}

export const employmentYearSchema = z.object({
  employmentId: z.string().regex(EMPLOYMENT_ID, 'Unknown employment'),
  vehicle: vehicleTypeDraft,
  businessMiles: wholeNumber(MAX_BUSINESS_MILES, MESSAGES.milesInvalid),
  paidKind: z.enum(['none', 'ppm', 'total', '']).default(''),
  paidPencePerMile: wholeNumber(MAX_EMPLOYER_RATE_PENCE, MESSAGES.mileageRateTooHigh),
  paidTotalPounds: wholeNumber(MAX_EMPLOYER_TOTAL_POUNDS, MESSAGES.mileageRateInvalid),
});
const employmentYearMatches: SameType<z.output<typeof employmentYearSchema>, EmploymentYear> = true;
void employmentYearMatches;

export const vehicleInfoSchema = z.object({ type: vehicleTypeDraft });

export const taxYearEntrySchema = z.object({
  year: z.string().refine(isTaxYear, MESSAGES.taxYearInvalid),
  selected: z.boolean().default(false),
  jobs: z
    .array(employmentYearSchema)
    .max(MAX_EMPLOYMENTS, MESSAGES.employmentsTooMany)
    .default(() => []),
  employersConnected: z.enum(['yes', 'no', '']).default(''),
  incomeBand: z.enum([...INCOME_BAND_ANSWERS, '']).default(''),
});
export type { TaxYearEntry };
// The entry the schema gives is the one declared in wizard-snapshot.ts.
const taxYearEntryMatches: SameType<z.output<typeof taxYearEntrySchema>, TaxYearEntry> = true;
void taxYearEntryMatches;

export const agreementChecksSchema = z.object({
  accuracy: z.boolean().default(false),
  authorization: z.boolean().default(false),
  terms: z.boolean().default(false),
});

const journeyPostcodeDraft = z.preprocess(
  (v) => (typeof v === 'string' ? formatPostcodeAsTyped(v) : (v ?? '')),
  z.string(),
);

const journeyDistance = z.preprocess(
  (v) => (v === undefined || v === '' ? null : typeof v === 'string' ? toNumber(v) : v),
  z
    .number({ error: MESSAGES.distanceInvalid })
    .min(0, MESSAGES.distanceInvalid)
    .max(JOURNEY_MAX_DISTANCE_MILES, MESSAGES.distanceInvalid)
    .nullable(),
);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written 'YYYY-MM-DD'. */
export function isIsoDate(s: string): boolean {
  const m = ISO_DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === s;
}

/** The date of a one-off journey (D21); kept only for one-off journeys. */
const journeyDate = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string({ error: MESSAGES.journeyDateInvalid }).max(10, MESSAGES.journeyDateInvalid).optional(),
);

/** A regular pattern keeps no date; a one-off journey keeps its own. */
function withDateForKind<T extends { frequency: string; date?: string | undefined }>(j: T): T {
  if (j.frequency === 'one-off') return j;
  const { date: _date, ...rest } = j;
  return rest as T;
}

const journeyFields = {
  id: requiredText('Journey id is required', 64),
  employmentId: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'Unknown employment')
    .optional(),
  frequency: z.enum(['daily', 'weekly', 'monthly', 'one-off'], { error: MESSAGES.frequencyRequired }),
  date: journeyDate,
  tripType: z.enum(['return', 'single', 'one-off'], { error: MESSAGES.tripTypeRequired }),
  customReason: text(COMPANY_NAME_MAX_LENGTH),
};

const JOURNEY_REASON_IDS = [
  'client-meeting',
  'site-visit',
  'delivery',
  'training',
  'conference',
  'supplier-meeting',
  'temporary-workplace',
  'other',
] as const;

/** A journey as saved while it is still being filled in (postcodes partial, no distance yet). */
export const journeyDraftSchema = z
  .object({
    ...journeyFields,
    startAddress: journeyPostcodeDraft,
    endAddress: journeyPostcodeDraft,
    reason: z.enum([...JOURNEY_REASON_IDS, ''], { error: MESSAGES.reasonRequired }).default(''),
    distance: journeyDistance,
  })
  // SPEC §4: changing the reason away from 'other' clears the custom reason.
  .transform((j) => withDateForKind(j.reason === 'other' ? j : { ...j, customReason: '' }));

function journeyPostcode() {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : (v ?? '')),
    z
      .string({ error: MESSAGES.postcodeRequired })
      .min(1, { error: MESSAGES.postcodeRequired, abort: true })
      .refine((s) => formatPostcode(s) !== null, { error: MESSAGES.postcodeInvalid, abort: true })
      .transform((s) => formatPostcode(s) ?? s),
  );
}

/** A complete journey, as needed to generate a mileage log. */
export const journeySchema = z
  .object({
    ...journeyFields,
    startAddress: journeyPostcode(),
    endAddress: journeyPostcode(),
    reason: z.enum(JOURNEY_REASON_IDS, { error: MESSAGES.reasonRequired }),
    distance: journeyDistance.refine((d) => d !== null, MESSAGES.distanceRequired),
  })
  .superRefine((j, ctx) => {
    if (j.reason === 'other' && j.customReason === '') {
      ctx.addIssue({ code: 'custom', message: MESSAGES.customReasonRequired, path: ['customReason'] });
    }
    if (j.frequency === 'one-off') {
      if (j.date === undefined || j.date === '') {
        ctx.addIssue({ code: 'custom', message: MESSAGES.journeyDateRequired, path: ['date'] });
      } else if (!isIsoDate(j.date)) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.journeyDateInvalid, path: ['date'] });
      }
      if (j.tripType === 'one-off') {
        ctx.addIssue({ code: 'custom', message: MESSAGES.oneOffTripTypeRequired, path: ['tripType'] });
      }
    }
  })
  .transform((j) =>
    withDateForKind({
      ...j,
      distance: j.distance ?? 0,
      customReason: j.reason === 'other' ? j.customReason : '',
    }),
  );
export type JourneyInput = z.output<typeof journeySchema>;

/**
 * Raise this whenever wizardSnapshotSchema's output changes shape: the server stores it beside each
 * snapshot and re-parses older snapshots through the schema, but reads current ones as stored.
 */
export const WIZARD_SNAPSHOT_VERSION = 2;

/**
 * The whole wizard snapshot of PUT /api/onboarding: every section optional with defaults. A
 * version-1 snapshot (one employer, one rate) is upgraded first, and each year's jobs are kept in
 * step with the employments.
 */
const wizardSnapshotObject = z.object({
  eligibilityData: section(eligibilityDataSchema),
  employmentDetails: section(employmentDetailsSchema),
  personalInfo: section(personalInfoSchema),
  vehicleInfo: section(vehicleInfoSchema),
  scottishTaxpayer: z.enum(['yes', 'no', '']).default(''),
  employments: z
    .array(employmentSchema)
    .max(MAX_EMPLOYMENTS, MESSAGES.employmentsTooMany)
    .default(() => []),
  taxYears: z
    .array(taxYearEntrySchema)
    .max(MAX_TAX_YEAR_ENTRIES)
    .default(() => []),
  journeys: z
    .array(journeyDraftSchema)
    .max(MAX_JOURNEYS)
    .default(() => []),
  leave: z
    .array(
      z.object({
        id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Unknown leave period'),
        from: datePartsSchema,
        to: datePartsSchema,
      }),
    )
    .max(MAX_LEAVE_PERIODS, `You can add up to ${MAX_LEAVE_PERIODS} periods of leave`)
    .default(() => []),
  agreementChecks: section(agreementChecksSchema),
  affiliateName: nullableText(AFFILIATE_MAX_LENGTH),
  utmData: utmDataSchema.nullable().default(null),
  fullUrl: nullableText(FULL_URL_MAX_LENGTH),
});
export const wizardSnapshotSchema = z.preprocess(
  upgradeLegacySnapshot,
  wizardSnapshotObject.transform((s) => alignSnapshot(s)),
);
export type { WizardSnapshot };
// One declaration of the snapshot (wizard-snapshot.ts): this fails to compile when the schema's
// output and the declared type drift apart.
const snapshotMatches: SameType<z.output<typeof wizardSnapshotSchema>, WizardSnapshot> = true;
void snapshotMatches;

export function emptyWizardSnapshot(): WizardSnapshot {
  return wizardSnapshotSchema.parse({});
}

// ---------------------------------------------------------------------------------------------
// Wizard steps: the fields each step saves, with SPEC §5 messages. Error keys are dotted paths
// from the snapshot root ('personalInfo.email'), or per year ('miles_2024/25').

export const eligibilityStepSchema = z.object({
  eligibilityData: section(
    z
      .object({
        drivesForWork: z.enum(['yes', 'company-vehicle', 'no'], { error: MESSAGES.drivesForWorkRequired }),
        vehicleVRM: vrmField,
      })
      .superRefine((d, ctx) => {
        if (d.drivesForWork === 'company-vehicle' && d.vehicleVRM === '') {
          ctx.addIssue({ code: 'custom', message: MESSAGES.vrmRequired, path: ['vehicleVRM'] });
        }
      })
      // A registration only means something for a company vehicle; do not keep a stale one.
      .transform((d) => (d.drivesForWork === 'company-vehicle' ? d : { ...d, vehicleVRM: '' })),
  ),
});

export const employmentStepSchema = z.object({
  employmentDetails: section(
    z.object({
      employmentType: z.enum(['employed', 'self-employed', 'cis'], {
        error: MESSAGES.employmentTypeRequired,
      }),
      businessName: text(COMPANY_NAME_MAX_LENGTH),
      utrNumber: text(20),
    }),
  ),
});

/** Step 2 with an injectable clock for the date of birth's 16-100 years (D17). */
export function createPersonalStepSchema(today?: Date) {
  return z.object({
    personalInfo: section(
      z.object({
        title: text(TITLE_MAX_LENGTH),
        dateOfBirth: datePartsSchema.superRefine((p, ctx) => {
          const problem = dateOfBirthProblem(p, today ?? new Date());
          if (problem) ctx.addIssue({ code: 'custom', message: problem.message });
        }),
        firstName: requiredText(MESSAGES.firstNameRequired, NAME_MAX_LENGTH),
        lastName: requiredText(MESSAGES.lastNameRequired, NAME_MAX_LENGTH),
        email: emailField(MESSAGES.emailRequired),
        phone: phoneField(MESSAGES.phoneRequired),
        homeAddress: requiredText(MESSAGES.homeAddressRequired, ADDRESS_MAX_LENGTH),
        // D28: the home postcode is required and must be a UK postcode; stored as 'WN2 1AR'.
        postcode: z.preprocess(
          (v) => (typeof v === 'string' ? sanitisePostcodeInput(v).trim() : (v ?? '')),
          z
            .string({ error: MESSAGES.postcodeRequired })
            .min(1, { error: MESSAGES.postcodeRequired, abort: true })
            .refine((s) => formatPostcode(s) !== null, { error: MESSAGES.postcodeInvalid, abort: true })
            .transform((s) => formatPostcode(s) ?? s),
        ),
      }),
    ),
  });
}

export const personalStepSchema = createPersonalStepSchema();

/** Step 'employments' (D17): 1 to 5 jobs, each with what HMRC's P87 asks. */
export function createEmploymentsStepSchema(today?: Date) {
  const job = employmentSchema.superRefine((e, ctx) => {
    const at = (field: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [field] });
    if (e.employerName === '') at('employerName', MESSAGES.employerNameRequired);
    if (!e.noPayeReference) {
      if (e.payeReference === '') at('payeReference', MESSAGES.payeReferenceRequired);
      else if (!isPayeReference(e.payeReference)) at('payeReference', MESSAGES.payeReferenceInvalid);
    }
    if (e.jobTitle === '') at('jobTitle', MESSAGES.jobTitleRequired);
    if (e.continuing === '') at('continuing', MESSAGES.continuingRequired);
    if (e.continuing === 'no') {
      const problem = endDateProblem(e.endDate, today ?? new Date());
      if (problem) at('endDate', problem.message);
    }
  });
  return z.object({
    employments: z
      .array(job, { error: MESSAGES.employmentsRequired })
      .min(1, MESSAGES.employmentsRequired)
      .max(MAX_EMPLOYMENTS, MESSAGES.employmentsTooMany)
      .default(() => [])
      .superRefine((jobs, ctx) => {
        if (new Set(jobs.map((j) => j.id)).size !== jobs.length)
          ctx.addIssue({ code: 'custom', message: MESSAGES.employmentDuplicate });
      }),
  });
}

export const employmentsStepSchema = createEmploymentsStepSchema();

/** Step 3 with an injectable clock (D21): only the claimable years of `today` may be selected. */
export function createTaxYearsStepSchema(today?: Date) {
  return z.object({
    taxYears: z
      .array(taxYearEntrySchema, { error: MESSAGES.taxYearsRequired })
      .max(MAX_TAX_YEAR_ENTRIES)
      .default(() => [])
      .superRefine((entries, ctx) => {
        const selected = entries.filter((e) => e.selected);
        if (selected.length === 0) {
          ctx.addIssue({ code: 'custom', message: MESSAGES.taxYearsRequired });
          return;
        }
        const claimable = new Set(claimableTaxYears(today ?? new Date()).map((y) => y.year));
        // A malformed year already has its own error on the entry.
        if (selected.some((e) => isTaxYear(e.year) && !claimable.has(e.year))) {
          ctx.addIssue({ code: 'custom', message: MESSAGES.taxYearNotClaimable });
        }
        if (new Set(entries.map((e) => e.year)).size !== entries.length) {
          ctx.addIssue({ code: 'custom', message: MESSAGES.taxYearDuplicate });
        }
      }),
  });
}

/** Step 3 against the clock at parse time; use createTaxYearsStepSchema(today) to pin it. */
export const taxYearsStepSchema = createTaxYearsStepSchema();

// Building a zod schema costs more than parsing with it, and the server validates the dated steps
// on every save with its clock: keep one schema per step and UK calendar day (claimable years and
// ages change only at UK midnight, D21), built with the first instant seen of that day.
const schemaByDay = new Map<string, z.ZodType>();
function schemaForDay(step: string, today: Date, create: (today: Date) => z.ZodType): z.ZodType {
  const key = `${step} ${ukIsoDate(today)}`;
  let schema = schemaByDay.get(key);
  if (schema === undefined) {
    if (schemaByDay.size >= 12) schemaByDay.clear();
    schema = create(today);
    schemaByDay.set(key, schema);
  }
  return schema;
}

export const vehicleStepSchema = z.object({
  vehicleInfo: section(
    z.object({
      type: z.enum(['car-van', 'motorbike', 'bicycle'], { error: MESSAGES.vehicleTypeRequired }),
    }),
  ),
});

const lenientEmployments = z
  .array(
    employmentSchema
      .partial()
      .extend({ id: z.string().default(''), employerName: text(COMPANY_NAME_MAX_LENGTH) }),
  )
  .max(MAX_EMPLOYMENTS)
  .catch(() => [])
  .default(() => []);

function employerLabel(employments: readonly { id: string; employerName: string }[], id: string): string {
  const i = employments.findIndex((e) => e.id === id);
  const name = employments[i]?.employerName ?? '';
  return name !== '' ? name : `employer ${i + 1}`;
}

const mileageJobSchema = employmentYearSchema.extend({
  // Range checks happen below so the messages can be keyed per year and job.
  businessMiles: z.preprocess(toNumber, z.number().catch(Number.NaN)),
});

const mileageYearsSchema = z
  .array(
    taxYearEntrySchema.extend({
      jobs: z
        .array(mileageJobSchema)
        .max(MAX_EMPLOYMENTS)
        .default(() => []),
    }),
  )
  .max(MAX_TAX_YEAR_ENTRIES)
  .default(() => []);

/** Step 5: per selected year, each job's business miles (one year needs some), and D18's question. */
export const mileageStepSchema = z
  .object({ taxYears: mileageYearsSchema })
  .superRefine(({ taxYears }, ctx) => {
    for (const entry of taxYears) {
      if (!entry.selected) continue;
      const { year, jobs } = entry;
      const add = (key: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [key] });
      let total = 0;
      for (const job of jobs) {
        const miles = job.businessMiles;
        const key = jobFieldKey.miles(year, job.employmentId);
        if (!Number.isFinite(miles) || miles < 0) add(key, MESSAGES.milesInvalid);
        else if (!Number.isInteger(miles)) add(key, MESSAGES.milesWholeNumber(year));
        else if (miles > MAX_BUSINESS_MILES) add(key, MESSAGES.milesTooHigh(year));
        else total += miles;
      }
      const first = jobs[0];
      if (total === 0 && first && !jobs.some((j) => !Number.isFinite(j.businessMiles)))
        add(jobFieldKey.miles(year, first.employmentId), MESSAGES.milesRequired(year));
      if (jobs.length === 0) add(`miles_${year}`, MESSAGES.milesRequired(year));
      const withMiles = jobs.filter((j) => Number.isFinite(j.businessMiles) && j.businessMiles > 0);
      if (asksEmployersConnected({ jobs: withMiles }) && entry.employersConnected === '')
        add(jobFieldKey.connected(year), MESSAGES.employersConnectedRequired(year));
    }
  });

/** Step 7: per selected year, what each job with miles paid towards them (D21). */
export const employerRateStepSchema = z
  .object({
    employments: lenientEmployments,
    taxYears: z
      .array(taxYearEntrySchema)
      .max(MAX_TAX_YEAR_ENTRIES)
      .default(() => []),
  })
  .superRefine(({ employments, taxYears }, ctx) => {
    for (const entry of taxYears) {
      if (!entry.selected) continue;
      for (const job of entry.jobs) {
        if (job.businessMiles <= 0) continue;
        const who = employerLabel(employments, job.employmentId);
        const add = (key: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [key] });
        if (job.paidKind === '')
          add(jobFieldKey.paid(entry.year, job.employmentId), MESSAGES.employerPaidRequired(who, entry.year));
        else if (job.paidKind === 'ppm' && !(job.paidPencePerMile > 0))
          add(
            jobFieldKey.paidAmount(entry.year, job.employmentId),
            MESSAGES.employerPencePerMileInvalid(who, entry.year),
          );
        else if (job.paidKind === 'total' && !(job.paidTotalPounds > 0))
          add(
            jobFieldKey.paidAmount(entry.year, job.employmentId),
            MESSAGES.employerTotalInvalid(who, entry.year),
          );
      }
    }
  });

export const evidenceStepSchema = z
  .object({
    taxYears: z
      .array(taxYearEntrySchema)
      .max(MAX_TAX_YEAR_ENTRIES)
      .default(() => []),
    evidenceFiles: z
      .record(z.string(), z.array(z.unknown()).nullable())
      .nullable()
      .default(() => ({})),
    journeys: z
      .array(z.unknown())
      .nullable()
      .default(() => []),
  })
  .superRefine(({ taxYears, evidenceFiles, journeys }, ctx) => {
    // SPEC §5: a year is complete with its own files, or when any journeys exist (the log covers it).
    if ((journeys?.length ?? 0) > 0) return;
    for (const { year, selected } of taxYears) {
      if (selected && (evidenceFiles?.[year]?.length ?? 0) === 0) {
        ctx.addIssue({
          code: 'custom',
          message: MESSAGES.evidenceRequired(year),
          path: [`evidence_${year}`],
        });
      }
    }
  });

export const requiredAgreementChecksSchema = z.object({
  accuracy: z.literal(true, { error: MESSAGES.accuracyRequired }),
  authorization: z.literal(true, { error: MESSAGES.authorizationRequired }),
  terms: z.literal(true, { error: MESSAGES.termsRequired }),
});

/** Step 9; also the body of POST /api/onboarding/signature. */
export const reviewStepSchema = z.object({
  signature: pngDataUrl(MESSAGES.digitalSignatureRequired),
  agreementChecks: section(requiredAgreementChecksSchema),
});

/** Step 10; also the body of POST /api/onboarding/submit. niNumber is output normalised ('AB123456C'). */
export const hmrcDetailsStepSchema = z.object({
  niNumber: z.preprocess(
    (v) => (typeof v === 'string' ? normaliseNiNumber(stripAngleBrackets(v)) : (v ?? '')),
    z
      .string({ error: MESSAGES.niNumberRequired })
      .min(1, { error: MESSAGES.niNumberRequired, abort: true })
      .refine(isValidNiNumber, MESSAGES.niNumberInvalid),
  ),
  p60FileId: z.preprocess(
    (v) => (typeof v === 'string' ? sanitiseText(v) || undefined : (v ?? undefined)),
    z.string().max(64).optional(),
  ),
});

// ---------------------------------------------------------------------------------------------
// Other request bodies

export const onboardingSaveSchema = z.object({
  revision: z.number().int().min(0),
  step: z.number().int().min(0).max(MAX_STEP_INDEX).refine(isWizardStepIndex, 'Unknown step'),
  currentStep: z.number().int().min(0).max(MAX_STEP_INDEX).refine(isWizardStepIndex, 'Unknown step'),
  lastStepCompleted: z
    .number()
    .int()
    .min(-1)
    .max(MAX_STEP_INDEX)
    .refine((n) => n === -1 || isWizardStepIndex(n), 'Unknown step'),
  snapshot: section(wizardSnapshotSchema),
});
export type OnboardingSave = z.output<typeof onboardingSaveSchema>;

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

// ---------------------------------------------------------------------------------------------
// Helpers

type ErrorSource = z.ZodError | { error: z.ZodError };

/** The key of an error about the whole request rather than one field. */
export const FORM_ERROR_KEY = 'form';

/**
 * The API's one error flattener: the first message per dotted path ('personalInfo.email',
 * 'miles_2024/25'); issues about the whole value key FORM_ERROR_KEY.
 */
export function fieldErrors(result: ErrorSource): Record<string, string> {
  const error = result instanceof z.ZodError ? result : result.error;
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length === 0 ? FORM_ERROR_KEY : issue.path.map((p) => String(p)).join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

export type StepValidation =
  { ok: true; value: Record<string, unknown> } | { ok: false; errors: Record<string, string> };

export interface ValidateStepOptions {
  /** Pins the clock for the tax-year rule (D21). */
  today?: Date;
}

/** The schema each plan step checks; null for a step that saves nothing (info, stop, done). */
function stepSchema(id: WizardStepId, opts: ValidateStepOptions): z.ZodType | null {
  switch (id) {
    case 'eligibility':
      return eligibilityStepSchema;
    case 'employment':
      return employmentStepSchema;
    case 'personal':
      return opts.today === undefined
        ? personalStepSchema
        : schemaForDay('personal', opts.today, createPersonalStepSchema);
    case 'employments':
      return opts.today === undefined
        ? employmentsStepSchema
        : schemaForDay('employments', opts.today, createEmploymentsStepSchema);
    case 'tax-years':
      return opts.today === undefined
        ? taxYearsStepSchema
        : schemaForDay('tax-years', opts.today, createTaxYearsStepSchema);
    case 'vehicle':
      return vehicleStepSchema;
    case 'mileage':
      return mileageStepSchema;
    case 'employer-rate':
      return employerRateStepSchema;
    case 'evidence':
      return evidenceStepSchema;
    case 'review':
      return reviewStepSchema;
    case 'hmrc-details':
      return hmrcDetailsStepSchema;
    case 'check-answers':
    case 'not-driving':
    case 'company-vehicle':
    case 'self-assessment':
    case 'congratulations':
    case 'nothing-claimable':
    case 'confirmation':
      return null;
  }
}

/** Validates the fields a wizard step saves, taken from a snapshot-like object. */
export function validateStep(
  step: number | WizardStepId,
  data: unknown,
  opts: ValidateStepOptions = {},
): StepValidation {
  if (typeof step === 'number' && !isWizardStepIndex(step)) {
    return { ok: false, errors: { step: 'Unknown step' } };
  }
  const schema = stepSchema(typeof step === 'number' ? stepIdAt(step) : step, opts);
  if (schema === null) return { ok: true, value: {} };
  const result = schema.safeParse(data ?? {});
  if (!result.success) return { ok: false, errors: fieldErrors(result) };
  // Issue 17's text rule, on the step's own fields, so the claimant sees it beside the field
  // before the server would refuse the save.
  const unsafe = unsafeTextPaths(result.data);
  if (unsafe.length > 0)
    return {
      ok: false,
      errors: Object.fromEntries(
        unsafe.map((path) => [path === '' ? FORM_ERROR_KEY : path, UNSAFE_TEXT_MESSAGE]),
      ),
    };
  return { ok: true, value: result.data as Record<string, unknown> };
}

function planAnswers(snapshot: unknown): PlanAnswers {
  return typeof snapshot === 'object' && snapshot !== null ? (snapshot as PlanAnswers) : {};
}

/**
 * Validates the snapshot answers of every step on the claimant's route up to and including
 * `throughStep` (a storage index, in plan order); errors merged, earliest step first.
 */
export function validateSnapshotSteps(
  snapshot: unknown,
  throughStep: number,
  opts: ValidateStepOptions = {},
): { ok: true } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  for (const id of snapshotStepsThrough(planAnswers(snapshot), throughStep)) {
    const r = validateStep(id, snapshot, opts);
    if (!r.ok) for (const [k, v] of Object.entries(r.errors)) if (!(k in errors)) errors[k] = v;
  }
  return Object.keys(errors).length === 0 ? { ok: true } : { ok: false, errors };
}

/**
 * Where a saved draft picks up (D10): where it was left, unless an answer on the route before that
 * no longer holds (a draft saved before a question was added, such as the employments of D17, or a
 * tax year that is no longer claimable). Then it reopens at the first such question, with the
 * steps before it completed, so no later save is refused for an answer the claimant cannot see.
 */
export function resumePoint(
  snapshot: unknown,
  progress: { currentStep: number; lastStepCompleted: number },
  opts: ValidateStepOptions = {},
): { currentStep: number; lastStepCompleted: number } {
  const answers = planAnswers(snapshot);
  for (const id of snapshotStepsThrough(answers, progress.lastStepCompleted)) {
    if (!validateStep(id, snapshot, opts).ok) {
      const at = stepIndexOf(id);
      return { currentStep: at, lastStepCompleted: at === 0 ? -1 : previousStepOf(at, answers) };
    }
  }
  return progress;
}

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
  }),
}) satisfies z.ZodType<AuthorityTerms>;
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
