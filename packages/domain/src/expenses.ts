import type { TaxYear } from './tax-years.ts';
import { claimableTaxYears, isTaxYear, taxYearInfo } from './tax-years.ts';

/**
 * Expense categories offered in the general claim funnel (SPEC §3, in SPEC order). Marriage
 * allowance is not a job expense (D28): it is offered only as a link to GOV.UK.
 */
export type ExpenseId = 'travel' | 'hotel' | 'laundry' | 'wfh' | 'uniform' | 'fees' | 'telephone';

/** D21: working-from-home relief ended on 6 April 2026; 2025/26 is the last year it can be claimed for. */
export const WFH_LAST_TAX_YEAR: TaxYear = '2025/26';

export function isWfhClaimableYear(year: TaxYear): boolean {
  return isTaxYear(year) && taxYearInfo(year).startYear <= taxYearInfo(WFH_LAST_TAX_YEAR).startYear;
}

/**
 * D21, D28: whether a general claim may include working from home. Autumn Budget 2025 (HMRC
 * policy paper on homeworking expenses): "From 6 April 2026, no deduction will be available for
 * homeworking expenses which are not reimbursed by the employer", so the flat £6 a week (and the
 * actual-cost claim) ends with 2025/26; GOV.UK's "Claim tax relief for your job expenses: working
 * from home" keeps earlier years claimable within the usual four-year limit. With the years the claim is for, one of them must be 2025/26 or earlier.
 * The funnel's claim carries no year today: it covers the years claimable on the day it is made
 * (the current tax year and the four before it), so working from home stays possible while one of
 * those is 2025/26 or earlier, until 5 April 2030, and is refused after.
 */
export function wfhClaimable(input: { taxYears?: readonly string[] | undefined; today: Date }): boolean {
  const years =
    input.taxYears !== undefined && input.taxYears.length > 0
      ? input.taxYears
      : claimableTaxYears(input.today).map((y) => y.year);
  return years.some((y) => isWfhClaimableYear(y));
}

export const EXPENSE_CATEGORIES: readonly { id: ExpenseId; label: string }[] = [
  { id: 'travel', label: 'Miles covered and other travel related expenses' },
  { id: 'hotel', label: 'Hotel stays' },
  { id: 'laundry', label: 'Laundry of uniform' },
  { id: 'wfh', label: `Set amount for working from home (tax years up to ${WFH_LAST_TAX_YEAR})` },
  { id: 'uniform', label: 'Uniform, PPE or tooling' },
  { id: 'fees', label: 'Professional fees or subscription fees' },
  { id: 'telephone', label: 'Telephone expenses' },
];

export const EXPENSE_IDS: readonly ExpenseId[] = EXPENSE_CATEGORIES.map((c) => c.id);

export function isExpenseId(x: unknown): x is ExpenseId {
  return typeof x === 'string' && (EXPENSE_IDS as readonly string[]).includes(x);
}

/** GOV.UK's Marriage Allowance page: shown as a separate link, never as a job expense (D28). */
export const MARRIAGE_ALLOWANCE_URL = 'https://www.gov.uk/marriage-allowance';

/** The qualification question: 'Do you earn over £18k per year?' */
export const EARNINGS_THRESHOLD_GBP = 18_000;
