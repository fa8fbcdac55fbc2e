import type { UploadedReplyFile } from './status-api.ts';

// Issue 28 (D33) with issue 46: the state of the claimant's answers to an open request, each item's
// words and uploaded files, their messages, and whether the answers are on their way. One value,
// changed only by the reducer, so each change is a row of a table test.

export type AnswerState = {
  /** Each item's words, in the request's order. */
  answers: string[];
  /** Each item's files, uploaded as they are chosen. */
  files: UploadedReplyFile[][];
  /** By field id (`answers.N.answer`, `answers.N.files`). */
  errors: Record<string, string>;
  /** Moves the focus to the error summary each time a message is shown. */
  attempt: number;
  busy: boolean;
};

export type AnswerEvent =
  | { type: 'typed'; item: number; answer: string }
  | { type: 'uploaded'; item: number; file: UploadedReplyFile }
  /** A file's own message (refused by the browser's check or the server), or null once one is taken. */
  | { type: 'file-message'; field: string; message: string | null }
  | { type: 'send' }
  /** Refused: the server's field messages, or else its one message at the first answer. */
  | { type: 'refused'; errors: Record<string, string>; message: string }
  | { type: 'sent' };

export function initialAnswers(items: number): AnswerState {
  return {
    answers: Array.from({ length: items }, () => ''),
    files: Array.from({ length: items }, () => []),
    errors: {},
    attempt: 0,
    busy: false,
  };
}

export function answerReducer(state: AnswerState, event: AnswerEvent): AnswerState {
  switch (event.type) {
    case 'typed':
      return { ...state, answers: state.answers.map((old, i) => (i === event.item ? event.answer : old)) };
    case 'uploaded':
      return {
        ...state,
        files: state.files.map((old, i) => (i === event.item ? [...old, event.file] : old)),
      };
    case 'file-message': {
      const { [event.field]: _old, ...rest } = state.errors;
      return event.message
        ? { ...state, errors: { ...rest, [event.field]: event.message }, attempt: state.attempt + 1 }
        : { ...state, errors: rest };
    }
    case 'send':
      return { ...state, busy: true };
    case 'refused':
      return {
        ...state,
        busy: false,
        errors: Object.keys(event.errors).length > 0 ? event.errors : { 'answers.0.answer': event.message },
        attempt: state.attempt + 1,
      };
    case 'sent':
      return { ...state, busy: false };
  }
}
