import { describe, expect, it } from 'vitest';
import {
  decideWorkplace,
  isoDatePlusMonths,
  journeysLeftOut,
  WORKPLACE_MESSAGES,
  WORKPLACE_QUESTIONS,
  workplaceQuestionsFor,
  type JourneysCount,
  type PlaceFacts,
  type WorkplaceDecision,
  type WorkplaceQuestionId,
  type WorkplaceRule,
} from './workplace-test.ts';

// D39: HMRC's business-journey test for one regular place (ITEPA 2003 s339; the Employment Income
// Manual from EIM32065; booklet 490 "Employee travel", chapter 3). Each case is one of HMRC's own
// examples, or a boundary of its rules, named beside it. Expected outcomes are HMRC's; the facts
// are restated in months and shares of working time, as the wizard asks them.

type Expected = JourneysCount & { rule: WorkplaceRule };

function decision(facts: PlaceFacts): WorkplaceDecision {
  const result = decideWorkplace(facts);
  if (!result.ok) throw new Error(`unexpected problems: ${JSON.stringify(result.errors)}`);
  return result;
}

const site = (facts: Omit<PlaceFacts, 'role'>): PlaceFacts => ({ role: 'regular-site', ...facts });

describe('decideWorkplace: HMRC examples', () => {
  it.each<[string, PlaceFacts, Expected]>([
    // EIM32065, EIM32070, s339(2): the office attended regularly for the ongoing job (EIM32088:
    // "Brighton remains his permanent workplace"): commuting, never counts.
    [
      'permanent workplace: the normal base',
      { role: 'normal-base' },
      { counts: 'none', rule: 'permanent-workplace' },
    ],
    // EIM32090: sent to Reading 3 days a week (60%) for 18 months: a deduction is due.
    // Booklet 490 para 3.20 (Chris, Wigan, 18 months full-time) says the same.
    [
      'temporary workplace under 24 months, over 40% of the time',
      site({ shareOfWorkingTime: 60, expectedMonths: 18 }),
      { counts: 'all', rule: 'temporary-workplace' },
    ],
    // EIM32088: Bournemouth one day a week (20%) for 10 months: "The 24 month test does not need
    // to be considered", a deduction is due.
    [
      'temporary workplace under 24 months, under 40% of the time',
      site({ shareOfWorkingTime: 20, expectedMonths: 10 }),
      { counts: 'all', rule: 'under-40-percent' },
    ],
    // EIM32086: Wrexham one and a half days a week (30%) for 28 months: under 40%, so not a
    // period of continuous work; a deduction is due for the full cost.
    [
      'a site expected over 24 months with under 40% of the time',
      site({ shareOfWorkingTime: 30, expectedMonths: 28 }),
      { counts: 'all', rule: 'under-40-percent' },
    ],
    // Booklet 490 para 3.20 (Duncan, Rotherham, 28 months, more than 40%): permanent from the
    // outset, no relief. EIM32080: "40% or more ... over a period that lasts, or is likely to
    // last, more than 24 months".
    [
      'a site expected over 24 months with over 40% of the time',
      site({ shareOfWorkingTime: 100, expectedMonths: 28 }),
      { counts: 'none', rule: 'permanent-workplace-24-months' },
    ],
    // EIM32080 with the case: 30 months at 60% of the working time is a permanent workplace.
    [
      'a site lasting 30 months at 60% of the time',
      site({ shareOfWorkingTime: 60, expectedMonths: 30, actualMonths: 30 }),
      { counts: 'none', rule: 'permanent-workplace-24-months' },
    ],
    // EIM32092: a part-timer spends one of his two working days (50%) in Ripon for 32 months: the
    // share is of the hours actually worked, so Ripon is a permanent workplace.
    [
      'a part-timer: the share is of the hours actually worked',
      site({ shareOfWorkingTime: 50, expectedMonths: 32 }),
      { counts: 'none', rule: 'permanent-workplace-24-months' },
    ],
    // EIM32080 boundary: "more than 24 months"; exactly 24 is not more than 24.
    [
      'exactly 24 months at full time still counts',
      site({ shareOfWorkingTime: 100, expectedMonths: 24 }),
      { counts: 'all', rule: 'temporary-workplace' },
    ],
    // EIM32080 boundary: "40% or more" is a period of continuous work.
    [
      'exactly 40% over 30 months does not count',
      site({ shareOfWorkingTime: 40, expectedMonths: 30 }),
      { counts: 'none', rule: 'permanent-workplace-24-months' },
    ],
    // EIM32080 boundary: just under 40% is not a significant extent.
    [
      '39% over 30 months counts',
      site({ shareOfWorkingTime: 39, expectedMonths: 30 }),
      { counts: 'all', rule: 'under-40-percent' },
    ],
    // EIM32132, NIM06280, booklet 490 para 3.24: a site-based worker with no permanent workplace,
    // at a site not expected to last more than 24 months: a temporary workplace.
    [
      'site-based employee at an 18-month site',
      site({ siteBased: true, shareOfWorkingTime: 100, expectedMonths: 18 }),
      { counts: 'all', rule: 'temporary-workplace' },
    ],
    // EIM32132: employed to work only at site A: the site is a permanent workplace.
    // Booklet 490 para 3.28 (Mike, fixed term of 18 months at one site): no relief.
    [
      'site-based employee taken on for this one site',
      site({ siteBased: true, shareOfWorkingTime: 100, wholeEmployment: true }),
      { counts: 'none', rule: 'whole-employment' },
    ],
    // EIM32161 (bus driver picks up his vehicle at the depot), EIM32163 (electrician given his
    // job list there), booklet 490 para 3.29: home to depot is ordinary commuting.
    ['depot-based: home to depot', { role: 'depot' }, { counts: 'none', rule: 'depot-or-base' }],
    // EIM32084: 18-month posting extended to 28 after 10 months: a deduction for the first 10
    // months but not after that.
    [
      'a change of expectation part-way through: extended past 24 months',
      site({
        shareOfWorkingTime: 100,
        expectedMonths: 18,
        expectationChange: { afterMonths: 10, newExpectedMonths: 28 },
      }),
      { counts: 'until', untilMonth: 10, rule: 'expectation-changed-to-over-24-months' },
    ],
    // EIM32106: 18 months, then a second 18-month contract at the same site: the first 18
    // months count, none of the second.
    [
      'a second contract at the same site after 18 months',
      site({
        shareOfWorkingTime: 100,
        expectedMonths: 18,
        expectationChange: { afterMonths: 18, newExpectedMonths: 36 },
      }),
      { counts: 'until', untilMonth: 18, rule: 'expectation-changed-to-over-24-months' },
    ],
    // EIM32108: 17 months, an unexpected 3 months elsewhere, then the 6 months planned from the
    // outset (17 + 3 + 6 = 26): the first 17 months count, the further 6 do not.
    [
      'a break that pushes the whole time past 24 months',
      site({
        shareOfWorkingTime: 100,
        expectedMonths: 23,
        expectationChange: { afterMonths: 17, newExpectedMonths: 26 },
        actualMonths: 26,
      }),
      { counts: 'until', untilMonth: 17, rule: 'expectation-changed-to-over-24-months' },
    ],
    // ITEPA 2003 s339(5)(a)(i) ("lasting more than 24 months"), EIM32080 ("lasts, or is likely
    // to last"): learning only after 26 months still ends relief at 24 months.
    [
      'an overrun noticed late: nothing counts after month 24',
      site({
        shareOfWorkingTime: 100,
        expectedMonths: 18,
        expectationChange: { afterMonths: 26, newExpectedMonths: 30 },
        actualMonths: 30,
      }),
      { counts: 'until', untilMonth: 24, rule: 'expectation-changed-to-over-24-months' },
    ],
    // EIM32085: 28-month posting cut to 18 after 10 months: no deduction for the first 10 months,
    // a deduction for the final 8.
    [
      'a change of expectation part-way through: cut to 24 months or less',
      site({
        shareOfWorkingTime: 100,
        expectedMonths: 28,
        expectationChange: { afterMonths: 10, newExpectedMonths: 18 },
        actualMonths: 18,
      }),
      { counts: 'from', fromMonth: 10, rule: 'expectation-changed-to-24-months-or-less' },
    ],
    // EIM32127: a 15-month fixed-term contract, most of it in the Upminster laboratories: a
    // permanent workplace (s339(5)(a)(ii)); booklet 490 para 3.28 (Laura) is the same example.
    [
      'a fixed-term appointment for the whole employment',
      site({ shareOfWorkingTime: 95, expectedMonths: 15, wholeEmployment: true }),
      { counts: 'none', rule: 'whole-employment' },
    ],
    // EIM32127 again: the 2 weeks at the manufacturer's premises in Inverness count.
    [
      'a short visit within a fixed-term job',
      site({ shareOfWorkingTime: 100, expectedMonths: 0.5, wholeEmployment: false }),
      { counts: 'all', rule: 'temporary-workplace' },
    ],
    // EIM32131: an agency worker's client premises, for the whole of each engagement: permanent.
    [
      'an agency assignment',
      site({ shareOfWorkingTime: 100, wholeEmployment: true }),
      { counts: 'none', rule: 'whole-employment' },
    ],
    // EIM32091: Morecambe one day a month for 5 years: under 40%, so a temporary workplace.
    // EIM32151, EIM32153: regular visits each for a temporary purpose.
    [
      'separate visits: one day a month for 5 years',
      { role: 'separate-visits', shareOfWorkingTime: 5, expectedMonths: 60 },
      { counts: 'all', rule: 'under-40-percent' },
    ],
    // EIM32301, EIM32307: a temporary workplace reached by substantially the ordinary commute.
    [
      'a temporary workplace on the way to work',
      site({ shareOfWorkingTime: 10, expectedMonths: 2, sameAsCommute: true }),
      { counts: 'none', rule: 'substantially-commuting' },
    ],
    // Booklet 490 para 3.36 (Chandra works at home 4 days, the Nottingham office 1), EIM32173:
    // home working does not make the trip to the permanent workplace business travel.
    [
      'a home worker driving to the office',
      { role: 'normal-base', homeWorking: 'required' },
      { counts: 'none', rule: 'permanent-workplace' },
    ],
    // EIM32370: home workers travel to temporary workplaces "in the same way as any other employee".
    [
      'a home worker driving to a temporary workplace',
      site({ homeWorking: 'by-choice', shareOfWorkingTime: 20, expectedMonths: 6 }),
      { counts: 'all', rule: 'under-40-percent' },
    ],
  ])('%s', (_name, facts, expected) => {
    const d = decision(facts);
    const month =
      d.counts === 'until'
        ? { untilMonth: d.untilMonth }
        : d.counts === 'from'
          ? { fromMonth: d.fromMonth }
          : {};
    expect({ ok: d.ok, counts: d.counts, rule: d.rule, ...month }).toEqual({ ok: true, ...expected });
  });
});

