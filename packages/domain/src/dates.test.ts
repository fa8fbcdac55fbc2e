import { describe, expect, it } from 'vitest';
import {
  cleanDateParts,
  dateOfBirthProblem,
  datePartsProblem,
  datePartsToIso,
  datePartsToText,
  endDateProblem,
  isoToDateParts,
  leavePeriodsOf,
  leaveProblems,
  textToDateParts,
} from './dates.ts';

// GOV.UK Design System, "Date input" error messages; D17: a P87 claimant is 16 to 100 years old.
const TODAY = new Date('2026-11-23T10:00:00Z');
const d = (day: string, month: string, year: string) => ({ day, month, year });

describe('date of birth (D17)', () => {
  it.each<[ReturnType<typeof d>, string | null, string[]?]>([
    [d('', '', ''), 'Enter your date of birth', ['day', 'month', 'year']],
    [d('4', '', '1990'), 'Date of birth must include a month', ['month']],
    [d('', '', '1990'), 'Date of birth must include a day and a month', ['day', 'month']],
    [d('4', '3', ''), 'Date of birth must include a year', ['year']],
    [d('4', '3', '90'), 'Date of birth must include a 4-digit year', ['year']],
    [d('31', '2', '1990'), 'Date of birth must be a real date', ['day']],
    [d('1', '13', '1990'), 'Date of birth must be a real date', ['month']],
    [d('24', '11', '2026'), 'Date of birth must be in the past'],
    [d('23', '11', '2026'), 'Date of birth must be in the past'],
    // 16 on 23 November 2026 means born on or before 23 November 2010.
    [
      d('24', '11', '2010'),
      'You must be 16 or over: your date of birth must be on or before 23 November 2010',
    ],
    [d('23', '11', '2010'), null],
    [d('23', '11', '1926'), null],
    [d('22', '11', '1926'), 'Date of birth must be on or after 23 November 1926'],
    [d('04', '03', '1990'), null],
  ])('%j → %s', (parts, message, which) => {
    const problem = dateOfBirthProblem(parts, TODAY);
    expect(problem?.message ?? null).toBe(message);
    if (which) expect(problem?.parts).toEqual(which);
  });

  it('uses the UK date: 00:30 on 24 November in London is already the 24th', () => {
    const late = new Date('2026-11-24T00:30:00Z');
    expect(dateOfBirthProblem(d('24', '11', '2010'), late)).toBeNull();
  });
});

describe('end of a job', () => {
  it.each<[ReturnType<typeof d>, string | null]>([
    [d('', '', ''), 'Enter the date the job ended'],
    [d('30', '6', '2025'), null],
    [d('23', '11', '2026'), null],
    [d('24', '11', '2026'), 'The date the job ended must be today or in the past'],
    [d('30', '', '2025'), 'The date the job ended must include a month'],
  ])('%j → %s', (parts, message) => {
    expect(endDateProblem(parts, TODAY)?.message ?? null).toBe(message);
  });
});

describe('a named date (issue 44: the back-office’s dates)', () => {
  it.each<[ReturnType<typeof d>, string | undefined, string | null, string[]?]>([
    [d('', '', ''), undefined, null],
    [d('', '', ''), 'Enter the reply-by date', 'Enter the reply-by date', ['day', 'month', 'year']],
    [d('27', '3', '2026'), undefined, null],
    [d('27', '', '2026'), undefined, 'The from date must include a month', ['month']],
    [d('', '3', ''), undefined, 'The from date must include a day and a year', ['day', 'year']],
    [d('27', '3', '26'), undefined, 'The from date must include a 4-digit year', ['year']],
    [d('31', '2', '2027'), undefined, 'The from date must be a real date', ['day']],
    [d('1', '13', '2027'), 'Enter the reply-by date', 'The from date must be a real date', ['month']],
  ])('%j (empty: %s) → %s', (parts, enter, message, which) => {
    const problem = datePartsProblem(parts, 'The from date', enter);
    expect(problem?.message ?? null).toBe(message);
    if (which) expect(problem?.parts).toEqual(which);
  });
});

describe('date parts', () => {
  it('keep digits only, as the boxes accept', () => {
    expect(cleanDateParts({ day: ' 4a', month: '003', year: '19901' })).toEqual({
      day: '4',
      month: '00',
      year: '1990',
    });
    expect(cleanDateParts({ day: 4 })).toEqual({ day: '', month: '', year: '' });
  });

  it('turn into ISO dates and back', () => {
    expect(datePartsToIso(d('4', '3', '1990'))).toBe('1990-03-04');
    expect(datePartsToIso(d('29', '2', '2023'))).toBeNull();
    expect(datePartsToIso(d('29', '2', '2024'))).toBe('2024-02-29');
    expect(isoToDateParts('1990-03-04')).toEqual(d('4', '3', '1990'));
  });

  it.each([
    [d('14', '5', '2026'), '2026-05-14'],
    [d('14', '', '2026'), '2026--14'],
    [d('31', '2', '2026'), '2026-2-31'],
    [d('', '', '20'), '20--'],
    [d('', '', ''), ''],
  ])('kept as text while typed: %j is %s, and reads back', (parts, text) => {
    expect(datePartsToText(parts)).toBe(text);
    expect(textToDateParts(text)).toEqual(parts);
  });
});

// D25: declared leave is left out of the dated mileage log.
describe('leave', () => {
  const period = (from: ReturnType<typeof d>, to: ReturnType<typeof d>) => ({ id: 'l1', from, to });
  it.each<[ReturnType<typeof period>, Record<string, string>]>([
    [period(d('1', '8', '2025'), d('14', '8', '2025')), {}],
    [period(d('', '', ''), d('14', '8', '2025')), { 'leave.0.from': 'Enter the first day of leave' }],
    [
      period(d('1', '8', '2025'), d('31', '2', '2025')),
      { 'leave.0.to': 'The last day of leave must be a real date' },
    ],
    [
      period(d('14', '8', '2025'), d('1', '8', '2025')),
      { 'leave.0.to': 'The last day of leave must be the same as or after the first day' },
    ],
  ])('%j → %j', (l, errors) => {
    expect(leaveProblems([l])).toEqual(errors);
  });

  it('gives the complete periods as ISO dates', () => {
    expect(
      leavePeriodsOf([
        period(d('1', '8', '2025'), d('14', '8', '2025')),
        period(d('14', '8', '2025'), d('1', '8', '2025')),
        period(d('', '8', '2025'), d('1', '9', '2025')),
      ]),
    ).toEqual([{ from: '2025-08-01', to: '2025-08-14' }]);
  });
});
