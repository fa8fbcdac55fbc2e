import { describe, expect, it } from 'vitest';
import type { Enrolment } from '@taxback/domain/api/admin-responses';
import { INITIAL_SIGN_IN, signInReducer, type SignInEvent, type SignInState } from './sign-in-state.ts';

const enrolment: Enrolment = {
  qrCode: 'data:image/png;base64,AAAA',
  setupKey: 'ABCD',
  issuer: 'TaxBack',
  account: 'a@example.com',
};
const typedIn: SignInState = { ...INITIAL_SIGN_IN, email: 'a@example.com', password: 'correct horse' };
const asking: SignInState = { ...typedIn, busy: true };
const atCode: SignInState = { ...typedIn, password: '', stage: 'code', code: '123456' };
const atEnrol: SignInState = { ...atCode, stage: 'enrol', enrolment: enrolment };

describe('/admin/sign-in: the password, then the second factor, as a table of phase changes', () => {
  it.each<[string, SignInState, SignInEvent, Partial<SignInState>]>([
    [
      'an email typed',
      INITIAL_SIGN_IN,
      { type: 'typed', field: 'email', value: 'a@example.com' },
      { email: 'a@example.com' },
    ],
    ['a code typed', atCode, { type: 'typed', field: 'code', value: '654321' }, { code: '654321' }],
    ['asking: busy', typedIn, { type: 'asked' }, { busy: true }],
    [
      'a wrong password: the message, the summary focused, what was typed kept',
      asking,
      { type: 'refused', errors: { email: 'Wrong email or password' } },
      { busy: false, errors: { email: 'Wrong email or password' }, attempt: 1 },
    ],
    [
      'the same message again: the summary focused again',
      { ...typedIn, errors: { email: 'Wrong email or password' }, attempt: 1, busy: true },
      { type: 'refused', errors: { email: 'Wrong email or password' } },
      { busy: false, attempt: 2 },
    ],
    [
      'the password right: to the code, the password forgotten, no messages',
      { ...asking, errors: { email: 'old' } },
      { type: 'password-accepted', next: 'code' },
      { busy: false, errors: {}, password: '', stage: 'code' },
    ],
    [
      'the password right the first time: to setting up the authenticator',
      asking,
      { type: 'password-accepted', next: 'enrol' },
      { busy: false, errors: {}, password: '', stage: 'enrol' },
    ],
    [
      'the setup fetched',
      { ...atEnrol, enrolment: null },
      { type: 'enrolment-loaded', enrolment: enrolment },
      { enrolment: enrolment },
    ],
    [
      'the setup not fetched: its message at the code, the summary not focused',
      { ...atEnrol, enrolment: null },
      { type: 'enrolment-failed', message: 'Sign in again' },
      { errors: { code: 'Sign in again' } },
    ],
    [
      'a wrong code: stays at the code, what was typed kept',
      { ...atCode, busy: true },
      { type: 'refused', errors: { code: 'Wrong code' } },
      { busy: false, errors: { code: 'Wrong code' }, attempt: 1 },
    ],
    [
      'locked out at the code (423): back to the password, the code cleared',
      { ...atCode, busy: true },
      { type: 'refused', errors: { code: 'Locked' }, locked: true },
      { busy: false, errors: { code: 'Locked' }, attempt: 1, stage: 'password', code: '' },
    ],
    [
      'locked out while setting up: back to the password, the setup kept',
      { ...atEnrol, busy: true },
      { type: 'refused', errors: { code: 'Locked' }, locked: true },
      { busy: false, errors: { code: 'Locked' }, attempt: 1, stage: 'password', code: '' },
    ],
    ['the code right: no longer busy', { ...atCode, busy: true }, { type: 'code-accepted' }, { busy: false }],
  ])('%s', (_name, before, event, expected) => {
    expect(signInReducer(before, event)).toEqual({ ...before, ...expected });
  });
});
