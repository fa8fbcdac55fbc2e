import { refused } from '../../lib/form-state.ts';
// D29 and D41 (issue 46): the state of the status page's two nomination forms, signing the
// nomination and giving the bank account. Each holds its fields as typed, their messages, a message
// about the whole form, and whether it is on its way. One value, changed only by the reducer, so
// each change is a row of a table test.

export type Errors = Record<string, string>;

/** What the claimant signs with: their typed name and their consent. */
export type SignFields = { fullName: string; consent: boolean };
/** The account we pay the claimant into, as typed. */
export type BankFields = { accountName: string; sortCode: string; accountNumber: string };

export type NominationFormState<F> = {
  fields: F;
  errors: Errors;
  /** A message about the whole form (the service could not answer), not one field. */
  alert: string | null;
  /** Counts the sends: moves the focus to the error summary. */
  attempt: number;
  busy: boolean;
};

export type NominationFormEvent<F> =
  | { type: 'typed'; patch: Partial<F> }
  /** The browser's check found something: the messages, the summary focused. */
  | { type: 'invalid'; errors: Errors }
  /** The check passed: on its way (the last messages stay until the answer). */
  | { type: 'send' }
  /** The server refused: its field messages, or else its one message above the form. */
  | { type: 'refused'; errors: Errors; message: string }
  /** Answered (signed, saved, or Dropbox Sign's window closed): no longer busy. */
  | { type: 'answered' }
  /** Something other than the server failed (Dropbox Sign's window): its message above the form. */
  | { type: 'alert'; message: string };

export function initialNominationForm<F>(fields: F): NominationFormState<F> {
  return { fields, errors: {}, alert: null, attempt: 0, busy: false };
}

export function nominationFormReducer<F>(
  state: NominationFormState<F>,
  event: NominationFormEvent<F>,
): NominationFormState<F> {
  switch (event.type) {
    case 'typed':
      return { ...state, fields: { ...state.fields, ...event.patch } };
    case 'invalid':
      return refused(state, event.errors);
    case 'send':
      return { ...state, busy: true, attempt: state.attempt + 1 };
    case 'refused':
      return {
        ...state,
        busy: false,
        errors: event.errors,
        alert: Object.keys(event.errors).length > 0 ? null : event.message,
      };
    case 'answered':
      return { ...state, busy: false };
    case 'alert':
      return { ...state, busy: false, alert: event.message };
  }
}
