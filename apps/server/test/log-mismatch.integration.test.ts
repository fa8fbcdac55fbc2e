// Issue 31 (D25, D19, D17, D34): a mileage log per year and employment; a log that adds up to other
// miles than the claim states is said on the signed authority, and counted in the queue's
// "P87 items missing" exactly as the claim page's readiness list shows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { authorityCanonical, authorityInputOfSnapshot, buildAuthorityDocument } from '@taxback/domain';
import type { WizardSnapshot } from '@taxback/domain/schemas';
import { asOperator, giveClaimTo, insertOperator, signIn, testClock } from './admin-helpers.ts';
import type { AdminSession } from './admin-helpers.ts';
import { PNG_DATA_URL, createTestApp, newSessionId } from './helpers.ts';
import { EVIDENCE_PDF, multipart } from './admin-helpers.ts';
import type { TestApp } from './helpers.ts';
import { pdfText } from './pdf-text.ts';
import { THIRTY_MONTH_SITE } from '@taxback/domain/test/example-snapshots';
import { employment, job as jobYear, mileageSnapshot } from './snapshots.ts';

// The operators' sign-in needs a clock; it runs from now, so "today" is the real UK day and
// 2024/25 is a whole past year.
const clock = testClock(new Date().toISOString());
let t: TestApp;
let operator: AdminSession;
let operatorId: string;

beforeAll(async () => {
  t = await createTestApp({ overrides: { now: clock.now } });
  const op = await insertOperator(t);
  operatorId = op.id;
  operator = await signIn(t, clock, op);
});
afterAll(async () => {
  await t.close();
});

const YEAR = '2024/25';
// England and Wales (WN2 1AR), 6 April 2024 to 5 April 2025: 260 weekdays less 6 weekday bank
// holidays = 254 working days (GOV.UK bank holidays). Acme: a daily return trip of 10 miles each
// way, 254 × 20 = 5,080 miles. Beta: 5 miles each way, 2,540 miles.
const ACME_LOG = 5080;
const BETA_LOG = 2540;
// Acme's stated 3,000 miles differ from its log; Beta's match. 3,000 × 45p + 2,540 × 45p = £2,493:
// under £2,500, so no Self Assessment item joins the readiness list.
const ACME_STATED = 3000;

const journey = (id: string, employmentId: string, distance: number) => ({
  id,
  employmentId,
  startAddress: 'WN2 1AR',
  endAddress: 'SK5 6AQ',
  frequency: 'daily',
  tripType: 'return',
  reason: 'site-visit',
  customReason: '',
  distance,
});

function twoJobs(name: string) {
  return mileageSnapshot(
    { years: [{ year: YEAR, miles: ACME_STATED }], personalInfo: { lastName: name } },
    {
      employments: [employment('job-1', 'Acme Ltd'), employment('job-2', 'Beta Ltd')],
      taxYears: [
        {
          year: YEAR,
          selected: true,
          employersConnected: 'no',
          jobs: [jobYear(ACME_STATED, 0, 'job-1'), jobYear(BETA_LOG, 0, 'job-2')],
        },
      ],
      journeys: [journey('j1', 'job-1', 10), journey('j2', 'job-2', 5)],
      agreementChecks: { accuracy: true, authorization: true, terms: true },
    },
  );
}

async function draft(name: string, snapshot: object = twoJobs(name)): Promise<string> {
  const sessionId = newSessionId();
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/onboarding',
    headers: { 'x-session-id': sessionId },
    payload: { revision: 0, currentStep: 'evidence', lastStepCompleted: 'employer-rate', snapshot },
  });
  expect(res.statusCode).toBe(200);
  return sessionId;
}

const claimant = (sessionId: string) => ({
  post: (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: { 'x-session-id': sessionId }, payload: payload ?? {} }),
  get: (url: string) => t.app.inject({ method: 'GET', url, headers: { 'x-session-id': sessionId } }),
});

type Logs = Record<string, { pdf: { id: string; url: string; filename: string }; csv: { id: string } }>;

