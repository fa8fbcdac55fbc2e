import { describe, expect, it } from 'vitest';
import { claimableTaxYears, previousStep, type WizardStepId } from '@taxback/domain';
import { createEmptySnapshot } from '@taxback/domain';
import { createInitialState, draftOf, wizardReducer, type WizardState } from './use-wizard-state.ts';

const years = claimableTaxYears();
const firstYear = years[0]!.year;

/**
 * A claimant at `step`; past the first two questions they are an employee driving their own
 * vehicle (the mileage route).
 */
function ready(
  step: WizardStepId = 'eligibility',
  lastStepCompleted: WizardStepId | null = step === 'eligibility' ? null : previousStep(step),
): WizardState {
  const empty = createEmptySnapshot(years);
  const snapshot =
    step !== 'eligibility' && step !== 'employment'
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
    const s = ready('vehicle', 'tax-years');
    expect(s).toMatchObject({
      phase: 'ready',
      currentStep: 'vehicle',
      lastStepCompleted: 'tax-years',
      stepChangedByUser: false,
    });
  });

  it('advance moves on and records the completed step; its draft holds the whole snapshot', () => {
    let s = ready('eligibility');
    s = wizardReducer(s, { type: 'update', section: 'eligibilityData', patch: { drivesForWork: 'yes' } });
    s = wizardReducer(s, { type: 'advance' });
    expect(s.currentStep).toBe('employment');
    expect(s.lastStepCompleted).toBe('eligibility');
    expect(s.stepChangedByUser).toBe(true);
    expect(draftOf(s)).toMatchObject({
      currentStep: 'employment',
      lastStepCompleted: 'eligibility',
    });
    expect(draftOf(s).snapshot.eligibilityData.drivesForWork).toBe('yes');
  });

  it('back keeps lastStepCompleted', () => {
    // Tax years come after the employments step, which comes after personal details.
    let s = ready('tax-years', 'employments');
    s = wizardReducer(s, { type: 'back' });
    expect(s.currentStep).toBe('employments');
    expect(s.lastStepCompleted).toBe('employments');
    s = wizardReducer(ready('eligibility'), { type: 'back' });
    expect(s.currentStep).toBe('eligibility');
  });

  it('advance and back follow the plan: a self-employed answer ends on its explanation (D27)', () => {
    let s = ready('employment', 'eligibility');
    s = wizardReducer(s, {
      type: 'update',
      section: 'employmentDetails',
      patch: { employmentType: 'self-employed' },
    });
    s = wizardReducer(s, { type: 'advance' });
    expect(s.currentStep).toBe('self-assessment');
    expect(s.lastStepCompleted).toBe('employment');
    s = wizardReducer(s, { type: 'back' });
    expect(s.currentStep).toBe('employment');
    s = wizardReducer(s, {
      type: 'update',
      section: 'employmentDetails',
      patch: { employmentType: 'employed' },
    });
    s = wizardReducer(s, { type: 'advance' });
    expect(s.currentStep).toBe('personal');
  });

  it('completing an earlier step again does not lower lastStepCompleted', () => {
    let s = ready('personal', 'mileage');
    s = wizardReducer(s, { type: 'advance' });
    expect(s.lastStepCompleted).toBe('mileage');
    expect(draftOf(s)).toMatchObject({
      currentStep: 'employments',
      lastStepCompleted: 'mileage',
    });
  });

  it('errors clear as the entries become valid, and messages follow the current problem', () => {
    let s = ready('personal');
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
    let s = ready('mileage', 'vehicle');
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
    const check = 'check-answers';
    let s = ready(check, 'evidence');
    s = wizardReducer(s, { type: 'change-answer', step: 'personal', returnTo: check });
    expect(s.currentStep).toBe('personal');
    s = wizardReducer(s, { type: 'back' });
    expect([s.currentStep, s.returnTo]).toEqual([check, null]);
  });

  it('save-in-place saves the current step without moving', () => {
    let s = ready('tax-years', 'personal');
    s = wizardReducer(s, { type: 'save-in-place' });
    expect(s.currentStep).toBe('tax-years');
    expect(draftOf(s)).toMatchObject({
      currentStep: 'tax-years',
      lastStepCompleted: 'tax-years',
    });
  });

  it('the mileage-log builder is two plan steps inside evidence, saved as evidence', () => {
    let s = ready('evidence', 'employer-rate');
    s = wizardReducer(s, { type: 'enter-rebuild' });
    expect(s.currentStep).toBe('journeys');
    expect(s.snapshot.journeys).toHaveLength(1);
    s = wizardReducer(s, { type: 'rebuild-review' });
    expect(s.currentStep).toBe('journeys-review');
    s = wizardReducer(s, { type: 'back' });
    expect(s.currentStep).toBe('journeys');
    // 'Save and finish later' inside the builder records the evidence step, where it reopens.
    s = wizardReducer(s, { type: 'save-in-place' });
    expect(draftOf(s)).toMatchObject({ currentStep: 'evidence', lastStepCompleted: 'evidence' });
    s = wizardReducer(s, { type: 'back' });
    expect(s.currentStep).toBe('evidence');
    s = wizardReducer(wizardReducer(s, { type: 'enter-rebuild' }), { type: 'exit-rebuild' });
    expect(s.currentStep).toBe('evidence');
  });
});
