import type { Enrolment } from '@taxback/domain/api/admin-responses';
import { refused, typed } from '../../lib/form-state.ts';

// /admin/sign-in's state (issue 46): the email and password, then the authenticator's code (or,
// the first time, setting the authenticator up). One value, changed only by the reducer, so each
// phase change is a row of a table test.

/** The step shown: the password, the code, or setting up the authenticator then its code. */
export type Stage = 'password' | 'code' | 'enrol';

export type SignInState = {
  stage: Stage;
  email: string;
  password: string;
  code: string;
  /** The authenticator's QR code and setup key, fetched once, the first time the step is shown. */
  enrolment: Enrolment | null;
  errors: Record<string, string>;
  /** Moves the focus to the error summary each time it is shown. */
  attempt: number;
  busy: boolean;
};

export type SignInEvent =
  | { type: 'typed'; field: 'email' | 'password' | 'code'; value: string }
  | { type: 'asked' }
  /** Refused: the messages, the summary focused; `locked` (423 at the code) goes back to the password. */
  | { type: 'refused'; errors: Record<string, string>; locked?: boolean }
  /** The password is right: on to the second factor it names, the password forgotten. */
  | { type: 'password-accepted'; next: 'code' | 'enrol' }
  /** The code is right: the page moves on to the claims. */
  | { type: 'code-accepted' }
  | { type: 'enrolment-loaded'; enrolment: Enrolment }
  /** The setup could not be fetched: its message at the code, the summary not focused. */
  | { type: 'enrolment-failed'; message: string };

export const INITIAL_SIGN_IN: SignInState = {
  stage: 'password',
  email: '',
  password: '',
  code: '',
  enrolment: null,
  errors: {},
  attempt: 0,
  busy: false,
};

export function signInReducer(state: SignInState, event: SignInEvent): SignInState {
  switch (event.type) {
    case 'typed':
      return typed(state, event.field, event.value);
    case 'asked':
      return { ...state, busy: true };
    case 'refused':
      return { ...refused(state, event.errors), ...(event.locked ? { stage: 'password', code: '' } : {}) };
    case 'password-accepted':
      return { ...state, busy: false, errors: {}, password: '', stage: event.next };
    case 'code-accepted':
      return { ...state, busy: false };
    case 'enrolment-loaded':
      return { ...state, enrolment: event.enrolment };
    case 'enrolment-failed':
      return { ...state, errors: { code: event.message } };
  }
}