/** A refused signing or submission stored nothing: still a draft, unsigned, no signature or authority file. */
async function expectNothingSigned(sessionId: string): Promise<void> {
  const row = await t.app.db
    .selectFrom('onboarding_claims')
    .select(['status', 'signed_at', 'signature_url'])
    .where('session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ status: 'draft', signed_at: null, signature_url: null });
  const kept = await t.app.db
    .selectFrom('stored_files')
    .select('kind')
    .where('session_id', '=', sessionId)
    .where('kind', 'in', ['signature', 'authority'])
    .execute();
  expect(kept).toEqual([]);
}

async function logFiles(sessionId: string) {
  return t.app.db
    .selectFrom('stored_files')
    .select(['id', 'filename', 'tax_year'])
    .where('session_id', '=', sessionId)
    .where('kind', '=', 'mileage-log')
    .orderBy('filename')
    .execute();
}

describe('a mileage log per year and employment (issue 31)', () => {
  it("builds one employment's log of a year, leaving the other employment's and the year's alone", async () => {
    const sessionId = await draft('Perjob');
    const c = claimant(sessionId);

    const beta = await c.post('/api/onboarding/mileage-log', { taxYear: YEAR, employmentId: 'job-2' });
    expect(beta.statusCode).toBe(201);
    const betaLogs = beta.json<{ logs: Logs }>().logs;
    expect(Object.keys(betaLogs)).toEqual([`${YEAR}:job-2`]);
    expect(betaLogs[`${YEAR}:job-2`]?.pdf.filename).toBe('mileage-log-2024-25-job-2.pdf');
    const betaText = pdfText((await c.get(betaLogs[`${YEAR}:job-2`]!.pdf.url)).rawPayload);
    expect(betaText).toContain('Employer: Beta Ltd');
    expect(betaText).not.toContain('Acme Ltd');
    expect(betaText).toContain(`Total business miles: ${BETA_LOG.toLocaleString('en-GB')}`);

    const acme = await c.post('/api/onboarding/mileage-log', { taxYear: YEAR, employmentId: 'job-1' });
    expect(acme.statusCode).toBe(201);
    const acmeId = acme.json<{ logs: Logs }>().logs[`${YEAR}:job-1`]?.pdf.id;
    expect(acmeId).toBeDefined();
    // Both employments' logs, Beta's untouched by Acme's.
    expect((await logFiles(sessionId)).map((f) => f.filename)).toEqual([
      'mileage-log-2024-25-job-1.csv',
      'mileage-log-2024-25-job-1.pdf',
      'mileage-log-2024-25-job-2.csv',
      'mileage-log-2024-25-job-2.pdf',
    ]);
    const progress = (await c.get('/api/onboarding')).json<{ mileageLogs: Logs }>();
    expect(Object.keys(progress.mileageLogs).sort()).toEqual([`${YEAR}:job-1`, `${YEAR}:job-2`]);
    expect(progress.mileageLogs[`${YEAR}:job-2`]?.pdf.id).toBe(betaLogs[`${YEAR}:job-2`]?.pdf.id);

    // Building Acme's again replaces Acme's alone. A minute later on the test clock: the PDF's
    // creation time differs, so it is a new file, not the same bytes.
    clock.advance(60_000);
    const again = await c.post('/api/onboarding/mileage-log', { taxYear: YEAR, employmentId: 'job-1' });
    expect(again.statusCode).toBe(201);
    const after = await logFiles(sessionId);
    expect(after).toHaveLength(4);
    expect(after.map((f) => f.id)).toContain(betaLogs[`${YEAR}:job-2`]?.pdf.id);
    expect(after.map((f) => f.id)).not.toContain(acmeId);

    // The year's log for every employment replaces that year's employment logs (it covers them).
    const year = await c.post('/api/onboarding/mileage-log', { taxYear: YEAR });
    expect(year.statusCode).toBe(201);
    expect((await logFiles(sessionId)).map((f) => f.filename)).toEqual([
      'mileage-log-2024-25.csv',
      'mileage-log-2024-25.pdf',
    ]);
  });

  it.each<[string, object, Record<string, string>]>([
    [
      'an employment not on the claim',
      { taxYear: YEAR, employmentId: 'job-9' },
      { employmentId: 'Choose an employment with business journeys in that tax year' },
    ],
    [
      'an employment with no year',
      { employmentId: 'job-1' },
      { taxYear: 'Choose the tax year of the employment’s mileage log' },
    ],
    [
      'an id no file can be named by',
      { taxYear: YEAR, employmentId: '../job 1' },
      { employmentId: 'Choose an employment with business journeys in that tax year' },
    ],
  ])('refuses %s, storing nothing', async (_name, body, errors) => {
    const sessionId = await draft('Refused');
    const res = await claimant(sessionId).post('/api/onboarding/mileage-log', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors });
    expect(await logFiles(sessionId)).toEqual([]);
  });
});