describe('decideWorkplace: the reason in plain words', () => {
  it('says why a 30-month site at 60% does not count (EIM32080)', () => {
    const d = decision(site({ shareOfWorkingTime: 60, expectedMonths: 30 }));
    expect(d.reason).toBe(
      'You spend 60% of your working time here, 40% or more, and expected to work here for 30 months, more than 24, so HMRC treats it as a permanent workplace from the first day: driving between home and here is commuting and does not count.',
    );
    expect(d.sources).toEqual(
      expect.arrayContaining(['ITEPA 2003 s339(5)', 'EIM32080', 'booklet 490 paras 3.18-3.20']),
    );
  });

  it('says when journeys stop after a change of expectation (EIM32084)', () => {
    const d = decision(
      site({
        shareOfWorkingTime: 100,
        expectedMonths: 18,
        expectationChange: { afterMonths: 10, newExpectedMonths: 28 },
      }),
    );
    expect(d.reason).toContain('first expected to work here for 18 months');
    expect(d.reason).toContain('after 10 months the expected length became 28 months, more than 24');
    expect(d.sources).toContain('EIM32084');
  });

  it('tells a site-based worker each site is looked at on its own (EIM32132)', () => {
    const d = decision(site({ siteBased: true, shareOfWorkingTime: 100, expectedMonths: 18 }));
    expect(d.reason.startsWith('You have no normal workplace and work at one site after another')).toBe(true);
    expect(d.sources).toEqual(expect.arrayContaining(['EIM32132', 'NIM06280']));
  });

  it('tells a depot worker that trips out from the depot are business travel (EIM32160)', () => {
    expect(decision({ role: 'depot' }).reason).toContain(
      'Driving from here out to other sites is business travel',
    );
  });

  it('adds the home-working note only to a home worker (booklet 490 para 3.36)', () => {
    expect(decision({ role: 'normal-base', homeWorking: 'by-choice' }).reason).toContain('Working at home');
    expect(decision({ role: 'normal-base', homeWorking: 'no' }).reason).not.toContain('Working at home');
    expect(decision({ role: 'normal-base', homeWorking: 'required' }).sources).toContain('EIM32370');
  });
});

