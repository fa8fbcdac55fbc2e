import { describe, expect, it } from 'vitest';
import { claimableTaxYears, stepIndex } from '@taxback/domain';
import { createEmptySnapshot } from '@taxback/domain';
import { createInitialState, wizardReducer, type WizardState } from './use-wizard-state.ts';

const years = claimableTaxYears();
const firstYear = years[0]!.year;

/** A claimant at `step`; past step 1 they are an employee driving their own vehicle (the mileage route). */
function ready(step = 0, lastStepCompleted = step - 1): WizardState {
  const empty = createEmptySnapshot(years);
  const snapshot =
    step > 1
      ? {
          ...empty,
          eligibilityData: { ...empty.eligibilityData, drivesForWork: 'yes' as const },
          employmentDetails: { ...empty.employmentDetails, employmentType: 'employed' as const },
        }
      : empty;
  return wizardReducer(createInitialState(), {
    type: 'loaded',
    snapshot,
    currentStep: step,
    lastStepCompleted,
  });
}

describe('wizardReducer', () => {
  it('starts loading and becomes ready at the restored step', () => {
    expect(createInitialState().phase).toBe('loading');
    const s = ready(4, 3);
    expect(s).toMatchObject({
      phase: 'ready',
      currentStep: 4,
      lastStepCompleted: 3,
      stepChangedByUser: false,
    });
  });

  it('advance moves on, records the completed step and asks for a save of the whole snapshot', () => {
    let s = ready(0);
    s = wizardReducer(s, { type: 'update', section: 'eligibilityData', patch: { drivesForWork: 'yes' } });
    s = wizardReducer(s, { type: 'advance' });
    expect(s.currentStep).toBe(1);
    expect(s.lastStepCompleted).toBe(0);
    expect(s.stepChangedByUser).toBe(true);
    expect(s.saveRequest?.seq).toBe(1);
    expect(s.saveRequest?.payload).toMatchObject({ step: 0, currentStep: 1, lastStepCompleted: 0 });
    expect(s.saveRequest?.payload.snapshot.eligibilityData.drivesForWork).toBe('yes');
  });

  it('back keeps lastStepCompleted and never saves', () => {
    // Tax years (3) comes after the employments step (16), which comes after personal details (2).
    let s = ready(3, 16);
    s = wizardReducer(s, { type: 'back' });
    expect(s.currentStep).toBe(stepIndex('employments'));
    expect(s.lastStepCompleted).toBe(16);
    expect(s.saveRequest).toBeNull();
    s = wizardReducer(ready(0), { type: 'back' });
    expect(s.currentStep).toBe(0);
  });

  it('advance and back follow the plan: a self-employed answer ends on its explanation (D27)', () => {
    let s = ready(1, 0);
    s = wizardReducer(s, {
      type: 'update',
      section: 'employmentDetails',
      patch: { employmentType: 'self-employed' },
    });
    s = wizardReducer(s, { type: 'advance' });
    expect(s.currentStep).toBe(stepIndex('self-assessment'));
    expect(s.lastStepCompleted).toBe(stepIndex('employment'));
    s = wizardReducer(s, { type: 'back' });
    expect(s.currentStep).toBe(stepIndex('employment'));
    s = wizardReducer(s, {
      type: 'update',
      section: 'employmentDetails',
      patch: { employmentType: 'employed' },
    });
    s = wizardReducer(s, { type: 'advance' });
    expect(s.currentStep).toBe(stepIndex('personal'));
  });

  it('completing an earlier step again does not lower lastStepCompleted', () => {
    let s = ready(2, 5);
    s = wizardReducer(s, { type: 'advance' });
    expect(s.lastStepCompleted).toBe(5);
    expect(s.saveRequest?.payload).toMatchObject({
      step: 2,
      currentStep: stepIndex('employments'),
      lastStepCompleted: 5,
    });
  });

  it('errors clear as the entries become valid, and messages follow the current problem', () => {
    let s = ready(2);
    s = wizardReducer(s, {
      type: 'show-errors',
      errors: {
        'personalInfo.firstName': 'First name is required',
        'personalInfo.email': 'Email is required',
      },
    });
    expect(s.errorFocusKey).toBe(1);
    s = wizardReducer(s, { type: 'update', section: 'personalInfo', patch: { firstName: 'Ann' } });
    expect(s.errors['personalInfo.firstName']).toBeUndefined();
    s = wizardReducer(s, { type: 'update', section: 'personalInfo', patch: { email: 'ann@' } });
    expect(s.errors['personalInfo.email']).toBe('Please enter a valid email address');
    // Errors never appear for fields the claimant was not told about yet.
    expect(s.errors['personalInfo.lastName']).toBeUndefined();
    s = wizardReducer(s, { type: 'update', section: 'personalInfo', patch: { email: 'ann@example.com' } });
    expect(s.errors).toEqual({});
  });

  it('updates one tax year, one job in it, and the employments every year follows', () => {
    let s = ready(5, 4);
    s = wizardReducer(s, { type: 'update-year', year: firstYear, patch: { selected: true } });
    s = wizardReducer(s, {
      type: 'update-job',
      year: firstYear,
      employmentId: 'job-1',
      patch: { businessMiles: 1200, paidKind: 'ppm', paidPencePerMile: 25 },
    });
    const year = () => s.snapshot.taxYears.find((y) => y.year === firstYear)!;
    expect(year()).toMatchObject({ selected: true });
    expect(year().jobs).toEqual([
      expect.objectContaining({
        employmentId: 'job-1',
        businessMiles: 1200,
        paidKind: 'ppm',
        paidPencePerMile: 25,
      }),
    ]);
    expect(s.snapshot.taxYears.filter((y) => y.selected)).toHaveLength(1);
    // A second employment gets an empty entry in every year; removing the first keeps the second's.
    const [first] = s.snapshot.employments;
    const second = { ...first!, id: 'job-2', employerName: 'Beta' };
    s = wizardReducer(s, { type: 'set-employments', employments: [first!, second] });
    expect(year().jobs.map((j) => [j.employmentId, j.businessMiles])).toEqual([
      ['job-1', 1200],
      ['job-2', 0],
    ]);
    s = wizardReducer(s, { type: 'set-employments', employments: [second] });
    expect(year().jobs.map((j) => j.employmentId)).toEqual(['job-2']);
  });

  it('a change from check your answers comes back there, and Back returns at once', () => {
    const check = stepIndex('check-answers');
    let s = ready(check, stepIndex('evidence'));
    s = wizardReducer(s, { type: 'change-answer', step: stepIndex('personal'), returnTo: check });
    expect(s.currentStep).toBe(stepIndex('personal'));
    s = wizardReducer(s, { type: 'back' });
    expect([s.currentStep, s.returnTo]).toEqual([check, null]);
  });

  it('save-in-place saves the current step without moving', () => {
    let s = ready(3, 2);
    s = wizardReducer(s, { type: 'save-in-place' });
    expect(s.currentStep).toBe(3);
    expect(s.saveRequest?.payload).toMatchObject({ step: 3, currentStep: 3, lastStepCompleted: 3 });
  });
});
