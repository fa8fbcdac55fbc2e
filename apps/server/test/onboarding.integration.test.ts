import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carVanRatePence, claimableTaxYears, nextStep, storageIndexOf, ukIsoDate } from '@taxback/domain';
import type { PlanAnswers, WizardStepId } from '@taxback/domain';
import { WIZARD_SNAPSHOT_VERSION, emptyWizardSnapshot } from '@taxback/domain/schemas';
import { createTestApp, newSessionId } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { employment, job, mileageSnapshot } from './snapshots.ts';

let t: TestApp;
// The figures below are worked at 45p (D21: cars and vans to 2025/26), so use the offered years at 45p.
const YEARS = claimableTaxYears()
  .filter((y) => carVanRatePence(y.year) === 45)
  .map((y) => y.year);
const Y0 = YEARS[0] as string;
const Y1 = YEARS[1] as string;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The default claim; a `personalInfo` override is laid over the default one (date of birth kept). */
function snapshot(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return mileageSnapshot(
    {
      years: YEARS.map((year, i) => ({ year, selected: i === 0, miles: i === 0 ? 12_000 : 0 })),
      ratePence: 10,
      personalInfo: {
        firstName: ' <Jane> ',
        email: 'Jane.Doe@Example.com',
        ...(overrides.personalInfo as Record<string, unknown> | undefined),
      },
    },
    {
      agreementChecks: { accuracy: false, authorization: false, terms: false },
      affiliateName: 'partner-one',
      utmData: { utm_source: 'google', utm_campaign: 'spring' },
      fullUrl: 'https://claim.example.test/onboarding?utm_source=google',
      ...Object.fromEntries(Object.entries(overrides).filter(([k]) => k !== 'personalInfo')),
    },
  );
}

function put(sessionId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/onboarding',
    headers: { 'x-session-id': sessionId, 'user-agent': 'vitest-agent/1.0', ...headers },
    payload: body,
  });
}

/** A whole-snapshot save completing `step`, moving on to the next step for these answers. */
function save(sessionId: string, step: WizardStepId, snap: Record<string, unknown>, revision: number) {
  return put(sessionId, {
    revision,
    currentStep: nextStep(step, snap as PlanAnswers),
    lastStepCompleted: step,
    snapshot: snap,
  });
}

function get(sessionId: string) {
  return t.app.inject({ method: 'GET', url: '/api/onboarding', headers: { 'x-session-id': sessionId } });
}

