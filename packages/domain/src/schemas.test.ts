import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  UTM_KEYS,
  hmrcDetailsStepSchema,
  claimFormSchema,
  claimSubmissionSchema,
  createTaxYearsStepSchema,
  emptyWizardSnapshot,
  fieldErrors,
  journeyDraftSchema,
  journeySchema,
  onboardingSaveSchema,
  resumeRequestSchema,
  validateSnapshotSteps,
  validateStep,
  WIZARD_SNAPSHOT_VERSION,
  wizardSnapshotSchema,
} from './schemas.ts';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const JUNE_2025 = new Date('2025-06-01T12:00:00Z');

function errorsOf(schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown) {
  const r = schema.safeParse(value);
  if (r.success) return {};
  return fieldErrors(r as { error: import('zod').ZodError });
}

const validClaim = {
  firstName: '  Jane <b> ',
  lastName: 'Doe',
  email: ' Jane.Doe@Example.COM ',
  phone: ' 07700 900123 ',
  signature: PNG,
  selectedExpenses: ['travel', 'hotel', 'travel'],
  earnsOver18k: true,
};

describe('claimFormSchema / claimSubmissionSchema', () => {
  it('outputs the stored values: sanitised, trimmed, email lowercased, expenses de-duplicated', () => {
    expect(claimSubmissionSchema.parse(validClaim)).toEqual({
      firstName: 'Jane b',
      lastName: 'Doe',
      email: 'jane.doe@example.com',
      phone: '07700 900123',
      signature: PNG,
      selectedExpenses: ['travel', 'hotel'],
      earnsOver18k: true,
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['empty first name', { firstName: '  ' }, { firstName: 'First name is required' }],
    ['first name only brackets', { firstName: '<>' }, { firstName: 'First name is required' }],
    ['missing last name', { lastName: undefined }, { lastName: 'Last name is required' }],
    ['empty email', { email: '' }, { email: 'Email is required' }],
    ['invalid email', { email: 'jane@' }, { email: 'Please enter a valid email address' }],
    ['empty phone', { phone: '' }, { phone: 'Phone number is required' }],
    ['short phone', { phone: '+4412345' }, { phone: 'Please enter a valid UK phone number' }],
    ['text phone', { phone: 'abc' }, { phone: 'Please enter a valid UK phone number' }],
    ['no signature', { signature: '' }, { signature: 'Signature is required' }],
    ['jpeg signature', { signature: 'data:image/jpeg;base64,AAAA' }, { signature: 'Signature is required' }],
    ['not a data URL', { signature: 'https://example.com/x.png' }, { signature: 'Signature is required' }],
    [
      'huge signature',
      { signature: `data:image/png;base64,${'A'.repeat(2_000_000)}` },
      { signature: 'Signature is too large. Please clear it and sign again' },
    ],
    ['no expenses', { selectedExpenses: [] }, { selectedExpenses: 'Please select at least one expense' }],
    [
      'missing expenses',
      { selectedExpenses: undefined },
      { selectedExpenses: 'Please select at least one expense' },
    ],
    [
      'unknown expense',
      { selectedExpenses: ['yacht'] },
      { 'selectedExpenses.0': 'Select an expense from the list' },
    ],
    ['does not earn over 18k', { earnsOver18k: false }, { earnsOver18k: 'You must qualify to proceed' }],
    ['long first name', { firstName: 'a'.repeat(101) }, { firstName: 'Must be 100 characters or fewer' }],
  ])('%s', (_name, overrides, expected) => {
    expect(errorsOf(claimSubmissionSchema, { ...validClaim, ...overrides })).toEqual(expected);
  });

  it('claimFormSchema reports every missing field at once', () => {
    expect(errorsOf(claimFormSchema, {})).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
    });
  });

  it('keeps only SPEC’s UTM keys, bounded and sanitised, plus affiliate, URL and assessment data', () => {
    const parsed = claimSubmissionSchema.parse({
      ...validClaim,
      affiliateName: ' <acme> ',
      utmData: { utm_source: ' google ', kw: 'tax refund', evil: 'x', full_url: 'https://x' },
      fullUrl: 'https://www.example.com/?utm_source=google',
      assessmentData: {
        qualifies: 'yes',
        timestamp: '2025-06-01T10:00:00.000Z',
        step: 'expenses_completed',
        lastUpdated: '2025-06-01T10:01:00.000Z',
      },
    });
    expect(parsed.affiliateName).toBe('acme');
    expect(parsed.utmData).toEqual({ utm_source: 'google', kw: 'tax refund' });
    expect(parsed.fullUrl).toBe('https://www.example.com/?utm_source=google');
    expect(parsed.assessmentData?.step).toBe('expenses_completed');
    expect(UTM_KEYS).toHaveLength(14);
    expect(UTM_KEYS).not.toContain('full_url');
    expect(
      errorsOf(claimSubmissionSchema, { ...validClaim, utmData: { utm_source: 'a'.repeat(501) } }),
    ).toEqual({
      'utmData.utm_source': 'Must be 500 characters or fewer',
    });
    expect(errorsOf(claimSubmissionSchema, { ...validClaim, fullUrl: 'a'.repeat(2001) })).toEqual({
      fullUrl: 'Must be 2000 characters or fewer',
    });
    expect(claimSubmissionSchema.parse({ ...validClaim, affiliateName: '  ' }).affiliateName).toBeNull();
  });
});

