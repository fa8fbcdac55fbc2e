import { isRealIsoDate } from './dates.ts';

// D39: the business-journey test for one regular place a claimant drives to. Mileage Allowance
// Relief (ITEPA 2003 ss229-236) is only for business travel; ordinary commuting, travel between
// home and a permanent workplace, never counts (ITEPA 2003 s338(3), s339; EIM32055). Whether a
// place is a permanent or a temporary workplace follows ITEPA 2003 s339(2)-(6) as HMRC applies it
// in the Employment Income Manual (EIM32065 onwards) and in its booklet 490, "Employee travel: a
// tax and National Insurance contributions guide for employers", chapter 3. The module is pure: it
// decides from the claimant's answers and never reads the clock.
//
// The facts it relies on, each with HMRC's source:
// - A place attended regularly for the ongoing duties is a permanent workplace (s339(2); EIM32065,
//   EIM32070: even one or two days a week, if regular).
// - A depot or base attended regularly because work starts there or tasks are handed out there is
//   a permanent workplace (s339(4); EIM32160, EIM32161, EIM32163; booklet 490 paras 3.29-3.31).
// - A place attended for a task of limited duration, or for a temporary purpose (each visit
//   self-contained), is a temporary workplace (s339(3); EIM32075, EIM32150, EIM32151) unless:
//   - the 24-month rule: attendance is in a period of continuous work there lasting, or reasonably
//     expected to last, more than 24 months (s339(5)(a)(i), (b); EIM32080; booklet 490 paras
//     3.18-3.20); a period of continuous work is one in which 40% or more of the working time is
//     spent there (s339(6); EIM32080: "40% or more of his or her working time"; booklet 490 para
//     3.19), measured against the hours actually worked (EIM32092, part-timers). Under 40% the
//     24-month test "does not need to be considered" (EIM32086, EIM32088, EIM32091);
//   - the fixed-term rule: the period of continuous work is all or almost all of the time the
//     employee is likely to hold the job (s339(5)(a)(ii); EIM32125: not challenged under 80%;
//     booklet 490 para 3.28: more than 80%; agency assignments, EIM32130-EIM32131).
// - A change of expectation changes the place's status from that time, either way (EIM32084:
//   18 months extended to 28 after 10, relief for the first 10 months only; EIM32085: 28 months
//   cut to 18 after 10, relief from then on; EIM32100, EIM32106, EIM32108; booklet 490 para 3.24).
// - Site-based workers with no permanent workplace: each site is looked at on its own (EIM32132,
//   EIM32134; NIM06280).
// - A journey to a temporary workplace that is substantially the same as the ordinary commute is
//   treated as commuting (EIM32300, EIM32301, EIM32304, EIM32307; not argued where the extra
//   distance is 10 miles or more each way, EIM32306).
// - Working at home does not turn the trip from home to a permanent workplace into business travel
//   (EIM32370; EIM32173; booklet 490 para 3.36). Trips to temporary workplaces count as for anyone
//   (EIM32370). EIM32171 and EIM32370 allow home-to-permanent-workplace travel only where the job
//   itself dictates where the employee lives, and then only on days home is a workplace: this
//   module does not count those journeys; such a claim is for an operator to look at (D39).

/** HMRC's limit: more than 24 months of continuous work makes a place permanent (s339(5)). */
export const TWENTY_FOUR_MONTHS = 24;
/** HMRC's "significant extent": 40% or more of the working time (s339(6); EIM32080). */
export const SIGNIFICANT_SHARE_PERCENT = 40;

/**
 * What the place is to the claimant (the first question, WORKPLACE_QUESTIONS.role):
 * - 'normal-base': where they normally work, including a second office attended every week for the
 *   ongoing job (s339(2); EIM32070);
 * - 'depot': a depot or base they report to, to start work, collect a vehicle or be given jobs
 *   (s339(4); EIM32160);
 * - 'regular-site': a place they go to for a piece of work that will end: a posting, a project, a
 *   client's premises, a building site (s339(3)(a), task of limited duration; EIM32075);
 * - 'separate-visits': a place visited regularly, each visit complete in itself (a monthly
 *   meeting, a routine inspection) (s339(3)(b), temporary purpose; EIM32150, EIM32151, EIM32153).
 */
