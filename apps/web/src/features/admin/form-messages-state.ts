// What an operator's form says (issue 46): its field messages with the error summary's focus, and
// the line saying what the last save changed. The claim page's forms and "Allocate claims" share
// it; one value, changed only by the reducer, so each change is a row of a table test. The form's
// own fields are one typed value beside it.

import { refused } from '../../lib/form-state.ts';

export type FormMessages = {
  errors: Record<string, string>;
  /** Moves the focus to the error summary each time it is shown. */
  attempt: number;
  /** What the last save changed; null before one, and again while the next is on its way. */
  done: string | null;
};

export type FormMessagesEvent =
  /** The form is sent (or checked before sending): the last save's line goes. */
  | { type: 'sent' }
  /** The browser's check or the server refused it: the messages, the summary focused. */
  | { type: 'refused'; errors: Record<string, string> }
  /** Saved, or the form now asks about something else: no messages. */
  | { type: 'cleared' }
  /** What the save changed, said once the page holds the change. */
  | { type: 'done'; message: string };

export const NO_MESSAGES: FormMessages = { errors: {}, attempt: 0, done: null };

export function formMessagesReducer(state: FormMessages, event: FormMessagesEvent): FormMessages {
  switch (event.type) {
    case 'sent':
      return { ...state, done: null };
    case 'refused':
      return refused(state, event.errors);
    case 'cleared':
      return { ...state, errors: {} };
    case 'done':
      return { ...state, done: event.message };
  }
}
