import { describe, expect, it } from 'vitest';
import {
  DATE_SUBJECTS,
  dateMessages,
  dateRangeProblem,
  isRealIsoDate,
  optionalDateField,
  recordDateProblem,
  requiredDateField,
} from './date-rules.ts';

// Issue 44: one rule for every date a route takes: text, a real calendar date, within its bounds.
describe('a real date', () => {
  it.each([
    ['2024-02-29', true],
    ['2026-12-31', true],
    ['2027-02-29', false],
    ['2027-02-31', false],
    ['2027-02-30', false],
    ['2027-06-31', false],
    ['2027-09-31', false],
    ['2027-11-31', false],
    ['2027-13-01', false],
    ['2027-00-10', false],
    ['2027-1-1', false],
    ['abc', false],
    ['', false],
    [20270101, false],
    [null, false],
  ])('%s: %s', (value, real) => {
    expect(isRealIsoDate(value)).toBe(real);
  });
});

describe('a date field', () => {
  const optional = optionalDateField(DATE_SUBJECTS.sentOn);
  const required = requiredDateField(DATE_SUBJECTS.replyBy);
  const { real } = dateMessages(DATE_SUBJECTS.sentOn);

  it.each([undefined, null, '', '   '])('%j is not given: undefined, never today', (value) => {
    expect(optional.parse(value)).toBeUndefined();
    expect(required.safeParse(value).error?.issues[0]?.message).toBe('Enter the reply-by date');
  });

  it.each([123, true, false, {}, [], ['2026-03-02'], '2027-02-31', 'abc', 'x'.repeat(5000)])(
    '%j is refused with the field’s message',
    (value) => {
      expect(optional.safeParse(value).error?.issues.map((i) => i.message)).toEqual([real]);
      expect(required.safeParse(value).error?.issues.map((i) => i.message)).toEqual([
        'The reply-by date must be a real date',
      ]);
    },
  );

  it('trims a real date', () => {
    expect(optional.parse(' 2026-03-02 ')).toBe('2026-03-02');
  });
});

// D35: a sending or a repayment happened, on or after the day the claim was made.
describe('record dates', () => {
  const bounds = { today: '2026-03-02', claimMadeOn: '2026-02-27' };
  const m = dateMessages(DATE_SUBJECTS.repaidOn);
  it.each([
    ['2026-03-02', null],
    ['2026-02-27', null],
    ['2026-03-03', m.notFuture],
    ['9999-12-31', m.notFuture],
    [
      '2026-02-26',
      'The date HMRC repaid must be the same as or after 27 February 2026, when the claim was made',
    ],
    ['1900-01-01', m.notBefore('2026-02-27', 'when the claim was made')],
  ])('%s: %s', (day, problem) => {
    expect(recordDateProblem(DATE_SUBJECTS.repaidOn, day, bounds)).toBe(problem);
  });

  it('a range ends on or after its start', () => {
    expect(dateRangeProblem('2026-03-02', '2026-03-02')).toBeNull();
    expect(dateRangeProblem(undefined, '2026-03-01')).toBeNull();
    expect(dateRangeProblem('2026-03-02', '2026-03-01')).toBe(
      'The end date must be the same as or after 2 March 2026, the start date',
    );
  });
});
