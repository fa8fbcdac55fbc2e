// The wizard snapshot's sections (lenient: a draft saved part-way through is valid) and the one
// snapshot schema, checked at compile time against the declared type in wizard-snapshot.ts.
import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from './email.ts';
import { JOURNEY_MAX_DISTANCE_MILES } from './journeys.ts';
import { formatPostcode, formatPostcodeAsTyped, sanitisePostcodeInput } from './postcode.ts';
import { sanitiseEmail, sanitiseText } from './sanitise.ts';
import { MAX_LEAVE_PERIODS, cleanDateParts, isRealIsoDate, type DateParts } from './dates.ts';
import { isRecord } from './records.ts';
import {
  INCOME_BAND_ANSWERS,
  MAX_EMPLOYMENTS,
  alignSnapshot,
  upgradeLegacySnapshot,
  type Employment,
  type EmploymentYear,
  type TaxYearEntry,
  type WizardSnapshot,
} from './wizard-snapshot.ts';
import { isTaxYear } from './tax-years.ts';
import { sanitiseVrm } from './wizard.ts';
import {
  ADDRESS_MAX_LENGTH,
  AFFILIATE_MAX_LENGTH,
  COMPANY_NAME_MAX_LENGTH,
  FULL_URL_MAX_LENGTH,
  JOB_TITLE_MAX_LENGTH,
  MAX_BUSINESS_MILES,
  MAX_EMPLOYER_RATE_PENCE,
  MAX_EMPLOYER_TOTAL_POUNDS,
  MAX_P60_POUNDS,
  MAX_JOURNEYS,
  MAX_TAX_YEAR_ENTRIES,
  MESSAGES,
  NAME_MAX_LENGTH,
  type SameType,
  TITLE_MAX_LENGTH,
  nullableText,
  requiredText,
  section,
  text,
  toNumber,
} from './schema-basics.ts';
import { utmDataSchema } from './claim-schemas.ts';
import type { WorkplaceRule } from './workplace-test.ts';
import { STEP_PLACE_MESSAGES } from './mileage-step-places.ts';
import {
  MAX_WORKPLACES,
  WORKPLACE_RULES,
  answerPlace,
  placeKey,
  workplaceOutcomeOf,
  type WorkplaceAnswers,
} from './workplace-answers.ts';

// ---------------------------------------------------------------------------------------------
// Wizard snapshot sections (lenient: a draft saved part-way through is valid)

const drivesForWorkDraft = z.enum(['yes', 'company-vehicle', 'no', '']).default('');
const employmentTypeDraft = z.enum(['employed', 'self-employed', 'cis', '']).default('');
const vehicleTypeDraft = z.enum(['car-van', 'motorbike', 'bicycle', '']).default('');

export const vrmField = z.preprocess((v) => (typeof v === 'string' ? sanitiseVrm(v) : (v ?? '')), z.string());

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
export const datePartsSchema = z.preprocess(
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

/** D31: an optional P60 amount as typed: empty is not given; anything else a number (NaN if not one). */
const p60Amount = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? undefined : typeof v === 'string' ? toNumber(v) : v),
  z.union([z.number(), z.nan()]).optional(),
);

function isP60Amount(n: number): boolean {
  return (
    Number.isFinite(n) && n >= 0 && n <= MAX_P60_POUNDS && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6
  );
}

/** A tax year's answers, without the checks across its fields (for steps that extend it). */
export const taxYearEntryObject = z.object({
  year: z.string().refine(isTaxYear, MESSAGES.taxYearInvalid),
  selected: z.boolean().default(false),
  jobs: z
    .array(employmentYearSchema)
    .max(MAX_EMPLOYMENTS, MESSAGES.employmentsTooMany)
    .default(() => []),
  employersConnected: z.enum(['yes', 'no', '']).default(''),
  incomeBand: z.enum([...INCOME_BAND_ANSWERS, '']).default(''),
  taxablePay: p60Amount,
  taxPaid: p60Amount,
});

type P60Fields = { year: string; taxablePay?: number | undefined; taxPaid?: number | undefined };

/** D31: the optional P60 figures, when given, are amounts in pounds and the tax is not more than the pay. */
export function p60Problems(y: P60Fields, ctx: z.RefinementCtx): void {
  const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
  const payOk = y.taxablePay === undefined || isP60Amount(y.taxablePay);
  const taxOk = y.taxPaid === undefined || isP60Amount(y.taxPaid);
  if (!payOk) add('taxablePay', MESSAGES.taxablePayInvalid(y.year));
  if (!taxOk) add('taxPaid', MESSAGES.taxPaidInvalid(y.year));
  if (payOk && taxOk && y.taxablePay !== undefined && y.taxPaid !== undefined && y.taxPaid > y.taxablePay)
    add('taxPaid', MESSAGES.taxPaidMoreThanPay(y.year));
}

