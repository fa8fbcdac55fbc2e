import { describe, expect, it } from 'vitest';
import { authorityInputOfGeneralClaim, authorityInputOfSnapshot } from './authority-inputs.ts';
import type { AuthorityTerms } from './authority.ts';
import { NO_FEES } from './fees.ts';
import { emptyWizardSnapshot } from './schemas.ts';
import { emptyEmployment, emptyEmploymentYear } from './wizard-snapshot.ts';
import type { WizardSnapshot } from './wizard-snapshot.ts';

const TERMS: AuthorityTerms = {
  agent: { companyName: 'Example Claims Ltd', address: 'London', hmrcAgentReference: '' },
  fee: NO_FEES,
};

function snapshot(drivesForWork: WizardSnapshot['eligibilityData']['drivesForWork']): WizardSnapshot {
  const s = emptyWizardSnapshot();
  s.eligibilityData.drivesForWork = drivesForWork;
  s.employments = [
    {
      ...emptyEmployment('job-1'),
      employerName: 'Acme Ltd',
      payeReference: '123/AB45678',
      jobTitle: 'Engineer',
    },
  ];
  s.personalInfo = {
    ...s.personalInfo,
    title: 'Dr',
    dateOfBirth: { day: '4', month: '3', year: '1990' },
    firstName: 'Jane',
    lastName: 'Doe',
    homeAddress: '1 High Street',
    postcode: 'WN2 1AR',
    email: 'jane@example.com',
    phone: '07700 900123',
  };
  s.vehicleInfo.type = 'car-van';
  // 2024/25 at 45p (DECISIONS D21, GOV.UK "Expenses and benefits: business travel mileage").
  const job = (miles: number) => ({
    ...emptyEmploymentYear('job-1', 'car-van'),
    businessMiles: miles,
    paidKind: 'none' as const,
  });
  s.taxYears = [
    { year: '2024/25', selected: true, jobs: [job(1000)], employersConnected: '', incomeBand: '' },
    { year: '2023/24', selected: false, jobs: [job(500)], employersConnected: '', incomeBand: '' },
  ];
  return s;
}

describe('authorityInputOfSnapshot (D19)', () => {
  it.each<
    [string, WizardSnapshot['eligibilityData']['drivesForWork'], number | undefined, number | undefined]
  >([
    // 1,000 × 45p = £450 claimable; 20% = £90.
    ['own vehicle: amounts and a basic-rate estimate', 'yes', 450, 90],
    ['company vehicle (fuel claim, D27): no amounts, no estimate', 'company-vehicle', undefined, undefined],
  ])('%s', (_name, drives, claimable, estimate) => {
    const input = authorityInputOfSnapshot(snapshot(drives), TERMS, '2026-11-23T21:00:00.000Z');
    expect(input).toEqual({
      kind: 'mileage',
      claimant: {
        title: 'Dr',
        fullName: 'Jane Doe',
        dateOfBirth: '1990-03-04',
        address: '1 High Street',
        postcode: 'WN2 1AR',
        email: 'jane@example.com',
        phone: '07700 900123',
      },
      agent: TERMS.agent,
      fee: TERMS.fee,
      years: [
        {
          year: '2024/25',
          employments: [
            {
              employerName: 'Acme Ltd',
              payeReference: '123/AB45678',
              jobTitle: 'Engineer',
              miles: 1000,
              claimablePounds: claimable,
            },
          ],
          claimablePounds: claimable,
          estimatePounds: estimate,
        },
      ],
      signedAt: '2026-11-23T21:00:00.000Z',
    });
  });
});

describe('authorityInputOfGeneralClaim', () => {
  it('names the chosen expenses by their labels', () => {
    const input = authorityInputOfGeneralClaim(
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'a@example.com',
        phone: '07700 900123',
        selectedExpenses: ['uniform', 'fees'],
      },
      TERMS,
    );
    expect(input.kind).toBe('general');
    expect(input.claimant.fullName).toBe('Ada Lovelace');
    expect(input.expenses).toEqual(['Uniform, PPE or tooling', 'Professional fees or subscription fees']);
    expect(input.years).toEqual([]);
  });
});