export type PlaceRole = 'normal-base' | 'depot' | 'regular-site' | 'separate-visits';
export const PLACE_ROLES: readonly PlaceRole[] = ['normal-base', 'depot', 'regular-site', 'separate-visits'];

/** Whether the claimant works at home on some days, and why (EIM32170, EIM32370). */
export type HomeWorking = 'no' | 'by-choice' | 'required';
export const HOME_WORKING: readonly HomeWorking[] = ['no', 'by-choice', 'required'];

/** The expected length changed while the claimant was working there (EIM32084, EIM32085). */
export interface ExpectationChange {
  /** Whole months after attendance began when the expected length changed (EIM32084: 10). */
  afterMonths: number;
  /**
   * The new expected length of the whole time there, counted from the first day and including
   * short spells elsewhere (EIM32108: 17 + 3 + 6 = 26).
   */
  newExpectedMonths: number;
}

/** The claimant's answers about one regular place (see WORKPLACE_QUESTIONS for the wording). */
export interface PlaceFacts {
  role: PlaceRole;
  /** No permanent workplace; works at one site after another (EIM32132; NIM06280). */
  siteBased?: boolean;
  homeWorking?: HomeWorking;
  /** The share of the working time actually worked that is spent there, 0-100 (EIM32092). */
  shareOfWorkingTime?: number;
  /** Works there for all or almost all of the time they hold this job (s339(5)(a)(ii)). */
  wholeEmployment?: boolean;
  /** At the start, how many months they reasonably expected to work there (s339(5)(b)). */
  expectedMonths?: number;
  expectationChange?: ExpectationChange;
  /** How many months they have actually worked there (so far), if known. */
  actualMonths?: number;
  /** The drive there is much the same as the usual drive to work (EIM32300). */
  sameAsCommute?: boolean;
}

/** Which of HMRC's rules decided the answer; each has its sources in the decision. */
export type WorkplaceRule =
  | 'permanent-workplace'
  | 'depot-or-base'
  | 'temporary-workplace'
  | 'under-40-percent'
  | 'permanent-workplace-24-months'
  | 'expectation-changed-to-over-24-months'
  | 'expectation-changed-to-24-months-or-less'
  | 'whole-employment'
  | 'substantially-commuting';

/**
 * Which journeys to the place count: all, none, those in the first `untilMonth` months (the place
 * became permanent then), or those from month `fromMonth` on (it became temporary then).
 */
export type JourneysCount =
  | { counts: 'all' }
  | { counts: 'none' }
  | { counts: 'until'; untilMonth: number }
  | { counts: 'from'; fromMonth: number };

export type WorkplaceDecision = JourneysCount & {
  ok: true;
  rule: WorkplaceRule;
  /** Plain words for the claimant; the operator sees the same words and the sources (D39). */
  reason: string;
  /** HMRC's pages and the law the rule comes from ('EIM32080', 'ITEPA 2003 s339(5)'). */
  sources: readonly string[];
};

/** Answers that cannot be decided on: one message per field, the wizard's error keys. */
export interface WorkplaceProblems {
  ok: false;
  errors: Record<string, string>;
}

export type WorkplaceResult = WorkplaceDecision | WorkplaceProblems;