describe('a log that differs from the claim: on the authority and in the queue (issue 31)', () => {
  it('says both figures and which stands on the signed authority, and counts it in "P87 items missing"', async () => {
    const sessionId = await draft('Mismatch');
    const c = claimant(sessionId);
    for (const employmentId of ['job-1', 'job-2'])
      expect((await c.post('/api/onboarding/mileage-log', { taxYear: YEAR, employmentId })).statusCode).toBe(
        201,
      );

    const signed = await c.post('/api/onboarding/signature', {
      signature: PNG_DATA_URL,
      agreementChecks: { accuracy: true, authorization: true, terms: true },
    });
    expect(signed.statusCode).toBe(201);
    await t.app.jobs.drain();
    const url = signed.json<{ signedAuthority: { url: string } }>().signedAuthority.url;
    const text = pdfText((await c.get(url)).rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Your mileage log and your claim do not match.');
    expect(text).toContain(
      `${YEAR} for Acme Ltd: your mileage log adds up to 5,080 miles, but you state 3,000 miles. This claim is for the 3,000 miles you stated, not the 5,080 miles in the log.`,
    );
    // Beta's log matches its miles: nothing said about it.
    expect(text).not.toContain('for Beta Ltd: your mileage log');

    // D15: the stored hash is the document with the mismatch in it.
    const row = await t.app.db
      .selectFrom('onboarding_claims')
      .selectAll()
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    const snapshot = JSON.parse(row.snapshot ?? '{}') as WizardSnapshot;
    const terms = JSON.parse(row.authority_terms ?? 'null') as Parameters<typeof authorityInputOfSnapshot>[1];
    const mismatch = [
      {
        year: YEAR,
        employmentId: 'job-1',
        employerName: 'Acme Ltd',
        logMiles: ACME_LOG,
        claimedMiles: ACME_STATED,
      },
    ];
    const hashOf = (m: typeof mismatch) =>
      createHash('sha256')
        .update(
          authorityCanonical(
            buildAuthorityDocument(authorityInputOfSnapshot(snapshot, terms, row.signed_at!, m)),
          ),
        )
        .digest('hex');
    expect(row.signed_content_hash).toBe(hashOf(mismatch));
    expect(row.signed_content_hash).not.toBe(hashOf([]));

    const submit = await c.post('/api/onboarding/submit', { niNumber: 'AB 12 34 56 C' });
    expect(submit.statusCode).toBe(200);
    const stored = await t.app.db
      .selectFrom('onboarding_claims')
      .select(['id', 'readiness_missing'])
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    // The one item left: the log that differs (migration 019's count, at submission).
    expect(Number(stored.readiness_missing)).toBe(1);
    await giveClaimTo(t, stored.id, operatorId);

    const page = await t.app.inject({
      method: 'GET',
      url: `/api/admin/claims/${stored.id}`,
      headers: asOperator(operator),
    });
    expect(page.statusCode).toBe(200);
    const detail = page.json<{ readiness: Array<{ field: string; label: string }>; signedMatch: boolean }>();
    expect(detail.readiness.map((i) => i.field)).toEqual([`mileageLog.${YEAR}.job-1`]);
    expect(detail.signedMatch).toBe(true);

    const listed = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/claims?queue=all&q=Mismatch',
        headers: asOperator(operator),
      });
      expect(res.statusCode).toBe(200);
      const item = res
        .json<{
          claims: Array<{ id: string; readinessMissing: number; flags: { readinessMissing: number } }>;
        }>()
        .claims.find((x) => x.id === stored.id);
      return [item?.readinessMissing, item?.flags.readinessMissing];
    };
    expect(await listed()).toEqual([1, 1]);
    // With no stored count (an operator edit clears it), the list works it out the same way.
    await t.app.db
      .updateTable('onboarding_claims')
      .set({ readiness_missing: null })
      .where('id', '=', stored.id)
      .execute();
    expect(await listed()).toEqual([1, 1]);
  });
});

