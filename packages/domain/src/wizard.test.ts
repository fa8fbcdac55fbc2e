import { describe, expect, it } from 'vitest';
import {
  AUTO_ADVANCE_MS,
  CLAIM_REDIRECT_MS,
  CONFIRMATION_STEP_ID,
  CONGRATS_ADVANCE_MS,
  SUBMIT_STEP_ID,
  WIZARD_PLAN,
  completedStepAt,
  claimRoute,
  furtherStep,
  hasCompleted,
  hostStep,
  isWizardStepId,
  journeyPath,
  nextStep,
  nothingClaimable,
  previousStep,
  resumableStep,
  routeEnd,
  sanitiseVrm,
  snapshotStepsThrough,
  stepAtStorageIndex,
  stepProgress,
  storageIndexOf,
  storageIndexOfCompleted,
  type PlanAnswers,
  type WizardStepId,
} from './wizard.ts';
import { CONTENT } from './content.ts';

/** A selected year with one job driving `miles` and the employer paying `pence` a mile (0: nothing). */
const year = (y: string, miles: number, pence = 0): NonNullable<PlanAnswers['taxYears']>[number] => ({
  year: y,
  selected: true,
  employersConnected: '',
  incomeBand: '',
  jobs: [
    {
      employmentId: 'job-1',
      vehicle: '',
      businessMiles: miles,
      paidKind: pence > 0 ? 'ppm' : 'none',
      paidPencePerMile: pence,
      paidTotalPounds: 0,
    },
  ],
});
/** The same answers with every job's employer paying `pence` a mile. */
const paying = (a: PlanAnswers, pence: number): PlanAnswers => ({
  ...a,
  taxYears: (a.taxYears ?? []).map((y) => ({
    ...y,
    jobs: y.jobs.map((j) => ({ ...j, paidKind: 'ppm' as const, paidPencePerMile: pence })),
  })),
});

const employed: PlanAnswers = {
  eligibilityData: { drivesForWork: 'yes' },
  employmentDetails: { employmentType: 'employed' },
  vehicleInfo: { type: 'car-van' },
  taxYears: [year('2024/25', 8000)],
};
const fuel: PlanAnswers = { ...employed, eligibilityData: { drivesForWork: 'company-vehicle' } };

const MILEAGE_ROUTE = [
  'eligibility',
  'employment',
  'personal',
  'employments',
  'tax-years',
  'vehicle',
  'mileage',
  'employer-rate',
  'congratulations',
  'evidence',
  'check-answers',
  'review',
  'hmrc-details',
  'confirmation',
];