export const WORKPLACE_MESSAGES = {
  role: 'Select what this place is to you',
  siteBasedWithBase:
    'You said you have no normal workplace, so this place cannot be where you normally work or a depot you report to',
  shareRequired: 'Enter the share of your working time you spend there, as a percentage',
  shareRange: 'The share of your working time must be a number from 0 to 100',
  monthsRequired: 'Enter how many months you expected to work there when you started',
  monthsRange: 'The number of months must be a number, 0 or more',
  changeAfterWhole: 'Enter the number of months after you started as a whole number, 1 or more',
  changeBeforeNewLength:
    'The new expected length must be at least the months you had already worked there when it changed',
  changeAfterLeaving: 'The expected length can only change while you were still working there',
  overrunNeedsChange:
    'You worked there for more than 24 months: tell us when you first expected it to last more than 24 months',
  overrunNeedsLongerLength:
    'You worked there for more than 24 months, so the new expected length must be more than 24 months',
  sameAsCommuteSiteBased:
    'Without a normal workplace there is no usual drive to work to compare with: leave this question out',
} as const;

export type WorkplaceQuestionId =
  | 'role'
  | 'siteBased'
  | 'homeWorking'
  | 'sameAsCommute'
  | 'shareOfWorkingTime'
  | 'wholeEmployment'
  | 'expectedMonths'
  | 'expectationChange'
  | 'expectationChange.afterMonths'
  | 'expectationChange.newExpectedMonths'
  | 'actualMonths';

export interface WorkplaceQuestion {
  question: string;
  hint?: string;
  options?: readonly { id: string; label: string; hint?: string }[];
}

/**
 * The questions, in our own words, in the order HMRC's tests need them (workplaceQuestionsFor
 * picks the ones that apply). Each hint carries the fact from HMRC the answer turns on.
 */
export const WORKPLACE_QUESTIONS: Readonly<Record<WorkplaceQuestionId, WorkplaceQuestion>> = {
  role: {
    question: 'What is this place to you?',
    options: [
      {
        id: 'normal-base',
        label: 'Where I normally work',
        hint: 'Your usual office or workplace, or a second office you go to every week as part of your normal job.',
      },
      {
        id: 'depot',
        label: 'A depot or base I report to',
        hint: 'You go there to start or finish your shift, pick up a vehicle or be given your jobs.',
      },
      {
        id: 'regular-site',
        label: 'A place I go to for a piece of work that will end',
        hint: "A posting, a project, a client's premises or a building site you are sent to for a time.",
      },
      {
        id: 'separate-visits',
        label: 'A place I visit regularly, each visit for its own reason',
        hint: 'For example a monthly meeting or a routine inspection, each visit complete in itself.',
      },
    ],
  },
  siteBased: {
    question: 'Do you work at one site after another, with no normal workplace?',
    hint: 'For example, building workers sent from site to site.',
  },
  homeWorking: {
    question: 'Do you work at home on some days?',
    options: [
      { id: 'no', label: 'No' },
      { id: 'by-choice', label: 'Yes, because I choose to or my employer lets me' },
      { id: 'required', label: 'Yes, because my job needs me to work at home' },
    ],
  },
  sameAsCommute: {
    question: 'Is the drive there much the same as your usual drive to work?',
    hint: 'About the same distance in about the same direction, even by another road. Answer no if it adds 10 miles or more each way.',
  },
  shareOfWorkingTime: {
    question: 'What share of your working time do you spend there?',
    hint: 'As a percentage of the hours you actually work, not of a full-time week. 2 days out of 5 is 40%.',
  },
  wholeEmployment: {
    question: 'Will you work there for all, or nearly all, of the time you have this job?',
    hint: 'Answer yes if you were taken on for this place, for example on a fixed-term contract or an agency assignment, and will spend more than four fifths of the job there.',
  },
  expectedMonths: {
    question: 'When you started going there, how many months did you expect to work there?',
    hint: 'What you were told at the start, counted from your first day to your expected last day, including short spells elsewhere in between.',
  },
  expectationChange: {
    question: 'Did the expected length change while you were working there?',
    hint: 'For example, the posting was extended or cut short.',
  },
  'expectationChange.afterMonths': {
    question: 'How many months after you started did it change?',
  },
  'expectationChange.newExpectedMonths': {
    question: 'What was the new expected length, in months from your first day there?',
  },
  actualMonths: {
    question: 'How many months have you actually worked there?',
    hint: 'So far, if you still go there.',
  },
};

