import { z } from 'zod';
import { formatIsoDate, isRealIsoDate } from './dates.ts';

// Issue 44: one rule for every date a route takes, on the claimant's side and the operator's. A
// date travels as ISO text ('YYYY-MM-DD'); it must be text, a real calendar date (2027-02-31 is
// not one: Date.parse would roll it into March), and within the bounds that fit its field. A value
// that was sent and is wrong is refused with a field message, never read as "not given" (which
// would date a record today) and never left to a later check that cannot read it (a 500).

export { isRealIsoDate };

/** Each date field's subject, as its messages name it (GOV.UK date input: "[Whatever it is] must …"). */
export const DATE_SUBJECTS = {
  replyBy: 'The reply-by date',
  sentOn: 'The date the claim was sent to HMRC',
  repaidOn: 'The date HMRC repaid',
  decidedOn: 'The date of HMRC’s decision',
  paidOn: 'The date it was paid',
  receivedOn: 'The date HMRC’s money arrived',
  payoutDay: 'The payout day',
  from: 'The start date',
  to: 'The end date',
} as const;

export const dateMessages = (subject: string) =>
  ({
    required: `Enter ${subject.replace(/^The /, 'the ')}`,
    real: `${subject} must be a real date`,
    notFuture: `${subject} must be today or in the past`,
    notBefore: (earliest: string, why: string) =>
      `${subject} must be the same as or after ${formatIsoDate(earliest)}, ${why}`,
    notAfter: (latest: string, why: string) =>
      `${subject} must be the same as or before ${formatIsoDate(latest)}, ${why}`,
  }) as const;

const notGiven = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A date field of a request: left out, `null` or blank is "not given" (undefined); text is trimmed
 * and must be a real date; any other type (a number, true, an object, a list) is refused.
 */
export function optionalDateField(subject: string) {
  const { real } = dateMessages(subject);
  return z.preprocess(
    (v) => (notGiven(v) ? undefined : typeof v === 'string' ? v.trim() : v),
    z.string({ error: real }).refine(isRealIsoDate, { error: real }).optional(),
  );
}

/** The same, where the date must be given. */
export function requiredDateField(subject: string) {
  const { required, real } = dateMessages(subject);
  return z.preprocess(
    (v) => (notGiven(v) ? undefined : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: (issue) => (issue.input === undefined ? required : real) })
      .refine(isRealIsoDate, { error: real, abort: true }),
  );
}

/**
 * D35: the day a claim was sent to HMRC or repaid is a day that has happened (UK date `today` or
 * before) and not before the claim was made (`claimMadeOn`, the UK day it was submitted).
 */
export function recordDateProblem(
  subject: string,
  day: string,
  bounds: { today: string; claimMadeOn: string },
): string | null {
  const messages = dateMessages(subject);
  if (day > bounds.today) return messages.notFuture;
  if (day < bounds.claimMadeOn) return messages.notBefore(bounds.claimMadeOn, 'when the claim was made');
  return null;
}

/** A range of a list or a report: the end is not before the start. */
export function dateRangeProblem(from: string | undefined, to: string | undefined): string | null {
  if (from === undefined || to === undefined || to >= from) return null;
  return dateMessages(DATE_SUBJECTS.to).notBefore(from, 'the start date');
}