describe('validateStep: SPEC §5 wizard messages', () => {
  it.each<[number, unknown, Record<string, string>]>([
    [0, {}, { 'eligibilityData.drivesForWork': 'Please select an option' }],
    [
      0,
      { eligibilityData: { drivesForWork: '' } },
      { 'eligibilityData.drivesForWork': 'Please select an option' },
    ],
    [
      0,
      { eligibilityData: { drivesForWork: 'company-vehicle', vehicleVRM: ' - ' } },
      { 'eligibilityData.vehicleVRM': 'Vehicle registration is required' },
    ],
    [
      1,
      { employmentDetails: { employmentType: '' } },
      { 'employmentDetails.employmentType': 'Please select your employment type' },
    ],
    [
      2,
      {},
      {
        'personalInfo.firstName': 'First name is required',
        'personalInfo.lastName': 'Last name is required',
        'personalInfo.email': 'Email is required',
        'personalInfo.phone': 'Phone number is required',
        'personalInfo.homeAddress': 'Home address is required',
        // D28: the home postcode is required and checked.
        'personalInfo.postcode': 'Please enter a postcode',
      },
    ],
    [
      2,
      {
        personalInfo: {
          firstName: 'A',
          lastName: 'B',
          email: 'nope',
          phone: '12345',
          homeAddress: 'x',
          postcode: 'WN2',
        },
      },
      {
        'personalInfo.email': 'Please enter a valid email address',
        'personalInfo.phone': 'Please enter a valid UK phone number',
        'personalInfo.postcode': 'Please enter a valid UK postcode',
      },
    ],
    [3, { taxYears: [] }, { taxYears: 'Please select at least one tax year' }],
    [
      3,
      { taxYears: [{ year: '2024/25', selected: false }] },
      { taxYears: 'Please select at least one tax year' },
    ],
    [
      3,
      { taxYears: [{ year: '2020/21', selected: true }] },
      { taxYears: 'You can only claim for the current tax year and the four before it' },
    ],
    // D21: on 1 June 2025 the current year 2025/26 is offered; the next one is not.
    [
      3,
      { taxYears: [{ year: '2026/27', selected: true }] },
      { taxYears: 'You can only claim for the current tax year and the four before it' },
    ],
    [
      3,
      { taxYears: [{ year: '24/25', selected: true }] },
      { 'taxYears.0.year': 'Enter a tax year like 2024/25' },
    ],
    [4, { vehicleInfo: {} }, { 'vehicleInfo.type': 'Please select your vehicle type' }],
    [4, { vehicleInfo: { type: 'tractor' } }, { 'vehicleInfo.type': 'Please select your vehicle type' }],
    [
      5,
      {
        taxYears: [
          { year: '2024/25', selected: true, businessMiles: 0, companyName: '' },
          { year: '2023/24', selected: true, businessMiles: 250_000, companyName: 'Acme' },
          { year: '2022/23', selected: true, businessMiles: 12.5, companyName: 'Acme' },
          { year: '2021/22', selected: false, businessMiles: 0, companyName: '' },
        ],
      },
      {
        'companyName_2024/25': 'Company name required for 2024/25',
        'miles_2024/25': 'Business miles required for 2024/25',
        'miles_2023/24': 'Business miles for 2023/24 must be 200,000 or fewer',
        'miles_2022/23': 'Business miles for 2022/23 must be a whole number',
      },
    ],
    [
      5,
      { taxYears: [{ year: '2024/25', selected: true, businessMiles: 'lots', companyName: 'Acme' }] },
      { 'miles_2024/25': 'Business miles required for 2024/25' },
    ],
    [7, { employerMileageRate: -1 }, { employerMileageRate: 'Please enter a valid mileage rate' }],
    [7, { employerMileageRate: 'abc' }, { employerMileageRate: 'Please enter a valid mileage rate' }],
    [7, { employerMileageRate: Number.NaN }, { employerMileageRate: 'Please enter a valid mileage rate' }],
    [7, { employerMileageRate: 201 }, { employerMileageRate: 'Mileage rate must be 200p per mile or less' }],
    [
      8,
      {
        taxYears: [
          { year: '2024/25', selected: true },
          { year: '2023/24', selected: true },
          { year: '2022/23', selected: false },
        ],
        evidenceFiles: { '2023/24': [{ id: 'f1' }], '2024/25': [] },
        journeys: [],
      },
      { 'evidence_2024/25': 'Evidence required for 2024/25' },
    ],
    [
      9,
      {},
      {
        signature: 'Digital signature is required',
        'agreementChecks.accuracy': 'Please confirm accuracy of information',
        'agreementChecks.authorization': 'Please authorize us to act as your tax agent',
        'agreementChecks.terms': 'Please accept terms and conditions',
      },
    ],
    [
      9,
      {
        signature: 'data:image/gif;base64,AAAA',
        agreementChecks: { accuracy: true, authorization: false, terms: true },
      },
      {
        signature: 'Digital signature is required',
        'agreementChecks.authorization': 'Please authorize us to act as your tax agent',
      },
    ],
    [10, {}, { niNumber: 'National Insurance number is required' }],
    [10, { niNumber: '  ' }, { niNumber: 'National Insurance number is required' }],
    [
      10,
      { niNumber: 'QQ123456C' },
      { niNumber: 'Enter a National Insurance number in the correct format, like QQ 12 34 56 C' },
    ],
    [99, {}, { step: 'Unknown step' }],
  ])('step %s with %j → %j', (step, data, expected) => {
    expect(validateStep(step, data, { today: JUNE_2025 })).toEqual({ ok: false, errors: expected });
  });

  it.each<[number, unknown, unknown]>([
    [
      0,
      { eligibilityData: { drivesForWork: 'yes', vehicleVRM: 'ab12cde' } },
      { eligibilityData: { drivesForWork: 'yes', vehicleVRM: '' } },
    ],
    [
      0,
      { eligibilityData: { drivesForWork: 'company-vehicle', vehicleVRM: ' ab12 cde ' } },
      { eligibilityData: { drivesForWork: 'company-vehicle', vehicleVRM: 'AB12CDE' } },
    ],
    [
      1,
      { employmentDetails: { employmentType: 'cis' } },
      { employmentDetails: { employmentType: 'cis', employerName: '', businessName: '', utrNumber: '' } },
    ],
    [
      2,
      {
        personalInfo: {
          firstName: ' <Jane> ',
          lastName: 'Doe',
          email: 'JANE@EXAMPLE.COM',
          phone: '+44 7700 900123',
          homeAddress: ' 1 Main St, Wigan ',
          postcode: 'wn2 1ar',
        },
      },
      {
        personalInfo: {
          firstName: 'Jane',
          lastName: 'Doe',
          email: 'jane@example.com',
          phone: '+44 7700 900123',
          homeAddress: '1 Main St, Wigan',
          postcode: 'WN2 1AR',
        },
      },
    ],
    [
      3,
      {
        taxYears: [
          { year: '2021/22', selected: true },
          { year: '2020/21', selected: false },
        ],
      },
      {
        taxYears: [
          { year: '2021/22', selected: true, businessMiles: 0, companyName: '' },
          { year: '2020/21', selected: false, businessMiles: 0, companyName: '' },
        ],
      },
    ],
    [4, { vehicleInfo: { type: 'bicycle' } }, { vehicleInfo: { type: 'bicycle' } }],
    [
      5,
      { taxYears: [{ year: '2024/25', selected: true, businessMiles: '12345', companyName: ' Acme Ltd ' }] },
      { taxYears: [{ year: '2024/25', selected: true, businessMiles: 12345, companyName: 'Acme Ltd' }] },
    ],
    [6, {}, {}],
    [7, { employerMileageRate: '' }, { employerMileageRate: 0 }],
    [7, { employerMileageRate: '12.5' }, { employerMileageRate: 12.5 }],
    [7, { employerMileageRate: 45 }, { employerMileageRate: 45 }],
    [11, {}, {}],
  ])('step %s accepts %j', (step, data, expected) => {
    expect(validateStep(step, data, { today: JUNE_2025 })).toEqual({ ok: true, value: expected });
  });

  it('step 8 is complete for every year once any journey exists', () => {
    const r = validateStep(8, {
      taxYears: [{ year: '2024/25', selected: true }],
      evidenceFiles: {},
      journeys: [{ id: 'j1' }],
    });
    expect(r.ok).toBe(true);
  });

  it('step 9 accepts a PNG signature with all three checks', () => {
    const r = validateStep(9, {
      signature: PNG,
      agreementChecks: { accuracy: true, authorization: true, terms: true },
    });
    expect(r).toEqual({
      ok: true,
      value: { signature: PNG, agreementChecks: { accuracy: true, authorization: true, terms: true } },
    });
  });

  it('step 10 stores the NI number normalised', () => {
    expect(hmrcDetailsStepSchema.parse({ niNumber: ' ab 12 34 56 c ' })).toEqual({ niNumber: 'AB123456C' });
    expect(hmrcDetailsStepSchema.parse({ niNumber: 'AB123456C', p60FileId: 'f1' })).toEqual({
      niNumber: 'AB123456C',
      p60FileId: 'f1',
    });
  });

  it('tax years follow the injected clock', () => {
    const later = createTaxYearsStepSchema(new Date('2026-11-21T00:00:00Z'));
    expect(later.safeParse({ taxYears: [{ year: '2025/26', selected: true }] }).success).toBe(true);
    expect(later.safeParse({ taxYears: [{ year: '2021/22', selected: true }] }).success).toBe(false);
  });

  it('validateSnapshotSteps merges the errors of every snapshot step up to the given one', () => {
    expect(validateSnapshotSteps({}, 1)).toEqual({
      ok: false,
      errors: {
        'eligibilityData.drivesForWork': 'Please select an option',
        'employmentDetails.employmentType': 'Please select your employment type',
      },
    });
    expect(
      validateSnapshotSteps(
        { eligibilityData: { drivesForWork: 'yes' }, employmentDetails: { employmentType: 'employed' } },
        1,
      ),
    ).toEqual({ ok: true });
  });

  it('validateSnapshotSteps checks only the steps on the claimant route', () => {
    // A self-employed claimant stops after step 1 (D27): later steps are not theirs to answer.
    const selfEmployed = {
      eligibilityData: { drivesForWork: 'yes' },
      employmentDetails: { employmentType: 'self-employed' },
    };
    expect(validateSnapshotSteps(selfEmployed, 10)).toEqual({ ok: true });
    // An employee through step 3 must have answered steps 0-3.
    const employee = { ...selfEmployed, employmentDetails: { employmentType: 'employed' } };
    const result = validateSnapshotSteps(employee, 3);
    expect(result.ok).toBe(false);
    expect(Object.keys(result.ok ? {} : result.errors)).toEqual(
      expect.arrayContaining(['personalInfo.firstName', 'taxYears']),
    );
    // validateStep accepts a step name as well as its storage number.
    expect(validateStep('employment', employee)).toEqual(validateStep(1, employee));
  });
});