describe('decideWorkplace: answers it cannot decide on', () => {
  it.each<[string, PlaceFacts, Record<string, string>]>([
    [
      'negative expected months',
      site({ shareOfWorkingTime: 60, expectedMonths: -1 }),
      { expectedMonths: WORKPLACE_MESSAGES.monthsRange },
    ],
    [
      'negative actual months',
      { role: 'normal-base', actualMonths: -3 },
      { actualMonths: WORKPLACE_MESSAGES.monthsRange },
    ],
    [
      'a share over 100',
      site({ shareOfWorkingTime: 120, expectedMonths: 6 }),
      { shareOfWorkingTime: WORKPLACE_MESSAGES.shareRange },
    ],
    [
      'a negative share',
      site({ shareOfWorkingTime: -5 }),
      { shareOfWorkingTime: WORKPLACE_MESSAGES.shareRange },
    ],
    [
      'a share that is not a number',
      site({ shareOfWorkingTime: Number.NaN }),
      { shareOfWorkingTime: WORKPLACE_MESSAGES.shareRange },
    ],
    [
      'no share for a site',
      site({ expectedMonths: 6 }),
      { shareOfWorkingTime: WORKPLACE_MESSAGES.shareRequired },
    ],
    [
      'no expected length at 40% or more',
      site({ shareOfWorkingTime: 50 }),
      { expectedMonths: WORKPLACE_MESSAGES.monthsRequired },
    ],
    ['an unknown role', { role: 'office' as PlaceFacts['role'] }, { role: WORKPLACE_MESSAGES.role }],
    [
      'site-based but calling this the normal workplace',
      { role: 'normal-base', siteBased: true },
      { siteBased: WORKPLACE_MESSAGES.siteBasedWithBase },
    ],
    [
      'site-based and comparing with a usual drive to work',
      site({ siteBased: true, sameAsCommute: true, shareOfWorkingTime: 100, expectedMonths: 6 }),
      { sameAsCommute: WORKPLACE_MESSAGES.sameAsCommuteSiteBased },
    ],
    [
      'a change part-way through a month',
      site({
        shareOfWorkingTime: 100,
        expectedMonths: 18,
        expectationChange: { afterMonths: 2.5, newExpectedMonths: 28 },
      }),
      { 'expectationChange.afterMonths': WORKPLACE_MESSAGES.changeAfterWhole },
    ],
    [
      'a new length shorter than the time already there',
      site({
        shareOfWorkingTime: 100,
        expectedMonths: 28,
        expectationChange: { afterMonths: 12, newExpectedMonths: 10 },
      }),
      { 'expectationChange.newExpectedMonths': WORKPLACE_MESSAGES.changeBeforeNewLength },
    ],
    [
      'a change after leaving',
      site({
        shareOfWorkingTime: 100,
        expectedMonths: 18,
        expectationChange: { afterMonths: 20, newExpectedMonths: 28 },
        actualMonths: 19,
      }),
      { 'expectationChange.afterMonths': WORKPLACE_MESSAGES.changeAfterLeaving },
    ],
    // s339(5)(a)(i), EIM32100: over 24 months at 40% or more, never expected to last that long.
    [
      'more than 24 months there with no change of expectation',
      site({ shareOfWorkingTime: 100, expectedMonths: 18, actualMonths: 30 }),
      { expectationChange: WORKPLACE_MESSAGES.overrunNeedsChange },
    ],
    [
      'more than 24 months there but a new length of 24 or less',
      site({
        shareOfWorkingTime: 100,
        expectedMonths: 28,
        expectationChange: { afterMonths: 10, newExpectedMonths: 20 },
        actualMonths: 26,
      }),
      { 'expectationChange.newExpectedMonths': WORKPLACE_MESSAGES.overrunNeedsLongerLength },
    ],
  ])('%s', (_name, facts, errors) => {
    expect(decideWorkplace(facts)).toEqual({ ok: false, errors });
  });

  it('needs no length under 40% (EIM32086: "The 24-month test does not need to be considered")', () => {
    expect(decideWorkplace(site({ shareOfWorkingTime: 39 })).ok).toBe(true);
  });
});

