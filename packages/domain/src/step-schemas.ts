// The wizard's steps: the fields each step saves, with SPEC §5's messages.
import { z } from 'zod';
import { isNiNumberExample, normaliseNiNumber, isValidNiNumber } from './ni-number.ts';
import { formatPostcode, sanitisePostcodeInput } from './postcode.ts';
import { sanitiseText, stripAngleBrackets } from './sanitise.ts';
import { dateOfBirthProblem, endDateProblem } from './dates.ts';
import { isPayeReference } from './p87-readiness.ts';
import { MAX_EMPLOYMENTS, asksEmployersConnected, endedBeforeYear, jobFieldKey } from './wizard-snapshot.ts';
import type { DateParts } from './dates.ts';
import type { EmploymentYear } from './wizard-snapshot.ts';
import { stepPlaceProblems } from './mileage-step-places.ts';
import { MAX_WORKPLACES, readWorkplaces } from './workplace-answers.ts';
import { claimableTaxYears, isTaxYear, ukIsoDate } from './tax-years.ts';
import {
  ADDRESS_MAX_LENGTH,
  COMPANY_NAME_MAX_LENGTH,
  MAX_BUSINESS_MILES,
  MAX_TAX_YEAR_ENTRIES,
  MESSAGES,
  NAME_MAX_LENGTH,
  SIGNED_BY_CHECK,
  TITLE_MAX_LENGTH,
  checkSignedBy,
  emailField,
  phoneField,
  pngDataUrl,
  requiredText,
  section,
  signedByFields,
  text,
  toNumber,
} from './schema-basics.ts';
import {
  datePartsSchema,
  employmentSchema,
  employmentYearSchema,
  taxYearEntryObject,
  taxYearEntrySchema,
  vrmField,
} from './snapshot-schemas.ts';

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
        // D28: the home postcode is required and must be a UK postcode; stored as 'WN2 1AR'. Before
        // the address, as the screens ask (the postcode finds it), so messages come in that order.
        postcode: z.preprocess(
          (v) => (typeof v === 'string' ? sanitisePostcodeInput(v).trim() : (v ?? '')),
          z
            .string({ error: MESSAGES.postcodeRequired })
            .min(1, { error: MESSAGES.postcodeRequired, abort: true })
            .refine((s) => formatPostcode(s) !== null, { error: MESSAGES.postcodeInvalid, abort: true })
            .transform((s) => formatPostcode(s) ?? s),
        ),
        homeAddress: requiredText(MESSAGES.homeAddressRequired, ADDRESS_MAX_LENGTH),
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
  // A pinned day's claimable years are worked out once, with the schema (schemaForDay keeps one per
  // UK day); without one, each parse asks the clock.
  const pinned = today === undefined ? null : claimableYearSet(today);
  return z.object({
    taxYears: z
      .array(taxYearEntrySchema, { error: MESSAGES.taxYearsRequired })
      .max(MAX_TAX_YEAR_ENTRIES)
      .default(() => [])
      .superRefine((entries, ctx) =>
        taxYearsRules(entries, pinned ?? claimableYearSet(new Date()), (message) =>
          ctx.addIssue({ code: 'custom', message }),
        ),
      ),
  });
}

/**
 * Step 3's rules on entries its schema has parsed (D21): a year selected, only claimable years
 * (of the day `claimable` was worked out for), no year twice. Each message is about the whole list.
 */
export function taxYearsRules(
  entries: readonly { year: string; selected: boolean }[],
  claimable: ReadonlySet<string>,
  addIssue: (message: string) => void,
): void {
  const selected = entries.filter((e) => e.selected);
  if (selected.length === 0) {
    addIssue(MESSAGES.taxYearsRequired);
    return;
  }
  // A malformed year already has its own error on the entry.
  if (selected.some((e) => isTaxYear(e.year) && !claimable.has(e.year))) {
    addIssue(MESSAGES.taxYearNotClaimable);
  }
  if (new Set(entries.map((e) => e.year)).size !== entries.length) {
    addIssue(MESSAGES.taxYearDuplicate);
  }
}

