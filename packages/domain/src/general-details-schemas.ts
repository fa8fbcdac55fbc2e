// D30: the general claim's details (PUT /api/claims/mine/details, POST .../sign). The claimant,
// employments and tax years are checked by the wizard's own step schemas; the expenses here.
import { z } from 'zod';
import { isWfhClaimableYear, WFH_LAST_TAX_YEAR } from './expenses.ts';
import { flatRateIndustry, flatRateJob, WEEKS_IN_TAX_YEAR } from './flat-rate-expenses.ts';
import type { DetailsExpenses, FlatRateClothingAnswer, GeneralDetails } from './general-details.ts';
import {
  MESSAGES,
  SIGNED_BY_CHECK,
  type SameType,
  checkSignedBy,
  pngDataUrl,
  signedByFields,
  text,
} from './schema-basics.ts';
import {
  employmentSchema,
  personalInfoSchema,
  snapshotSectionsSchema,
  taxYearEntrySchema,
} from './snapshot-schemas.ts';
import {
  createEmploymentsStepSchema,
  createPersonalStepSchema,
  createTaxYearsStepSchema,
  hmrcDetailsStepSchema,
} from './step-schemas.ts';
import { CLAIMABLE_YEAR_COUNT, claimableTaxYears, isTaxYear } from './tax-years.ts';

/** The largest yearly amount one expense may have: anything above is a typing slip (issue 30). */
export const MAX_EXPENSE_PENCE = 10_000_000;
export const PROFESSIONAL_BODY_MAX_LENGTH = 200;

export const DETAILS_MESSAGES = {
  amount: 'Enter an amount between £0 and £100,000',
  industry: 'Select your industry from the list',
  job: 'Select your job from the list',
  body: 'Enter the name of the professional body',
  yearNotClaimed: (year: string) => `${year} is not one of the tax years you chose`,
  wfhYear: (year: string) =>
    `You can only claim for working from home up to ${WFH_LAST_TAX_YEAR}, not ${year}`,
  weeks: `Enter a number of weeks between 0 and ${WEEKS_IN_TAX_YEAR}`,
  wfhRequired: 'Confirm that your employer required you to work from home',
  claimKind: 'Select how you want to claim',
  evidenceSection: 'Choose which expense the file is for',
  evidenceYear: 'Choose one of the tax years you are claiming for',
  shoesAndStockings:
    'Only nurses, midwives and the other healthcare staff listed with them can claim for shoes and stockings or tights',
  inTaxCode: 'Choose only the tax years you are claiming for, each once',
} as const;

/**
 * Decision 052: the expenses a funnel claim's receipts or proof are uploaded for (actual costs,
 * hotel stays, calls, working from home). For working from home a file of no year is the proof
 * that the employer required it (D28); every other file is for one chosen tax year.
 */
export const DETAILS_EVIDENCE_SECTIONS = ['clothing', 'hotel', 'telephone', 'wfh'] as const;
export type DetailsEvidenceSection = (typeof DETAILS_EVIDENCE_SECTIONS)[number];

export function isDetailsEvidenceSection(value: unknown): value is DetailsEvidenceSection {
  return (DETAILS_EVIDENCE_SECTIONS as readonly unknown[]).includes(value);
}

const pence = z
  .number({ error: DETAILS_MESSAGES.amount })
  .int(DETAILS_MESSAGES.amount)
  .min(0, DETAILS_MESSAGES.amount)
  .max(MAX_EXPENSE_PENCE, DETAILS_MESSAGES.amount);
const yearKey = z.string().refine(isTaxYear, MESSAGES.taxYearInvalid);
const amounts = z.record(yearKey, pence);

const clothingSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('flat-rate'),
      industry: z.string().refine((id) => flatRateIndustry(id) !== undefined, DETAILS_MESSAGES.industry),
      job: z.string(),
      // Issue 43: HMRC's follow-up questions, optional so answers stored before them still parse.
      shoes: z.boolean().optional(),
      stockings: z.boolean().optional(),
      employerPays: amounts.optional(),
      inTaxCode: z.array(yearKey).max(CLAIMABLE_YEAR_COUNT, DETAILS_MESSAGES.inTaxCode).optional(),
    }),
    z.object({ kind: z.literal('actual'), years: amounts }),
  ],
  { error: DETAILS_MESSAGES.claimKind },
);

const wfhYearSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('weeks'),
      weeks: z
        .number({ error: DETAILS_MESSAGES.weeks })
        .int(DETAILS_MESSAGES.weeks)
        .min(0, DETAILS_MESSAGES.weeks)
        .max(WEEKS_IN_TAX_YEAR, DETAILS_MESSAGES.weeks),
    }),
    z.object({ kind: z.literal('actual'), pence }),
  ],
  { error: DETAILS_MESSAGES.claimKind },
);

export const detailsExpensesSchema = z.object({
  clothing: clothingSchema.optional(),
  fees: z
    .object({
      body: text(PROFESSIONAL_BODY_MAX_LENGTH).refine((s) => s !== '', DETAILS_MESSAGES.body),
      years: amounts,
    })
    .optional(),
  hotel: z.object({ years: amounts }).optional(),
  telephone: z.object({ years: amounts }).optional(),
  wfh: z.object({ required: z.boolean().default(false), years: z.record(yearKey, wfhYearSchema) }).optional(),
});

/** D30: the details as stored and as GET /api/claims/mine/details answers them. */
export const generalDetailsSchema = z
  .object({
    personalInfo: personalInfoSchema,
    employments: z.array(employmentSchema),
    taxYears: z.array(taxYearEntrySchema),
    scottishTaxpayer: z.enum(['yes', 'no', '']),
    expenses: detailsExpensesSchema,
  })
  .meta({ id: 'GeneralDetails' });
