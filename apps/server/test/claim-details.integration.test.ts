import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSessionId } from '@taxback/domain';
import type { ClaimDetail } from '@taxback/domain/api/admin-responses';
import type { WizardSnapshot } from '@taxback/domain/schemas';
import { REQUEST_MESSAGES } from '@taxback/domain/api-messages';
import { DETAILS_MESSAGES } from '@taxback/domain/general-details-schemas';
import {
  asOperator,
  insertOperator,
  signIn,
  storedGeneralReference,
  submitMileageClaim,
  testClock,
  type AdminSession,
} from './admin-helpers.ts';
import { PNG_DATA_URL, createTestApp, newSessionId, type TestApp } from './helpers.ts';
import {
  NURSE_YEARS,
  nurseDetails,
  saveDetails,
  signNurseDetails,
  startFunnelClaim,
} from './case-helpers.ts';
import { START_FROM_CLAIM_MESSAGES } from '../src/modules/onboarding/start-from-claim.ts';
import { personKeyOf } from '../src/crypto/hash.ts';
import { expectInOrder, pdfText } from './pdf-text.ts';

// D30 (issue 30): a funnel claim finished online. 26 November 2026: the claimable years are
// 2022/23 to 2026/27 (D21). A nurse's uniform flat rate is £125 a year (EIM32712, GOV.UK
// "uniforms, work clothing and tools"), the NMC fee £120 a year.
const clock = testClock('2026-11-26T12:00:00.000Z');
let t: TestApp;
let admin: AdminSession;

beforeAll(async () => {
  t = await createTestApp({ overrides: { now: clock.now } });
  admin = await signIn(t, clock, await insertOperator(t));
});
afterAll(async () => {
  await t.close();
});

const YEARS = NURSE_YEARS;
const details = nurseDetails;
const funnelClaim = (signedBy: Record<string, unknown> = {}) => startFunnelClaim(t, signedBy);
const save = (sessionId: string, body: unknown) => saveDetails(t, sessionId, body);
const signDetails = (sessionId: string) => signNurseDetails(t, sessionId);

const storedDetails = async (id: string) =>
  (
    await t.app.db
      .selectFrom('form_responses')
      .select('details')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).details;

/** The "claim received" text and email of claim `id`, as the offline providers stored them. */
async function receivedMessages(id: string) {
  await t.app.jobs.drain();
  const texts = await t.app.db
    .selectFrom('sms_outbox')
    .select('body')
    .where('claim_id', '=', id)
    .where('template', '=', 'claim-received')
    .execute();
  const emails = await t.app.db
    .selectFrom('email_outbox')
    .select(['subject', 'body_text', 'body_html'])
    .where('claim_id', '=', id)
    .where('template', '=', 'claim-received')
    .execute();
  return { texts: texts.map((r) => r.body), emails };
}

describe('the texts and emails of a funnel claim (D30)', () => {
  it('tell the claimant HMRC needs more details and link to the status page that opens the details journey', async () => {
    const { id } = await funnelClaim();
    const reference = await storedGeneralReference(t, id);
    const link = `${t.config.publicUrl}/status?reference=${encodeURIComponent(reference)}`;
    const { texts, emails } = await receivedMessages(id);
    expect(texts).toEqual([
      `${t.config.company.name}: we have your claim ${reference}. HMRC needs more details before we can send it. Add them at ${link} (we text you a code to sign in).`,
    ]);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe(`We have your claim ${reference}: add the details HMRC needs`);
    expect(emails[0]!.body_text).toContain('HMRC needs more details before we can send your claim');
    expect(emails[0]!.body_text).toContain(`Add them at ${link}.`);
    expect(emails[0]!.body_html).toContain(`Add them at ${link}.`);
    expect(emails[0]!.body_text).toContain('choose "Add the details HMRC needs"');
  });

  it('a claim whose details are signed before the message goes says only that it arrived', async () => {
    const { sessionId, id } = await funnelClaim();
    await signDetails(sessionId);
    const { texts, emails } = await receivedMessages(id);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('We will text and email you as it moves on.');
    expect(texts[0]).not.toContain('more details');
    expect(emails.map((e) => e.subject)).toEqual([
      `We have your claim ${await storedGeneralReference(t, id)}`,
    ]);
  });
});