describe('decision 077: the business-journey test in the log the server builds (D39)', () => {
  // EIM32080, booklet 490 para 3.20: a site expected to last 30 months at 60% of the working time
  // is a permanent workplace, so Acme's daily 15-mile trips there are commuting and not in its log.
  it('leaves the journeys to a permanent workplace out of the log, and stores the outcome it worked out', async () => {
    const sessionId = newSessionId();
    const base = twoJobs('Workplace');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/onboarding',
      headers: { 'x-session-id': sessionId },
      payload: {
        revision: 0,
        currentStep: 'journeys-review',
        lastStepCompleted: 'employer-rate',
        snapshot: {
          ...base,
          journeys: [...base.journeys, { ...journey('j3', 'job-1', 15), endAddress: 'M1 1AE' }],
          workplaces: [
            {
              place: 'm1 1ae',
              facts: {
                role: 'regular-site',
                shareOfWorkingTime: 60,
                wholeEmployment: false,
                expectedMonths: 30,
                actualMonths: 30,
              },
              // Never trusted: the server works the outcome out from the answers.
              outcome: { counts: 'all', rule: 'temporary-workplace' },
            },
          ],
        },
      },
    });
    expect(res.statusCode).toBe(200);
    const c = claimant(sessionId);
    const acme = await c.post('/api/onboarding/mileage-log', { taxYear: YEAR, employmentId: 'job-1' });
    expect(acme.statusCode).toBe(201);
    const text = pdfText(
      (await c.get(acme.json<{ logs: Logs }>().logs[`${YEAR}:job-1`]!.pdf.url)).rawPayload,
    );
    expect(text).toContain(`Total business miles: ${ACME_LOG.toLocaleString('en-GB')}`);
    expect(text).not.toContain('M1 1AE');
    const row = await t.app.db
      .selectFrom('onboarding_claims')
      .select('snapshot')
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    const raw: unknown = row.snapshot;
    const stored = (typeof raw === 'string' ? JSON.parse(raw) : raw) as WizardSnapshot;
    expect(stored.workplaces?.[0]).toMatchObject({
      place: 'M1 1AE',
      outcome: { counts: 'none', rule: 'permanent-workplace-24-months' },
    });
  });
});

describe('decision 081: no claim signed or submitted for the miles the business-journey test leaves out', () => {
  // EIM32080, booklet 490 paras 3.18-3.20: the 30-month site at 60% of the working time is a
  // permanent workplace; Acme's daily 15-mile trips there (254 × 30 = 7,620 miles) are commuting.
  const SITE_MILES = 254 * 30;
  async function draftWithSite(name: string, acmeMiles: number): Promise<string> {
    const base = twoJobs(name);
    const sessionId = await draft(name, {
      ...base,
      taxYears: base.taxYears.map((y) => ({
        ...y,
        jobs: [jobYear(acmeMiles, 0, 'job-1'), jobYear(BETA_LOG, 0, 'job-2')],
      })),
      journeys: [...base.journeys, { ...journey('j3', 'job-1', 15), endAddress: 'M1 1AE' }],
      workplaces: [{ place: 'M1 1AE', facts: THIRTY_MONTH_SITE }],
    });
    const c = claimant(sessionId);
    for (const employmentId of ['job-1', 'job-2'])
      expect((await c.post('/api/onboarding/mileage-log', { taxYear: YEAR, employmentId })).statusCode).toBe(
        201,
      );
    return sessionId;
  }

  const sign = (sessionId: string) =>
    claimant(sessionId).post('/api/onboarding/signature', {
      signature: PNG_DATA_URL,
      agreementChecks: { accuracy: true, authorization: true, terms: true },
    });

  it('refuses to sign or submit the site miles, with the place, reason and figure at the field; stores nothing', async () => {
    const sessionId = await draftWithSite('Commuter', ACME_LOG + SITE_MILES);
    const field = `leftOutMiles_${YEAR}_job-1`;
    const signed = await sign(sessionId);
    expect(signed.statusCode).toBe(400);
    const message = signed.json<{ errors: Record<string, string> }>().errors[field] ?? '';
    expect(message).toContain(
      `you claim ${(ACME_LOG + SITE_MILES).toLocaleString('en-GB')} miles for Acme Ltd`,
    );
    expect(message).toContain('M1 1AE');
    expect(message).toContain('more than 24, so HMRC treats it as a permanent workplace');
    expect(message).toContain(`Claim ${ACME_LOG.toLocaleString('en-GB')} miles or fewer`);

    const submit = await claimant(sessionId).post('/api/onboarding/submit', { niNumber: 'AB 12 34 56 C' });
    expect(submit.statusCode).toBe(400);
    expect(submit.json<{ errors: Record<string, string> }>().errors[field]).toBe(message);
    await expectNothingSigned(sessionId);
  });

  it("signs the log's miles, and any mismatch for another reason keeps D25's choice", async () => {
    // The log's 5,080 miles (the site left out): signed.
    expect((await sign(await draftWithSite('Lowered', ACME_LOG))).statusCode).toBe(201);
    // Fewer miles than the log: D25, the claimant's figure stands.
    expect((await sign(await draftWithSite('Fewer', ACME_STATED))).statusCode).toBe(201);
  });
});

