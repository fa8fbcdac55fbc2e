// Named answer sets (GOV.UK casa style) that drive whole journeys. Every detail is realistic but
// obviously fake: example.com addresses, Ofcom's drama range of mobile numbers (07700 900xxx),
// HMRC's own example NI number format.

/** SPEC.md §3 expense categories, in order, with their labels (D28: marriage allowance is no longer one). */
export const EXPENSES = {
  travel: 'miles covered and other travel related expenses',
  hotel: 'hotel stays',
  laundry: 'laundry of uniform',
  wfh: 'set amount for working from home',
  uniform: 'uniform, PPE or tooling',
  fees: 'professional fees or subscription fees',
  telephone: 'telephone expenses',
} as const;

export type ExpenseId = keyof typeof EXPENSES;

/** Answers for the general tax-refund funnel (/ → /expenses → /complete). */
export interface FunnelAnswers {
  firstName: string;
  lastName: string;
  /** As typed; stored lowercased and trimmed. */
  email: string;
  phone: string;
  expenses: ExpenseId[];
}

/**
 * Answers for the mileage wizard (/onboarding), step by step, on a route that can be claimed
 * (D27): an employee (a P87 is for employees) who drives for work in their own vehicle, or in a
 * company vehicle, whose claim then goes on as a fuel claim with no estimate.
 */
export interface WizardAnswers {
  drivesForWork: 'yes' | 'company-vehicle';
  /** Only for a company vehicle. */
  vehicleVRM?: string;
  employmentType: 'employed';
  employerName: string;
  homeAddress: string;
  postcode: string;
  vehicleType: 'car-van' | 'motorbike' | 'bicycle';
  /** By position in the offered list (0 = the most recent complete tax year, D2). */
  years: { index: 0 | 1 | 2 | 3; companyName: string; businessMiles: number }[];
  employerRatePence: number;
  niNumber: string;
}

export interface Persona {
  name: string;
  funnel: FunnelAnswers;
  /** Absent for a persona who cannot make a mileage claim (the wizard explains why and stops). */
  wizard?: WizardAnswers;
}

export const employedCarDriver: Persona = {
  name: 'employed car driver',
  funnel: {
    firstName: 'Alexandra',
    lastName: 'Whitfield',
    email: 'Alexandra.Whitfield@Example.com',
    phone: '07700 900123',
    expenses: ['travel', 'uniform', 'wfh'],
  },
  wizard: {
    drivesForWork: 'yes',
    employmentType: 'employed',
    employerName: 'Example Logistics Ltd',
    homeAddress: '1 Test Street, Wigan',
    postcode: 'WN2 1AR',
    vehicleType: 'car-van',
    years: [
      { index: 0, companyName: 'Example Logistics Ltd', businessMiles: 12_000 },
      { index: 1, companyName: 'Example Logistics Ltd', businessMiles: 8_500 },
    ],
    employerRatePence: 25,
    niNumber: 'AB123456C',
  },
};

/**
 * Self-employed: the general tax-refund funnel only. A P87 is for employees, so the mileage wizard
 * ends on the Self Assessment explanation for them (D27, routes.e2e.ts).
 */
export const selfEmployedCyclist: Persona = {
  name: 'self-employed cyclist',
  funnel: {
    firstName: 'Samir',
    lastName: "O'Connell-Test",
    email: 'samir.cyclist@example.com',
    phone: '+44 7700 900456',
    expenses: ['fees', 'telephone'],
  },
};

/** An employee with a company van: a fuel claim for an operator to assess, with no estimate (D27). */
export const employedCompanyVanDriver: Persona = {
  name: 'employee with a company van',
  funnel: {
    firstName: 'Morgan',
    lastName: 'Fairbairn',
    email: 'morgan.fairbairn@example.com',
    phone: '07700900789',
    expenses: ['uniform', 'laundry', 'hotel', 'fees'],
  },
  wizard: {
    drivesForWork: 'company-vehicle',
    vehicleVRM: 'AB12CDE',
    employmentType: 'employed',
    employerName: 'Example Build Co',
    homeAddress: '7 Placeholder Lane, Manchester',
    postcode: 'M1 1AE',
    vehicleType: 'car-van',
    years: [{ index: 0, companyName: 'Example Build Co', businessMiles: 4_000 }],
    employerRatePence: 55, // the full approved rate for a car or van in every offered year (55p from 2026/27)
    niNumber: 'JG103759A',
  },
};

export const PERSONAS: readonly Persona[] = [
  employedCarDriver,
  selfEmployedCyclist,
  employedCompanyVanDriver,
];
