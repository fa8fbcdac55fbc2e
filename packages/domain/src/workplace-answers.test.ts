import { describe, expect, it } from 'vitest';
import { buildDatedLog } from './dated-log.ts';
import type { Journey } from './journeys.ts';
import { wizardSnapshotSchema } from './snapshot-schemas.ts';
import { THIRTY_MONTH_SITE } from './test/example-snapshots.ts';
import { normaliseSnapshot } from './wizard-snapshot.ts';
import {
  WORKPLACE_START_QUESTION,
  answerPlace,
  decidePlace,
  leftOutJourneys,
  logJourneysOf,
  placeKey,
  regularPlacesOf,
  workplaceFieldPath,
  workplaceOutcomeOf,
  workplaceProblems,
  workplaceReports,
  type PlaceFactsDraft,
  type WorkplaceAnswers,
} from './workplace-answers.ts';
import { WORKPLACE_MESSAGES } from './workplace-test.ts';

// Decision 077 (D39): the business-journey test as the wizard asks it for each regular place, and
// the journeys it leaves out of the mileage log and its miles. Sources beside each table.

function journey(id: string, to: string, patch: Partial<Journey> = {}): Journey {
  return {
    id,
    startAddress: 'WN2 1AR',
    endAddress: to,
    frequency: 'daily',
    tripType: 'return',
    reason: 'site-visit',
    customReason: '',
    distance: 10,
    ...patch,
  };
}

// EIM32080 (24 months, 40% or more), booklet 490 para 3.20 (Rotherham: 28 months expected): the
// 30-month site at 60% of the working time is a permanent workplace from the first day.
const thirtyMonthSite: PlaceFactsDraft = THIRTY_MONTH_SITE;

// EIM32084: expected 18 months, extended to 28 after 10 months: relief for the first 10 months.
const extendedAfterTen: PlaceFactsDraft = {
  role: 'regular-site',
  siteBased: false,
  homeWorking: 'no',
  sameAsCommute: false,
  shareOfWorkingTime: 100,
  wholeEmployment: false,
  expectedMonths: 18,
  expectationChange: { afterMonths: 10, newExpectedMonths: 28 },
  actualMonths: 28,
};

describe('regularPlacesOf: the places the wizard asks about', () => {
  it('takes each regular destination once, in order, and leaves out one-off trips and bad postcodes', () => {
    const journeys = [
      journey('a', 'm1 1ae'),
      journey('b', 'SK5 6AQ', { frequency: 'weekly' }),
      journey('c', 'M1 1AE', { frequency: 'monthly' }),
      journey('d', 'CH1 1AA', { frequency: 'one-off', date: '2025-05-01', tripType: 'single' }),
      journey('e', 'WA1 1AA', { tripType: 'one-off' }),
      journey('f', 'NOT A PC'),
    ];
    expect(regularPlacesOf(journeys)).toEqual(['M1 1AE', 'SK5 6AQ']);
    expect(placeKey(' sk56aq ')).toBe('SK5 6AQ');
  });
});

describe('answerPlace: only the questions still asked keep their answers (workplaceQuestionsFor)', () => {
  it.each<[string, PlaceFactsDraft, PlaceFactsDraft, PlaceFactsDraft]>([
    // EIM32065, EIM32070: where they normally work asks only about home working.
    [
      'a site becoming the normal workplace drops the site questions',
      thirtyMonthSite,
      { role: 'normal-base' },
      { role: 'normal-base', homeWorking: 'no' },
    ],
    // EIM32086: under 40% the 24-month test "does not need to be considered".
    [
      'under 40% drops the length questions',
      thirtyMonthSite,
      { shareOfWorkingTime: 20 },
      {
        role: 'regular-site',
        siteBased: false,
        homeWorking: 'no',
        sameAsCommute: false,
        shareOfWorkingTime: 20,
      },
    ],
    // EIM32132, NIM06280: site-based workers have no usual drive to work to compare with.
    [
      'site-based drops the same-as-commute question',
      thirtyMonthSite,
      { siteBased: true },
      { ...thirtyMonthSite, siteBased: true, sameAsCommute: undefined },
    ],
  ])('%s', (_name, before, patch, after) => {
    const expected = Object.fromEntries(Object.entries(after).filter(([, v]) => v !== undefined));
    expect(answerPlace(before, patch)).toEqual(expected);
  });
});