describe('decision 084: the mileage step’s left-out miles are never signed for or submitted', () => {
  // EIM32080, booklet 490 paras 3.18-3.20: a site of 30 months at 60% of the working time is a
  // permanent workplace. The claimant uploads their own log of 12,000 miles, 4,000 of them there.
  const site = {
    place: 'M1 1AE',
    facts: { ...THIRTY_MONTH_SITE, expectationChange: null },
    mileageStep: { employmentId: 'job-1', year: YEAR, miles: 4000, statedMiles: 12_000 },
  };
  async function uploader(name: string, miles: number): Promise<string> {
    const sessionId = await draft(
      name,
      mileageSnapshot(
        { years: [{ year: YEAR, miles }], personalInfo: { lastName: name } },
        { workplaces: [site], agreementChecks: { accuracy: true, authorization: true, terms: true } },
      ),
    );
    const body = multipart(
      { kind: 'evidence', taxYear: YEAR },
      { filename: 'own-log.pdf', data: EVIDENCE_PDF },
    );
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/files',
      headers: { 'x-session-id': sessionId, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(201);
    return sessionId;
  }
  const sign = (sessionId: string) =>
    claimant(sessionId).post('/api/onboarding/signature', {
      signature: PNG_DATA_URL,
      agreementChecks: { accuracy: true, authorization: true, terms: true },
    });

  it('12,000 miles still claimed: signing and submission answer 400 at the field with the reason; nothing stored', async () => {
    const sessionId = await uploader('Stepper', 12_000);
    const field = `stepLeftOutMiles_${YEAR}_job-1`;
    const signed = await sign(sessionId);
    expect(signed.statusCode).toBe(400);
    const message = signed.json<{ errors: Record<string, string> }>().errors[field] ?? '';
    expect(message).toContain(
      'you claim 12,000 miles, but 4,000 of the miles you drove to M1 1AE are left out',
    );
    expect(message).toContain('more than 24, so HMRC treats it as a permanent workplace');
    expect(message).toContain('Claim 8,000 miles or fewer');

    const submit = await claimant(sessionId).post('/api/onboarding/submit', { niNumber: 'AB 12 34 56 C' });
    expect(submit.statusCode).toBe(400);
    expect(submit.json<{ errors: Record<string, string> }>().errors[field]).toBe(message);
    await expectNothingSigned(sessionId);
  });

  it('the claim the step left (8,000 miles) signs, and the operator sees the place’s answers and miles', async () => {
    const sessionId = await uploader('Stepped', 8000);
    expect((await sign(sessionId)).statusCode).toBe(201);
    const submit = await claimant(sessionId).post('/api/onboarding/submit', { niNumber: 'AB 12 34 56 C' });
    expect(submit.statusCode).toBe(200);
    const row = await t.app.db
      .selectFrom('onboarding_claims')
      .select('id')
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    await giveClaimTo(t, row.id, operatorId);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/claims/${row.id}`,
      headers: asOperator(operator),
    });
    expect(detail.statusCode).toBe(200);
    const [place] = detail.json<{
      workplaces: { place: string; answers: object[]; mileageStep: object; outcome: { rule: string } }[];
    }>().workplaces;
    expect(place?.place).toBe('M1 1AE');
    expect(place?.answers).toContainEqual({
      question: 'What share of your working time do you spend there?',
      answer: '60%',
    });
    expect(place?.outcome.rule).toBe('permanent-workplace-24-months');
    expect(place?.mileageStep).toEqual({
      year: YEAR,
      employmentId: 'job-1',
      miles: 4000,
      leftOutMiles: 4000,
    });
  });
});