const generalDetailsMatch: SameType<z.output<typeof generalDetailsSchema>, GeneralDetails> = true;
void generalDetailsMatch;

/**
 * The PUT body as the route reads it (issue 44: every field typed in /api/docs): each section in
 * the wizard snapshot's shape, checked as a draft's would be (types, lengths, the P60 figures).
 * The service then holds each section to its step's rules on its own clock (createDetailsSaveSchema),
 * as the wizard's per-step save does.
 */
export const detailsSaveRequestSchema = snapshotSectionsSchema
  .pick({ personalInfo: true, employments: true, taxYears: true, scottishTaxpayer: true })
  .extend({ expenses: detailsExpensesSchema.optional() })
  .meta({ id: 'ClaimDetailsSave' });

type Add = (path: (string | number)[], message: string) => void;

/** Years answered for must be among the claim's chosen years; working from home only to 2025/26. */
function checkExpenseYears(e: DetailsExpenses, chosen: ReadonlySet<string>, add: Add) {
  const check = (
    section: string,
    years: Record<string, unknown> | undefined,
    wfh = false,
    field = 'years',
  ) => {
    for (const year of Object.keys(years ?? {})) {
      if (!chosen.has(year)) add(['expenses', section, field, year], DETAILS_MESSAGES.yearNotClaimed(year));
      else if (wfh && !isWfhClaimableYear(year))
        add(['expenses', section, field, year], DETAILS_MESSAGES.wfhYear(year));
    }
  };
  if (e.clothing?.kind === 'actual') check('clothing', e.clothing.years);
  if (e.clothing?.kind === 'flat-rate') checkFlatRate(e.clothing, chosen, add, check);
  check('fees', e.fees?.years);
  check('hotel', e.hotel?.years);
  check('telephone', e.telephone?.years);
  check('wfh', e.wfh?.years, true);
}

/**
 * Issue 43: the job must be one of the industry's (an old, moved id still counts), shoes and
 * stockings only for a job with that allowance (EIM67200), and the employer's contributions and
 * the years already in the tax code only for the claim's chosen years.
 */
function checkFlatRate(
  c: FlatRateClothingAnswer,
  chosen: ReadonlySet<string>,
  add: Add,
  check: (section: string, years: Record<string, unknown> | undefined, wfh: boolean, field: string) => void,
) {
  const found = flatRateJob(c.industry, c.job);
  if (found === undefined) add(['expenses', 'clothing', 'job'], DETAILS_MESSAGES.job);
  else if (found.shoesAndStockings !== true) {
    if (c.shoes === true) add(['expenses', 'clothing', 'shoes'], DETAILS_MESSAGES.shoesAndStockings);
    if (c.stockings === true) add(['expenses', 'clothing', 'stockings'], DETAILS_MESSAGES.shoesAndStockings);
  }
  check('clothing', c.employerPays, false, 'employerPays');
  check('clothing', Object.fromEntries((c.inTaxCode ?? []).map((y) => [y, true])), false, 'inTaxCode');
}

/**
 * A save of the details (PUT): each section present is checked in full by the wizard's rules for
 * that step; sections not yet reached are left out. `today` pins the claimable years and ages.
 */
export function createDetailsSaveSchema(today: Date) {
  const personal = createPersonalStepSchema(today).shape.personalInfo;
  const employments = createEmploymentsStepSchema(today).shape.employments;
  const taxYears = createTaxYearsStepSchema(today).shape.taxYears;
  const claimable = new Set(claimableTaxYears(today).map((y) => y.year));
  return z
    .object({
      personalInfo: personal.optional(),
      employments: employments.optional(),
      taxYears: taxYears.optional(),
      scottishTaxpayer: z.enum(['yes', 'no', '']).optional(),
      expenses: detailsExpensesSchema.optional(),
    })
    .superRefine((d, ctx) => {
      const add: Add = (path, message) => ctx.addIssue({ code: 'custom', path, message });
      const chosen = new Set(
        (d.taxYears ?? []).filter((y) => y.selected && claimable.has(y.year)).map((y) => y.year),
      );
      if (d.expenses) checkExpenseYears(d.expenses as DetailsExpenses, chosen, add);
    });
}

export type DetailsSave = z.output<ReturnType<typeof createDetailsSaveSchema>>;

/** POST .../sign: the NI number (the wizard's rule) and the signature, drawn or typed (issue 32). */
export const detailsSignSchema = z
  .object({
    niNumber: hmrcDetailsStepSchema.shape.niNumber,
    signature: pngDataUrl(MESSAGES.signatureRequired),
    ...signedByFields,
  })
  .superRefine(checkSignedBy, SIGNED_BY_CHECK);

/**
 * The details after a save: each section saved replaces the one in `base` (the stored details, or
 * empty ones), and a section not in the save keeps its stored answers (a change from check your
 * answers saves only up to the screen changed).
 */
export function completeDetails(save: DetailsSave, base: GeneralDetails): GeneralDetails {
  return {
    personalInfo: save.personalInfo ?? base.personalInfo,
    employments: save.employments && save.employments.length > 0 ? save.employments : base.employments,
    taxYears: save.taxYears ?? base.taxYears,
    scottishTaxpayer: save.scottishTaxpayer ?? base.scottishTaxpayer,
    expenses: (save.expenses as DetailsExpenses | undefined) ?? base.expenses,
  };
}