describe('journeysLeftOut: dated journeys to the place', () => {
  const j = (id: string, date?: string) => ({ id, date });
  const journeys = [
    j('first-day', '2023-05-01'),
    j('day-before-change', '2024-02-29'),
    j('change-day', '2024-03-01'),
    j('later', '2024-09-16'),
    j('daily-pattern'),
    j('not-a-date', '2024-02-30'),
  ];
  const ids = (xs: readonly { id: string }[]) => xs.map((x) => x.id);

  // EIM32084: relief for the first 10 months, not after: attendance began 1 May 2023, so the
  // change is on 1 March 2024 and journeys from that day are left out.
  it('until month 10: leaves out journeys from the day of the change', () => {
    const split = journeysLeftOut({ counts: 'until', untilMonth: 10 }, '2023-05-01', journeys);
    expect(split.changesOn).toBe('2024-03-01');
    expect(ids(split.counted)).toEqual(['first-day', 'day-before-change']);
    expect(ids(split.leftOut)).toEqual(['change-day', 'later']);
    expect(ids(split.undated)).toEqual(['daily-pattern', 'not-a-date']);
  });

  // EIM32085: no relief for the first 10 months, relief for the rest.
  it('from month 10: leaves out journeys before the day of the change', () => {
    const split = journeysLeftOut({ counts: 'from', fromMonth: 10 }, '2023-05-01', journeys);
    expect(ids(split.leftOut)).toEqual(['first-day', 'day-before-change']);
    expect(ids(split.counted)).toEqual(['change-day', 'later']);
    expect(ids(split.undated)).toEqual(['daily-pattern', 'not-a-date']);
  });

  it('none: leaves out every journey, dated or not (a permanent workplace, EIM32080)', () => {
    const split = journeysLeftOut({ counts: 'none' }, '2023-05-01', journeys);
    expect(ids(split.leftOut)).toEqual(ids(journeys));
    expect(split.counted).toEqual([]);
    expect(split.undated).toEqual([]);
  });

  it('all: leaves out nothing (a temporary workplace, EIM32090)', () => {
    const split = journeysLeftOut({ counts: 'all' }, '2023-05-01', journeys);
    expect(ids(split.counted)).toEqual(ids(journeys));
    expect(split.leftOut).toEqual([]);
  });

  it('works straight from a decision', () => {
    const d = decision(
      site({
        shareOfWorkingTime: 100,
        expectedMonths: 18,
        expectationChange: { afterMonths: 10, newExpectedMonths: 28 },
      }),
    );
    expect(ids(journeysLeftOut(d, '2023-05-01', journeys).leftOut)).toEqual(['change-day', 'later']);
  });

  it('throws on a start date that is not a real date', () => {
    expect(() => journeysLeftOut({ counts: 'all' }, '2023-02-29', journeys)).toThrow(RangeError);
    expect(() => journeysLeftOut({ counts: 'none' }, '1/5/2023', journeys)).toThrow(RangeError);
  });
});