function claimableYearSet(today: Date): ReadonlySet<string> {
  return new Set(claimableTaxYears(today).map((y) => y.year));
}

const claimableByDay = new Map<string, ReadonlySet<string>>();
/** The years claimable on `today`'s UK day (they change only at UK midnight, D21), kept per day. */
export function claimableYearsOn(today: Date): ReadonlySet<string> {
  const day = ukIsoDate(today);
  let years = claimableByDay.get(day);
  if (years === undefined) {
    if (claimableByDay.size >= 12) claimableByDay.clear();
    years = claimableYearSet(today);
    claimableByDay.set(day, years);
  }
  return years;
}

/** Step 3 against the clock at parse time; use createTaxYearsStepSchema(today) to pin it. */
export const taxYearsStepSchema = createTaxYearsStepSchema();

// Building a zod schema costs more than parsing with it, and the server validates the dated steps
// on every save with its clock: keep one schema per step and UK calendar day (claimable years and
// ages change only at UK midnight, D21), built with the first instant seen of that day.
const schemaByDay = new Map<string, z.ZodType>();
export function schemaForDay(step: string, today: Date, create: (today: Date) => z.ZodType): z.ZodType {
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

function endedBefore(
  employments: readonly { id: string; continuing?: string | undefined; endDate?: DateParts | undefined }[],
  id: string,
  year: string,
): boolean {
  const e = employments.find((x) => x.id === id);
  if (!e || e.continuing !== 'no' || !e.endDate) return false;
  return endedBeforeYear({ continuing: 'no', endDate: e.endDate }, year);
}

const mileageJobSchema = employmentYearSchema.extend({
  // Range checks happen below so the messages can be keyed per year and job.
  businessMiles: z.preprocess(toNumber, z.number().catch(Number.NaN)),
});

const mileageYearsSchema = z
  .array(
    taxYearEntryObject.extend({
      jobs: z
        .array(mileageJobSchema)
        .max(MAX_EMPLOYMENTS)
        .default(() => []),
    }),
  )
  .max(MAX_TAX_YEAR_ENTRIES)
  .default(() => []);

/** Adds one field error (a key from the snapshot root, as fieldErrors makes them). */
export type AddFieldError = (key: string, message: string) => void;

type RuleEmployments = readonly {
  id: string;
  employerName: string;
  continuing?: string | undefined;
  endDate?: DateParts | undefined;
}[];

/**
 * Step 5's rules: per selected year, each job's business miles (one year needs some), and D18's
 * question. A job that ended before a year began has no miles in it (endedBeforeYear). They run on
 * parsed values: inside the step's schema, or on a snapshot whose sections were parsed already.
 */
export function mileageRules(
  {
    employments,
    taxYears,
  }: {
    employments: RuleEmployments;
    taxYears: readonly {
      year: string;
      selected: boolean;
      employersConnected?: string | undefined;
      jobs: EmploymentYear[];
    }[];
  },
  add: AddFieldError,
): void {
  for (const entry of taxYears) {
    if (!entry.selected) continue;
    const { year, jobs } = entry;
    let total = 0;
    for (const job of jobs) {
      const miles = job.businessMiles;
      const key = jobFieldKey.miles(year, job.employmentId);
      if (!Number.isFinite(miles) || miles < 0) add(key, MESSAGES.milesInvalid);
      else if (!Number.isInteger(miles)) add(key, MESSAGES.milesWholeNumber(year));
      else if (miles > MAX_BUSINESS_MILES) add(key, MESSAGES.milesTooHigh(year));
      else if (miles > 0 && endedBefore(employments, job.employmentId, year))
        add(key, MESSAGES.milesAfterEmploymentEnded(employerLabel(employments, job.employmentId), year));
      else total += miles;
    }
    // The 'enter your miles' message goes on the first job the year asks about (not one that had ended).
    const first = jobs.find((j) => !endedBefore(employments, j.employmentId, year)) ?? jobs[0];
    if (total === 0 && first && !jobs.some((j) => !Number.isFinite(j.businessMiles)))
      add(jobFieldKey.miles(year, first.employmentId), MESSAGES.milesRequired(year));
    if (jobs.length === 0) add(`miles_${year}`, MESSAGES.milesRequired(year));
    const withMiles = jobs.filter((j) => Number.isFinite(j.businessMiles) && j.businessMiles > 0);
    if (asksEmployersConnected({ jobs: withMiles }) && entry.employersConnected === '')
      add(jobFieldKey.connected(year), MESSAGES.employersConnectedRequired(year));
  }
}

/** Step 5 (mileageRules) on a snapshot-like value. */
export const mileageStepSchema = z
  .object({
    employments: lenientEmployments,
    taxYears: mileageYearsSchema,
    // Decision 084: the places answered on the step, read as the wizard holds them (part-typed).
    workplaces: z.array(z.unknown()).max(MAX_WORKPLACES).optional(),
  })
  .superRefine((value, ctx) => {
    const add = (key: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [key] });
    mileageRules(value, add);
    stepPlaceProblems({ taxYears: value.taxYears, workplaces: readWorkplaces(value.workplaces ?? []) }, add);
  });

