import { describe, expect, it } from 'vitest';
import { journeyEvidenceProblems, leftOutMilesProblems } from './left-out-miles.ts';
import {
  STEP_PLACE_MESSAGES,
  claimMilesAfterStep,
  claimWorkplaceReports,
  stepLeftOutMilesClaimed,
  stepLeftOutMilesField,
  stepLeftOutMilesProblems,
  stepPlaceDeduction,
  stepPlaceKey,
  stepPlaceProblems,
  type StepPlaceAnswers,
} from './mileage-step-places.ts';
import { wizardSnapshotSchema } from './snapshot-schemas.ts';
import { THIRTY_MONTH_SITE, TWELVE_MONTH_SITE, mileageSnapshot } from './test/example-snapshots.ts';
import { normaliseSnapshot } from './wizard-snapshot.ts';
import { workplaceFieldPath, type PlaceFactsDraft } from './workplace-answers.ts';
import { WORKPLACE_MESSAGES, type WorkplaceRule } from './workplace-test.ts';

// Decision 084 (D39): the business-journey test on the mileage step, for miles not built from
// journeys. Each expected outcome names HMRC's page: the Employment Income Manual (EIM32065
// onwards) and HMRC's booklet 490, "Employee travel", chapter 3.

const YEAR = '2024/25';
const SITE = 'M1 1AE';
const STATED = 12_000;
const TO_SITE = 4_000;

function stepPlace(
  facts: PlaceFactsDraft,
  extra: { startedOn?: string; miles?: number; year?: string } = {},
): StepPlaceAnswers {
  return {
    place: SITE,
    facts,
    ...(extra.startedOn ? { startedOn: extra.startedOn } : {}),
    mileageStep: {
      employmentId: 'job-1',
      year: extra.year ?? YEAR,
      miles: extra.miles ?? TO_SITE,
      statedMiles: STATED,
    },
  };
}

// A place they drive to at 60% of their working time (booklet 490 para 3.19: 40% or more).
const site = (expectedMonths: number, more: PlaceFactsDraft = {}): PlaceFactsDraft => ({
  ...THIRTY_MONTH_SITE,
  expectedMonths,
  actualMonths: expectedMonths,
  expectationChange: null,
  ...more,
});

interface Case {
  name: string;
  /** HMRC's page for the expected outcome. */
  source: string;
  answers: StepPlaceAnswers;
  rule: WorkplaceRule;
  leftOut: number;
}