describe('wizard plan', () => {
  it('keeps SPEC §2 storage numbers 0-11 for its original steps, so older drafts resume', () => {
    const byIndex = Object.fromEntries(WIZARD_PLAN.map((s) => [s.index, s.id]));
    // SPEC §2's order, with the estimate (then 6) straight after the mileage.
    const original = [
      ...MILEAGE_ROUTE.filter((id) => !['employments', 'check-answers', 'congratulations'].includes(id)),
    ];
    original.splice(6, 0, 'congratulations');
    const kept = original.map((id, i) => [i, id]).filter(([i]) => i !== 6);
    expect(kept.map(([i]) => [i, byIndex[i as number]])).toEqual(kept);
    // The estimate moved after the employer-payment question (issue 31) and took a new number; a
    // draft stored at the old 6 resumes at that question, having completed the mileage step.
    expect([byIndex[6], byIndex[20]]).toEqual([undefined, 'congratulations']);
    expect([stepAtStorageIndex(6), completedStepAt(6)]).toEqual(['employer-rate', 'mileage']);
    // Steps added later take new numbers.
    expect([byIndex[16], byIndex[17]]).toEqual(['employments', 'check-answers']);
    expect([byIndex[18], byIndex[19]]).toEqual(['journeys', 'journeys-review']);
    expect(new Set(WIZARD_PLAN.map((s) => s.index)).size).toBe(WIZARD_PLAN.length);
    expect(new Set(WIZARD_PLAN.map((s) => s.id)).size).toBe(WIZARD_PLAN.length);
    for (const s of WIZARD_PLAN) expect(s.title.length).toBeGreaterThan(0);
    expect([storageIndexOf(CONFIRMATION_STEP_ID), storageIndexOf(SUBMIT_STEP_ID)]).toEqual([11, 10]);
    expect([AUTO_ADVANCE_MS, CONGRATS_ADVANCE_MS, CLAIM_REDIRECT_MS]).toEqual([800, 5000, 3000]);
  });

  it('every next rule points forwards in the plan, so a route never loops', () => {
    const order = new Map(WIZARD_PLAN.map((s, i) => [s.id, i]));
    const samples: PlanAnswers[] = [
      {},
      employed,
      fuel,
      { eligibilityData: { drivesForWork: 'no' } },
      { ...employed, employmentDetails: { employmentType: 'cis' } },
      paying(employed, 60),
    ];
    for (const step of WIZARD_PLAN) {
      for (const answers of samples) {
        if (!step.next) continue;
        expect(order.get(step.next(answers))).toBeGreaterThan(order.get(step.id) ?? Infinity);
      }
    }
    // Stops and the confirmation end a route, and the mileage-log builder's review ends its
    // sub-flow (back to evidence); every other step has a next rule.
    for (const step of WIZARD_PLAN)
      expect(step.next === undefined).toBe(
        step.kind === 'stop' || step.kind === 'done' || step.id === 'journeys-review',
      );
  });

  it('an employee driving their own vehicle walks the SPEC route to the confirmation', () => {
    expect(journeyPath(employed)).toEqual(MILEAGE_ROUTE);
    expect(claimRoute(employed)).toBe('mileage');
  });

  // D27: "No, I don't drive for work" stops with the general expenses funnel offered.
  it('not driving for work stops after step 0', () => {
    const answers = { eligibilityData: { drivesForWork: 'no' } };
    expect(journeyPath(answers)).toEqual(['eligibility', 'not-driving']);
    expect(routeEnd(answers).kind).toBe('stop');
    expect(claimRoute(answers)).toBeNull();
  });

  // D27 / ITEPA 2003 s235-236: no mileage allowance relief for a company vehicle; a fuel claim
  // goes on for an operator to assess, with no approved-amount estimate (no congratulations step).
  it('a company vehicle is explained, then goes on as a fuel claim without the estimate step', () => {
    expect(journeyPath(fuel)).toEqual([
      'eligibility',
      'company-vehicle',
      'employment',
      'personal',
      'employments',
      'tax-years',
      'vehicle',
      'mileage',
      'employer-rate',
      'evidence',
      'check-answers',
      'review',
      'hmrc-details',
      'confirmation',
    ]);
    expect(claimRoute(fuel)).toBe('fuel');
    // Even when the employer pays above the approved rate: the operator assesses fuel.
    expect(claimRoute(paying(fuel, 90))).toBe('fuel');
  });

  // D27: P87 is for employees; the self-employed and CIS subcontractors claim through Self Assessment.
  it.each(['self-employed', 'cis', ''])(
    'employment type %j stops at the Self Assessment explanation',
    (type) => {
      const answers = { ...employed, employmentDetails: { employmentType: type } };
      expect(journeyPath(answers)).toEqual(['eligibility', 'employment', 'self-assessment']);
      expect(claimRoute(answers)).toBeNull();
    },
  );

  // D27: nothing claimable in every year (employer paid at or above the approved amount) stops
  // before signing. 2024/25 cars: 45p a mile for the first 10,000 (EIM31240).
  it.each([
    [45, true],
    [60, true],
    [44, false],
    [0, false],
  ])('employer paying %sp a mile on 8,000 miles in 2024/25: nothing claimable %s', (pence, none) => {
    const answers = paying(employed, pence);
    expect(nothingClaimable(answers)).toBe(none);
    expect(routeEnd(answers).id).toBe(none ? 'nothing-claimable' : 'confirmation');
  });

  it('one claimable year out of two is enough to go on', () => {
    const answers: PlanAnswers = paying(
      { ...employed, taxYears: [year('2024/25', 8000), year('2023/24', 12000)] }, // 25p above 10,000 < 45p paid
      45,
    );
    expect(nothingClaimable(answers)).toBe(true);
    expect(nothingClaimable(paying(answers, 40))).toBe(false);
    // Without years or a vehicle there is nothing to compute from yet: not a stop.
    expect(nothingClaimable({ ...employed, taxYears: [] })).toBe(false);
    expect(nothingClaimable({ ...employed, vehicleInfo: { type: '' } })).toBe(false);
  });

  it('next and previous follow the route, by step id', () => {
    const at = (id: WizardStepId) => id;
    expect(nextStep(at('eligibility'), employed)).toBe(at('employment'));
    expect(nextStep(at('eligibility'), fuel)).toBe(at('company-vehicle'));
    expect(nextStep(at('company-vehicle'), fuel)).toBe(at('employment'));
    expect(nextStep(at('mileage'), employed)).toBe(at('employer-rate'));
    expect(nextStep(at('mileage'), fuel)).toBe(at('employer-rate'));
    // D31: the estimate comes after the employer-payment question, so its figure is the final one.
    expect(nextStep(at('employer-rate'), employed)).toBe(at('congratulations'));
    expect(nextStep(at('employer-rate'), fuel)).toBe(at('evidence'));
    expect(nextStep(at('congratulations'), employed)).toBe(at('evidence'));
    expect(nextStep(at('hmrc-details'), employed)).toBe(at('confirmation'));
    expect(nextStep(at('confirmation'), employed)).toBe(at('confirmation'));
    expect(nextStep(at('self-assessment'), employed)).toBe(at('self-assessment'));
    expect(previousStep(at('employment'), fuel)).toBe(at('company-vehicle'));
    expect(previousStep(at('employment'), employed)).toBe(at('eligibility'));
    expect(previousStep(at('employer-rate'), fuel)).toBe(at('mileage'));
    expect(previousStep(at('employer-rate'), employed)).toBe(at('mileage'));
    expect(previousStep(at('evidence'), employed)).toBe(at('congratulations'));
    expect(previousStep(at('evidence'), fuel)).toBe(at('employer-rate'));
    expect(previousStep(at('self-assessment'), { employmentDetails: { employmentType: 'cis' } })).toBe(
      at('employment'),
    );
    expect(previousStep(at('eligibility'), employed)).toBe(at('eligibility'));
    // Off the route (the answer changed): back to the last route step before it.
    expect(previousStep(at('company-vehicle'), employed)).toBe(at('eligibility'));
    expect(previousStep(at('congratulations'), fuel)).toBe(at('employer-rate'));
    // With no employment answer yet the route stops at step 1, but Back from a later step never
    // lands on that stop.
    expect(previousStep(at('tax-years'), {})).toBe(at('employment'));
  });

  it('the mileage-log builder is a sub-flow of evidence: off every route, saved as evidence', () => {
    for (const answers of [employed, fuel, {}]) {
      expect(journeyPath(answers)).not.toContain('journeys');
      expect(journeyPath(answers)).not.toContain('journeys-review');
    }
    expect(nextStep('journeys', employed)).toBe('journeys-review');
    expect(previousStep('journeys-review', employed)).toBe('journeys');
    expect(previousStep('journeys', employed)).toBe('evidence');
    expect([hostStep('journeys'), hostStep('journeys-review'), hostStep('mileage')]).toEqual([
      'evidence',
      'evidence',
      'mileage',
    ]);
    expect(resumableStep('journeys-review')).toBe('evidence');
    expect(stepProgress('journeys', employed)).toEqual(stepProgress('evidence', employed));
  });

  it('order comes from the plan, not from the storage numbers', () => {
    // company-vehicle (stored as 13) comes before employment (stored as 1).
    expect(furtherStep('company-vehicle', 'employment')).toBe('employment');
    expect(furtherStep(null, 'eligibility')).toBe('eligibility');
    expect(furtherStep(null, null)).toBeNull();
    expect(hasCompleted('personal', 'tax-years')).toBe(true);
    expect(hasCompleted('personal', 'company-vehicle')).toBe(false);
    expect(hasCompleted('personal', null)).toBe(false);
    expect(snapshotStepsThrough(employed, null)).toEqual([]);
    expect(snapshotStepsThrough(employed, 'employer-rate')).toEqual([
      'eligibility',
      'employment',
      'personal',
      'employments',
      'tax-years',
      'vehicle',
      'mileage',
      'employer-rate',
    ]);
    // A stopped route checks only the steps it has.
    expect(snapshotStepsThrough({ eligibilityData: { drivesForWork: 'no' } }, 'hmrc-details')).toEqual([
      'eligibility',
    ]);
  });

  it('progress counts the question and information steps of the route', () => {
    expect(stepProgress('eligibility', employed)).toEqual({ position: 1, total: 13 });
    expect(stepProgress('hmrc-details', employed)).toEqual({ position: 13, total: 13 });
    expect(stepProgress('employment', fuel)).toEqual({ position: 3, total: 13 });
    expect(stepProgress('confirmation', employed)).toEqual({ position: 13, total: 13 });
  });

  it('progress before the route is chosen counts the route that can be claimed, not a stop', () => {
    // A fresh claim, and steps 0 and 1 before their answers: an unanswered employment question
    // still routes to the Self Assessment stop (so it cannot be submitted), but the count must not
    // read 'Step 1 of 2'.
    expect(stepProgress('eligibility', {})).toEqual({ position: 1, total: 13 });
    expect(stepProgress('employment', { eligibilityData: { drivesForWork: 'yes' } })).toEqual({
      position: 2,
      total: 13,
    });
    expect(stepProgress('employment', { eligibilityData: { drivesForWork: 'company-vehicle' } })).toEqual({
      position: 3,
      total: 13,
    });
    expect(routeEnd({}).id).toBe('self-assessment');
  });

  it('an answer that would stop the claim does not change the count; a stop screen has no count', () => {
    const cis = { eligibilityData: { drivesForWork: 'yes' }, employmentDetails: { employmentType: 'cis' } };
    expect(stepProgress('employment', cis)).toEqual({ position: 2, total: 13 });
    expect(stepProgress('eligibility', { eligibilityData: { drivesForWork: 'no' } })).toEqual({
      position: 1,
      total: 13,
    });
    // Typing a rate at or above the approved amount on the employer-rate step: still 'Step 8 of 13'.
    expect(stepProgress('employer-rate', paying(employed, 60))).toEqual({
      position: 8,
      total: 13,
    });
    // A fuel claim keeps its own route (the explanation instead of the estimate step).
    expect(stepProgress('employer-rate', paying(fuel, 60))).toEqual({
      position: 9,
      total: 13,
    });
    for (const id of ['not-driving', 'self-assessment', 'nothing-claimable'] as const) {
      expect(stepProgress(id, cis).position).toBeNull();
    }
  });

  it.each([
    ['eligibility', true],
    ['check-answers', true],
    ['journeys-review', true],
    ['step-3', false],
    ['', false],
    [3, false],
    [null, false],
  ])('isWizardStepId(%j) → %s', (x, expected) => {
    expect(isWizardStepId(x)).toBe(expected);
  });

  it('a copy kept in the browser never reopens the confirmation', () => {
    expect(resumableStep(CONFIRMATION_STEP_ID)).toBe(SUBMIT_STEP_ID);
    expect(resumableStep('company-vehicle')).toBe('company-vehicle');
    for (const step of WIZARD_PLAN) expect(step.kind === 'stop').toBe(typeof step.reason === 'string');
  });

  it('storage numbers map to step ids and back; an unknown number is no step', () => {
    for (const step of WIZARD_PLAN) expect(stepAtStorageIndex(storageIndexOf(step.id))).toBe(step.id);
    expect(stepAtStorageIndex(99)).toBeUndefined();
    expect(stepAtStorageIndex('1')).toBeUndefined();
    expect(stepAtStorageIndex(13)).toBe('company-vehicle');
    // last_step_completed keeps -1 (or null) before any step is completed.
    expect([completedStepAt(-1), completedStepAt(null), completedStepAt(2)]).toEqual([
      null,
      null,
      'personal',
    ]);
    expect([storageIndexOfCompleted(null), storageIndexOfCompleted('personal')]).toEqual([-1, 2]);
  });

  it.each([
    ['ab12 cde', 'AB12CDE'],
    ['  ab-12-cde ', 'AB12CDE'],
    ['<ab12cde>', 'AB12CDE'],
    ['abcdefghijk', 'ABCDEFGH'],
    ['£$%', ''],
  ])('sanitiseVrm(%j) → %j', (input, expected) => {
    expect(sanitiseVrm(input)).toBe(expected);
  });
});