/** An entry without the P60 figures carries no keys for them (a stored snapshot keeps its shape). */
export function withoutEmptyP60<T extends P60Fields>({ taxablePay, taxPaid, ...rest }: T) {
  return {
    ...rest,
    ...(taxablePay === undefined ? {} : { taxablePay }),
    ...(taxPaid === undefined ? {} : { taxPaid }),
  };
}

// `overwrite`, not `transform`: the same type in and out, so /api/docs can describe the answer too.
export const taxYearEntrySchema = taxYearEntryObject.superRefine(p60Problems).overwrite(withoutEmptyP60);
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

/** A real calendar date written 'YYYY-MM-DD' (the domain's one rule, issue 44). */
export const isIsoDate = (s: string): boolean => isRealIsoDate(s);

/** The date of a one-off journey (D21); kept only for one-off journeys. */
const journeyDate = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string({ error: MESSAGES.journeyDateInvalid }).max(10, MESSAGES.journeyDateInvalid).optional(),
);

/** A regular pattern keeps no date; a journey made once (one-off frequency or trip type) keeps its own. */
function withDateForKind<T extends { frequency: string; tripType: string; date?: string | undefined }>(
  j: T,
): T {
  if (j.frequency === 'one-off' || j.tripType === 'one-off') return j;
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
  .overwrite((j) => withDateForKind(j.reason === 'other' ? j : { ...j, customReason: '' }));

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
const leavePeriodSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Unknown leave period'),
  from: datePartsSchema,
  to: datePartsSchema,
});

/** Months as the business-journey questions take them (decision 077): whole, up to 100 years. */
const placeMonths = z.number().int().min(0).max(1200);

/**
 * D39, decision 077: one regular place's answers as saved part-way through (each optional), kept
 * to the questions still asked, with the outcome worked out again from them (never trusted).
 */
const workplaceAnswersSchema = z
  .object({
    place: z
      .string()
      .max(10)
      .refine((p) => placeKey(p) !== '', MESSAGES.postcodeInvalid),
    facts: z.object({
      role: z.enum(['normal-base', 'depot', 'regular-site', 'separate-visits']).optional(),
      siteBased: z.boolean().optional(),
      homeWorking: z.enum(['no', 'by-choice', 'required']).optional(),
      sameAsCommute: z.boolean().optional(),
      shareOfWorkingTime: z.number().min(0).max(100).optional(),
      wholeEmployment: z.boolean().optional(),
      expectedMonths: placeMonths.optional(),
      expectationChange: z
        .object({ afterMonths: placeMonths.optional(), newExpectedMonths: placeMonths.optional() })
        .nullable()
        .optional(),
      actualMonths: placeMonths.optional(),
    }),
    startedOn: z.string().max(10).refine(isIsoDate, MESSAGES.journeyDateInvalid).optional(),
    outcome: z
      .object({
        counts: z.enum(['all', 'none', 'until', 'from']),
        untilMonth: z.number().optional(),
        fromMonth: z.number().optional(),
        rule: z.enum(WORKPLACE_RULES as [WorkplaceRule, ...WorkplaceRule[]]),
      })
      .nullable()
      .optional(),
    // Decision 084: a place answered on the mileage step, with its year, employment and miles.
    mileageStep: z
      .object({
        employmentId: z.string().regex(EMPLOYMENT_ID, 'Unknown employment'),
        year: z.string().refine(isTaxYear, 'Unknown tax year'),
        miles: wholeNumber(MAX_BUSINESS_MILES, MESSAGES.milesInvalid),
        statedMiles: wholeNumber(MAX_BUSINESS_MILES, MESSAGES.milesInvalid),
      })
      .refine((m) => m.miles <= m.statedMiles, {
        message: STEP_PLACE_MESSAGES.milesOverStated,
        path: ['miles'],
      })
      .optional(),
  })
  // `overwrite`: the same type in and out (/api/docs describes it); the outcome is recomputed.
  .overwrite((w) => {
    const answers = {
      place: placeKey(w.place),
      facts: answerPlace(w.facts, {}),
      ...(w.startedOn === undefined ? {} : { startedOn: w.startedOn }),
    };
    return {
      ...answers,
      outcome: workplaceOutcomeOf(answers),
      ...(w.mileageStep === undefined ? {} : { mileageStep: w.mileageStep }),
    };
  });
const workplaceAnswersMatch: SameType<z.output<typeof workplaceAnswersSchema>, WorkplaceAnswers> = true;
void workplaceAnswersMatch;