describe('decidePlace and the outcome saved', () => {
  // EIM32080; booklet 490 para 3.20: more than 24 months at 40% or more: none counts.
  it('the 30-month site at 60% is a permanent workplace: no journey counts', () => {
    expect(workplaceOutcomeOf({ facts: thirtyMonthSite })).toEqual({
      counts: 'none',
      rule: 'permanent-workplace-24-months',
    });
  });

  // EIM32084: part of the time counts, so the first day there dates the change.
  it('asks for the first day when only part of the time counts, and checks it is a real date', () => {
    expect(decidePlace({ facts: extendedAfterTen })).toEqual({
      ok: false,
      errors: { startedOn: WORKPLACE_START_QUESTION.required },
    });
    expect(decidePlace({ facts: extendedAfterTen, startedOn: '2024-02-30' })).toEqual({
      ok: false,
      errors: { startedOn: WORKPLACE_START_QUESTION.invalid },
    });
    expect(workplaceOutcomeOf({ facts: extendedAfterTen, startedOn: '2024-06-01' })).toEqual({
      counts: 'until',
      untilMonth: 10,
      rule: 'expectation-changed-to-over-24-months',
    });
  });

  it('nothing is decided before the first answer', () => {
    expect(decidePlace({ facts: {} })).toBeNull();
    expect(workplaceOutcomeOf({ facts: {} })).toBeNull();
  });

  // EIM32080: the share of the working time is needed for a site (WORKPLACE_MESSAGES.shareRequired).
  it('names the problems of answered places by their field, and ignores places no journey goes to', () => {
    const workplaces: WorkplaceAnswers[] = [
      { place: 'M1 1AE', facts: { role: 'regular-site', siteBased: false } },
      { place: 'SK5 6AQ', facts: { role: 'regular-site' } },
    ];
    expect(workplaceProblems({ journeys: [journey('a', 'M1 1AE')], workplaces })).toEqual({
      [workplaceFieldPath('M1 1AE', 'shareOfWorkingTime')]: WORKPLACE_MESSAGES.shareRequired,
    });
  });
});

describe('logJourneysOf and leftOutJourneys: what the log and its miles leave out', () => {
  const journeys = [journey('site', 'M1 1AE'), journey('client', 'SK5 6AQ', { frequency: 'weekly' })];

  it('with no answers (an old snapshot) nothing changes', () => {
    expect(logJourneysOf(journeys, undefined)).toEqual(journeys);
    expect(leftOutJourneys({ journeys })).toEqual([]);
  });

  // EIM32080: a permanent workplace: every journey there is ordinary commuting (s338(3)).
  it('leaves out every journey to a permanent workplace, with the decision', () => {
    const workplaces = [{ place: 'M1 1AE', facts: thirtyMonthSite }];
    expect(logJourneysOf(journeys, workplaces).map((j) => j.id)).toEqual(['client']);
    const out = leftOutJourneys({ journeys, workplaces });
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ number: 1, place: 'M1 1AE', part: 'all' });
    expect(out[0]?.decision.reason).toContain('more than 24');
  });

  // EIM32084: extended after 10 months: journeys from the 10th month on are left out.
  it('dates the change for a pattern, and the dated log stops counting from that day', () => {
    const workplaces = [{ place: 'M1 1AE', facts: extendedAfterTen, startedOn: '2024-06-01' }];
    const logged = logJourneysOf([journeys[0]!], workplaces);
    expect(logged).toEqual([{ ...journeys[0], countsUntil: '2025-04-01' }]);
    expect(leftOutJourneys({ journeys, workplaces })[0]).toMatchObject({
      part: 'from',
      changesOn: '2025-04-01',
    });
    const input = { year: '2024/25' as const, nation: 'england-and-wales' as const, today: '2026-01-01' };
    const whole = buildDatedLog({ ...input, journeys: [journeys[0]!] });
    const cut = buildDatedLog({ ...input, journeys: logged });
    expect(cut.trips.every((t) => t.date < '2025-04-01')).toBe(true);
    expect(whole.trips.length - cut.trips.length).toBe(
      whole.trips.filter((t) => t.date >= '2025-04-01').length,
    );
    expect(cut.totalMiles).toBeLessThan(whole.totalMiles);
  });

  // EIM32084 with one-off trips: each dated trip falls on its own side of the change (journeysLeftOut).
  it('places a dated one-off trip on its side of the change', () => {
    const workplaces = [{ place: 'M1 1AE', facts: extendedAfterTen, startedOn: '2024-06-01' }];
    const before = journey('before', 'M1 1AE', {
      frequency: 'one-off',
      tripType: 'single',
      date: '2025-01-10',
    });
    const after = journey('after', 'M1 1AE', {
      frequency: 'one-off',
      tripType: 'single',
      date: '2025-04-02',
    });
    const out = leftOutJourneys({ journeys: [journeys[0]!, before, after], workplaces });
    expect(out.map((o) => [o.journey.id, o.part])).toEqual([
      ['site', 'from'],
      ['after', 'all'],
    ]);
  });
});