describe('isoDatePlusMonths', () => {
  it.each([
    ['2023-05-01', 10, '2024-03-01'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2024-01-31', 13, '2025-02-28'],
    ['2023-11-15', 2, '2024-01-15'],
    ['2023-11-15', 0, '2023-11-15'],
    ['2022-03-31', 24, '2024-03-31'],
  ])('%s + %i months is %s', (from, n, expected) => {
    expect(isoDatePlusMonths(from, n)).toBe(expected);
  });

  it('refuses part months and negative months', () => {
    expect(() => isoDatePlusMonths('2023-05-01', 1.5)).toThrow(RangeError);
    expect(() => isoDatePlusMonths('2023-05-01', -1)).toThrow(RangeError);
  });
});

describe('the questions', () => {
  it.each<[string, Partial<PlaceFacts>, WorkplaceQuestionId[]]>([
    ['nothing answered', {}, ['role']],
    ['the normal workplace', { role: 'normal-base' }, ['role', 'homeWorking']],
    ['a depot', { role: 'depot' }, ['role', 'homeWorking']],
    // EIM32086: under 40% the 24-month test is not needed.
    [
      'a site under 40%',
      { role: 'regular-site', shareOfWorkingTime: 30 },
      ['role', 'siteBased', 'homeWorking', 'sameAsCommute', 'shareOfWorkingTime'],
    ],
    // EIM32125: the fixed-term rule overrides the 24-month rule.
    [
      'a site for the whole job',
      { role: 'regular-site', siteBased: true, shareOfWorkingTime: 100, wholeEmployment: true },
      ['role', 'siteBased', 'homeWorking', 'shareOfWorkingTime', 'wholeEmployment'],
    ],
    [
      'a site at 40% or more with a change of expectation',
      {
        role: 'separate-visits',
        shareOfWorkingTime: 40,
        wholeEmployment: false,
        expectationChange: { afterMonths: 1, newExpectedMonths: 30 },
      },
      [
        'role',
        'siteBased',
        'homeWorking',
        'sameAsCommute',
        'shareOfWorkingTime',
        'wholeEmployment',
        'expectedMonths',
        'expectationChange',
        'expectationChange.afterMonths',
        'expectationChange.newExpectedMonths',
        'actualMonths',
      ],
    ],
  ])('%s', (_name, facts, expected) => {
    expect(workplaceQuestionsFor(facts)).toEqual(expected);
  });

  it('has words for every question and an option for every role', () => {
    for (const q of Object.values(WORKPLACE_QUESTIONS)) expect(q.question.endsWith('?')).toBe(true);
    expect(WORKPLACE_QUESTIONS.role.options?.map((o) => o.id)).toEqual([
      'normal-base',
      'depot',
      'regular-site',
      'separate-visits',
    ]);
  });
});
