import { isValidUkPhone, stripAngleBrackets } from '@taxback/domain';

// /resume/{code}'s state (issue 46, D8): the mobile number the code was sent to, its message, and
// the phase (the number asked for, resuming, or why the application cannot be resumed). One value,
// changed only by the reducer, so each phase change is a row of a table test.

export type Phase = { kind: 'phone' } | { kind: 'resuming' } | { kind: 'failed'; message: string };

export type ResumeState = {
  phase: Phase;
  phone: string;
  /** The number's message: the browser's check or the server's. */
  error: string | null;
  /** Moves the focus to the error summary each time it is shown. */
  attempt: number;
};

export type ResumeEvent =
  /** Typed: angle brackets taken out; a message goes once the number is a valid one. */
  | { type: 'typed'; raw: string }
  /** The number is not right (the browser's check or the server's): back to it, with the message. */
  | { type: 'refused'; message: string }
  | { type: 'resuming' }
  /** The code cannot be resumed (malformed, expired, used): why, in place of the form. */
  | { type: 'failed'; message: string };

export function initialResume(failure: string | null): ResumeState {
  return {
    phase: failure === null ? { kind: 'phone' } : { kind: 'failed', message: failure },
    phone: '',
    error: null,
    attempt: 0,
  };
}

export function resumeReducer(state: ResumeState, event: ResumeEvent): ResumeState {
  switch (event.type) {
    case 'typed':
      return {
        ...state,
        phone: stripAngleBrackets(event.raw),
        error: state.error && isValidUkPhone(event.raw.trim()) ? null : state.error,
      };
    case 'refused':
      return { ...state, phase: { kind: 'phone' }, error: event.message, attempt: state.attempt + 1 };
    case 'resuming':
      return { ...state, phase: { kind: 'resuming' }, error: null };
    case 'failed':
      return { ...state, phase: { kind: 'failed', message: event.message } };
  }
}