/** Each section of the snapshot as it is checked when present (no defaults). */
const SECTION_SCHEMAS = {
  eligibilityData: eligibilityDataSchema,
  employmentDetails: employmentDetailsSchema,
  personalInfo: personalInfoSchema,
  vehicleInfo: vehicleInfoSchema,
  scottishTaxpayer: z.enum(['yes', 'no', '']),
  employments: z.array(employmentSchema).max(MAX_EMPLOYMENTS, MESSAGES.employmentsTooMany),
  taxYears: z.array(taxYearEntrySchema).max(MAX_TAX_YEAR_ENTRIES),
  journeys: z.array(journeyDraftSchema).max(MAX_JOURNEYS),
  leave: z
    .array(leavePeriodSchema)
    .max(MAX_LEAVE_PERIODS, `You can add up to ${MAX_LEAVE_PERIODS} periods of leave`),
  workplaces: z.array(workplaceAnswersSchema).max(MAX_WORKPLACES),
  agreementChecks: agreementChecksSchema,
  affiliateName: nullableText(AFFILIATE_MAX_LENGTH),
  utmData: utmDataSchema.nullable(),
  fullUrl: nullableText(FULL_URL_MAX_LENGTH),
} as const;

/** A section of the wizard snapshot ('personalInfo', 'taxYears', …). */
export type SnapshotSection = keyof typeof SECTION_SCHEMAS;
export const SNAPSHOT_SECTIONS = Object.keys(SECTION_SCHEMAS) as SnapshotSection[];

const wizardSnapshotObject = z.object({
  eligibilityData: section(SECTION_SCHEMAS.eligibilityData),
  employmentDetails: section(SECTION_SCHEMAS.employmentDetails),
  personalInfo: section(SECTION_SCHEMAS.personalInfo),
  vehicleInfo: section(SECTION_SCHEMAS.vehicleInfo),
  scottishTaxpayer: SECTION_SCHEMAS.scottishTaxpayer.default(''),
  employments: SECTION_SCHEMAS.employments.default(() => []),
  taxYears: SECTION_SCHEMAS.taxYears.default(() => []),
  journeys: SECTION_SCHEMAS.journeys.default(() => []),
  leave: SECTION_SCHEMAS.leave.default(() => []),
  workplaces: SECTION_SCHEMAS.workplaces.optional(),
  agreementChecks: section(SECTION_SCHEMAS.agreementChecks),
  affiliateName: SECTION_SCHEMAS.affiliateName,
  utmData: SECTION_SCHEMAS.utmData.default(null),
  fullUrl: SECTION_SCHEMAS.fullUrl,
});

/**
 * Some sections of a current-version snapshot, each checked as in the whole snapshot; a section not
 * sent stays absent (a per-step save sends only what its step changed).
 */
export const snapshotSectionsSchema = z.object({
  eligibilityData: SECTION_SCHEMAS.eligibilityData.optional(),
  employmentDetails: SECTION_SCHEMAS.employmentDetails.optional(),
  personalInfo: SECTION_SCHEMAS.personalInfo.optional(),
  vehicleInfo: SECTION_SCHEMAS.vehicleInfo.optional(),
  scottishTaxpayer: SECTION_SCHEMAS.scottishTaxpayer.optional(),
  employments: SECTION_SCHEMAS.employments.optional(),
  taxYears: SECTION_SCHEMAS.taxYears.optional(),
  journeys: SECTION_SCHEMAS.journeys.optional(),
  leave: SECTION_SCHEMAS.leave.optional(),
  workplaces: SECTION_SCHEMAS.workplaces.optional(),
  agreementChecks: SECTION_SCHEMAS.agreementChecks.optional(),
  affiliateName: SECTION_SCHEMAS.affiliateName.optional(),
  utmData: SECTION_SCHEMAS.utmData.optional(),
  fullUrl: SECTION_SCHEMAS.fullUrl.optional(),
}) satisfies z.ZodType<Partial<Record<SnapshotSection, unknown>>>;
export type SnapshotSections = Partial<WizardSnapshot>;

export const wizardSnapshotSchema = z.preprocess(
  upgradeLegacySnapshot,
  wizardSnapshotObject.overwrite((s) => alignSnapshot(s)),
);
export type { WizardSnapshot };
// One declaration of the snapshot (wizard-snapshot.ts): this fails to compile when the schema's
// output and the declared type drift apart.
const snapshotMatches: SameType<z.output<typeof wizardSnapshotSchema>, WizardSnapshot> = true;
void snapshotMatches;

export function emptyWizardSnapshot(): WizardSnapshot {
  return wizardSnapshotSchema.parse({});
}