async function row(sessionId: string) {
  return t.app.db
    .selectFrom('onboarding_claims')
    .selectAll()
    .where('session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
}

async function outboxFor(phone: string) {
  return t.app.db
    .selectFrom('sms_outbox')
    .selectAll()
    .where('to_phone', '=', phone)
    .orderBy('created_at')
    .execute();
}

describe('session header', () => {
  it('refuses a missing or malformed session id', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/onboarding' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'Missing or invalid session' });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/onboarding',
      headers: { 'x-session-id': 'tx_123' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('step validation (SPEC §5 messages)', () => {
  const cases: {
    name: string;
    step: WizardStepId;
    snap: Record<string, unknown>;
    errors: Record<string, string>;
  }[] = [
    {
      name: 'step 0 with no option',
      step: 'eligibility',
      snap: snapshot({ eligibilityData: { drivesForWork: '', vehicleVRM: '' } }),
      errors: { 'eligibilityData.drivesForWork': 'Please select an option' },
    },
    {
      name: 'step 0 company vehicle without a registration',
      step: 'eligibility',
      snap: snapshot({ eligibilityData: { drivesForWork: 'company-vehicle', vehicleVRM: '  ' } }),
      errors: { 'eligibilityData.vehicleVRM': 'Vehicle registration is required' },
    },
    {
      name: 'step 1 with no employment type',
      step: 'employment',
      snap: snapshot({
        employmentDetails: { employmentType: '', employerName: '', businessName: '', utrNumber: '' },
      }),
      errors: { 'employmentDetails.employmentType': 'Please select your employment type' },
    },
    {
      name: 'step 2 empty',
      step: 'personal',
      snap: snapshot({
        personalInfo: { firstName: '<>', lastName: '', email: '', phone: '', homeAddress: ' ', postcode: '' },
      }),
      errors: {
        'personalInfo.firstName': 'First name is required',
        'personalInfo.lastName': 'Last name is required',
        'personalInfo.email': 'Email is required',
        'personalInfo.phone': 'Phone number is required',
        'personalInfo.homeAddress': 'Home address is required',
        // D28: the home postcode is required.
        'personalInfo.postcode': 'Please enter a postcode',
      },
    },
    {
      name: 'step 2 invalid email and phone',
      step: 'personal',
      snap: snapshot({
        personalInfo: {
          firstName: 'Jane',
          lastName: 'Doe',
          email: 'jane@',
          phone: '12345',
          homeAddress: '1 High Street',
          postcode: 'WN2',
          dateOfBirth: { day: '31', month: '2', year: '1990' },
        },
      }),
      errors: {
        'personalInfo.dateOfBirth': 'Date of birth must be a real date',
        'personalInfo.email': 'Please enter a valid email address',
        'personalInfo.phone': 'Please enter a valid UK phone number',
        'personalInfo.postcode': 'Please enter a valid UK postcode',
      },
    },
    {
      name: 'step 3 with no year selected',
      step: 'tax-years',
      snap: snapshot({
        taxYears: YEARS.map((year) => ({ year, selected: false, jobs: [job(0)] })),
      }),
      errors: { taxYears: 'Please select at least one tax year' },
    },
    {
      name: 'step 4 with no vehicle',
      step: 'vehicle',
      snap: snapshot({ vehicleInfo: { type: '' } }),
      errors: { 'vehicleInfo.type': 'Please select your vehicle type' },
    },
    // D17: the employments step checks every P87 answer of every job.
    {
      name: 'employments with a bad PAYE reference, no job title and a future end date',
      step: 'employments',
      snap: snapshot({
        employments: [
          employment('job-1', 'Acme Ltd', { payeReference: '12/AB' }),
          employment('job-2', 'Beta Ltd', {
            jobTitle: '',
            continuing: 'no',
            endDate: { day: '1', month: '1', year: '2099' },
          }),
        ],
      }),
      errors: {
        'employments.0.payeReference':
          'Enter the employer PAYE reference in the correct format, like 123/AB45678',
        'employments.1.jobTitle': 'Enter your job title',
        'employments.1.endDate': 'The date the job ended must be today or in the past',
      },
    },
    {
      name: 'six employments',
      step: 'employments',
      snap: snapshot({ employments: [1, 2, 3, 4, 5, 6].map((n) => employment(`job-${n}`, `Employer ${n}`)) }),
      errors: { employments: 'You can add up to 5 employments' },
    },
    {
      name: 'step 5 missing miles per year, and two jobs not said to be connected or not',
      step: 'mileage',
      snap: snapshot({
        employments: [employment('job-1'), employment('job-2', 'Beta Ltd')],
        taxYears: [
          { year: Y0, selected: true, jobs: [job(0), job(0, 0, 'job-2')] },
          { year: Y1, selected: true, jobs: [job(500), job(300, 0, 'job-2')] },
        ],
      }),
      errors: {
        [`miles_${Y0}_job-1`]: `Business miles required for ${Y0}`,
        [`connected_${Y1}`]: `Select whether your employers in ${Y1} are the same or associated employers`,
      },
    },
    {
      name: 'step 7 with no answer for what the employer paid',
      step: 'employer-rate',
      snap: snapshot({
        taxYears: [{ year: Y0, selected: true, jobs: [{ ...job(500), paidKind: '' }] }],
      }),
      errors: { [`paid_${Y0}_job-1`]: `Select what Acme Ltd paid for your business miles in ${Y0}` },
    },
  ];

  for (const c of cases) {
    it(`answers 400 for ${c.name}`, async () => {
      const sessionId = newSessionId();
      const res = await save(sessionId, c.step, c.snap, 0);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errors: c.errors });
      // Nothing was stored.
      expect((await get(sessionId)).statusCode).toBe(404);
    });
  }

  it('only validates the steps the claimant has completed', async () => {
    const sessionId = newSessionId();
    // Step 0 done; personal details still empty is fine.
    const res = await save(
      sessionId,
      'eligibility',
      snapshot({ personalInfo: {}, employmentDetails: {}, vehicleInfo: {}, taxYears: [] }),
      0,
    );
    expect(res.statusCode).toBe(200);
  });

  it('refuses a body without a revision', async () => {
    const res = await put(newSessionId(), {
      currentStep: 'employment',
      lastStepCompleted: 'eligibility',
      snapshot: snapshot(),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ errors: Record<string, string> }>().errors)).toContain('revision');
  });
});

describe('where a restored draft picks up (issue 16, migration 009)', () => {
  it('trusts a save made today, and checks the answers again once the UK day has changed', async () => {
    const sessionId = newSessionId();
    const step = 'mileage';
    expect((await save(sessionId, step, snapshot(), 0)).statusCode).toBe(200);
    const row = () =>
      t.app.db
        .selectFrom('onboarding_claims')
        .select(['checked_on', 'snapshot'])
        .where('session_id', '=', sessionId)
        .executeTakeFirstOrThrow();
    expect((await row()).checked_on).toBe(ukIsoDate(new Date()));
    const restored = async () =>
      (await get(sessionId)).json<{ currentStep: string; lastStepCompleted: string | null }>();
    expect(await restored()).toMatchObject({ currentStep: 'employer-rate', lastStepCompleted: step });

    // An answer that no longer holds (a tax year no longer offered), as after 6 April: while the
    // save's check is today's it stands; from another day the draft reopens at that question.
    const stored = JSON.parse((await row()).snapshot ?? '{}') as { taxYears: Array<{ year: string }> };
    stored.taxYears[0]!.year = '2015/16';
    await t.app.db
      .updateTable('onboarding_claims')
      .set({ snapshot: JSON.stringify(stored) })
      .where('session_id', '=', sessionId)
      .execute();
    expect(await restored()).toMatchObject({ currentStep: 'employer-rate' });
    await t.app.db
      .updateTable('onboarding_claims')
      .set({ checked_on: '2000-01-01' })
      .where('session_id', '=', sessionId)
      .execute();
    expect(await restored()).toMatchObject({ currentStep: 'tax-years', lastStepCompleted: 'employments' });
  });
});

describe('PUT /api/onboarding', () => {
  it('creates, then updates with the revision; a stale revision answers 409', async () => {
    const sessionId = newSessionId();
    const first = await save(sessionId, 'eligibility', snapshot({ personalInfo: {} }), 0);
    expect(first.statusCode).toBe(200);
    expect(first.json<{ revision: number }>().revision).toBe(1);

    const second = await save(sessionId, 'employment', snapshot({ personalInfo: {} }), 1);
    expect(second.statusCode).toBe(200);
    expect(second.json<{ revision: number }>().revision).toBe(2);

    const stale = await save(sessionId, 'personal', snapshot(), 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: 'This application was changed in another window.', revision: 2 });

    // A second "first write" for an existing row is stale too.
    const again = await save(sessionId, 'eligibility', snapshot(), 0);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ revision: number }>().revision).toBe(2);
  });

  it('lets exactly one of two concurrent first writes through', async () => {
    const sessionId = newSessionId();
    const results = await Promise.all([
      save(sessionId, 'eligibility', snapshot({ personalInfo: {} }), 0),
      save(sessionId, 'eligibility', snapshot({ personalInfo: {} }), 0),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.app.db
      .selectFrom('onboarding_claims')
      .select('id')
      .where('session_id', '=', sessionId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('stores the SPEC §3 columns, tracking fields from the request and server-computed totals', async () => {
    const sessionId = newSessionId();
    const forged = snapshot({ totals: { rebate20: 999_999 } });
    const res = await put(
      sessionId,
      {
        revision: 0,
        currentStep: 'evidence',
        lastStepCompleted: 'employer-rate',
        snapshot: forged,
        totals: { rebate20: 999_999 },
      },
      { 'user-agent': 'Mozilla/5.0 test' },
    );
    expect(res.statusCode).toBe(200);
    const totals = res.json<{ totals: Record<string, unknown> }>().totals;
    // Car, 12,000 miles in one year, employer pays 10p: 10,000 × 45p + 2,000 × 25p = £5,000.
    expect(totals).toMatchObject({
      totalMiles: 12_000,
      totalAllowance: 5000,
      totalEmployerPayment: 1200,
      totalClaimable: 3800,
      rebate20: 760,
      rebate40: 1520,
      selfAssessmentRequired: true,
    });
    expect(totals.years).toEqual([
      {
        year: Y0,
        miles: 12_000,
        allowance: 5000,
        employerPayment: 1200,
        claimable: 3800,
        taxableExcess: 0,
        selfAssessmentRequired: true,
      },
    ]);

    const r = await row(sessionId);
    expect(r).toMatchObject({
      drives_for_work: 'yes',
      company_vehicle_vrm: null,
      employment_type: 'employed',
      employer_name: 'Acme Ltd',
      first_name: 'Jane',
      last_name: 'Doe',
      full_name: 'Jane Doe',
      email: 'jane.doe@example.com',
      phone: '07700 900123',
      mobile_number: '+447700900123',
      home_address: '1 High Street, Wigan',
      postcode: 'WN2 1AR',
      affiliate_name: 'partner-one',
      full_url: 'https://claim.example.test/onboarding?utm_source=google',
      ip_address: '127.0.0.1',
      user_agent: 'Mozilla/5.0 test',
      // The plan's storage mapping (decision 031): the step ids kept as numbers.
      current_step: storageIndexOf('evidence'),
      last_step_completed: storageIndexOf('employer-rate'),
      vehicle_type: 'car-van',
      status: 'draft',
      self_assessment_required: 1,
    });
    expect(Number(r.total_hmrc_allowance)).toBe(5000);
    expect(Number(r.estimated_rebate_20_percent)).toBe(760);
    expect(Number(r.estimated_rebate_40_percent)).toBe(1520);
    expect(Number(r.employer_mileage_rate)).toBe(10);
    expect(JSON.parse(r.utm_data ?? 'null')).toEqual({ utm_source: 'google', utm_campaign: 'spring' });
    expect(JSON.parse(r.selected_tax_years ?? 'null')).toEqual(
      YEARS.map((year, i) => ({ year, selected: i === 0 })),
    );
    expect(JSON.parse(r.mileage_data ?? 'null')).toEqual({
      [Y0]: { miles: 12_000, companyName: 'Acme Ltd' },
    });
    expect(JSON.parse(r.journey_patterns ?? 'null')).toEqual([]);
    expect(r.last_activity_at).toBe(r.updated_at);
    expect(Date.parse(r.last_activity_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps the first tracking values and refreshes step and activity on every save', async () => {
    const sessionId = newSessionId();
    await save(sessionId, 'eligibility', snapshot({ personalInfo: {} }), 0);
    const before = await row(sessionId);
    await new Promise((r) => setTimeout(r, 5));
    const res = await put(
      sessionId,
      {
        revision: 1,
        currentStep: 'personal',
        lastStepCompleted: 'employment',
        snapshot: snapshot({
          personalInfo: {},
          affiliateName: 'someone-else',
          fullUrl: 'https://other.test/',
        }),
      },
      { 'user-agent': 'Other agent' },
    );
    expect(res.statusCode).toBe(200);
    const after = await row(sessionId);
    expect(after.affiliate_name).toBe('partner-one');
    expect(after.full_url).toBe(before.full_url);
    expect(after.user_agent).toBe('vitest-agent/1.0');
    expect(after.current_step).toBe(storageIndexOf('personal'));
    expect(after.last_step_completed).toBe(storageIndexOf('employment'));
    expect(after.updated_at > (before.updated_at ?? '')).toBe(true);
  });

  it('records tracking values a later save brings when the first save had none', async () => {
    const sessionId = newSessionId();
    await save(
      sessionId,
      'eligibility',
      snapshot({ personalInfo: {}, affiliateName: null, utmData: null, fullUrl: null }),
      0,
    );
    const before = await row(sessionId);
    expect([before.affiliate_name, before.utm_data, before.full_url]).toEqual([null, null, null]);
    await save(
      sessionId,
      'employment',
      snapshot({
        personalInfo: {},
        affiliateName: 'late-partner',
        utmData: { utm_source: 'late' },
        fullUrl: 'https://late.test/onboarding',
      }),
      1,
    );
    const after = await row(sessionId);
    expect(after.affiliate_name).toBe('late-partner');
    expect(JSON.parse(after.utm_data ?? 'null')).toEqual({ utm_source: 'late' });
    expect(after.full_url).toBe('https://late.test/onboarding');
    expect(after.revision).toBe(2);
  });

  it('writes a changed name, email or phone, and keeps them when a later save leaves them alone', async () => {
    const sessionId = newSessionId();
    expect((await save(sessionId, 'employer-rate', snapshot(), 0)).statusCode).toBe(200);
    const changed = snapshot({
      personalInfo: { lastName: 'Smith', email: 'jane.smith@example.com', phone: '07700 900456' },
    });
    expect((await save(sessionId, 'employer-rate', changed, 1)).statusCode).toBe(200);
    expect(await row(sessionId)).toMatchObject({
      full_name: 'Jane Smith',
      email: 'jane.smith@example.com',
      mobile_number: '+447700900456',
      revision: 2,
    });
    // Only the home address changes: the name, email and phone stay as they were.
    const moved = snapshot({
      personalInfo: {
        lastName: 'Smith',
        email: 'jane.smith@example.com',
        phone: '07700 900456',
        homeAddress: '2 Low Street, Wigan',
      },
    });
    expect((await save(sessionId, 'employer-rate', moved, 2)).statusCode).toBe(200);
    expect(await row(sessionId)).toMatchObject({
      full_name: 'Jane Smith',
      email: 'jane.smith@example.com',
      mobile_number: '+447700900456',
      home_address: '2 Low Street, Wigan',
      revision: 3,
    });
    // Back to the first name and number.
    expect((await save(sessionId, 'employer-rate', snapshot(), 3)).statusCode).toBe(200);
    expect(await row(sessionId)).toMatchObject({
      full_name: 'Jane Doe',
      email: 'jane.doe@example.com',
      mobile_number: '+447700900123',
      home_address: '1 High Street, Wigan',
      revision: 4,
    });
  });

  it('recomputes for a motorbike and a bicycle', async () => {
    const bike = newSessionId();
    const res = await save(
      bike,
      'employer-rate',
      mileageSnapshot({ years: [{ year: Y0, miles: 12_000 }], vehicle: 'motorbike' }),
      0,
    );
    expect(res.json<{ totals: { totalAllowance: number; rebate20: number } }>().totals).toMatchObject({
      totalAllowance: 2880, // 12,000 × 24p
      rebate20: 576,
    });
    const cycle = newSessionId();
    const res2 = await save(
      cycle,
      'employer-rate',
      mileageSnapshot({ years: [{ year: Y0, miles: 12_000 }], vehicle: 'bicycle', ratePence: 25 }),
      0,
    );
    // 12,000 × 20p = £2,400, employer pays more: nothing claimable.
    expect(res2.json<{ totals: { totalAllowance: number; totalClaimable: number } }>().totals).toMatchObject({
      totalAllowance: 2400,
      totalClaimable: 0,
    });
  });

  // D27: a company vehicle's claim is a fuel claim for an operator to assess: no approved-amount
  // estimate is stored while it is a draft either, and one stored before the answer changed goes.
  it('stores no estimate for a fuel claim draft', async () => {
    const sessionId = newSessionId();
    const own = await save(sessionId, 'employer-rate', snapshot(), 0);
    expect(own.statusCode).toBe(200);
    expect(await row(sessionId)).toMatchObject({
      total_hmrc_allowance: 5000,
      estimated_rebate_20_percent: 760,
    });
    const fuel = snapshot({ eligibilityData: { drivesForWork: 'company-vehicle', vehicleVRM: 'AB12CDE' } });
    const res = await save(sessionId, 'employer-rate', fuel, own.json<{ revision: number }>().revision);
    expect(res.statusCode).toBe(200);
    expect(await row(sessionId)).toMatchObject({
      drives_for_work: 'company-vehicle',
      company_vehicle_vrm: 'AB12CDE',
      total_hmrc_allowance: null,
      estimated_rebate_20_percent: null,
      estimated_rebate_40_percent: null,
    });
  });
});

describe('GET /api/onboarding', () => {
  it('restores the snapshot and step; another session sees 404', async () => {
    const sessionId = newSessionId();
    await save(sessionId, 'vehicle', snapshot(), 0);
    const res = await get(sessionId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      revision: 1,
      status: 'draft',
      currentStep: 'mileage',
      lastStepCompleted: 'vehicle',
      signatureUrl: null,
      submissionReference: null,
      submittedAt: null,
      hasNiNumber: false,
      evidenceFiles: {},
      mileageLogs: {},
    });
    const snap = body.snapshot as { personalInfo: Record<string, string>; taxYears: unknown[] };
    expect(snap.personalInfo).toMatchObject({
      firstName: 'Jane',
      email: 'jane.doe@example.com',
      postcode: 'WN2 1AR',
    });
    expect(snap.taxYears).toHaveLength(YEARS.length);
    expect(body.totals).toMatchObject({ totalAllowance: 5000, rebate20: 760 });
    expect(JSON.stringify(body)).not.toMatch(/niNumber|admin_ni/);

    const other = await get(newSessionId());
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: 'Not found' });
  });

  it('stores the snapshot schema version, and a row from before versions is re-read through the schema', async () => {
    const sessionId = newSessionId();
    await save(sessionId, 'vehicle', snapshot(), 0);
    const saved = await row(sessionId);
    expect(saved.snapshot_version).toBe(WIZARD_SNAPSHOT_VERSION);
    const current = (await get(sessionId)).json<{ snapshot: unknown }>().snapshot;
    expect(current).toEqual(JSON.parse(saved.snapshot ?? 'null'));

    // An older row: no version, and a snapshot missing sections and carrying unsanitised text.
    await t.app.db
      .updateTable('onboarding_claims')
      .set({
        snapshot_version: null,
        snapshot: JSON.stringify({ personalInfo: { firstName: ' <Jane> ', lastName: 'Doe' } }),
      })
      .where('session_id', '=', sessionId)
      .execute();
    const old = (await get(sessionId)).json<{ snapshot: Record<string, unknown> }>().snapshot;
    expect(old).toEqual({
      ...emptyWizardSnapshot(),
      personalInfo: { ...emptyWizardSnapshot().personalInfo, firstName: 'Jane', lastName: 'Doe' },
    });
  });
});

describe('resume code issued with personal details (D8)', () => {
  it('texts a code when step 2 is first saved, not before and not again for the same number', async () => {
    const phone = '+447700900201';
    const sessionId = newSessionId();
    const snap = snapshot({
      personalInfo: {
        firstName: 'Sam',
        lastName: 'Smith',
        email: 'sam@example.com',
        phone: '07700 900201',
        homeAddress: '2 Low Road',
        postcode: 'SK5 6AQ',
      },
    });
    await save(sessionId, 'employment', snap, 0);
    expect(await outboxFor(phone)).toHaveLength(0);

    expect((await save(sessionId, 'personal', snap, 1)).statusCode).toBe(200);
    const sent = await outboxFor(phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.template).toBe('resume-code');
    expect(sent[0]?.body).toMatch(
      /^Your TaxBack resume code is [A-HJKMNP-Z2-9]{4}\. Continue at .+\/resume\/[A-HJKMNP-Z2-9]{4}\. It expires in 7 days\.$/,
    );
    const code = /code is ([A-Z0-9]{4})/.exec(sent[0]?.body ?? '')?.[1] ?? '';

    // The code is stored only as a keyed hash.
    const codes = await t.app.db
      .selectFrom('resume_codes')
      .selectAll()
      .where('session_id', '=', sessionId)
      .execute();
    expect(codes).toHaveLength(1);
    expect(codes[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(codes)).not.toContain(code);
    expect(JSON.stringify(codes)).not.toContain('7700900201');
    const ttl = Date.parse(codes[0]?.expires_at ?? '') - Date.parse(codes[0]?.created_at ?? '');
    expect(ttl).toBe(7 * 24 * 60 * 60 * 1000);

    await save(sessionId, 'tax-years', snap, 2);
    expect(await outboxFor(phone)).toHaveLength(1);
  });

  it("'Save and finish later' sends a new code (202) and at most 3 per number per hour (429)", async () => {
    const phone = '+447700900202';
    const sessionId = newSessionId();
    const snap = snapshot({
      personalInfo: {
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'ann@example.com',
        phone: '07700900202',
        homeAddress: '3 Mill Lane',
        postcode: 'M1 1AE',
      },
    });
    await save(sessionId, 'personal', snap, 0); // code 1
    const later = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/onboarding/resume-code',
        headers: { 'x-session-id': sessionId },
      });
    const second = await later();
    expect(second.statusCode).toBe(202);
    expect(second.json()).toEqual({ sent: true });
    expect((await later()).statusCode).toBe(202);
    const fourth = await later();
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json<{ error: string }>().error).toMatch(/Too many codes/);
    expect(await outboxFor(phone)).toHaveLength(3);

    // Only the newest code is live.
    const nowIso = new Date().toISOString();
    const live = await t.app.db
      .selectFrom('resume_codes')
      .selectAll()
      .where('session_id', '=', sessionId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso)
      .execute();
    expect(live).toHaveLength(1);
  });

  it("'Save and finish later' without a claim is 404", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/resume-code',
      headers: { 'x-session-id': newSessionId() },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('PUT /api/onboarding/steps/:stepId (issue 33: only what the step changed)', () => {
  function putStep(sessionId: string, stepId: string, body: Record<string, unknown>) {
    return t.app.inject({
      method: 'PUT',
      url: `/api/onboarding/steps/${stepId}`,
      headers: { 'x-session-id': sessionId, 'user-agent': 'vitest-agent/1.0' },
      payload: body,
    });
  }
  type Restored = {
    revision: number;
    currentStep: string;
    lastStepCompleted: string | null;
    snapshot: {
      personalInfo: { firstName: string; email: string };
      taxYears: Array<Record<string, unknown>>;
    };
    totals: { totalMiles: number };
  };
  const restore = async (sessionId: string) => (await get(sessionId)).json<Restored>();
  const milesIn = (s: Restored) =>
    (s.snapshot.taxYears.find((y) => y.year === Y0)?.jobs as Array<{ businessMiles: number }>)[0]
      ?.businessMiles;

  it('merges the sent sections into the stored draft, moves the progress and recomputes the totals', async () => {
    const sessionId = newSessionId();
    const snap = snapshot();
    expect((await save(sessionId, 'vehicle', snap, 0)).statusCode).toBe(200);
    const taxYears = (snap.taxYears as Array<Record<string, unknown>>).map((y) =>
      y.year === Y0 ? { ...y, jobs: [job(9_000)] } : y,
    );
    const res = await putStep(sessionId, 'mileage', {
      revision: 1,
      currentStep: 'employer-rate',
      lastStepCompleted: 'mileage',
      sections: { taxYears },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ revision: 2, totals: { totalMiles: 9_000 } });
    const restored = await restore(sessionId);
    expect(restored).toMatchObject({
      revision: 2,
      currentStep: 'employer-rate',
      lastStepCompleted: 'mileage',
    });
    expect(milesIn(restored)).toBe(9_000);
    // The sections not sent are as stored (sanitised by the first save).
    expect(restored.snapshot.personalInfo).toMatchObject({
      firstName: 'Jane',
      email: 'jane.doe@example.com',
    });
    const row = await t.app.db
      .selectFrom('onboarding_claims')
      .select(['current_step', 'last_step_completed', 'mileage_data'])
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(row.current_step).toBe(storageIndexOf('employer-rate'));
    expect(row.last_step_completed).toBe(storageIndexOf('mileage'));
    expect(JSON.parse(row.mileage_data ?? 'null')).toMatchObject({ [Y0]: { miles: 9_000 } });
  });

  it('parses the sections with the snapshot rules and keys errors from the snapshot root', async () => {
    const sessionId = newSessionId();
    expect((await save(sessionId, 'vehicle', snapshot(), 0)).statusCode).toBe(200);
    const res = await putStep(sessionId, 'personal', {
      revision: 1,
      currentStep: 'employments',
      lastStepCompleted: 'vehicle',
      sections: { personalInfo: { ...(snapshot().personalInfo as object), email: 'jane@' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { 'personalInfo.email': 'Please enter a valid email address' } });
    expect((await restore(sessionId)).revision).toBe(1);
  });

  it('checks the step a save completes, even when it sends nothing', async () => {
    const sessionId = newSessionId();
    const snap = snapshot({ vehicleInfo: { type: '' } });
    expect((await save(sessionId, 'tax-years', snap, 0)).statusCode).toBe(200);
    const res = await putStep(sessionId, 'vehicle', {
      revision: 1,
      currentStep: 'mileage',
      lastStepCompleted: 'vehicle',
      sections: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { 'vehicleInfo.type': 'Please select your vehicle type' } });
  });

  it('checks again only the steps that read a changed section, and every step on another day', async () => {
    const sessionId = newSessionId();
    expect((await save(sessionId, 'employer-rate', snapshot(), 0)).statusCode).toBe(200);
    // A stored answer that no longer holds (a tax year no longer offered), as after 6 April.
    const row = await t.app.db
      .selectFrom('onboarding_claims')
      .select('snapshot')
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    const stored = JSON.parse(row.snapshot ?? '{}') as { taxYears: Array<{ year: string }> };
    stored.taxYears[0]!.year = '2015/16';
    await t.app.db
      .updateTable('onboarding_claims')
      .set({ snapshot: JSON.stringify(stored) })
      .where('session_id', '=', sessionId)
      .execute();
    const personal = (revision: number) =>
      putStep(sessionId, 'personal', {
        revision,
        currentStep: 'evidence',
        lastStepCompleted: 'employer-rate',
        sections: { personalInfo: { ...(snapshot().personalInfo as object), firstName: 'Janet' } },
      });
    // Checked today: a change to the personal details does not re-read the tax years.
    expect((await personal(1)).statusCode).toBe(200);
    // Checked on another day: every completed step is checked again, with today's rules.
    await t.app.db
      .updateTable('onboarding_claims')
      .set({ checked_on: '2000-01-01' })
      .where('session_id', '=', sessionId)
      .execute();
    const res = await personal(2);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ errors: Record<string, string> }>().errors)).toContain('taxYears');
    // A change to the tax years checks the steps that read them, today too.
    await t.app.db
      .updateTable('onboarding_claims')
      .set({ checked_on: ukIsoDate(new Date()) })
      .where('session_id', '=', sessionId)
      .execute();
    const years = await putStep(sessionId, 'tax-years', {
      revision: 2,
      currentStep: 'evidence',
      lastStepCompleted: 'employer-rate',
      sections: { taxYears: stored.taxYears },
    });
    expect(years.statusCode).toBe(400);
  });

  it('refuses a stale revision with the current one, a submitted claim, a missing draft and an unknown step', async () => {
    const sessionId = newSessionId();
    expect((await save(sessionId, 'vehicle', snapshot(), 0)).statusCode).toBe(200);
    const body = { revision: 0, currentStep: 'congratulations', lastStepCompleted: 'mileage', sections: {} };
    const stale = await putStep(sessionId, 'mileage', body);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ revision: 1 });

    await t.app.db
      .updateTable('onboarding_claims')
      .set({ status: 'submitted' })
      .where('session_id', '=', sessionId)
      .execute();
    const late = await putStep(sessionId, 'mileage', { ...body, revision: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ error: string }>().error).toBe('This claim has already been submitted.');

    // The first save of a draft is the whole snapshot.
    expect((await putStep(newSessionId(), 'mileage', body)).statusCode).toBe(404);
    const unknown = await putStep(sessionId, 'step-5', { ...body, revision: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ errors: Record<string, string> }>().errors).toHaveProperty('stepId');
  });
});
