import { describe, expect, it } from 'vitest';
import {
  CASEWORK_MESSAGES,
  defaultReplyBy,
  emptyAnswerErrors,
  informationRequestSchema,
  isOverdue,
  isWorkingDay,
  itemTitle,
  reminderDays,
  replyByProblem,
  requestItemProblems,
} from './casework.ts';
import { DATE_SUBJECTS, dateMessages } from './date-rules.ts';

// D33: a request is due 14 days after it is made, on a working day (England and Wales' bank
// holidays, GOV.UK's list in bank-holidays.ts); reminders 7 days and 1 day before.
describe('reply-by dates', () => {
  it.each([
    ['2026-11-24', '2026-12-08'], // Tuesday → Tuesday
    ['2026-11-28', '2026-12-14'], // Saturday + 14 is a Saturday → Monday
    ['2026-12-11', '2026-12-29'], // Friday + 14 is Christmas Day (a Friday) → past the 28th (substitute) to the 29th
    ['2027-03-12', '2027-03-30'], // + 14 is Good Friday 26 March 2027 → past Easter Monday to Tuesday
  ])('made on %s, due on %s', (today, due) => {
    expect(defaultReplyBy(today)).toBe(due);
    expect(isWorkingDay(due)).toBe(true);
  });

  it.each([
    ['2026-12-05', false], // Saturday
    ['2026-12-06', false], // Sunday
    ['2026-12-25', false], // Christmas Day
    ['2026-08-31', false], // summer bank holiday
    ['2026-12-08', true],
  ])('%s is a working day: %s', (day, working) => {
    expect(isWorkingDay(day)).toBe(working);
  });

  it('reminders 7 days and 1 day before, only those still ahead', () => {
    expect(reminderDays('2026-12-08', '2026-11-24')).toEqual([
      { day: '2026-12-01', daysBefore: 7 },
      { day: '2026-12-07', daysBefore: 1 },
    ]);
    expect(reminderDays('2026-12-08', '2026-12-03')).toEqual([{ day: '2026-12-07', daysBefore: 1 }]);
    expect(reminderDays('2026-12-08', '2026-12-07')).toEqual([]);
  });

  it('overdue only after the reply-by date, and never without an open request', () => {
    expect(isOverdue('2026-12-08', '2026-12-08')).toBe(false);
    expect(isOverdue('2026-12-08', '2026-12-09')).toBe(true);
    expect(isOverdue(null, '2030-01-01')).toBe(false);
  });
});

// Issue 44: a reply-by date is from tomorrow to 90 days ahead, on a working day (D33).
describe('reply-by bounds', () => {
  it.each([
    ['2026-11-24', 'today', CASEWORK_MESSAGES.replyByFuture],
    ['2026-11-23', 'yesterday', CASEWORK_MESSAGES.replyByFuture],
    ['1999-12-31', 'long ago', CASEWORK_MESSAGES.replyByFuture],
    ['2026-11-25', 'tomorrow, a Wednesday', null],
    ['2027-02-22', '90 days ahead, a Monday', null],
    ['2027-02-23', '91 days ahead', CASEWORK_MESSAGES.replyByTooFar],
    ['9999-12-31', 'the last day there is', CASEWORK_MESSAGES.replyByTooFar],
    ['2026-11-28', 'a Saturday', CASEWORK_MESSAGES.replyByWorkingDay],
    ['2026-12-25', 'Christmas Day', CASEWORK_MESSAGES.replyByWorkingDay],
  ])('made on Tuesday 24 November 2026, %s (%s): %s', (replyBy, _what, problem) => {
    expect(replyByProblem(replyBy, '2026-11-24')).toBe(problem);
  });
});

describe('the request and the answers', () => {
  it('needs an item, each complete, and a real date (its bounds are replyByProblem’s)', () => {
    const bad = informationRequestSchema.safeParse({
      version: 1,
      items: [{ kind: 'question', question: ' ' }, { kind: 'document' }, { kind: 'amendment' }],
      replyBy: '2026-12-05',
    });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      'items.0.question': CASEWORK_MESSAGES.questionRequired,
      'items.1.document': CASEWORK_MESSAGES.documentRequired,
      'items.2.question': CASEWORK_MESSAGES.amendmentRequired,
    });
    for (const replyBy of ['2026-02-29', 'abc', 20261208, null, undefined]) {
      const wrong = informationRequestSchema.safeParse({
        version: 1,
        items: [{ kind: 'document', document: 'p60' }],
        replyBy,
      });
      expect(wrong.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        [
          'replyBy',
          replyBy === null || replyBy === undefined
            ? CASEWORK_MESSAGES.replyByRequired
            : dateMessages(DATE_SUBJECTS.replyBy).real,
        ],
      ]);
    }
    const none = informationRequestSchema.safeParse({ version: 1, items: [], replyBy: '2026-12-08' });
    expect(none.error!.issues[0]!.message).toBe(CASEWORK_MESSAGES.itemsRequired);
  });

  it('names only the claim’s own tax years and employments (issue 44)', () => {
    const claim = { taxYears: ['2024/25', '2025/26'], employmentIds: ['job-1'] };
    expect(
      requestItemProblems(
        [
          { taxYear: '2024/25', employmentId: 'job-1' },
          { taxYear: '1999/00' },
          { taxYear: '2099/00', employmentId: 'job-2' },
          {},
        ],
        claim,
      ),
    ).toEqual({
      'items.1.taxYear': CASEWORK_MESSAGES.taxYearNotClaimed,
      'items.2.taxYear': CASEWORK_MESSAGES.taxYearNotClaimed,
      'items.2.employmentId': CASEWORK_MESSAGES.employmentNotClaimed,
    });
  });

  it('titles each item in plain words', () => {
    expect(itemTitle({ kind: 'document', question: null, document: 'p60', taxYear: '2024/25' })).toBe(
      'P60 for 2024/25',
    );
    expect(
      itemTitle({ kind: 'question', question: 'Your PAYE reference?', document: null, taxYear: null }),
    ).toBe('Your PAYE reference?');
  });

  it('an answer is empty without words (a question) or without words or a file (a document)', () => {
    const items = [
      { id: 'a', kind: 'question' as const },
      { id: 'b', kind: 'document' as const },
    ];
    expect(
      emptyAnswerErrors(items, [
        { itemId: 'a', answer: '', fileIds: ['f'] },
        { itemId: 'b', answer: '', fileIds: [] },
      ]),
    ).toEqual({
      'answers.0.answer': CASEWORK_MESSAGES.answerRequired,
      'answers.1.answer': CASEWORK_MESSAGES.documentMissing,
    });
    expect(
      emptyAnswerErrors(items, [
        { itemId: 'a', answer: 'yes', fileIds: [] },
        { itemId: 'b', answer: '', fileIds: ['f'] },
      ]),
    ).toEqual({});
  });
});
