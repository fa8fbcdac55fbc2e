import { describe, expect, it } from 'vitest';
import { NOMINATION_MESSAGES } from '@taxback/domain';
import {
  initialNominationForm,
  nominationFormReducer,
  type BankFields,
  type NominationFormEvent,
  type NominationFormState,
  type SignFields,
} from './nomination-state.ts';

type SignState = NominationFormState<SignFields>;
const unsigned: SignState = initialNominationForm({ fullName: '', consent: false });
const typed: SignState = { ...unsigned, fields: { fullName: 'Alex Claimant', consent: true } };
const signing: SignState = { ...typed, attempt: 1, busy: true };

describe('signing the nomination, as a table of phase changes', () => {
  it.each<[string, SignState, NominationFormEvent<SignFields>, Partial<SignState>]>([
    [
      'a name typed',
      unsigned,
      { type: 'typed', patch: { fullName: 'Alex' } },
      { fields: { fullName: 'Alex', consent: false } },
    ],
    [
      'the consent ticked, the name kept',
      { ...unsigned, fields: { fullName: 'Alex', consent: false } },
      { type: 'typed', patch: { consent: true } },
      { fields: { fullName: 'Alex', consent: true } },
    ],
    [
      'the browser’s check finds something: the messages, the summary focused, the alert kept',
      { ...unsigned, alert: 'Try again' },
      { type: 'invalid', errors: { consent: NOMINATION_MESSAGES.consentRequired } },
      { errors: { consent: NOMINATION_MESSAGES.consentRequired }, attempt: 1 },
    ],
    [
      'the check passes: busy, counted, the last messages kept until the answer',
      { ...typed, errors: { fullName: 'old' } },
      { type: 'send' },
      { busy: true, attempt: 1 },
    ],
    [
      'the server refuses a field: its message, no alert',
      { ...signing, alert: 'old' },
      { type: 'refused', errors: { fullName: 'Type your full name' }, message: 'Check your answers' },
      { busy: false, errors: { fullName: 'Type your full name' }, alert: null },
    ],
    [
      'the server cannot answer: its message above the form, no field messages',
      { ...signing, errors: { fullName: 'old' } },
      { type: 'refused', errors: {}, message: 'Please try again' },
      { busy: false, errors: {}, alert: 'Please try again' },
    ],
    [
      'signed, or Dropbox Sign’s window closed: no longer busy',
      signing,
      { type: 'answered' },
      { busy: false },
    ],
    [
      'Dropbox Sign’s window would not open: its message above the form',
      signing,
      { type: 'alert', message: NOMINATION_MESSAGES.embeddedFailed },
      { busy: false, alert: NOMINATION_MESSAGES.embeddedFailed },
    ],
  ])('%s', (_name, before, event, expected) => {
    expect(nominationFormReducer(before, event)).toEqual({ ...before, ...expected });
  });
});

describe('giving the bank account, as a table of phase changes', () => {
  type BankState = NominationFormState<BankFields>;
  const blank: BankState = initialNominationForm({ accountName: '', sortCode: '', accountNumber: '' });
  const filled: BankFields = { accountName: 'A Claimant', sortCode: '309430', accountNumber: '12345678' };
  it.each<[string, BankState, NominationFormEvent<BankFields>, Partial<BankState>]>([
    [
      'a sort code typed, the rest kept',
      { ...blank, fields: { ...blank.fields, accountName: 'A Claimant' } },
      { type: 'typed', patch: { sortCode: '309430' } },
      { fields: { accountName: 'A Claimant', sortCode: '309430', accountNumber: '' } },
    ],
    [
      'a second send after a refusal: counted again',
      { ...blank, fields: filled, errors: { accountNumber: 'Enter 8 digits' }, attempt: 1 },
      { type: 'send' },
      { busy: true, attempt: 2 },
    ],
    [
      'the signature was used meanwhile: its message at the sort code',
      { ...blank, fields: filled, busy: true, attempt: 1 },
      { type: 'refused', errors: { signatureId: 'Sign again' }, message: 'Check your answers' },
      { busy: false, errors: { signatureId: 'Sign again' }, alert: null },
    ],
    [
      'saved: no longer busy',
      { ...blank, fields: filled, busy: true },
      { type: 'answered' },
      { busy: false },
    ],
  ])('%s', (_name, before, event, expected) => {
    expect(nominationFormReducer(before, event)).toEqual({ ...before, ...expected });
  });
});