/** Step 7's rules: per selected year, what each job with miles paid towards them (D21). */
export function employerRateRules(
  {
    employments,
    taxYears,
  }: {
    employments: RuleEmployments;
    taxYears: readonly {
      year: string;
      selected: boolean;
      jobs: readonly {
        employmentId: string;
        businessMiles: number;
        paidKind: string;
        paidPencePerMile: number;
        paidTotalPounds: number;
      }[];
    }[];
  },
  add: AddFieldError,
): void {
  for (const entry of taxYears) {
    if (!entry.selected) continue;
    for (const job of entry.jobs) {
      if (job.businessMiles <= 0) continue;
      const who = employerLabel(employments, job.employmentId);
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
}

/** Step 7 (employerRateRules) on a snapshot-like value. */
export const employerRateStepSchema = z
  .object({
    employments: lenientEmployments,
    taxYears: z
      .array(taxYearEntrySchema)
      .max(MAX_TAX_YEAR_ENTRIES)
      .default(() => []),
  })
  .superRefine((value, ctx) =>
    employerRateRules(value, (key, message) => ctx.addIssue({ code: 'custom', message, path: [key] })),
  );

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

/** Step 9's fields, which an amendment's signing shares (D32). */
export const reviewStepFields = {
  signature: pngDataUrl(MESSAGES.digitalSignatureRequired),
  agreementChecks: section(requiredAgreementChecksSchema),
  /**
   * Issue 32: drawn, or the accessible alternative, the name typed (the PNG is then that name, drawn
   * by the browser, and the authority says so). Decision 058: the method is the one the claimant
   * chose, sent with the request; without one the claim was drawn, and a name sent with a drawing
   * is not stored.
   */
  ...signedByFields,
};

/** Step 9; also the body of POST /api/onboarding/signature. */
export const reviewStepSchema = z.object(reviewStepFields).superRefine(checkSignedBy, SIGNED_BY_CHECK);

/** Step 10; also the body of POST /api/onboarding/submit. niNumber is output normalised ('AB123456C'). */
export const hmrcDetailsStepSchema = z.object({
  niNumber: z.preprocess(
    (v) => (typeof v === 'string' ? normaliseNiNumber(stripAngleBrackets(v)) : (v ?? '')),
    z
      .string({ error: MESSAGES.niNumberRequired })
      .min(1, { error: MESSAGES.niNumberRequired, abort: true })
      .refine((v) => !isNiNumberExample(v), { error: MESSAGES.niNumberExample, abort: true })
      .refine(isValidNiNumber, MESSAGES.niNumberInvalid),
  ),
  p60FileId: z.preprocess(
    (v) => (typeof v === 'string' ? sanitiseText(v) || undefined : (v ?? undefined)),
    z.string().max(64).optional(),
  ),
});