describe('the details journey of a funnel claim (D30)', () => {
  // Issue 44: no body, `null`, a list, a bare value or another content type is refused whole,
  // and the claim is not touched (its activity times stay as they were).
  it('refuses a missing, null or wrongly typed body with 400 and touches nothing', async () => {
    const { sessionId, id } = await funnelClaim();
    const times = () =>
      t.app.db
        .selectFrom('form_responses')
        .select(['details', 'updated_at', 'last_action_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const before = await times();
    const put = (payload: string | undefined, contentType?: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/claims/mine/details',
        headers: { 'x-session-id': sessionId, ...(contentType ? { 'content-type': contentType } : {}) },
        ...(payload === undefined ? {} : { payload }),
      });
    const multipartBody = '--b\r\nContent-Disposition: form-data; name="details"\r\n\r\n{}\r\n--b--\r\n';
    for (const [payload, contentType] of [
      [undefined, undefined],
      ['null', 'application/json'],
      ['[]', 'application/json'],
      ['"details"', 'application/json'],
      ['42', 'application/json'],
      ['true', 'application/json'],
      [multipartBody, 'multipart/form-data; boundary=b'],
    ] as const) {
      const res = await put(payload, contentType);
      expect(res.statusCode, String(payload)).toBe(400);
      expect(res.json().errors).toEqual({ form: REQUEST_MESSAGES.bodyRequired });
    }
    expect(await times()).toEqual(before);
  });

  // Issue 44: the claimant's dates too (GOV.UK date input parts, dates.ts): impossible, of the
  // wrong type, and out of bounds, each refused at its field with nothing stored. 26 November 2026.
  it.each([
    ['dateOfBirth', { day: '31', month: '2', year: '1990' }, 'Date of birth must be a real date'],
    ['dateOfBirth', { day: 5, month: 3, year: 1990 }, 'Enter your date of birth'],
    ['dateOfBirth', 'x', 'Enter your date of birth'],
    ['dateOfBirth', null, 'Enter your date of birth'],
    [
      'dateOfBirth',
      { day: '27', month: '11', year: '2010' },
      'You must be 16 or over: your date of birth must be on or before 26 November 2010',
    ],
    [
      'dateOfBirth',
      { day: '1', month: '1', year: '1900' },
      'Date of birth must be on or after 26 November 1926',
    ],
    ['endDate', { day: '31', month: '2', year: '2025' }, 'The date the job ended must be a real date'],
    [
      'endDate',
      { day: '27', month: '11', year: '2026' },
      'The date the job ended must be today or in the past',
    ],
  ] as const)('refuses a %s of %j at its field, storing nothing', async (field, value, message) => {
    const { sessionId, id } = await funnelClaim();
    const body =
      field === 'dateOfBirth'
        ? details({ personalInfo: { ...details().personalInfo, dateOfBirth: value } })
        : details({ employments: [{ ...details().employments[0], continuing: 'no', endDate: value }] });
    const res = await save(sessionId, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: { [field === 'dateOfBirth' ? 'personalInfo.dateOfBirth' : 'employments.0.endDate']: message },
    });
    expect(await storedDetails(id)).toBeNull();
  });

  it('refuses bad input at the field and stores nothing', async () => {
    const { sessionId, id } = await funnelClaim();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { clothing: { kind: 'flat-rate', industry: 'astronauts', job: 'all' } },
        'expenses.clothing.industry',
        DETAILS_MESSAGES.industry,
      ],
      [
        { clothing: { kind: 'flat-rate', industry: 'healthcare', job: 'surgeon' } },
        'expenses.clothing.job',
        DETAILS_MESSAGES.job,
      ],
      [{ hotel: { years: { '2024/25': -100 } } }, 'expenses.hotel.years.2024/25', DETAILS_MESSAGES.amount],
      [
        { hotel: { years: { '2024/25': 10_000_001 } } },
        'expenses.hotel.years.2024/25',
        DETAILS_MESSAGES.amount,
      ],
      [
        { hotel: { years: { '2022/23': 100 } } },
        'expenses.hotel.years.2022/23',
        DETAILS_MESSAGES.yearNotClaimed('2022/23'),
      ],
    ];
    for (const [expenses, field, message] of cases) {
      const res = await save(sessionId, details({ expenses }));
      expect(res.statusCode, field).toBe(400);
      expect(res.json<{ errors: Record<string, string> }>().errors[field]).toBe(message);
    }
    const wfh = details({
      taxYears: [{ year: '2026/27', selected: true }],
      expenses: { wfh: { required: true, years: { '2026/27': { kind: 'weeks', weeks: 10 } } } },
    });
    const res = await save(sessionId, wfh);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string> }>().errors['expenses.wfh.years.2026/27']).toBe(
      DETAILS_MESSAGES.wfhYear('2026/27'),
    );
    expect(await storedDetails(id)).toBeNull();
  });

  it('saves, signs the authority with the amounts, and is ready for HMRC with a worksheet per year', async () => {
    const { sessionId, id } = await funnelClaim();
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/admin/claims/${id}`,
      headers: asOperator(admin),
    });
    expect(before.json<{ readiness: unknown[] }>().readiness.length).toBeGreaterThan(0);

    expect((await save(sessionId, details())).statusCode).toBe(200);
    // A change from check your answers saves only up to the screen changed: the rest is kept.
    const { personalInfo, employments } = details();
    expect((await save(sessionId, { personalInfo, employments })).statusCode).toBe(200);
    expect(JSON.parse(String(await storedDetails(id))).details.expenses.fees.body).toBe(
      'Nursing and Midwifery Council',
    );
    const got = await t.app.inject({
      method: 'GET',
      url: '/api/claims/mine/details',
      headers: { 'x-session-id': sessionId },
    });
    expect(got.json()).toMatchObject({
      firstName: 'Nia',
      selectedExpenses: ['uniform', 'fees'],
      hasNiNumber: false,
    });

    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/claims/mine/details/sign',
      headers: { 'x-session-id': sessionId },
      payload: { niNumber: 'AB 12 34 56 C', signature: PNG_DATA_URL },
    });
    expect(signed.statusCode).toBe(200);
    const authority = await t.app.inject({
      method: 'GET',
      url: signed.json<{ authorityUrl: string }>().authorityUrl,
      headers: { 'x-session-id': sessionId },
    });
    const authorityText = pdfText(authority.rawPayload);
    expect(authorityText).toContain('Uniforms, work clothing and tools');
    expect(authorityText).toContain('Uniforms, work clothing and tools: £125');

    // Signed: no more changes here.
    expect((await save(sessionId, details())).statusCode).toBe(409);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/claims/${id}`,
      headers: asOperator(admin),
    });
    expect(detail.json()).toMatchObject({ readiness: [], signedMatch: true });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/claims?q=nurse',
      headers: asOperator(admin),
    });
    expect(list.json<{ claims: { id: string; readinessMissing: number }[] }>().claims).toContainEqual(
      expect.objectContaining({ id, readinessMissing: 0 }),
    );
    for (const [to, version] of [
      ['in-review', 0],
      ['ready-for-hmrc', 1],
    ] as const) {
      const moved = await t.app.inject({
        method: 'POST',
        url: `/api/admin/claims/${id}/status`,
        headers: asOperator(admin),
        payload: { to, reason: '', version },
      });
      expect(moved.statusCode, to).toBe(200);
    }

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/admin/claims/${id}/p87.pdf`,
      headers: asOperator(admin),
    });
    const text = pdfText(pdf.rawPayload);
    const order = [
      'AB 12 34 56 C',
      '4 March 1990',
      'LS1 1AA',
      'Leeds Teaching Hospitals NHS Trust',
      '123/AB45678',
      ...YEARS.flatMap((y) => [
        `Tax year ${y}: expenses`,
        'Uniforms, work clothing and tools',
        '£125.00',
        'Professional fees and subscriptions',
        '£120.00',
        'Total expenses for the year',
        '£245.00',
      ]),
    ];
    expectInOrder(text, order);
    expect(text).not.toContain('MISSING');
  });
});

describe('signing the details by typing a name (issue 32)', () => {
  const sign = (sessionId: string, extra: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/claims/mine/details/sign',
      headers: { 'x-session-id': sessionId },
      payload: { niNumber: 'AB 12 34 56 C', signature: PNG_DATA_URL, ...extra },
    });
  const stored = (id: string) =>
    t.app.db
      .selectFrom('form_responses')
      .select([
        'signature_method',
        'signature_typed_name',
        'details_signature_method',
        'details_typed_name',
        'details_signed_at',
        'details_ni_number',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it.each([
    ['missing', undefined, 'Enter your full name to sign'],
    ['blank', ' ', 'Enter your full name to sign'],
  ])(
    'refuses a typed signature with the name %s at the field, and stores nothing',
    async (_, name, message) => {
      const { sessionId, id } = await funnelClaim();
      expect((await save(sessionId, details())).statusCode).toBe(200);
      const before = await stored(id);
      const res = await sign(sessionId, { signatureMethod: 'typed', typedName: name });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errors: { typedName: message } });
      expect(await stored(id)).toEqual(before);
      expect(before).toMatchObject({ details_signed_at: null, details_ni_number: null });
      // Only the funnel's own signature and authority are stored.
      const files = await t.app.db
        .selectFrom('stored_files')
        .select('kind')
        .where('session_id', '=', sessionId)
        .execute();
      expect(files.map((f) => f.kind).sort()).toEqual(['authority', 'signature']);
    },
  );

  it('stores the method and the name as typed, and the signed authority says so', async () => {
    const { sessionId, id } = await funnelClaim();
    expect(await stored(id)).toMatchObject({
      signature_method: 'drawn',
      signature_typed_name: null,
      details_signature_method: null,
      details_typed_name: null,
    });
    expect((await save(sessionId, details())).statusCode).toBe(200);
    const res = await sign(sessionId, { signatureMethod: 'typed', typedName: 'Nia Nurse' });
    expect(res.statusCode).toBe(200);
    // Decision 058: the details' signature beside the claim form's, which keeps its own (drawn).
    expect(await stored(id)).toMatchObject({
      signature_method: 'drawn',
      signature_typed_name: null,
      details_signature_method: 'typed',
      details_typed_name: 'Nia Nurse',
    });
    const authority = await t.app.inject({
      method: 'GET',
      url: res.json<{ authorityUrl: string }>().authorityUrl,
      headers: { 'x-session-id': sessionId },
    });
    const text = pdfText(authority.rawPayload);
    expect(text).toContain('Uniforms, work clothing and tools: £125');
    expect(text).toContain('Signature (typed name)');
    expect(text).toContain('Signed by typing their name instead of drawing: Nia Nurse');
  });
  it('a claim form signed by typing and details signed by drawing each keep their own method (decision 058)', async () => {
    const { sessionId, id } = await funnelClaim({ signatureMethod: 'typed', typedName: 'Nia Nurse' });
    expect((await save(sessionId, details())).statusCode).toBe(200);
    const res = await sign(sessionId, { signatureMethod: 'drawn', typedName: 'Not Stored' });
    expect(res.statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({
      signature_method: 'typed',
      signature_typed_name: 'Nia Nurse',
      details_signature_method: 'drawn',
      details_typed_name: null,
    });
    // Each authority says how it was signed: the claim form's typed, the details' drawn.
    const urls = (
      await t.app.db
        .selectFrom('stored_files')
        .select('id')
        .where('session_id', '=', sessionId)
        .where('kind', '=', 'authority')
        .execute()
    ).map((f) => `/api/files/${f.id}`);
    const detailsUrl = res.json<{ authorityUrl: string }>().authorityUrl;
    expect(urls).toHaveLength(2);
    expect(urls).toContain(detailsUrl);
    const textOf = async (url: string) =>
      pdfText(
        (await t.app.inject({ method: 'GET', url, headers: { 'x-session-id': sessionId } })).rawPayload,
      );
    const typedLine = 'Signed by typing their name instead of drawing: Nia Nurse';
    expect(await textOf(urls.find((u) => u !== detailsUrl)!)).toContain(typedLine);
    expect(await textOf(detailsUrl)).not.toContain('typed name');
  });
});

// Issue 42 (D38): the mileage claim a funnel claimant starts after signing joins their case.
describe('the case’s mileage claim, started from the signed details (issue 42)', () => {
  const funnelClaimWith = (selectedExpenses: string[]) => funnelClaim({ selectedExpenses });
  const start = (sessionId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/onboarding/from-claim',
      headers: { 'x-session-id': sessionId },
    });
  const mileageClaims = (caseId: string) =>
    t.app.db
      .selectFrom('onboarding_claims')
      .select(['session_id', 'case_id', 'status', 'snapshot', 'snapshot_version', 'affiliate_name'])
      .where('case_id', '=', caseId)
      .execute();

  it('is refused before the details are signed, without travel, and for an unknown session; it stores nothing', async () => {
    const { sessionId: unsigned, id } = await funnelClaimWith(['uniform', 'travel']);
    expect((await save(unsigned, details())).statusCode).toBe(200);
    const early = await start(unsigned);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: START_FROM_CLAIM_MESSAGES.notSigned });

    const { sessionId: noTravel, id: noTravelId } = await funnelClaimWith(['uniform', 'fees']);
    await signDetails(noTravel);
    const refused = await start(noTravel);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: START_FROM_CLAIM_MESSAGES.noTravel });

    expect((await start(newSessionId())).statusCode).toBe(404);
    expect((await start('not-a-session')).statusCode).toBe(400);
    expect(await mileageClaims(id)).toEqual([]);
    expect(await mileageClaims(noTravelId)).toEqual([]);
  });

  it('makes one draft in the claim’s case, filled in from the details, however often it is asked', async () => {
    const { sessionId, id } = await funnelClaimWith(['uniform', 'fees', 'travel']);
    await signDetails(sessionId);

    const first = await start(sessionId);
    expect(first.statusCode, first.body).toBe(201);
    const wizardSession = first.json<{ sessionId: string }>().sessionId;
    expect(wizardSession).not.toBe(sessionId);
    expect(isSessionId(wizardSession)).toBe(true);

    // Asked again, and ten times at once: the same claim.
    const again = await Promise.all(Array.from({ length: 10 }, () => start(sessionId)));
    expect(again.map((r) => [r.statusCode, r.json<{ sessionId: string }>().sessionId])).toEqual(
      Array.from({ length: 10 }, () => [200, wizardSession]),
    );
    const rows = await mileageClaims(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ session_id: wizardSession, case_id: id, status: 'draft' });

    // The wizard restores it under its own session, with the details' answers in it.
    const restored = await t.app.inject({
      method: 'GET',
      url: '/api/onboarding',
      headers: { 'x-session-id': wizardSession },
    });
    expect(restored.statusCode).toBe(200);
    const progress = restored.json<{ snapshot: WizardSnapshot; revision: number }>();
    expect(progress.revision).toBe(1);
    expect(progress.snapshot.personalInfo).toMatchObject({
      firstName: 'Nia',
      lastName: 'Nurse',
      postcode: 'LS1 1AA',
    });
    expect(progress.snapshot.employments.map((e) => e.employerName)).toEqual([
      'Leeds Teaching Hospitals NHS Trust',
    ]);
    expect(
      progress.snapshot.taxYears
        .filter((y) => y.selected)
        .map((y) => y.year)
        .sort(),
    ).toEqual([...YEARS].sort());
    // The funnel claim stays a case of its own id; its details are untouched.
    const funnel = await t.app.db
      .selectFrom('form_responses')
      .select(['case_id', 'details_signed_at', 'person_key'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(funnel.case_id).toBeNull();
    expect(funnel.details_signed_at).not.toBeNull();
    // D38: signing keyed the person by the details' names, date of birth and postcode.
    expect(funnel.person_key).toBe(
      personKeyOf({
        firstName: 'Nia',
        lastName: 'Nurse',
        dateOfBirth: { day: '4', month: '3', year: '1990' },
        postcode: 'LS1 1AA',
      }),
    );
  });
});

// Issue 42 (D31 with D38): HMRC's £2,500 limit is the year's total across every kind, so a year
// whose mileage and details are each under it but together over it goes to Self Assessment in both
// claims of the case (GOV.UK "Claim tax relief for your job expenses": "If your expenses are over
// £2,500 you must claim using a Self Assessment tax return").
describe('a case’s year across kinds (issue 42)', () => {
  const page = async (id: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/claims/${id}`,
      headers: asOperator(admin),
    });
    expect(res.statusCode).toBe(200);
    return res.json<ClaimDetail>();
  };
  const saLabel = (year: string) => `Self Assessment, not P87: ${year} (expenses over £2,500)`;

  it('£2,275 of mileage and £245 of uniform and fees in 2025/26: Self Assessment on both claims, the case shown on each', async () => {
    const { sessionId, id: funnelId } = await funnelClaim({
      selectedExpenses: ['uniform', 'fees', 'travel'],
    });
    await signDetails(sessionId);
    // Alone, the funnel claim's years are P87 years: £125 + £120 each.
    const alone = await page(funnelId);
    expect(alone.case).toBeNull();
    expect(alone.readiness.map((r) => r.label)).not.toContain(saLabel('2025/26'));

    // The mileage claim started from it, finished: 6,500 miles at 45p less 10p paid is £2,275,
    // under £2,500 on its own.
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/from-claim',
      headers: { 'x-session-id': sessionId },
    });
    expect(started.statusCode).toBe(201);
    const mileage = await submitMileageClaim(t, {
      year: '2025/26',
      miles: 6500,
      draft: { sessionId: started.json<{ sessionId: string }>().sessionId, revision: 1 },
    });

    const funnelPage = await page(funnelId);
    const mileagePage = await page(mileage.id);
    for (const p of [funnelPage, mileagePage]) {
      expect(p.readiness.map((r) => r.label)).toContain(saLabel('2025/26'));
      // The other years of the details stay P87 years.
      expect(p.readiness.map((r) => r.label)).not.toContain(saLabel('2024/25'));
      const year = p.case!.years.find((y) => y.year === '2025/26')!;
      expect(year).toMatchObject({ pence: 252_000, route: 'self-assessment', answersDiffer: false });
      expect(year.amounts).toEqual([
        { kind: 'mileage', label: 'Mileage', pence: 227_500 },
        { kind: 'clothing', label: expect.any(String), pence: 12_500 },
        { kind: 'fees', label: expect.any(String), pence: 12_000 },
      ]);
      expect(p.case!.years.find((y) => y.year === '2024/25')).toMatchObject({ pence: 24_500, route: 'p87' });
    }
    expect(funnelPage.case!.others).toEqual([
      { id: mileage.id, kind: 'mileage', reference: mileage.reference, status: 'submitted' },
    ]);
    expect(mileagePage.case!.others).toEqual([
      {
        id: funnelId,
        kind: 'general',
        reference: await storedGeneralReference(t, funnelId),
        status: 'submitted',
      },
    ]);
    // D38: the queue lists the case once, by its funnel claim, with both kinds and the case's one
    // readiness list counted (the mileage claim's own items with it); a search for the mileage
    // claim's reference finds it, marked as worked with its case.
    type Row = {
      id: string;
      caseKinds: string[];
      followsCase: boolean;
      readinessMissing: number;
      flags: { selfAssessment: boolean };
    };
    const list = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/claims?${query}`,
        headers: asOperator(admin),
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ claims: Row[] }>().claims;
    };
    const rows = await list('queue=all');
    expect(rows.find((r) => r.id === mileage.id)).toBeUndefined();
    expect(rows.find((r) => r.id === funnelId)).toMatchObject({
      caseKinds: ['general', 'mileage'],
      followsCase: false,
      readinessMissing: funnelPage.readiness.length,
      flags: { selfAssessment: true },
    });
    for (const item of mileagePage.readiness)
      expect(funnelPage.readiness.map((r) => r.label)).toContainEqual(
        item.label === saLabel('2025/26') ? item.label : `${mileage.reference}: ${item.label}`,
      );
    expect((await list(`queue=all&q=${mileage.reference}`)).find((r) => r.id === mileage.id)).toMatchObject({
      followsCase: true,
      readinessMissing: mileagePage.readiness.length,
      flags: { selfAssessment: true },
    });

    // Neither can be marked ready for HMRC while the year is a Self Assessment year.
    const ready = await t.app.inject({
      method: 'POST',
      url: `/api/admin/claims/${funnelId}/status`,
      headers: asOperator(admin),
      payload: { to: 'in-review', reason: '', version: funnelPage.workflow.version },
    });
    expect(ready.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/claims/${funnelId}/status`,
      headers: asOperator(admin),
      payload: { to: 'ready-for-hmrc', reason: '', version: funnelPage.workflow.version + 1 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().missing).toContain(saLabel('2025/26'));
  });
});

// D38: a funnel claim's NI number, given when its details are signed, finds the same number on
// another claim (migration 035's ni_key, keyed as a mileage claim's is).
describe('a funnel claim’s NI number among possible duplicates (issue 42)', () => {
  it('matches a mileage claim with the same NI number and nothing else in common', async () => {
    // A phone and email of its own: this file's other funnel claims share the default ones.
    const { sessionId, id } = await funnelClaim({ phone: '07700 900246', email: 'only.ni@example.com' });
    await signDetails(sessionId); // NI AB 12 34 56 C
    // Another person, phone and email; the NI number the helper gives, typed another way.
    const mileage = await submitMileageClaim(t, {
      firstName: 'Theo',
      lastName: 'Stone',
      email: 'theo@example.com',
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/claims/${id}`,
      headers: asOperator(admin),
    });
    expect(res.statusCode).toBe(200);
    const found = res.json<ClaimDetail>().possibleDuplicates.find((d) => d.id === mileage.id);
    expect(found?.reasons).toEqual(['ni-number']);
  });
});
