import { describe, expect, it } from 'vitest';
import { authorityInputOfGeneralClaim, authorityInputOfSnapshot } from './authority-inputs.ts';
import { buildAuthorityDocument, type AuthorityTerms } from './authority.ts';
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

// D38 with D31 (GOV.UK "Claim tax relief for your job expenses": over £2,500 of expenses in a year
// is claimed through Self Assessment): in a case the authority covers every amount, year by year.
describe('a mileage authority in a case (D38)', () => {
  const year = (y: string) => ({
    year: y,
    selected: true,
    jobs: [],
    employersConnected: '' as const,
    incomeBand: '' as const,
  });
  const details = {
    taxYears: [year('2024/25'), year('2023/24')],
    scottishTaxpayer: '' as const,
    // EIM32712's flat rate for nurses (£125) and a £2,000 fee: with £450 of mileage, 2024/25 is
    // £2,575, over £2,500; 2023/24 holds the details alone, £2,125.
    expenses: {
      clothing: { kind: 'flat-rate' as const, industry: 'healthcare', job: 'nurses' },
      fees: { body: 'Nursing and Midwifery Council', years: { '2024/25': 200_000, '2023/24': 200_000 } },
    },
  };

  it('lists each year across kinds with its total, route and estimate, and the estimate in all', () => {
    const input = authorityInputOfSnapshot(snapshot('yes'), TERMS, undefined, [], details);
    expect(
      input.case?.years.map((y) => [y.year, y.lines.map((l) => l.pounds), y.totalPounds, y.selfAssessment]),
    ).toEqual([
      ['2024/25', [450, 125, 2000], 2575, true],
      ['2023/24', [125, 2000], 2125, false],
    ]);
    // Basic and higher rate unknown: the low figure is 20% of each year's total.
    expect(input.case?.years.map((y) => y.estimatePounds)).toEqual([515, 425]);
    expect(input.case?.estimatePounds).toBe(940);
    const document = buildAuthorityDocument(input);
    const claim = document.sections.find((x) => x.id === 'claim')!;
    const text = JSON.stringify(claim.blocks);
    expect(text).toContain('Self Assessment tax return (expenses over £2,500)');
    expect(text).toContain('Estimated refund in all: £940');
    // The mileage year's own estimate gives way to the case's, so no two refunds are stated for it.
    expect(text).not.toContain('"Estimated refund in all: £90');
    const authority = JSON.stringify(document.sections.find((x) => x.id === 'authority')!.blocks);
    expect(authority).toContain('covers every amount of your claim');
  });

  it('is the document signed before this rule when there is no case', () => {
    const alone = buildAuthorityDocument(authorityInputOfSnapshot(snapshot('yes'), TERMS));
    expect(
      buildAuthorityDocument(authorityInputOfSnapshot(snapshot('yes'), TERMS, undefined, [], null)),
    ).toEqual(alone);
    expect(JSON.stringify(alone)).not.toContain('covers every amount');
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