describe('content (D13)', () => {
  // D28 replaces SPEC's two average claims (£3,000 and £1,250) with one, and drops "up to £30,000".
  it('carries SPEC’s marketing values, as D28 corrects them', () => {
    expect(CONTENT).toMatchObject({
      brandName: 'TaxBack',
      supportHours: 'Mon-Fri 9am-5pm',
      averageClaim: 1250,
      refundWeeks: '8-10 weeks',
      marketingSiteUrl: 'https://www.example.com',
    });
    // Issue 32: no placeholder phone number, rating or total: those are configuration.
    expect(JSON.stringify(CONTENT)).not.toMatch(/0161 000 0000|£50 million|reviewRating|phoneNumber/);
  });

  it('marks its four testimonials as samples and has 3 benefits and 5-6 FAQs', () => {
    expect(CONTENT.testimonials).toHaveLength(4);
    for (const t of CONTENT.testimonials) {
      expect(t.sample).toBe(true);
      expect(t.rating).toBeGreaterThanOrEqual(1);
      expect(t.rating).toBeLessThanOrEqual(5);
    }
    expect(new Set(CONTENT.testimonials.map((t) => t.id)).size).toBe(4);
    expect(CONTENT.benefits).toHaveLength(3);
    expect(CONTENT.faqs.length).toBeGreaterThanOrEqual(5);
    expect(CONTENT.faqs.length).toBeLessThanOrEqual(6);
  });
});