describe('the snapshot keeps the answers and their outcome', () => {
  it('an old snapshot without workplaces stays valid and has none', () => {
    const parsed = wizardSnapshotSchema.parse({});
    expect(parsed.workplaces).toBeUndefined();
    expect(normaliseSnapshot({}).workplaces).toBeUndefined();
  });

  it('recomputes the outcome from the answers (a sent outcome is never trusted) and restores it', () => {
    const parsed = wizardSnapshotSchema.parse({
      workplaces: [
        { place: 'm11ae', facts: thirtyMonthSite, outcome: { counts: 'all', rule: 'temporary-workplace' } },
      ],
    });
    expect(parsed.workplaces).toEqual([
      {
        place: 'M1 1AE',
        facts: thirtyMonthSite,
        outcome: { counts: 'none', rule: 'permanent-workplace-24-months' },
      },
    ]);
    expect(normaliseSnapshot(JSON.parse(JSON.stringify(parsed))).workplaces).toEqual(parsed.workplaces);
  });

  it('refuses answers out of range', () => {
    const bad = wizardSnapshotSchema.safeParse({
      workplaces: [{ place: 'M1 1AE', facts: { role: 'regular-site', shareOfWorkingTime: 140 } }],
    });
    expect(bad.success).toBe(false);
  });
});

describe('workplaceReports: what the operator sees (D39: "the operator sees each answer")', () => {
  // EIM32080; booklet 490 para 3.20: the answers in words, the outcome with its rule and sources.
  it('lists each answer in words, the outcome, the rule, the sources and the journeys left out', () => {
    const journeys = [journey('client', 'SK5 6AQ'), journey('site', 'M1 1AE')];
    const [report] = workplaceReports({
      journeys,
      workplaces: [{ place: 'M1 1AE', facts: thirtyMonthSite }],
    });
    expect(report?.answers).toContainEqual({
      question: 'What is this place to you?',
      answer: 'A place I go to for a piece of work that will end',
    });
    expect(report?.answers).toContainEqual({
      question: 'What share of your working time do you spend there?',
      answer: '60%',
    });
    expect(report?.outcome).toMatchObject({ counts: 'none', rule: 'permanent-workplace-24-months' });
    expect(report?.outcome?.sources).toContain('EIM32080');
    expect(report?.leftOutJourneys).toEqual([2]);
  });

  // EIM32084: the change dated from the first day there.
  it('dates a change and names what is missing while undecided', () => {
    const reports = workplaceReports({
      journeys: [journey('site', 'M1 1AE')],
      workplaces: [
        { place: 'M1 1AE', facts: extendedAfterTen, startedOn: '2024-06-01' },
        { place: 'SK5 6AQ', facts: { role: 'regular-site' } },
      ],
    });
    expect(reports[0]?.outcome?.changesOn).toBe('2025-04-01');
    expect(reports[0]?.answers.at(-1)).toEqual({
      question: WORKPLACE_START_QUESTION.question,
      answer: '2024-06-01',
    });
    expect(reports[1]?.outcome).toBeNull();
    expect(reports[1]?.problems).toEqual([WORKPLACE_MESSAGES.shareRequired]);
  });
});