/**
 * The questions to ask next, given the answers so far: the role first; for a place where they
 * normally work or a depot, only whether they work at home; for other places, HMRC's tests in
 * order, leaving out those the answers already make unnecessary (under 40% of the working time,
 * "the 24 month test does not need to be considered", EIM32086).
 */
export function workplaceQuestionsFor(facts: Partial<PlaceFacts>): WorkplaceQuestionId[] {
  if (!isPlaceRole(facts.role)) return ['role'];
  if (facts.role === 'normal-base' || facts.role === 'depot') return ['role', 'homeWorking'];
  const ids: WorkplaceQuestionId[] = ['role', 'siteBased', 'homeWorking'];
  if (facts.siteBased !== true) ids.push('sameAsCommute');
  ids.push('shareOfWorkingTime');
  const share = facts.shareOfWorkingTime;
  if (typeof share === 'number' && share < SIGNIFICANT_SHARE_PERCENT) return ids;
  ids.push('wholeEmployment');
  if (facts.wholeEmployment === true) return ids;
  ids.push('expectedMonths', 'expectationChange');
  if (facts.expectationChange !== undefined)
    ids.push('expectationChange.afterMonths', 'expectationChange.newExpectedMonths');
  ids.push('actualMonths');
  return ids;
}

export function isPlaceRole(x: unknown): x is PlaceRole {
  return typeof x === 'string' && (PLACE_ROLES as readonly string[]).includes(x);
}

const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

function months(n: number): string {
  return `${n} ${n === 1 ? 'month' : 'months'}`;
}

const HOME_NOTE =
  ' Working at home on other days does not change this: HMRC treats the trip from home to a permanent workplace as commuting.';
const HOME_SOURCES = ['EIM32173', 'EIM32370', 'booklet 490 para 3.36'] as const;

/** Every answer checked on its own and against the others; an empty object when all is well. */
function problemsOf(f: PlaceFacts): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!isPlaceRole(f.role)) {
    errors.role = WORKPLACE_MESSAGES.role;
    return errors;
  }
  const site = f.role === 'regular-site' || f.role === 'separate-visits';
  if (f.siteBased === true && !site) errors.siteBased = WORKPLACE_MESSAGES.siteBasedWithBase;
  if (f.siteBased === true && f.sameAsCommute === true)
    errors.sameAsCommute = WORKPLACE_MESSAGES.sameAsCommuteSiteBased;

  const share = f.shareOfWorkingTime;
  if (share !== undefined && (!isNumber(share) || share < 0 || share > 100))
    errors.shareOfWorkingTime = WORKPLACE_MESSAGES.shareRange;
  else if (share === undefined && site) errors.shareOfWorkingTime = WORKPLACE_MESSAGES.shareRequired;

  const badMonths = (n: unknown) => n !== undefined && (!isNumber(n) || n < 0);
  if (badMonths(f.expectedMonths)) errors.expectedMonths = WORKPLACE_MESSAGES.monthsRange;
  if (badMonths(f.actualMonths)) errors.actualMonths = WORKPLACE_MESSAGES.monthsRange;
  const change = f.expectationChange;
  if (change !== undefined) {
    const after = change.afterMonths;
    if (!isNumber(after) || !Number.isInteger(after) || after < 1)
      errors['expectationChange.afterMonths'] = WORKPLACE_MESSAGES.changeAfterWhole;
    if (!isNumber(change.newExpectedMonths) || change.newExpectedMonths < 0)
      errors['expectationChange.newExpectedMonths'] = WORKPLACE_MESSAGES.monthsRange;
    else if (isNumber(after) && change.newExpectedMonths < after)
      errors['expectationChange.newExpectedMonths'] = WORKPLACE_MESSAGES.changeBeforeNewLength;
    if (isNumber(after) && isNumber(f.actualMonths) && f.actualMonths >= 0 && after > f.actualMonths)
      errors['expectationChange.afterMonths'] ??= WORKPLACE_MESSAGES.changeAfterLeaving;
  }
  if (Object.keys(errors).length > 0 || !site) return errors;

  // The 24-month test is needed only at 40% or more of the working time, outside the fixed-term rule.
  if (share === undefined || share < SIGNIFICANT_SHARE_PERCENT || f.wholeEmployment === true) return errors;
  if (f.expectedMonths === undefined) {
    errors.expectedMonths = WORKPLACE_MESSAGES.monthsRequired;
    return errors;
  }
  // s339(5)(a)(i): once the time there has lasted more than 24 months the place is permanent,
  // whatever was expected, so an overrun needs the moment the expectation changed (EIM32100).
  const finalExpected = change?.newExpectedMonths ?? f.expectedMonths;
  const overran = f.actualMonths !== undefined && f.actualMonths > TWENTY_FOUR_MONTHS;
  if (overran && finalExpected <= TWENTY_FOUR_MONTHS) {
    if (change === undefined) errors.expectationChange = WORKPLACE_MESSAGES.overrunNeedsChange;
    else errors['expectationChange.newExpectedMonths'] = WORKPLACE_MESSAGES.overrunNeedsLongerLength;
  }
  return errors;
}

