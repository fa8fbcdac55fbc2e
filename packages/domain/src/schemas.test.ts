import { describe, expect, it } from 'vitest';
import { mileageSnapshot } from './test/example-snapshots.ts';
import { UNSAFE_TEXT_MESSAGE } from './sanitise.ts';
import { isWfhClaimableYear, wfhClaimable } from './expenses.ts';
import { claimableTaxYears } from './tax-years.ts';
import type { WizardStepId } from './wizard.ts';
import { amendmentSchema } from './casework.ts';
import { detailsSignSchema } from './general-details-schemas.ts';
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
  reviewStepSchema,
  signedByOf,
  validateSnapshotSteps,
  validateStep,
  WIZARD_SNAPSHOT_VERSION,
  wizardSnapshotSchema,
} from './schemas.ts';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const JUNE_2025 = new Date('2025-06-01T12:00:00Z');

/** A complete employment (D17). */
function job(id: string) {
  return {
    id,
    employerName: 'Acme Ltd',
    payeReference: '123/AB45678',
    noPayeReference: false,
    jobTitle: 'Engineer',
    continuing: 'yes' as const,
    endDate: { day: '', month: '', year: '' },
  };
}

/** One job's answers in a year. */
function jobYear(employmentId: string, businessMiles: unknown, paidKind = 'none') {
  return {
    employmentId,
    vehicle: 'car-van',
    businessMiles,
    paidKind,
    paidPencePerMile: 0,
    paidTotalPounds: 0,
  };
}

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

// D21, D28: working-from-home relief only for years up to 2025/26. Autumn Budget 2025 (HMRC's
// homeworking expenses policy paper): "From 6 April 2026, no deduction will be available for
// homeworking expenses which are not reimbursed by the employer"; earlier years stay claimable
// within the four-year limit (GOV.UK "Claim tax relief for your job expenses").
describe('working from home in the general claim (D28)', () => {
  it.each<[string, string[] | undefined, boolean]>([
    ['only 2026/27', ['2026/27'], false],
    ['2027/28 and 2026/27', ['2027/28', '2026/27'], false],
    ['2025/26', ['2025/26'], true],
    ['2026/27 and 2025/26', ['2026/27', '2025/26'], true],
    ['no years given (the claimable years on 23 November 2026 include 2025/26)', undefined, true],
  ])('years %s → accepted %s', (_name, taxYears, ok) => {
    const result = claimSubmissionSchema.safeParse({ ...validClaim, selectedExpenses: ['wfh'], taxYears });
    expect(result.success).toBe(ok);
    if (!ok) expect(fieldErrors(result as never)).toEqual({ selectedExpenses: MESSAGES.wfhNotClaimable });
    expect(wfhClaimable({ taxYears, today: new Date('2026-11-23T12:00:00Z') })).toBe(ok);
  });

  it('without years, by the day the claim is made: possible to 5 April 2030 (2025/26 is then the oldest claimable year), refused from 6 April 2030', () => {
    expect(wfhClaimable({ today: new Date('2030-04-05T12:00:00Z') })).toBe(true);
    expect(wfhClaimable({ today: new Date('2030-04-06T12:00:00Z') })).toBe(false);
  });

  it('other expenses are not limited to 2025/26', () => {
    expect(claimSubmissionSchema.safeParse({ ...validClaim, taxYears: ['2026/27'] }).success).toBe(true);
    expect(isWfhClaimableYear('2026/27')).toBe(false);
    expect(isWfhClaimableYear('2025/26')).toBe(true);
  });
});