const CASES: Case[] = [
  {
    name: 'where they normally work: every mile is commuting',
    source: 'EIM32065, EIM32070 (ITEPA 2003 s339(2))',
    answers: stepPlace({ role: 'normal-base', homeWorking: 'no' }),
    rule: 'permanent-workplace',
    leftOut: TO_SITE,
  },
  {
    name: 'a depot they report to: a permanent workplace, every mile off',
    source: 'EIM32160, EIM32161; booklet 490 paras 3.29-3.31',
    answers: stepPlace({ role: 'depot', homeWorking: 'no' }),
    rule: 'depot-or-base',
    leftOut: TO_SITE,
  },
  {
    name: 'a site expected to last 12 months (under 24): a temporary workplace, every mile counts',
    source: 'EIM32080, EIM32090; booklet 490 para 3.20 (Wigan)',
    answers: stepPlace({ ...TWELVE_MONTH_SITE, expectationChange: null }),
    rule: 'temporary-workplace',
    leftOut: 0,
  },
  {
    name: 'a site expected to last 30 months at 60% of the time: permanent from the first day',
    source: 'EIM32080; booklet 490 paras 3.18-3.20 (Rotherham)',
    answers: stepPlace(site(30)),
    rule: 'permanent-workplace-24-months',
    leftOut: TO_SITE,
  },
  {
    name: 'a site expected to last 30 months at 30% of the time: the 24-month test is not needed',
    source: 'EIM32080, EIM32086 (Wrexham); booklet 490 para 3.19',
    answers: stepPlace(site(30, { shareOfWorkingTime: 30 })),
    rule: 'under-40-percent',
    leftOut: 0,
  },
  {
    name: 'site-based, a site of 30 months at 60%: each site on its own, this one permanent',
    source: 'EIM32132, NIM06280; EIM32080',
    answers: stepPlace(site(30, { siteBased: true, sameAsCommute: undefined })),
    rule: 'permanent-workplace-24-months',
    leftOut: TO_SITE,
  },
  {
    name: 'site-based, a site of 18 months: a temporary workplace, every mile counts',
    source: 'EIM32132, EIM32090',
    answers: stepPlace(site(18, { siteBased: true, sameAsCommute: undefined })),
    rule: 'temporary-workplace',
    leftOut: 0,
  },
  {
    // Started 6 April 2024, expected 18 months, extended to 36 after 10: from 6 February 2025 the
    // site is permanent. 2024/25 runs 6 April 2024 to 5 April 2025: 365 days, of which the 59 from
    // 6 February 2025 are left out: 4,000 × 306 / 365 = 3,353.4 counts (3,353), 647 left out.
    name: 'expected 18 months, extended to 36 after 10: the miles after the change, pro rata',
    source: 'EIM32084, EIM32106; booklet 490 para 3.24',
    answers: stepPlace(
      site(18, { actualMonths: 12, expectationChange: { afterMonths: 10, newExpectedMonths: 36 } }),
      { startedOn: '2024-04-06' },
    ),
    rule: 'expectation-changed-to-over-24-months',
    leftOut: 647,
  },
  {
    // Started 6 April 2024, expected 36 months, cut to 18 after 10: before 6 February 2025 the
    // site was permanent: 306 of the year's 365 days left out: 4,000 × 59 / 365 = 646.6 counts
    // (646), 3,354 left out.
    name: 'expected 36 months, cut to 18 after 10: the miles before the change, pro rata',
    source: 'EIM32085; booklet 490 para 3.24',
    answers: stepPlace(
      site(36, { actualMonths: 12, expectationChange: { afterMonths: 10, newExpectedMonths: 18 } }),
      { startedOn: '2024-04-06' },
    ),
    rule: 'expectation-changed-to-24-months-or-less',
    leftOut: 3_354,
  },
  {
    name: 'a temporary site whose drive is much the same as the usual commute: commuting',
    source: 'EIM32300, EIM32301',
    answers: stepPlace({ ...TWELVE_MONTH_SITE, expectationChange: null, sameAsCommute: true }),
    rule: 'substantially-commuting',
    leftOut: TO_SITE,
  },
];

describe('stepPlaceDeduction: the miles the business-journey test takes off the mileage step (decision 084)', () => {
  it.each(CASES)('$name ($source)', ({ answers, rule, leftOut }) => {
    const d = stepPlaceDeduction(answers);
    expect(d?.decision.rule).toBe(rule);
    expect(d?.leftOutMiles).toBe(leftOut);
    expect(d?.claimableMiles).toBe(STATED - leftOut);
  });

  it('weighs only the days attended in the year: a change after they stopped going leaves nothing out', () => {
    // EIM32084: relief stops at the change, 10 months in (6 February 2025); they went there for
    // 10 months from 6 April 2024, so none of that year's time there is after it.
    const answers = stepPlace(
      site(18, { actualMonths: 10, expectationChange: { afterMonths: 10, newExpectedMonths: 36 } }),
      { startedOn: '2024-04-06' },
    );
    expect(stepPlaceDeduction(answers)?.leftOutMiles).toBe(0);
  });

  it('answers that cannot be decided take nothing off yet (the step asks for them)', () => {
    expect(stepPlaceDeduction(stepPlace({ role: 'regular-site' }))).toBeNull();
    expect(claimMilesAfterStep(STATED, stepPlace({ role: 'regular-site' }))).toBe(STATED);
  });

  it('the claim after the step is the miles typed less those left out', () => {
    expect(claimMilesAfterStep(9_000, stepPlace(site(30)))).toBe(5_000);
    expect(claimMilesAfterStep(9_000, undefined)).toBe(9_000);
  });
});

function claim(businessMiles: number, place: StepPlaceAnswers | null) {
  return normaliseSnapshot(
    mileageSnapshot({ years: [{ year: YEAR, miles: businessMiles }] }, place ? { workplaces: [place] } : {}),
  );
}

