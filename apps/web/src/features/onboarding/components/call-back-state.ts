import { refused, typed } from '../../../lib/form-state.ts';
// D27's call-back request's state (issue 46): the name, the number and the consent as typed, their
// messages, and where the sending stands. One value, changed only by the reducer, so each phase
// change is a row of a table test.

export type CallBackField = 'name' | 'phone' | 'consent';
export type CallBackErrors = Partial<Record<CallBackField | 'form', string>>;

export type CallBackState = {
  name: string;
  phone: string;
  consent: boolean;
  errors: CallBackErrors;
  /** Moves the focus to the error summary: counts every send. */
  attempt: number;
  phase: { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; message: string };
};

export type CallBackEvent =
  | { type: 'typed'; field: 'name' | 'phone'; value: string }
  | { type: 'ticked'; consent: boolean }
  /** The browser's check of the form found something: the messages, the summary focused. */
  | { type: 'refused'; errors: CallBackErrors }
  /** The check passed: on its way (the form sends nothing more until it is answered). */
  | { type: 'send' }
  | { type: 'sent'; message: string }
  /** The server refused it or could not take it: back to the form, with why. */
  | { type: 'failed'; errors: CallBackErrors };

export const INITIAL_CALL_BACK: CallBackState = {
  name: '',
  phone: '',
  consent: false,
  errors: {},
  attempt: 0,
  phase: { kind: 'idle' },
};

export function callBackReducer(state: CallBackState, event: CallBackEvent): CallBackState {
  switch (event.type) {
    case 'typed':
      return typed(state, event.field, event.value);
    case 'ticked':
      return { ...state, consent: event.consent };
    case 'refused':
      return refused(state, event.errors);
    case 'send':
      // Counted too: the server's messages, if any, are this attempt's.
      return { ...state, attempt: state.attempt + 1, errors: {}, phase: { kind: 'sending' } };
    case 'sent':
      return state.phase.kind === 'sending'
        ? { ...state, phase: { kind: 'sent', message: event.message } }
        : state;
    case 'failed':
      return state.phase.kind === 'sending'
        ? { ...state, phase: { kind: 'idle' }, errors: event.errors }
        : state;
  }
}