describe('signing by a typed name (issue 32, decision 058): every form that signs', () => {
  const details = { niNumber: 'AB123456C', signature: PNG };
  const agreementChecks = { accuracy: true, authorization: true, terms: true };
  const wizard = { signature: PNG, agreementChecks };
  const amendment = {
    ...wizard,
    version: 3,
    requestId: 'request-1',
    itemId: 'item-1',
    years: [{ year: '2024/25', employmentId: 'job-1', miles: 6000 }],
  };
  const forms = [
    ['the claim form', claimSubmissionSchema, () => validClaim, MESSAGES.signatureRequired],
    ['the details journey', detailsSignSchema, () => details, MESSAGES.signatureRequired],
    ["the wizard's signing step", reviewStepSchema, () => wizard, MESSAGES.digitalSignatureRequired],
    ['an amendment', amendmentSchema, () => amendment, MESSAGES.digitalSignatureRequired],
  ] as const;
  it.each(forms)(
    '%s: a typed name needs two letters at least; absent method means drawn',
    (_, schema, base) => {
      const errorsWith = (extra: Record<string, unknown>) => {
        const r = schema.safeParse({ ...base(), ...extra });
        return r.success ? {} : fieldErrors(r);
      };
      expect(errorsWith({ signatureMethod: 'typed' })).toEqual({ typedName: MESSAGES.typedNameRequired });
      expect(errorsWith({ signatureMethod: 'typed', typedName: '   ' })).toEqual({
        typedName: MESSAGES.typedNameRequired,
      });
      expect(errorsWith({ signatureMethod: 'typed', typedName: 'J.' })).toEqual({
        typedName: MESSAGES.typedNameInvalid,
      });
      expect(errorsWith({ signatureMethod: 'scribbled' })).toEqual({
        signatureMethod: MESSAGES.signatureMethodInvalid,
      });
      const typed = schema.parse({ ...base(), signatureMethod: 'typed', typedName: ' Zoë Ó Briain ' });
      expect(signedByOf(typed)).toEqual({ method: 'typed', typedName: 'Zoë Ó Briain' });
      // A name sent with a drawing is not a typed signature.
      expect(signedByOf(schema.parse({ ...base(), typedName: 'Jane Doe' }))).toEqual({
        method: 'drawn',
        typedName: null,
      });
    },
  );

  // A blank typed name leaves no image either: the name's message is said at its field, not only
  // the drawing's (the wizard used to infer the method from the name and say "Digital signature
  // is required"); a drawing left empty keeps the drawing's message.
  it.each(forms)(
    '%s: the method chosen decides which message an empty signature has',
    (_, schema, base, drawn) => {
      const errorsWith = (extra: Record<string, unknown>) => {
        const r = schema.safeParse({ ...base(), signature: '', ...extra });
        return r.success ? {} : fieldErrors(r);
      };
      for (const typedName of [undefined, null, '', '   '])
        expect(errorsWith({ signatureMethod: 'typed', typedName })).toEqual({
          signature: drawn,
          typedName: MESSAGES.typedNameRequired,
        });
      expect(errorsWith({ signatureMethod: 'drawn' })).toEqual({ signature: drawn });
      expect(errorsWith({})).toEqual({ signature: drawn });
      // A body that is not an object is refused as such, and nothing else is checked.
      const notAnObject = schema.safeParse(null);
      expect(notAnObject.success).toBe(false);
      if (!notAnObject.success) expect(Object.keys(fieldErrors(notAnObject))).not.toContain('typedName');
    },
  );

  it("the wizard's signing step: with the boxes unticked too, every message at once", () => {
    const r = reviewStepSchema.safeParse({ signature: '', signatureMethod: 'typed', typedName: ' ' });
    expect(r.success).toBe(false);
    if (!r.success)
      expect(fieldErrors(r)).toEqual({
        signature: MESSAGES.digitalSignatureRequired,
        typedName: MESSAGES.typedNameRequired,
        'agreementChecks.accuracy': MESSAGES.accuracyRequired,
        'agreementChecks.authorization': MESSAGES.authorizationRequired,
        'agreementChecks.terms': MESSAGES.termsRequired,
      });
  });
});

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
  it.each<[WizardStepId, unknown, Record<string, string>]>([
    ['eligibility', {}, { 'eligibilityData.drivesForWork': 'Please select an option' }],
    [
      'eligibility',
      { eligibilityData: { drivesForWork: '' } },
      { 'eligibilityData.drivesForWork': 'Please select an option' },
    ],
    [
      'eligibility',
      { eligibilityData: { drivesForWork: 'company-vehicle', vehicleVRM: ' - ' } },
      { 'eligibilityData.vehicleVRM': 'Vehicle registration is required' },
    ],
    [
      'employment',
      { employmentDetails: { employmentType: '' } },
      { 'employmentDetails.employmentType': 'Please select your employment type' },
    ],
    [
      'personal',
      {},
      {
        'personalInfo.dateOfBirth': 'Enter your date of birth',
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
      'personal',
      {
        personalInfo: {
          firstName: 'A',
          lastName: 'B',
          email: 'nope',
          phone: '12345',
          homeAddress: 'x',
          postcode: 'WN2',
          dateOfBirth: { day: '31', month: '2', year: '1990' },
        },
      },
      {
        'personalInfo.dateOfBirth': 'Date of birth must be a real date',
        'personalInfo.email': 'Please enter a valid email address',
        'personalInfo.phone': 'Please enter a valid UK phone number',
        'personalInfo.postcode': 'Please enter a valid UK postcode',
      },
    ],
    ['tax-years', { taxYears: [] }, { taxYears: 'Please select at least one tax year' }],
    [
      'tax-years',
      { taxYears: [{ year: '2024/25', selected: false }] },
      { taxYears: 'Please select at least one tax year' },
    ],
    [
      'tax-years',
      { taxYears: [{ year: '2020/21', selected: true }] },
      { taxYears: 'You can only claim for the current tax year and the four before it' },
    ],
    // D21: on 1 June 2025 the current year 2025/26 is offered; the next one is not.
    [
      'tax-years',
      { taxYears: [{ year: '2026/27', selected: true }] },
      { taxYears: 'You can only claim for the current tax year and the four before it' },
    ],
    [
      'tax-years',
      { taxYears: [{ year: '24/25', selected: true }] },
      { 'taxYears.0.year': 'Enter a tax year like 2024/25' },
    ],
    ['vehicle', { vehicleInfo: {} }, { 'vehicleInfo.type': 'Please select your vehicle type' }],
    [
      'vehicle',
      { vehicleInfo: { type: 'tractor' } },
      { 'vehicleInfo.type': 'Please select your vehicle type' },
    ],
    // D17: 1 to 5 employments, each with employer, PAYE reference (or "I don't have it"), job title
    // and whether it continues or when it ended.
    ['employments', { employments: [] }, { employments: 'Add at least one employment' }],
    [
      'employments',
      {
        employments: [
          { id: 'job-1', employerName: '', payeReference: '', jobTitle: '', continuing: '' },
          {
            id: 'job-2',
            employerName: 'Acme',
            payeReference: '12/AB',
            jobTitle: 'Engineer',
            continuing: 'no',
            endDate: { day: '1', month: '', year: '2025' },
          },
          {
            id: 'job-3',
            employerName: 'Beta',
            noPayeReference: true,
            jobTitle: 'Driver',
            continuing: 'no',
            endDate: { day: '2', month: '6', year: '2025' },
          },
        ],
      },
      {
        'employments.0.employerName': "Enter the employer's name",
        'employments.0.payeReference': "Enter the employer PAYE reference, or tick that you don't have it",
        'employments.0.jobTitle': 'Enter your job title',
        'employments.0.continuing': 'Select whether you still work there',
        'employments.1.payeReference':
          'Enter the employer PAYE reference in the correct format, like 123/AB45678',
        'employments.1.endDate': 'The date the job ended must include a month',
        'employments.2.endDate': 'The date the job ended must be today or in the past',
      },
    ],
    [
      'employments',
      { employments: Array.from({ length: 6 }, (_, i) => ({ ...job(`job-${i + 1}`) })) },
      { employments: 'You can add up to 5 employments' },
    ],
    [
      'mileage',
      {
        taxYears: [
          { year: '2024/25', selected: true, jobs: [jobYear('job-1', 0)] },
          { year: '2023/24', selected: true, jobs: [jobYear('job-1', 250_000)] },
          { year: '2022/23', selected: true, jobs: [jobYear('job-1', 12.5)] },
          { year: '2021/22', selected: false, jobs: [jobYear('job-1', 0)] },
          // D18: two jobs with miles in a year ask whether the employers are connected.
          { year: '2020/21', selected: true, jobs: [jobYear('job-1', 10), jobYear('job-2', 20)] },
        ],
      },
      {
        'miles_2024/25_job-1': 'Business miles required for 2024/25',
        'miles_2023/24_job-1': 'Business miles for 2023/24 must be 200,000 or fewer',
        'miles_2022/23_job-1': 'Business miles for 2022/23 must be a whole number',
        'connected_2020/21': 'Select whether your employers in 2020/21 are the same or associated employers',
      },
    ],
    [
      'mileage',
      { taxYears: [{ year: '2024/25', selected: true, jobs: [jobYear('job-1', 'lots')] }] },
      { 'miles_2024/25_job-1': 'Business miles must be a whole number from 0 to 200,000' },
    ],
    [
      'employer-rate',
      {
        employments: [job('job-1'), { ...job('job-2'), employerName: '' }],
        taxYears: [
          {
            year: '2024/25',
            selected: true,
            jobs: [jobYear('job-1', 100, ''), jobYear('job-2', 100, 'ppm')],
          },
          {
            year: '2023/24',
            selected: true,
            jobs: [jobYear('job-1', 100, 'total'), jobYear('job-2', 0, '')],
          },
        ],
      },
      {
        'paid_2024/25_job-1': 'Select what Acme Ltd paid for your business miles in 2024/25',
        'paidAmount_2024/25_job-2': 'Enter the pence per mile employer 2 paid in 2024/25, from 1 to 200',
        'paidAmount_2023/24_job-1': 'Enter the total Acme Ltd paid for business miles in 2023/24, in pounds',
      },
    ],
    [
      'evidence',
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
      'review',
      {},
      {
        signature: 'Digital signature is required',
        'agreementChecks.accuracy': 'Please confirm accuracy of information',
        'agreementChecks.authorization': 'Please authorize us to act as your tax agent',
        'agreementChecks.terms': 'Please accept terms and conditions',
      },
    ],
    [
      'review',
      {
        signature: 'data:image/gif;base64,AAAA',
        agreementChecks: { accuracy: true, authorization: false, terms: true },
      },
      {
        signature: 'Digital signature is required',
        'agreementChecks.authorization': 'Please authorize us to act as your tax agent',
      },
    ],
    ['hmrc-details', {}, { niNumber: 'National Insurance number is required' }],
    ['hmrc-details', { niNumber: '  ' }, { niNumber: 'National Insurance number is required' }],
    [
      'hmrc-details',
      { niNumber: 'AB123456E' },
      { niNumber: 'Enter a National Insurance number in the correct format, like QQ 12 34 56 C' },
    ],
    // The example itself is never allocated (issue 32.7): its own message, not the one showing it.
    [
      'hmrc-details',
      { niNumber: 'QQ 12 34 56 C' },
      { niNumber: 'Enter your own National Insurance number: QQ 12 34 56 C is only an example' },
    ],
    ['no-such-step' as WizardStepId, {}, { step: 'Unknown step' }],
  ])('step %s with %j → %j', (step, data, expected) => {
    expect(validateStep(step, data, { today: JUNE_2025 })).toEqual({ ok: false, errors: expected });
  });

  it.each<[WizardStepId, unknown, unknown]>([
    [
      'eligibility',
      { eligibilityData: { drivesForWork: 'yes', vehicleVRM: 'ab12cde' } },
      { eligibilityData: { drivesForWork: 'yes', vehicleVRM: '' } },
    ],
    [
      'eligibility',
      { eligibilityData: { drivesForWork: 'company-vehicle', vehicleVRM: ' ab12 cde ' } },
      { eligibilityData: { drivesForWork: 'company-vehicle', vehicleVRM: 'AB12CDE' } },
    ],
    [
      'employment',
      { employmentDetails: { employmentType: 'cis' } },
      { employmentDetails: { employmentType: 'cis', businessName: '', utrNumber: '' } },
    ],
    [
      'personal',
      {
        personalInfo: {
          firstName: ' <Jane> ',
          lastName: 'Doe',
          email: 'JANE@EXAMPLE.COM',
          phone: '+44 7700 900123',
          homeAddress: ' 1 Main St, Wigan ',
          postcode: 'wn2 1ar',
          dateOfBirth: { day: '04', month: '3', year: '1990' },
        },
      },
      {
        personalInfo: {
          title: '',
          dateOfBirth: { day: '04', month: '3', year: '1990' },
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
      'tax-years',
      {
        taxYears: [
          { year: '2021/22', selected: true },
          { year: '2020/21', selected: false },
        ],
      },
      {
        taxYears: [
          { year: '2021/22', selected: true, jobs: [], employersConnected: '', incomeBand: '' },
          { year: '2020/21', selected: false, jobs: [], employersConnected: '', incomeBand: '' },
        ],
      },
    ],
    ['vehicle', { vehicleInfo: { type: 'bicycle' } }, { vehicleInfo: { type: 'bicycle' } }],
    [
      'mileage',
      { taxYears: [{ year: '2024/25', selected: true, jobs: [jobYear('job-1', '12345')] }] },
      {
        // The step reads the employments too (a job that ended before a year has no miles in it).
        employments: [],
        taxYears: [
          {
            year: '2024/25',
            selected: true,
            jobs: [jobYear('job-1', 12345)],
            employersConnected: '',
            incomeBand: '',
          },
        ],
      },
    ],
    ['congratulations', {}, {}],
    ['confirmation', {}, {}],
  ])('step %s accepts %j', (step, data, expected) => {
    expect(validateStep(step, data, { today: JUNE_2025 })).toEqual({ ok: true, value: expected });
  });

  it('refuses a control or bidi character in a step field beside that field (issue 17)', () => {
    const personalInfo = mileageSnapshot({ years: [] }).personalInfo;
    expect(validateStep('personal', { personalInfo }, { today: JUNE_2025 }).ok).toBe(true);
    expect(
      validateStep(
        'personal',
        { personalInfo: { ...personalInfo, firstName: 'Ja\u0000ne', homeAddress: '1 High St\u202E' } },
        { today: JUNE_2025 },
      ),
    ).toEqual({
      ok: false,
      errors: {
        'personalInfo.firstName': UNSAFE_TEXT_MESSAGE,
        'personalInfo.homeAddress': UNSAFE_TEXT_MESSAGE,
      },
    });
    // A line break in the address is text, not a control to refuse.
    expect(
      validateStep(
        'personal',
        { personalInfo: { ...personalInfo, homeAddress: '1 High St\nWigan' } },
        { today: JUNE_2025 },
      ).ok,
    ).toBe(true);
  });

  it('leaves the text rule to a caller that has applied it to the whole body (textChecked)', () => {
    const personalInfo = mileageSnapshot({ years: [] }).personalInfo;
    const data = { personalInfo: { ...personalInfo, firstName: 'Ja\u0000ne' } };
    expect(validateStep('personal', data, { today: JUNE_2025 }).ok).toBe(false);
    const checked = validateStep('personal', data, { today: JUNE_2025, textChecked: true });
    expect(checked.ok).toBe(true);
    // Every other rule still holds.
    expect(
      validateStep(
        'personal',
        { personalInfo: { ...personalInfo, firstName: '' } },
        { today: JUNE_2025, textChecked: true },
      ),
    ).toEqual({ ok: false, errors: { 'personalInfo.firstName': MESSAGES.firstNameRequired } });
  });

  it('step 8 is complete for every year once any journey exists', () => {
    const r = validateStep('evidence', {
      taxYears: [{ year: '2024/25', selected: true }],
      evidenceFiles: {},
      journeys: [{ id: 'j1' }],
    });
    expect(r.ok).toBe(true);
  });

  it('step 9 accepts a PNG signature with all three checks', () => {
    const r = validateStep('review', {
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
    expect(validateSnapshotSteps({}, 'employment')).toEqual({
      ok: false,
      errors: {
        'eligibilityData.drivesForWork': 'Please select an option',
        'employmentDetails.employmentType': 'Please select your employment type',
      },
    });
    expect(
      validateSnapshotSteps(
        { eligibilityData: { drivesForWork: 'yes' }, employmentDetails: { employmentType: 'employed' } },
        'employment',
      ),
    ).toEqual({ ok: true });
  });

  it('validateSnapshotSteps checks only the steps on the claimant route', () => {
    // A self-employed claimant stops after step 1 (D27): later steps are not theirs to answer.
    const selfEmployed = {
      eligibilityData: { drivesForWork: 'yes' },
      employmentDetails: { employmentType: 'self-employed' },
    };
    expect(validateSnapshotSteps(selfEmployed, 'hmrc-details')).toEqual({ ok: true });
    // An employee through the tax years must have answered every step before them.
    const employee = { ...selfEmployed, employmentDetails: { employmentType: 'employed' } };
    const result = validateSnapshotSteps(employee, 'tax-years');
    expect(result.ok).toBe(false);
    expect(Object.keys(result.ok ? {} : result.errors)).toEqual(
      expect.arrayContaining(['personalInfo.firstName', 'taxYears']),
    );
    // Nothing completed yet: nothing to check.
    expect(validateSnapshotSteps({}, null)).toEqual({ ok: true });
  });

  it('validateSnapshotSteps gives the same verdicts on parsed sections without parsing them again', () => {
    const years = claimableTaxYears(new Date()).map((y) => y.year);
    const base = mileageSnapshot({
      years: years.slice(0, 2).map((year, i) => ({ year, miles: 1_000 * (i + 1) })),
      ratePence: 10,
    });
    const job = (s: Record<string, unknown>) =>
      (s.taxYears as Array<{ jobs: Array<Record<string, unknown>> }>)[0]!.jobs[0]!;
    const cases: Array<[string, (s: Record<string, unknown>) => void]> = [
      ['complete', () => {}],
      ['no miles in a selected year', (s) => void (job(s).businessMiles = 0)],
      [
        'miles after the job ended',
        (s) => {
          (s.employments as Array<Record<string, unknown>>)[0]!.continuing = 'no';
          (s.employments as Array<Record<string, unknown>>)[0]!.endDate = {
            day: '1',
            month: '1',
            year: '2000',
          };
        },
      ],
      ['no answer for what the employer paid', (s) => void (job(s).paidKind = '')],
      ['a pence-per-mile rate of nothing', (s) => void (job(s).paidPencePerMile = 0)],
      // The tax-years step (D21): none selected, a year twice, a year no longer claimable.
      [
        'no year selected',
        (s) => {
          for (const t of s.taxYears as Array<Record<string, unknown>>) t.selected = false;
        },
      ],
      ['a year twice', (s) => void (s.taxYears as unknown[]).push((s.taxYears as unknown[])[0])],
      [
        'a year no longer claimable',
        (s) => void ((s.taxYears as Array<Record<string, unknown>>)[0]!.year = '2010/11'),
      ],
    ];
    const today = new Date();
    for (const [name, change] of cases) {
      const raw = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
      change(raw);
      const parsed = wizardSnapshotSchema.parse(raw);
      const steps: WizardStepId[] = ['tax-years', 'mileage', 'employer-rate'];
      expect(
        validateSnapshotSteps(parsed, 'employer-rate', { only: steps, parsed: true, today }),
        name,
      ).toEqual(validateSnapshotSteps(parsed, 'employer-rate', { only: steps, today }));
    }
    const none = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
    for (const t of none.taxYears as Array<Record<string, unknown>>) t.selected = false;
    expect(
      validateSnapshotSteps(wizardSnapshotSchema.parse(none), 'tax-years', {
        only: ['tax-years'],
        parsed: true,
        today,
      }),
    ).toEqual({ ok: false, errors: { taxYears: MESSAGES.taxYearsRequired } });
    const noMiles = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
    job(noMiles).businessMiles = 0;
    expect(
      validateSnapshotSteps(wizardSnapshotSchema.parse(noMiles), 'mileage', {
        only: ['mileage'],
        parsed: true,
      }).ok,
    ).toBe(false);
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
  // Issue 13 (D17, D18): a version-1 draft (one employer, one vehicle, one rate) becomes version 2:
  // employments, and per year each job's vehicle, miles and what the employer paid.
  it('upgrades a version-1 draft to employments without losing an answer', () => {
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
    expect(WIZARD_SNAPSHOT_VERSION).toBe(2);
    const after = wizardSnapshotSchema.parse({
      ...before,
      // A second company name in one year becomes a second employment; an employer rate applies to both.
      taxYears: [
        ...before.taxYears.slice(0, 3),
        { year: '2022/23', selected: true, businessMiles: 500, companyName: 'Beta' },
      ],
      employerMileageRate: 20,
    });
    expect(after.employmentDetails).toEqual({ employmentType: 'employed', businessName: '', utrNumber: '' });
    expect(after.employments.map((e) => [e.id, e.employerName, e.payeReference, e.jobTitle])).toEqual([
      ['job-1', 'Acme', '', ''],
      ['job-2', 'Beta', '', ''],
    ]);
    const paid = { paidKind: 'ppm', paidPencePerMile: 20, paidTotalPounds: 0 };
    const none = {
      vehicle: 'car-van',
      businessMiles: 0,
      paidKind: '',
      paidPencePerMile: 0,
      paidTotalPounds: 0,
    };
    expect(after.taxYears[0]).toEqual({
      year: '2025/26',
      selected: true,
      employersConnected: '',
      incomeBand: '',
      jobs: [
        { employmentId: 'job-1', vehicle: 'car-van', businessMiles: 1000, ...paid },
        { employmentId: 'job-2', ...none },
      ],
    });
    expect(after.taxYears[3]!.jobs).toEqual([
      { employmentId: 'job-1', ...none },
      { employmentId: 'job-2', vehicle: 'car-van', businessMiles: 500, ...paid },
    ]);
    // With no rate (SPEC §5: empty meant 0) a year with miles reads "paid nothing".
    expect(wizardSnapshotSchema.parse(before).taxYears[0]!.jobs[0]).toMatchObject({ paidKind: 'none' });
    // The journeys and every other section are kept as they were.
    expect(after.journeys).toEqual(before.journeys);
    expect(after.personalInfo).toMatchObject(before.personalInfo);
    // An upgraded snapshot parses to itself.
    expect(wizardSnapshotSchema.parse(after)).toEqual(after);
  });

  it('fills every section with defaults', () => {
    expect(emptyWizardSnapshot()).toEqual({
      eligibilityData: { drivesForWork: '', vehicleVRM: '' },
      employmentDetails: { employmentType: '', businessName: '', utrNumber: '' },
      personalInfo: {
        title: '',
        firstName: '',
        lastName: '',
        dateOfBirth: { day: '', month: '', year: '' },
        email: '',
        phone: '',
        homeAddress: '',
        postcode: '',
      },
      vehicleInfo: { type: '' },
      scottishTaxpayer: '',
      employments: [
        {
          id: 'job-1',
          employerName: '',
          payeReference: '',
          noPayeReference: false,
          jobTitle: '',
          continuing: '',
          endDate: { day: '', month: '', year: '' },
        },
      ],
      taxYears: [],
      journeys: [],
      leave: [],
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
      { taxYears: [{ year: '2024/25', jobs: [{ employmentId: 'job-1', businessMiles: -1 }] }] },
      { 'taxYears.0.jobs.0.businessMiles': MESSAGES.milesInvalid },
    ],
    [
      { taxYears: [{ year: '2024/25', jobs: [{ employmentId: 'job-1', paidPencePerMile: 500 }] }] },
      { 'taxYears.0.jobs.0.paidPencePerMile': 'Mileage rate must be 200p per mile or less' },
    ],
    [{ employments: [{ id: 'Job 1!' }] }, { 'employments.0.id': 'Unknown employment' }],
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
    const body = onboardingSaveSchema.parse({
      revision: 0,
      currentStep: 'tax-years',
      lastStepCompleted: 'personal',
    });
    expect(body.snapshot).toEqual(emptyWizardSnapshot());
    const save = (progress: Record<string, unknown>) =>
      onboardingSaveSchema.safeParse({ revision: 0, snapshot: {}, ...progress });
    expect(save({ revision: -1, currentStep: 'tax-years', lastStepCompleted: 'personal' }).success).toBe(
      false,
    );
    // Every plan step is named by its id, the D27 explanations as well; nothing before the first.
    expect(save({ currentStep: 'not-driving', lastStepCompleted: 'eligibility' }).success).toBe(true);
    expect(save({ currentStep: 'eligibility', lastStepCompleted: null }).success).toBe(true);
    // Storage numbers are not step names on the wire.
    expect(save({ currentStep: 3, lastStepCompleted: 'personal' }).success).toBe(false);
    expect(save({ currentStep: 'tax-years', lastStepCompleted: -1 }).success).toBe(false);
    expect(save({ currentStep: 'step-3', lastStepCompleted: null })).toMatchObject({ success: false });
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
