import { describe, expect, it } from 'vitest';
import {
  AUTO_ADVANCE_MS,
  CLAIM_REDIRECT_MS,
  CONGRATS_ADVANCE_MS,
  WIZARD_STEPS,
  isWizardStepIndex,
  nextStep,
  previousStep,
  sanitiseVrm,
} from './wizard.ts';
import { CONTENT } from './content.ts';

describe('wizard plan', () => {
  it('has steps 0 to 11 in SPEC order', () => {
    expect(WIZARD_STEPS.map((s) => [s.index, s.id])).toEqual([
      [0, 'eligibility'],
      [1, 'employment'],
      [2, 'personal'],
      [3, 'tax-years'],
      [4, 'vehicle'],
      [5, 'mileage'],
      [6, 'congratulations'],
      [7, 'employer-rate'],
      [8, 'evidence'],
      [9, 'review'],
      [10, 'admin'],
      [11, 'confirmation'],
    ]);
    for (const s of WIZARD_STEPS) expect(s.title.length).toBeGreaterThan(0);
    expect([AUTO_ADVANCE_MS, CONGRATS_ADVANCE_MS, CLAIM_REDIRECT_MS]).toEqual([800, 5000, 3000]);
  });

  it.each([
    [0, 1, 0],
    [5, 6, 4],
    [10, 11, 9],
    [11, 11, 10],
    [-3, 1, 0],
    [99, 11, 10],
    [Number.NaN, 1, 0],
  ])('from %s: next %s, previous %s', (current, next, previous) => {
    expect(nextStep(current)).toBe(next);
    expect(previousStep(current)).toBe(previous);
  });

  it.each([
    [0, true],
    [11, true],
    [12, false],
    [-1, false],
    [1.5, false],
    ['1', false],
  ])('isWizardStepIndex(%j) → %s', (n, expected) => {
    expect(isWizardStepIndex(n)).toBe(expected);
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
      totalClaimed: '£50 million',
      refundWeeks: '8-10 weeks',
      marketingSiteUrl: 'https://www.example.com',
      reviewRating: 4,
      reviewMax: 5,
    });
    expect(CONTENT.phoneHref).toBe(`tel:+44${CONTENT.phoneNumber.replace(/\s/g, '').slice(1)}`);
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