describe('journeySchema', () => {
  const valid = {
    id: 'j1',
    startAddress: 'wn21ar',
    endAddress: 'sk5 6aq',
    frequency: 'daily',
    tripType: 'return',
    reason: 'site-visit',
    customReason: 'stale',
    distance: 12.5,
  };

  it('formats postcodes and clears the custom reason unless the reason is other', () => {
    expect(journeySchema.parse(valid)).toEqual({
      ...valid,
      startAddress: 'WN2 1AR',
      endAddress: 'SK5 6AQ',
      customReason: '',
    });
  });

  it.each<[Record<string, unknown>, Record<string, string>]>([
    [{ startAddress: '' }, { startAddress: 'Please enter a postcode' }],
    [{ endAddress: 'WN2' }, { endAddress: 'Please enter a valid UK postcode' }],
    [{ reason: '' }, { reason: 'Select a reason' }],
    [{ reason: 'other', customReason: ' ' }, { customReason: 'Please enter a reason' }],
    [{ distance: -1 }, { distance: 'Distance must be between 0 and 1,000 miles' }],
    [{ distance: 1000.5 }, { distance: 'Distance must be between 0 and 1,000 miles' }],
    [{ distance: null }, { distance: 'Enter the distance in miles' }],
    [{ frequency: 'yearly' }, { frequency: 'Select how often you make this journey' }],
    [{ tripType: '' }, { tripType: 'Select a trip type' }],
  ])('%j → %j', (overrides, expected) => {
    expect(errorsOf(journeySchema, { ...valid, ...overrides })).toEqual(expected);
  });

  it('accepts 0 and 1,000 miles and keeps a custom reason for other', () => {
    expect(journeySchema.parse({ ...valid, distance: 0 }).distance).toBe(0);
    expect(journeySchema.parse({ ...valid, distance: 1000 }).distance).toBe(1000);
    expect(journeySchema.parse({ ...valid, reason: 'other', customReason: ' Bank run ' }).customReason).toBe(
      'Bank run',
    );
  });
});