function decided(
  counts: JourneysCount,
  rule: WorkplaceRule,
  reason: string,
  sources: readonly string[],
): WorkplaceDecision {
  return { ok: true, ...counts, rule, reason, sources };
}

/**
 * D39: whether journeys between home and one regular place count as business travel, with the
 * reason in plain words and HMRC's sources. Bad or missing answers give `{ ok: false, errors }`
 * keyed by field (WORKPLACE_MESSAGES), never a guess: negative months, a share outside 0-100, a
 * change of expectation that is not a whole number of months or comes after the claimant left,
 * and a stay of more than 24 months at 40% or more that was never expected to last that long.
 * Fields a role does not use are checked for range but otherwise ignored (the expected length of
 * a place where they normally work changes nothing).
 */
export function decideWorkplace(facts: PlaceFacts): WorkplaceResult {
  const errors = problemsOf(facts);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const atHome = facts.homeWorking === 'by-choice' || facts.homeWorking === 'required';
  const homeNote = atHome ? HOME_NOTE : '';
  const homeSources = atHome ? HOME_SOURCES : [];

  // s339(2); EIM32065, EIM32070: a place attended regularly for the ongoing job.
  if (facts.role === 'normal-base')
    return decided(
      { counts: 'none' },
      'permanent-workplace',
      'This is where you normally work, so driving between home and here is ordinary commuting, which HMRC never allows, however far it is.' +
        homeNote,
      ['ITEPA 2003 s338(3)', 'ITEPA 2003 s339(2)', 'EIM32065', 'EIM32070', ...homeSources],
    );

  // s339(4); EIM32160, EIM32161 (bus driver), EIM32163 (electrician); booklet 490 paras 3.29-3.31.
  if (facts.role === 'depot')
    return decided(
      { counts: 'none' },
      'depot-or-base',
      'You report to this depot or base to start work, so HMRC treats it as a permanent workplace: driving between home and here is commuting and does not count. Driving from here out to other sites is business travel: add those as journeys that start here.' +
        homeNote,
      [
        'ITEPA 2003 s339(4)',
        'EIM32160',
        'EIM32161',
        'EIM32163',
        'booklet 490 paras 3.29-3.31',
        ...homeSources,
      ],
    );

  const decision = siteDecision(facts, homeNote, homeSources);
  // EIM32300: a journey to a temporary workplace that is substantially the ordinary commute.
  if (decision.counts !== 'none' && facts.sameAsCommute === true)
    return decided(
      { counts: 'none' },
      'substantially-commuting',
      'The drive here is much the same as your usual drive to work, so HMRC treats it as commuting and it does not count, even though the place itself is a temporary workplace.',
      ['ITEPA 2003 s338', 'EIM32300', 'EIM32301', 'EIM32307'],
    );
  return decision;
}

