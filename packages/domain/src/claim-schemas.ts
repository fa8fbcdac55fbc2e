// The general claim (POST /api/claims): the funnel's form, expenses, tracking and signature.
import { z } from 'zod';
import { EXPENSE_IDS, isWfhClaimableYear } from './expenses.ts';
import { isTaxYear } from './tax-years.ts';
import {
  AFFILIATE_MAX_LENGTH,
  FULL_URL_MAX_LENGTH,
  MAX_TAX_YEAR_ENTRIES,
  MESSAGES,
  NAME_MAX_LENGTH,
  UTM_VALUE_MAX_LENGTH,
  emailField,
  nullableText,
  SIGNED_BY_CHECK,
  checkSignedBy,
  phoneField,
  pngDataUrl,
  signedByFields,
  requiredText,
  text,
} from './schema-basics.ts';
// ---------------------------------------------------------------------------------------------
// General claim (POST /api/claims)
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

export const claimSubmissionSchema = claimFormSchema
  .extend({
    signature: pngDataUrl(MESSAGES.signatureRequired),
    ...signedByFields,
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
    /**
     * The tax years the claim is for, where the form asks (optional; D30's details journey). Without
     * them the claim covers the years claimable on the day it is made.
     */
    taxYears: z
      .array(z.string().refine(isTaxYear, MESSAGES.taxYearInvalid))
      .max(MAX_TAX_YEAR_ENTRIES)
      .transform((ys) => [...new Set(ys)])
      .optional(),
  })
  .superRefine(checkSignedBy, SIGNED_BY_CHECK)
  // D28: working from home only for years up to 2025/26 (the clock-dependent part, when no years
  // are given, is the server's: wfhClaimable with its own clock).
  .superRefine((claim, ctx) => {
    if (
      claim.selectedExpenses.includes('wfh') &&
      claim.taxYears !== undefined &&
      claim.taxYears.length > 0 &&
      !claim.taxYears.some((y) => isWfhClaimableYear(y))
    )
      ctx.addIssue({ code: 'custom', message: MESSAGES.wfhNotClaimable, path: ['selectedExpenses'] });
  });
export type ClaimSubmission = z.output<typeof claimSubmissionSchema>;
