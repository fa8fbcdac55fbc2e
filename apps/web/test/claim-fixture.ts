// A whole claim as GET /api/admin/claims/:id answers it, typed by the contract (through the claim
// page's ClaimDetail), so a test of one of the claim page's sections changes only what it is about.
import type { ClaimDetail } from '../src/features/admin/claim-detail.ts';
import { workflowOf } from './admin-helpers.ts';

export const CLAIM_ID = '00000000-0000-4000-8000-0000000000c1';

/** A mileage claim in review, signed, with one year of figures and nothing recorded yet. */
export function claimDetail(overrides: Partial<ClaimDetail> = {}): ClaimDetail {
  const year = {
    year: '2024/25',
    miles: 12_000,
    allowance: 5000,
    employerPayment: 0,
    claimable: 5000,
    taxableExcess: 0,
    selfAssessmentRequired: false,
    companyName: 'Acme Ltd',
    employersConnected: null,
    jobs: [],
  };
  return {
    id: CLAIM_ID,
    kind: 'mileage',
    reference: 'TB-TEST',
    submittedAt: '2026-11-01T10:00:00.000Z',
    signedMatch: true,
    workflow: workflowOf({
      status: 'in-review',
      statusLabel: 'In review',
      version: 3,
      allowedMoves: ['information-requested', 'ready-for-hmrc', 'withdrawn'],
    }),
    owner: null,
    allocatedAt: null,
    worksWithCase: null,
    hmrcRecords: [],
    hmrcYears: {
      caseId: CLAIM_ID,
      years: [],
      money: {
        repaidPence: 0,
        taxCodePence: 0,
        feeBasePence: 0,
        feeOn: 'the £0.00 HMRC repaid',
        feePence: 0,
        claimantPence: 0,
      },
    },
    invoice: { invoice: null, notIssuable: 'HMRC has not repaid anything on this case yet.' },
    possibleDuplicates: [],
    case: null,
    taxYears: ['2024/25'],
    readiness: [],
    claimant: {
      title: 'Mr',
      firstName: 'Finn',
      lastName: 'Fuel',
      dateOfBirth: '1980-01-01',
      email: 'f@example.com',
      phone: '07700 900123',
      address: '1 High Street, Leeds',
      postcode: 'LS1 1AA',
      niNumberMasked: '*****456C',
    },
    employment: {
      drivesForWork: 'yes',
      companyVehicleVrm: null,
      employmentType: 'employed',
      employerName: 'Acme Ltd',
      businessName: null,
    },
    employments: [],
    mileage: {
      vehicle: 'car-van',
      employerRatePence: null,
      years: [year],
      totalMiles: 12_000,
      totalAllowance: 5000,
      totalEmployerPayment: 0,
      totalClaimable: 5000,
      rebate20: 1000,
      rebate40: 2000,
      selfAssessmentRequired: false,
    },
    journeys: [],
    files: [],
    authorities: [],
    tracking: {
      affiliate: null,
      utm: null,
      fullUrl: null,
      ipAddress: null,
      userAgent: null,
      signedAt: '2026-11-01T10:00:00.000Z',
    },
    history: [],
    notes: [],
    edits: [],
    audit: [],
    ...overrides,
  };
}