/** A place attended for a limited time or a temporary purpose, after the checks in problemsOf. */
function siteDecision(
  facts: PlaceFacts,
  homeNote: string,
  homeSources: readonly string[],
): WorkplaceDecision {
  const share = facts.shareOfWorkingTime ?? 0;
  const siteBased = facts.siteBased === true;
  const lead = siteBased
    ? 'You have no normal workplace and work at one site after another, so each site is looked at on its own. '
    : '';
  const siteSources = siteBased ? ['EIM32132', 'NIM06280', 'booklet 490 para 3.24'] : [];
  const temporarySources = [
    'ITEPA 2003 s339(3)',
    facts.role === 'separate-visits' ? 'EIM32150' : 'EIM32075',
    ...siteSources,
  ];

  // s339(6); EIM32080; EIM32086 (Wrexham), EIM32088 (Bournemouth), EIM32091 (Morecambe).
  if (share < SIGNIFICANT_SHARE_PERCENT)
    return decided(
      { counts: 'all' },
      'under-40-percent',
      `${lead}You spend ${share}% of your working time here, less than 40%, so HMRC's 24-month limit does not apply: it is a temporary workplace and every journey here counts, however long you keep going.`,
      [...temporarySources, 'ITEPA 2003 s339(6)', 'EIM32080', 'EIM32086', 'booklet 490 para 3.19'],
    );

  // s339(5)(a)(ii); EIM32125, EIM32127 (Upminster), EIM32131 (agency); booklet 490 para 3.28.
  // It overrides the 24-month rule (EIM32125), so an expected length or a change is not needed.
  if (facts.wholeEmployment === true)
    return decided(
      { counts: 'none' },
      'whole-employment',
      `${lead}You work here for all or nearly all of the time you have this job, so HMRC treats it as your permanent workplace (the rule for fixed-term jobs and agency assignments): driving between home and here is commuting and does not count.` +
        homeNote,
      [
        'ITEPA 2003 s339(5)(a)(ii)',
        'EIM32125',
        'EIM32127',
        'EIM32131',
        'booklet 490 para 3.28',
        ...siteSources,
        ...homeSources,
      ],
    );

  const expected = facts.expectedMonths ?? 0;
  const rule24 = ['ITEPA 2003 s339(5)', 'ITEPA 2003 s339(6)', 'EIM32080', 'booklet 490 paras 3.18-3.20'];
  const change = facts.expectationChange;
  const over = (n: number) => n > TWENTY_FOUR_MONTHS;

  if (change !== undefined && over(expected) !== over(change.newExpectedMonths)) {
    if (over(change.newExpectedMonths)) {
      // EIM32084, EIM32106, EIM32108; booklet 490 para 3.24. At the latest, the place is permanent
      // once the time there has lasted more than 24 months (s339(5)(a)(i)).
      const untilMonth = Math.min(change.afterMonths, TWENTY_FOUR_MONTHS);
      const when =
        untilMonth < change.afterMonths
          ? `after 24 months here at 40% or more of your working time it became a permanent workplace whatever was expected, so journeys from month ${untilMonth} on do not count`
          : `after ${months(change.afterMonths)} the expected length became ${months(change.newExpectedMonths)}, more than 24, so from then on it is a permanent workplace and journeys after that point do not count`;
      return decided(
        { counts: 'until', untilMonth },
        'expectation-changed-to-over-24-months',
        `${lead}You spend ${share}% of your working time here and first expected to work here for ${months(expected)}, so at first it was a temporary workplace and journeys counted; ${when}.` +
          homeNote,
        [
          ...rule24,
          'EIM32084',
          'EIM32100',
          'EIM32106',
          'booklet 490 para 3.24',
          ...siteSources,
          ...homeSources,
        ],
      );
    }
    // EIM32085: a posting of more than 24 months cut to 24 or less becomes temporary from then.
    return decided(
      { counts: 'from', fromMonth: change.afterMonths },
      'expectation-changed-to-24-months-or-less',
      `${lead}You spend ${share}% of your working time here and first expected to work here for ${months(expected)}, more than 24, so at first it was a permanent workplace and journeys did not count; after ${months(change.afterMonths)} the expected length became ${months(change.newExpectedMonths)}, 24 or less, so from then on it is a temporary workplace and journeys count.`,
      [...rule24, 'EIM32085', 'EIM32100', ...siteSources],
    );
  }

  // No change, or a change that stayed on the same side of 24 months.
  const length = change?.newExpectedMonths ?? expected;
  if (over(length))
    // EIM32080; EIM32092 (Ripon, part-time); EIM32107; booklet 490 para 3.20 (Rotherham, 28 months).
    return decided(
      { counts: 'none' },
      'permanent-workplace-24-months',
      `${lead}You spend ${share}% of your working time here, 40% or more, and expected to work here for ${months(length)}, more than 24, so HMRC treats it as a permanent workplace from the first day: driving between home and here is commuting and does not count.` +
        homeNote,
      [...rule24, 'EIM32092', 'EIM32107', ...siteSources, ...homeSources],
    );
  // EIM32090 (Reading, 18 months); booklet 490 para 3.20 (Wigan, 18 months).
  return decided(
    { counts: 'all' },
    'temporary-workplace',
    `${lead}You expected to work here for ${months(length)}, not more than 24, so it is a temporary workplace and every journey here counts.`,
    [...temporarySources, ...rule24, 'EIM32090'],
  );
}