// D21: a one-off journey (date, from, to, distance, purpose) beside the regular patterns.
describe('journeySchema: one-off journeys', () => {
  const oneOff = {
    id: 'j9',
    startAddress: 'WN2 1AR',
    endAddress: 'M1 1AE',
    frequency: 'one-off',
    tripType: 'single',
    reason: 'training',
    customReason: '',
    distance: 50,
    date: ' 2026-05-14 ',
  };

  it('keeps the date of a one-off journey', () => {
    expect(journeySchema.parse(oneOff)).toEqual({ ...oneOff, date: '2026-05-14' });
  });

  it('drops a date sent with a regular pattern', () => {
    expect(journeySchema.parse({ ...oneOff, frequency: 'weekly' })).not.toHaveProperty('date');
    expect(journeyDraftSchema.parse({ ...oneOff, frequency: 'weekly' })).not.toHaveProperty('date');
  });

  it.each<[Record<string, unknown>, Record<string, string>]>([
    [{ date: undefined }, { date: 'Enter the date of the journey' }],
    [{ date: '' }, { date: 'Enter the date of the journey' }],
    [{ date: '2026-02-30' }, { date: 'The date of the journey must be a real date' }],
    [{ date: '14/05/2026' }, { date: 'The date of the journey must be a real date' }],
    [{ date: 20260514 }, { date: 'The date of the journey must be a real date' }],
    [
      { tripType: 'one-off' },
      { tripType: 'Select whether this one-off journey was a return or a single trip' },
    ],
  ])('%j → %j', (overrides, expected) => {
    expect(errorsOf(journeySchema, { ...oneOff, ...overrides })).toEqual(expected);
  });

  it('a draft one-off keeps a partly typed date', () => {
    expect(journeyDraftSchema.parse({ ...oneOff, date: '2026-05' }).date).toBe('2026-05');
  });
});

