import { describe, expect, it } from 'vitest';
import { answerReducer, initialAnswers, type AnswerEvent, type AnswerState } from './answer-state.ts';

const payslip = { id: 'f1', filename: 'payslip.pdf', size: 1200, url: '/f1' };
const letter = { id: 'f2', filename: 'letter.pdf', size: 900, url: '/f2' };
const empty = initialAnswers(2);
const typed: AnswerState = { ...empty, answers: ['I drove to sites', ''], files: [[], [payslip]] };
const sending: AnswerState = { ...typed, busy: true };
const tooLarge = 'The file is too large. The largest is 10 MB.';

describe('the answers to a request, as a table of changes', () => {
  it.each<[string, AnswerState, AnswerEvent, Partial<AnswerState>]>([
    [
      'an item’s words typed',
      empty,
      { type: 'typed', item: 1, answer: 'See the letter' },
      { answers: ['', 'See the letter'] },
    ],
    [
      'a file uploaded for an item, after the ones before',
      typed,
      { type: 'uploaded', item: 1, file: letter },
      { files: [[], [payslip, letter]] },
    ],
    [
      'a file refused: its message, the summary focused',
      typed,
      { type: 'file-message', field: 'answers.1.files', message: tooLarge },
      { errors: { 'answers.1.files': tooLarge }, attempt: 1 },
    ],
    [
      'a file taken: its message goes, the others stay, the summary not moved',
      {
        ...typed,
        errors: { 'answers.0.answer': 'Answer this', 'answers.1.files': tooLarge },
        attempt: 2,
      },
      { type: 'file-message', field: 'answers.1.files', message: null },
      { errors: { 'answers.0.answer': 'Answer this' } },
    ],
    ['sending: busy', typed, { type: 'send' }, { busy: true }],
    [
      'the server refuses fields: their messages, the summary focused',
      { ...sending, errors: { 'answers.1.files': tooLarge } },
      { type: 'refused', errors: { 'answers.1.answer': 'Answer this' }, message: 'Check your answers' },
      { busy: false, errors: { 'answers.1.answer': 'Answer this' }, attempt: 1 },
    ],
    [
      'the server cannot take them: its message at the first answer',
      sending,
      { type: 'refused', errors: {}, message: 'Please try again' },
      { busy: false, errors: { 'answers.0.answer': 'Please try again' }, attempt: 1 },
    ],
    [
      'sent: no longer busy, the page shows the claim as it is now',
      sending,
      { type: 'sent' },
      { busy: false },
    ],
  ])('%s', (_name, before, event, expected) => {
    expect(answerReducer(before, event)).toEqual({ ...before, ...expected });
  });

  it('starts with no words and no files for each item', () => {
    expect(initialAnswers(3)).toEqual({
      answers: ['', '', ''],
      files: [[], [], []],
      errors: {},
      attempt: 0,
      busy: false,
    });
  });
});