/**
 * The ISO date `n` whole calendar months after `iso`, kept to the last day of a shorter month
 * ('2024-01-31' + 1 is '2024-02-29'). Pure: no clock.
 */
export function isoDatePlusMonths(iso: string, n: number): string {
  if (!isRealIsoDate(iso)) throw new RangeError(`Not a real date written YYYY-MM-DD: ${iso}`);
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`Not a whole number of months: ${n}`);
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + n;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (x: number) => String(x).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(Math.min(d, lastDay))}`;
}

export interface WorkplaceJourneySplit<T> {
  /** Journeys that count as business travel. */
  counted: T[];
  /** Journeys left out: commuting to a place that is (or was then) a permanent workplace. */
  leftOut: T[];
  /**
   * Journeys without a real date when only part of the time counts (a regular pattern): they
   * cannot be placed before or after the change, so the wizard asks for them to be split.
   */
  undated: T[];
  /** The first day of the changed status ('until': first day left out; 'from': first day counted). */
  changesOn?: string;
}

/**
 * Which journeys to this place are left out, given the decision and the day attendance there
 * began (`startedOn`, 'YYYY-MM-DD'). 'all': none left out; 'none': every journey, dated or not;
 * 'until' N: journeys dated on or after `startedOn` + N months (the day the expectation changed,
 * EIM32084); 'from' N: journeys dated before that day (EIM32085). A journey dated before
 * `startedOn` is treated like any other date before the change. Throws a RangeError when
 * `startedOn` is not a real date; a journey whose date is not a real date counts as undated.
 */
export function journeysLeftOut<T extends { date?: string }>(
  decision: JourneysCount,
  startedOn: string,
  journeys: readonly T[],
): WorkplaceJourneySplit<T> {
  if (!isRealIsoDate(startedOn)) throw new RangeError(`Not a real date written YYYY-MM-DD: ${startedOn}`);
  if (decision.counts === 'all') return { counted: [...journeys], leftOut: [], undated: [] };
  if (decision.counts === 'none') return { counted: [], leftOut: [...journeys], undated: [] };
  const month = decision.counts === 'until' ? decision.untilMonth : decision.fromMonth;
  const changesOn = isoDatePlusMonths(startedOn, month);
  const split: WorkplaceJourneySplit<T> = { counted: [], leftOut: [], undated: [], changesOn };
  for (const j of journeys) {
    if (!isRealIsoDate(j.date)) split.undated.push(j);
    else if (j.date < changesOn === (decision.counts === 'until')) split.counted.push(j);
    else split.leftOut.push(j);
  }
  return split;
}