describe('wizardSnapshotSchema', () => {
  // Issue 12 adds only an optional journey date, so drafts saved before it keep their exact shape
  // and WIZARD_SNAPSHOT_VERSION stays: a stored version-1 snapshot is still the schema's output.
  it('reads a draft saved before one-off journeys and D21 years exactly as it was', () => {
    const before = {
      eligibilityData: { drivesForWork: 'yes', vehicleVRM: '' },
      employmentDetails: {
        employmentType: 'employed',
        employerName: 'Acme',
        businessName: '',
        utrNumber: '',
      },
      personalInfo: {
        firstName: 'A',
        lastName: 'B',
        email: 'a@example.com',
        phone: '',
        homeAddress: 'x',
        postcode: '',
      },
      vehicleInfo: { type: 'car-van' },
      taxYears: ['2025/26', '2024/25', '2023/24', '2022/23'].map((year) => ({
        year,
        selected: year === '2025/26',
        businessMiles: 1000,
        companyName: 'Acme',
      })),
      employerMileageRate: 0,
      journeys: [
        {
          id: 'j1',
          startAddress: 'WN2 1AR',
          endAddress: 'SK5 6AQ',
          frequency: 'monthly',
          tripType: 'one-off',
          reason: 'site-visit',
          customReason: '',
          distance: 20,
        },
      ],
      agreementChecks: { accuracy: false, authorization: false, terms: false },
      affiliateName: null,
      utmData: null,
      fullUrl: null,
    };
    expect(WIZARD_SNAPSHOT_VERSION).toBe(1);
    expect(wizardSnapshotSchema.parse(before)).toEqual(before);
  });

  it('fills every section with defaults', () => {
    expect(emptyWizardSnapshot()).toEqual({
      eligibilityData: { drivesForWork: '', vehicleVRM: '' },
      employmentDetails: { employmentType: '', employerName: '', businessName: '', utrNumber: '' },
      personalInfo: { firstName: '', lastName: '', email: '', phone: '', homeAddress: '', postcode: '' },
      vehicleInfo: { type: '' },
      taxYears: [],
      employerMileageRate: 0,
      journeys: [],
      agreementChecks: { accuracy: false, authorization: false, terms: false },
      affiliateName: null,
      utmData: null,
      fullUrl: null,
    });
  });

  it('sanitises drafts and drops fields that must never be in a snapshot', () => {
    const parsed = wizardSnapshotSchema.parse({
      personalInfo: { firstName: ' <Jo> ', email: ' JO@EXAMPLE.COM ' },
      journeys: [
        {
          id: 'j1',
          startAddress: 'wn21ar',
          endAddress: 'sk5',
          frequency: 'weekly',
          tripType: 'single',
          reason: 'training',
          customReason: 'x',
          distance: null,
        },
      ],
      niNumber: 'AB123456C',
      signature: PNG,
      evidenceFiles: { '2024/25': [] },
    });
    expect(parsed.personalInfo.firstName).toBe('Jo');
    expect(parsed.personalInfo.email).toBe('jo@example.com');
    expect(parsed.journeys[0]).toMatchObject({
      startAddress: 'WN2 1AR',
      endAddress: 'SK5',
      customReason: '',
    });
    expect(parsed).not.toHaveProperty('niNumber');
    expect(parsed).not.toHaveProperty('signature');
    expect(parsed).not.toHaveProperty('evidenceFiles');
  });

  it.each<[Record<string, unknown>, Record<string, string>]>([
    [
      { personalInfo: { homeAddress: 'a'.repeat(501) } },
      { 'personalInfo.homeAddress': 'Must be 500 characters or fewer' },
    ],
    [
      { taxYears: Array.from({ length: 11 }, () => ({ year: '2024/25' })) },
      { taxYears: 'Too big: expected array to have <=10 items' },
    ],
    [
      { taxYears: [{ year: '2024/25', businessMiles: -1 }] },
      { 'taxYears.0.businessMiles': MESSAGES.milesInvalid },
    ],
    [{ employerMileageRate: -5 }, { employerMileageRate: 'Please enter a valid mileage rate' }],
    [
      { journeys: [{ id: 'j', frequency: 'daily', tripType: 'return', distance: 5000 }] },
      { 'journeys.0.distance': 'Distance must be between 0 and 1,000 miles' },
    ],
    [
      { vehicleInfo: { type: 'tractor' } },
      { 'vehicleInfo.type': 'Invalid option: expected one of "car-van"|"motorbike"|"bicycle"|""' },
    ],
  ])('rejects %j', (snapshot, expected) => {
    expect(errorsOf(wizardSnapshotSchema, snapshot)).toEqual(expected);
  });

  it('is the snapshot of the PUT body', () => {
    const body = onboardingSaveSchema.parse({ revision: 0, step: 2, currentStep: 3, lastStepCompleted: 2 });
    expect(body.snapshot).toEqual(emptyWizardSnapshot());
    expect(
      onboardingSaveSchema.safeParse({ revision: -1, step: 2, currentStep: 3, lastStepCompleted: 2 }).success,
    ).toBe(false);
    expect(
      onboardingSaveSchema.safeParse({ revision: 0, step: 16, currentStep: 3, lastStepCompleted: 2 }).success,
    ).toBe(false);
    // The plan's later steps (12-15: the D27 explanations) are storage numbers too.
    expect(
      onboardingSaveSchema.safeParse({ revision: 0, step: 0, currentStep: 12, lastStepCompleted: 0 }).success,
    ).toBe(true);
    expect(
      onboardingSaveSchema.safeParse({ revision: 0, step: 0, currentStep: 1, lastStepCompleted: -2 }).success,
    ).toBe(false);
  });
});

describe('resumeRequestSchema', () => {
  it('uppercases the code and checks the phone', () => {
    expect(resumeRequestSchema.parse({ code: ' ab2c ', phone: '07700 900123' })).toEqual({
      code: 'AB2C',
      phone: '07700 900123',
    });
    expect(errorsOf(resumeRequestSchema, { code: 'AB0', phone: 'x' })).toEqual({
      code: 'Invalid resume code. Please check your SMS and try again.',
      phone: 'Please enter a valid UK phone number',
    });
  });
});

describe('fieldErrors', () => {
  it('keeps the first message per path and keys root issues as form', () => {
    const r = claimFormSchema.safeParse(null);
    expect(r.success).toBe(false);
    if (!r.success) expect(Object.keys(fieldErrors(r))).toEqual(['form']);
    const e = claimFormSchema.safeParse({ firstName: '', lastName: 'x', email: '', phone: '' });
    expect(e.success).toBe(false);
    if (!e.success) expect(fieldErrors(e.error).email).toBe('Email is required');
  });
});