describe('a claim still claiming the step’s left-out miles is refused (decision 084, as decision 081)', () => {
  it('a 30-month site at 60% (EIM32080): 12,000 stated, 4,000 there, 12,000 claimed is refused', () => {
    const snapshot = claim(STATED, stepPlace(site(30)));
    const [m] = stepLeftOutMilesClaimed(snapshot);
    expect(m).toMatchObject({ year: YEAR, claimedMiles: STATED, claimableMiles: 8_000, leftOutMiles: 4_000 });
    const field = stepLeftOutMilesField({ year: YEAR, employmentId: 'job-1' });
    const problems = leftOutMilesProblems(snapshot, { logKeys: [], uploadYears: [YEAR] }, '2026-11-23');
    expect(Object.keys(problems)).toEqual([field]);
    expect(problems[field]).toContain('Claim 8,000 miles or fewer');
    expect(problems[field]).toContain('more than 24');
    expect(journeyEvidenceProblems(snapshot, { logKeys: [], uploadYears: [YEAR] }, '2026-11-23')).toEqual(
      problems,
    );
  });

  it('the claim reduced to 8,000 (or fewer) is accepted; a temporary site takes nothing off', () => {
    expect(stepLeftOutMilesProblems(claim(8_000, stepPlace(site(30))))).toEqual({});
    expect(stepLeftOutMilesProblems(claim(7_000, stepPlace(site(30))))).toEqual({});
    expect(stepLeftOutMilesProblems(claim(STATED, stepPlace(site(12))))).toEqual({});
  });

  it('a place of a year not selected, or an older snapshot without places, changes nothing', () => {
    expect(stepLeftOutMilesProblems(claim(STATED, stepPlace(site(30), { year: '2023/24' })))).toEqual({});
    expect(stepLeftOutMilesProblems(claim(STATED, null))).toEqual({});
  });
});

describe('the saved answers and the operator’s view', () => {
  it('the schema keeps a step place with its miles, recomputes its outcome, and loads older snapshots', () => {
    const raw = mileageSnapshot(
      { years: [{ year: YEAR, miles: 8_000 }] },
      { workplaces: [{ ...stepPlace(site(30)), outcome: { counts: 'all', rule: 'temporary-workplace' } }] },
    );
    const parsed = wizardSnapshotSchema.parse(raw);
    expect(parsed.workplaces?.[0]).toMatchObject({
      place: SITE,
      mileageStep: { employmentId: 'job-1', year: YEAR, miles: TO_SITE, statedMiles: STATED },
      outcome: { counts: 'none', rule: 'permanent-workplace-24-months' },
    });
    expect(
      wizardSnapshotSchema.parse(mileageSnapshot({ years: [{ year: YEAR, miles: 8_000 }] })).workplaces,
    ).toBe(undefined);
    const tooMany = {
      ...stepPlace(site(30)),
      mileageStep: { ...stepPlace(site(30)).mileageStep, miles: 13_000 },
    };
    const refused = wizardSnapshotSchema.safeParse({ ...raw, workplaces: [tooMany] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toContain(STEP_PLACE_MESSAGES.milesOverStated);
  });

  it('the operator sees the step place’s answers, outcome, year, miles and the miles left out', () => {
    const [report] = claimWorkplaceReports(claim(8_000, stepPlace(site(30))));
    expect(report?.answers).toContainEqual({
      question: 'What share of your working time do you spend there?',
      answer: '60%',
    });
    expect(report?.outcome?.rule).toBe('permanent-workplace-24-months');
    expect(report?.mileageStep).toEqual({
      year: YEAR,
      employmentId: 'job-1',
      miles: TO_SITE,
      leftOutMiles: TO_SITE,
    });
    expect(report?.leftOutJourneys).toEqual([]);
  });
});

describe('stepPlaceProblems: the mileage step asks for the postcode, the answers and the miles', () => {
  const errors = (place: StepPlaceAnswers) => {
    const found: Record<string, string> = {};
    stepPlaceProblems(claim(STATED, place), (k, m) => (found[k] = m));
    return found;
  };
  const key = stepPlaceKey(YEAR, 'job-1');

  it('a yes with nothing answered names each missing answer', () => {
    expect(errors({ ...stepPlace({}, { miles: 0 }), place: '' })).toEqual({
      [`${key}.place`]: STEP_PLACE_MESSAGES.placeRequired,
      [workplaceFieldPath(key, 'role')]: WORKPLACE_MESSAGES.role,
      [`${key}.miles`]: STEP_PLACE_MESSAGES.milesRequired(YEAR),
    });
  });

  it('a postcode that is not one, and miles over the year’s, are refused; full answers pass', () => {
    expect(errors({ ...stepPlace(site(30), { miles: 12_001 }), place: 'NOPE' })).toEqual({
      [`${key}.place`]: STEP_PLACE_MESSAGES.placeInvalid,
      [`${key}.miles`]: STEP_PLACE_MESSAGES.milesOverStated,
    });
    expect(errors(stepPlace(site(30)))).toEqual({});
  });
});
