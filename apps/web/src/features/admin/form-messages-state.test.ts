import { describe, expect, it } from 'vitest';
import {
  NO_MESSAGES,
  formMessagesReducer,
  type FormMessages,
  type FormMessagesEvent,
} from './form-messages-state.ts';

const refused: FormMessages = { errors: { to: 'Select the new status' }, attempt: 1, done: null };
const saved: FormMessages = { errors: {}, attempt: 1, done: 'Status changed to Repaid.' };

describe('an operator’s form’s messages, as a table of changes', () => {
  it.each<[string, FormMessages, FormMessagesEvent, FormMessages]>([
    ['sent before any save: nothing to take away', NO_MESSAGES, { type: 'sent' }, NO_MESSAGES],
    ['sent again after a save: the line goes', saved, { type: 'sent' }, { ...saved, done: null }],
    ['sent after a refusal: the messages stay until the answer', refused, { type: 'sent' }, refused],
    [
      'refused: the messages, the summary focused',
      NO_MESSAGES,
      { type: 'refused', errors: { to: 'Select the new status' } },
      refused,
    ],
    [
      'refused again with the same message: the summary focused again',
      refused,
      { type: 'refused', errors: { to: 'Select the new status' } },
      { ...refused, attempt: 2 },
    ],
    [
      'refused after a save: the messages, the line kept until the next send',
      saved,
      { type: 'refused', errors: { reason: 'Give a reason' } },
      { errors: { reason: 'Give a reason' }, attempt: 2, done: saved.done },
    ],
    [
      'saved: no messages, the summary’s count kept',
      refused,
      { type: 'cleared' },
      { ...refused, errors: {} },
    ],
    [
      'what the save changed',
      { ...refused, errors: {} },
      { type: 'done', message: 'Status changed to Repaid.' },
      saved,
    ],
  ])('%s', (_name, before, event, after) => {
    expect(formMessagesReducer(before, event)).toEqual(after);
  });
});
