// D29 and D41 (issue 47): the claimant's UK bank account for the payout of a nominated repayment.
// Format rules, the messages and the masked forms shown on every screen; browser-safe. The modulus
// check (bank-modulus.ts) carries Pay.UK's 400 KB weight table, so it is a sub-path the server
// imports and the browser never loads.

export const BANK_MESSAGES = {
  sortCodeRequired: 'Enter a sort code',
  sortCodeFormat: 'Enter a valid sort code like 309430',
  accountNumberRequired: 'Enter an account number',
  accountNumberFormat: 'Enter a valid account number like 00733445',
  accountNumberLength: 'Account number must be 8 digits',
  accountNameRequired: 'Enter the name on the account',
  accountNameTooLong: 'The name on the account must be 18 characters or fewer',
  modulusFailed: 'Check the sort code and account number: together they are not a valid UK bank account',
  signatureRequired: 'Enter the reference of the signed nomination these bank details go with',
  signatureNotNew:
    'Bank details can only change with a newly signed nomination: this signature reference was used before',
  stale: 'These bank details were changed by someone else. Check them and try again.',
} as const;

/** Bacs carries 18 characters of the payee's name, so we take no more than it can pay to. */
export const ACCOUNT_NAME_MAX_LENGTH = 18;

/** Spaces and hyphens are how people write sort codes (30-94-30) and are ignored. */
export const normaliseBankDigits = (raw: string): string => raw.replace(/[\s-]/g, '');

/** A sort code's problem, null when it is six digits (after spaces and hyphens). */
export function sortCodeFormatProblem(raw: string): string | null {
  const s = normaliseBankDigits(raw);
  if (s === '') return BANK_MESSAGES.sortCodeRequired;
  return /^\d{6}$/.test(s) ? null : BANK_MESSAGES.sortCodeFormat;
}

/** An account number's problem, null when it is eight digits (after spaces and hyphens). */
export function accountNumberFormatProblem(raw: string): string | null {
  const s = normaliseBankDigits(raw);
  if (s === '') return BANK_MESSAGES.accountNumberRequired;
  if (!/^\d+$/.test(s)) return BANK_MESSAGES.accountNumberFormat;
  return s.length === 8 ? null : BANK_MESSAGES.accountNumberLength;
}

/** The sort code as shown to anyone: only its last pair, `**-**-56`. */
export const maskSortCode = (sortCode: string): string => `**-**-${normaliseBankDigits(sortCode).slice(-2)}`;

/** The account number as shown to anyone: only its last four digits, `****5678`. */
export const maskAccountNumber = (accountNumber: string): string =>
  `****${normaliseBankDigits(accountNumber).slice(-4)}`;

/** Both masked forms together, as the payout list and the claim page show them. */
export const maskedAccountText = (masked: { sortCode: string; accountNumber: string }): string =>
  `${masked.sortCode} ${masked.accountNumber}`;
