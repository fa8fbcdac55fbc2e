import type { TaxYear } from './tax-years.ts';
import { taxYearInfo } from './tax-years.ts';

/**
 * Expense categories offered in the general claim funnel (SPEC §3, in SPEC order). Marriage
 * allowance is not a job expense (D28): it is offered only as a link to GOV.UK.
 */
export type ExpenseId = 'travel' | 'hotel' | 'laundry' | 'wfh' | 'uniform' | 'fees' | 'telephone';

/** D21: working-from-home relief ended on 6 April 2026; 2025/26 is the last year it can be claimed for. */
export const WFH_LAST_TAX_YEAR: TaxYear = '2025/26';

export function isWfhClaimableYear(year: TaxYear): boolean {
  return taxYearInfo(year).startYear <= taxYearInfo(WFH_LAST_TAX_YEAR).startYear;
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
