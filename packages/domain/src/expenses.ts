/** Expense categories offered in the general claim funnel (SPEC §3, in SPEC order). */
export type ExpenseId =
  'travel' | 'hotel' | 'laundry' | 'wfh' | 'uniform' | 'fees' | 'marriage' | 'telephone';

export const EXPENSE_CATEGORIES: readonly { id: ExpenseId; label: string }[] = [
  { id: 'travel', label: 'Miles covered and other travel related expenses' },
  { id: 'hotel', label: 'Hotel stays' },
  { id: 'laundry', label: 'Laundry of uniform' },
  { id: 'wfh', label: 'Set amount for working from home' },
  { id: 'uniform', label: 'Uniform, PPE or tooling' },
  { id: 'fees', label: 'Professional fees or subscription fees' },
  { id: 'marriage', label: 'Unused marriage tax allowance' },
  { id: 'telephone', label: 'Telephone expenses' },
];

export const EXPENSE_IDS: readonly ExpenseId[] = EXPENSE_CATEGORIES.map((c) => c.id);

export function isExpenseId(x: unknown): x is ExpenseId {
  return typeof x === 'string' && (EXPENSE_IDS as readonly string[]).includes(x);
}

/** The qualification question: 'Do you earn over £18k per year?' */
export const EARNINGS_THRESHOLD_GBP = 18_000;
