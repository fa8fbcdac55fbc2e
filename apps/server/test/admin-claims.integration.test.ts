import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_STATUSES, allowedMoves, formatPence, selfAssessmentLabel } from '@taxback/domain';
import type { ClaimStatus } from '@taxback/domain';
import type { WizardSnapshot } from '@taxback/domain/schemas';
import {
  EVIDENCE_PDF,
  MILEAGE_CLAIM_FIGURES,
  MILEAGE_CLAIM_YEAR,
  asOperator,
  auditCount,
  giveClaimTo,
  insertOperator,
  mileageClaimFigures,
  signIn,
  submitGeneralClaim as submitGeneral,
  submitMileageClaim as submitMileage,
  testClock,
} from './admin-helpers.ts';
import type { AdminSession } from './admin-helpers.ts';
import { PNG_BASE64, createTestApp, newSessionId } from './helpers.ts';
import { pdfLines, pdfText, pdfTextRuns } from './pdf-text.ts';
import type { TestApp } from './helpers.ts';

// From the real date: the wizard API under test checks tax years against this clock too.
const clock = testClock(new Date().toISOString());
const START_DAY = clock.now().toISOString().slice(0, 10);
const DAY_BEFORE_START = new Date(clock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
let t: TestApp;
let admin: AdminSession;
let caseworker: AdminSession;
let caseworkerId: string;

beforeAll(async () => {
  t = await createTestApp({
    overrides: { now: clock.now },
    env: { FEE_PERCENT: '20', FEE_MINIMUM_PENCE: '2500', FEE_VAT_PERCENT: '20' },
  });
  admin = await signIn(t, clock, await insertOperator(t));
  const caseworkerOperator = await insertOperator(t, { role: 'caseworker' });
  caseworkerId = caseworkerOperator.id;
  caseworker = await signIn(t, clock, caseworkerOperator);
});
afterAll(async () => {
  await t.close();
});

// D34: a caseworker changes only the claims they own, so every claim here is the caseworker's.
async function submitGeneralClaim(...args: Parameters<typeof submitGeneral>) {
  const id = await submitGeneral(...args);
  await giveClaimTo(t, id, caseworkerId);
  return id;
}
async function submitMileageClaim(...args: Parameters<typeof submitMileage>) {
  const claim = await submitMileage(...args);
  await giveClaimTo(t, claim.id, caseworkerId);
  return claim;
}

const get = (url: string, s: AdminSession | null = caseworker) =>
  t.app.inject({ method: 'GET', url, headers: s ? asOperator(s) : {} });
const post = (url: string, payload: unknown, s: AdminSession | null = caseworker, csrf = true) =>
  t.app.inject({ method: 'POST', url, headers: s ? asOperator(s, csrf) : {}, payload: payload as object });

async function version(id: string): Promise<number> {
  const res = await get(`/api/admin/claims/${id}`);
  return res.json<{ workflow: { version: number } }>().workflow.version;
}

/** Forces a claim into a status (to reach later states without a ready P87). */
async function forceStatus(id: string, status: ClaimStatus) {
  await t.app.db.updateTable('onboarding_claims').set({ status }).where('id', '=', id).execute();
  await t.app.db.updateTable('form_responses').set({ status }).where('id', '=', id).execute();
}

describe('every admin claims route needs a session, the CSRF token on changes, and the right role', () => {
  it.each([
    ['GET', '/api/admin/claims'],
    ['GET', '/api/admin/claims/export.csv'],
    ['GET', '/api/admin/claims/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/admin/claims/00000000-0000-4000-8000-000000000000/ni-number'],
    ['POST', '/api/admin/claims/00000000-0000-4000-8000-000000000000/status'],
    ['POST', '/api/admin/claims/00000000-0000-4000-8000-000000000000/notes'],
    ['GET', '/api/admin/reports/affiliates'],
    ['GET', '/api/admin/audit'],
  ])('%s %s: 401 without a session', async (method, url) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      payload: method === 'POST' ? {} : undefined,
    });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    '/api/admin/claims/00000000-0000-4000-8000-000000000000/ni-number',
    '/api/admin/claims/00000000-0000-4000-8000-000000000000/status',
    '/api/admin/claims/00000000-0000-4000-8000-000000000000/notes',
  ])('POST %s: 403 without the CSRF token', async (url) => {
    expect((await post(url, {}, caseworker, false)).statusCode).toBe(403);
  });

  it('the audit log is for admins only', async () => {
    expect((await get('/api/admin/audit', caseworker)).statusCode).toBe(403);
    expect((await get('/api/admin/audit', admin)).statusCode).toBe(200);
  });
});

describe('claims list', () => {
  let general: string;
  let mileage: { id: string; reference: string };

  beforeAll(async () => {
    general = await submitGeneralClaim(t, {
      firstName: 'Gwen',
      lastName: 'Listing',
      email: 'gwen@example.com',
    });
    mileage = await submitMileageClaim(t, {
      firstName: 'Milo',
      lastName: 'Listing',
      email: 'milo@example.com',
    });
  });

  it('shows general and mileage claims in one list with the kind filter', async () => {
    const res = await get('/api/admin/claims?q=listing');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ claims: Array<Record<string, unknown>>; total: number }>();
    expect(body.total).toBe(2);
    expect(body.claims.map((c) => c.id).sort()).toEqual([general, mileage.id].sort());
    const m = body.claims.find((c) => c.id === mileage.id)!;
    expect(m).toMatchObject({
      kind: 'mileage',
      reference: mileage.reference,
      name: 'Milo Listing',
      status: 'submitted',
      affiliate: 'partner-two',
      // £2,800 claimable is over HMRC's £2,500 Self Assessment threshold.
      selfAssessment: true,
      estimatedRebate: expect.any(Number),
    });
    // The claimant did not have the employer PAYE reference (D17), and the year's expenses are over
    // £2,500 so it is a Self Assessment year, not a P87 one (D31): two readiness items.
    expect(m.readinessMissing).toBe(2);
    expect(JSON.stringify(body)).not.toContain('AB123456C');

    const onlyGeneral = await get('/api/admin/claims?q=listing&kind=general');
    expect(onlyGeneral.json<{ claims: Array<{ id: string }> }>().claims.map((c) => c.id)).toEqual([general]);
  });

  it('audits every page of the list once, with the filters and the claims it showed', async () => {
    const listed = () =>
      t.app.db.selectFrom('audit_events').selectAll().where('action', '=', 'claims-listed').execute();
    const before = new Set((await listed()).map((e) => e.id));
    const res = await get('/api/admin/claims?q=listing&kind=mileage');
    expect(res.statusCode).toBe(200);
    const added = (await listed()).filter((e) => !before.has(e.id));
    expect(added).toHaveLength(1);
    const [event] = added;
    expect(event!.actor).toBe(caseworkerId);
    expect(event!.entity).toBe('claims');
    expect(JSON.parse(event!.detail!)).toEqual({
      filters: expect.objectContaining({ q: 'listing', kind: 'mileage', page: 1 }),
      total: 1,
      shown: [mileage.id],
    });
    // A refused query shows nothing and records nothing.
    expect((await get('/api/admin/claims?status=nonsense')).statusCode).toBe(400);
    expect(await listed()).toHaveLength(before.size + 1);
  });

  it('finds by name, email, phone digits and reference', async () => {
    for (const q of [
      'milo',
      'MILO@EXAMPLE',
      mileage.reference,
      mileage.reference.toLowerCase(),
      '07700900555',
    ]) {
      const ids = (await get(`/api/admin/claims?q=${encodeURIComponent(q)}`))
        .json<{ claims: Array<{ id: string }> }>()
        .claims.map((c) => c.id);
      expect(ids, q).toContain(mileage.id);
    }
    const none = await get('/api/admin/claims?q=%25');
    expect(none.json<{ total: number }>().total).toBe(0);
  });

  it('filters by status, affiliate and date; sorts; keeps drafts apart', async () => {
    const byAffiliate = await get('/api/admin/claims?affiliate=partner-two');
    expect(
      byAffiliate
        .json<{ claims: Array<{ affiliate: string }> }>()
        .claims.every((c) => c.affiliate === 'partner-two'),
    ).toBe(true);
    // Both claims are dated by the app's clock (the test's): the day it started on, not the day before.
    const total = async (query: string) =>
      (await get(`/api/admin/claims?${query}&q=listing`)).json<{ total: number }>().total;
    expect(await total(`from=${START_DAY}&to=${START_DAY}`)).toBe(2);
    expect(await total(`from=${DAY_BEFORE_START}&to=${DAY_BEFORE_START}`)).toBe(0);
    expect(await total(`from=${START_DAY}`)).toBe(2);
    expect((await get('/api/admin/claims?to=2000-01-01&q=listing')).json<{ total: number }>().total).toBe(0);
    expect((await get('/api/admin/claims?status=repaid&q=listing')).json<{ total: number }>().total).toBe(0);

    const byName = (await get('/api/admin/claims?q=listing&sort=name&dir=asc')).json<{
      claims: Array<{ name: string }>;
    }>();
    expect(byName.claims.map((c) => c.name)).toEqual(['Gwen Listing', 'Milo Listing']);

    // A draft: saved, never submitted.
    await t.app.inject({
      method: 'PUT',
      url: '/api/onboarding',
      headers: { 'x-session-id': newSessionId() },
      payload: {
        revision: 0,
        currentStep: 'employment',
        lastStepCompleted: 'eligibility',
        snapshot: { eligibilityData: { drivesForWork: 'yes' } },
      },
    });
    const drafts = (await get('/api/admin/claims?drafts=true')).json<{ claims: Array<{ status: string }> }>();
    expect(drafts.claims.length).toBeGreaterThan(0);
    expect(drafts.claims.every((c) => c.status === 'draft')).toBe(true);
    const submitted = (await get('/api/admin/claims')).json<{ claims: Array<{ status: string }> }>();
    expect(submitted.claims.some((c) => c.status === 'draft')).toBe(false);
  });

  it('answers 400 with field messages for bad filters', async () => {
    const res = await get('/api/admin/claims?status=lost&from=yesterday&sort=colour');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ errors: object }>().errors).sort()).toEqual(['from', 'sort', 'status']);
  });

  it('pages 50 at a time', async () => {
    const res = await get('/api/admin/claims?page=2');
    expect(res.json()).toMatchObject({ page: 2, pageSize: 50 });
  });
});

describe('claim detail', () => {
  it('groups every stored field, recomputes figures, masks the NI number, and audits the view once', async () => {
    const { id, reference } = await submitMileageClaim(t, { firstName: 'Dora', lastName: 'Detail' });
    const res = await get(`/api/admin/claims/${id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      mileage: Record<string, unknown>;
      readiness: Array<{ field: string }>;
      files: Array<{ kind: string }>;
    }>();
    expect(body).toMatchObject({
      kind: 'mileage',
      reference,
      claimant: {
        firstName: 'Dora',
        lastName: 'Detail',
        niNumberMasked: 'AB •• •• •• C',
        postcode: 'WN2 1AR',
      },
      employment: { employerName: 'Acme Ltd' },
      workflow: { status: 'submitted', version: 0, allowedMoves: ['in-review', 'withdrawn'] },
      signedMatch: true,
    });
    // 8,000 miles at the year's rate (55p in 2026/27 = £4,400; 45p before = £3,600); the employer
    // paid 10p a mile = £800; what is left at 20%.
    const f = MILEAGE_CLAIM_FIGURES;
    expect([f.totalAllowance - f.totalEmployerPayment, f.totalEmployerPayment]).toEqual([
      f.totalClaimable,
      800,
    ]);
    expect([3600, 4400]).toContain(f.totalAllowance);
    expect(f.rebate20).toBe(f.totalClaimable / 5);
    expect(body.mileage).toMatchObject({
      totalAllowance: f.totalAllowance,
      totalEmployerPayment: 800,
      totalClaimable: f.totalClaimable,
      rebate20: f.rebate20,
    });
    expect(body.readiness.map((i: { field: string }) => i.field)).toEqual([
      'employments.0.payeReference',
      `selfAssessment.${MILEAGE_CLAIM_YEAR}`,
    ]);
    // D21: no band given, not Scottish: the estimate the claimant saw is the basic-rate figure.
    expect(res.json()).toMatchObject({ estimate: { low: f.rebate20, high: f.rebate40, scottish: false } });
    // Every P87 answer of the employment, and each year's job with its own figures (D17).
    expect(body).toMatchObject({
      claimant: { dateOfBirth: '1990-03-04' },
      employments: [
        { employerName: 'Acme Ltd', payeReference: null, jobTitle: 'Engineer', continuing: true },
      ],
    });
    expect(body.mileage.years).toEqual([
      expect.objectContaining({
        jobs: [
          expect.objectContaining({
            employerName: 'Acme Ltd',
            miles: 8000,
            paidKind: 'ppm',
            paidPencePerMile: 10,
          }),
        ],
      }),
    ]);
    expect(body.files.map((f: { kind: string }) => f.kind).sort()).toEqual([
      'authority',
      'evidence',
      'signature',
    ]);
    expect(res.body).not.toContain('AB123456C');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await auditCount(t, 'claim-viewed', id)).toBe(1);
  });

  it('audits the view when the page read the thread first (reading the thread is not acting)', async () => {
    // The claim page fetches the claim and its thread together; on PostgreSQL the thread's
    // 'thread-read' event was often written first and used to hide this view from the trail.
    const { id } = await submitMileageClaim(t, { firstName: 'Tess', lastName: 'Thread' });
    expect((await get(`/api/admin/claims/${id}/thread`)).statusCode).toBe(200);
    expect(await auditCount(t, 'thread-read', id)).toBe(1);
    const res = await get(`/api/admin/claims/${id}`);
    expect(res.statusCode).toBe(200);
    expect(await auditCount(t, 'claim-viewed', id)).toBe(1);
    const trail = res.json<{ audit: Array<{ action: string }> }>().audit.map((a) => a.action);
    expect(trail).toContain('claim-viewed');
  });

  it('shows red when a signed field changed after signing (D15)', async () => {
    const id = await submitGeneralClaim(t);
    expect((await get(`/api/admin/claims/${id}`)).json<{ signedMatch: boolean }>().signedMatch).toBe(true);
    await t.app.db
      .updateTable('form_responses')
      .set({ email: 'changed@example.com' })
      .where('id', '=', id)
      .execute();
    expect((await get(`/api/admin/claims/${id}`)).json<{ signedMatch: boolean }>().signedMatch).toBe(false);
  });

  it.each<[string, (s: WizardSnapshot) => void]>([
    ['the name', (s) => (s.personalInfo.firstName = 'Mina')],
    ['the employer', (s) => (s.employments[0]!.employerName = 'Other Ltd')],
    ['the date of birth', (s) => (s.personalInfo.dateOfBirth = { day: '5', month: '3', year: '1990' })],
    ['the job title', (s) => (s.employments[0]!.jobTitle = 'Manager')],
    ['the miles (and so the amounts)', (s) => (s.taxYears[0]!.jobs[0]!.businessMiles = 8001)],
    ['the year', (s) => (s.taxYears[0]!.year = '2021/22')],
  ])('a mileage claim matches its signed authority until %s changes (D19)', async (_name, change) => {
    const { id } = await submitMileageClaim(t);
    const detail = (await get(`/api/admin/claims/${id}`)).json<{
      signedMatch: boolean;
      files: Array<{ kind: string; url: string; size: number }>;
    }>();
    expect(detail.signedMatch).toBe(true);
    // The operator can open the signed authority PDF, listed with its size (decision 025).
    const authority = detail.files.find((f) => f.kind === 'authority');
    expect(authority).toBeDefined();
    const pdf = await get(authority?.url ?? '');
    expect(pdf.statusCode).toBe(200);
    expect(authority?.size).toBe(pdf.rawPayload.length);
    expect(pdfText(pdf.rawPayload)).toContain('Name: Mira Patel');

    const row = await t.app.db
      .selectFrom('onboarding_claims')
      .select('snapshot')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const snapshot = JSON.parse(row.snapshot ?? '{}') as WizardSnapshot;
    change(snapshot);
    await t.app.db
      .updateTable('onboarding_claims')
      .set({ snapshot: JSON.stringify(snapshot) })
      .where('id', '=', id)
      .execute();
    expect((await get(`/api/admin/claims/${id}`)).json<{ signedMatch: boolean }>().signedMatch).toBe(false);
  });

  it('checks against the fee the claimant signed, not a fee configured later (D19, D20)', async () => {
    const { id } = await submitMileageClaim(t);
    const row = await t.app.db
      .selectFrom('onboarding_claims')
      .select('authority_terms')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const terms = JSON.parse(row.authority_terms ?? 'null') as { fee: { percent: number } };
    expect(terms.fee).toEqual(t.config.fees);
    terms.fee.percent += 5;
    await t.app.db
      .updateTable('onboarding_claims')
      .set({ authority_terms: JSON.stringify(terms) })
      .where('id', '=', id)
      .execute();
    expect((await get(`/api/admin/claims/${id}`)).json<{ signedMatch: boolean }>().signedMatch).toBe(false);
  });

  it('reveals the NI number only through an audited request', async () => {
    const { id } = await submitMileageClaim(t);
    const res = await post(`/api/admin/claims/${id}/ni-number`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ niNumber: 'AB 12 34 56 C' });
    expect(await auditCount(t, 'ni-revealed', id)).toBe(1);
    const general = await submitGeneralClaim(t);
    expect((await post(`/api/admin/claims/${general}/ni-number`, {})).statusCode).toBe(404);
  });

  it('downloads every file of the claim, audited; the bytes are the ones uploaded', async () => {
    const { id } = await submitMileageClaim(t);
    const files = (await get(`/api/admin/claims/${id}`)).json<{
      files: Array<{ id: string; kind: string; url: string }>;
    }>().files;
    const evidence = files.find((f) => f.kind === 'evidence')!;
    const signature = files.find((f) => f.kind === 'signature')!;
    const res = await get(evidence.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(EVIDENCE_PDF)).toBe(true);
    const png = await get(signature.url);
    expect(png.rawPayload.equals(Buffer.from(PNG_BASE64, 'base64'))).toBe(true);
    expect(await auditCount(t, 'file-downloaded', evidence.id)).toBe(1);
    expect(await auditCount(t, 'file-downloaded', signature.id)).toBe(1);
    // Without an operator session (and no claimant session) the file is not served.
    expect((await t.app.inject({ method: 'GET', url: evidence.url })).statusCode).toBe(400);
  });

  it('404 for an unknown or malformed id', async () => {
    expect((await get('/api/admin/claims/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/admin/claims/not-a-uuid')).statusCode).toBe(404);
  });
});

describe('workflow (D22)', () => {
  it('moves submitted → in review → information requested → in review, recording who and why', async () => {
    const { id } = await submitMileageClaim(t);
    let v = 0;
    for (const [to, reason] of [
      ['in-review', ''],
      ['information-requested', 'Please send your P60'],
      ['in-review', ''],
    ] as const) {
      const res = await post(`/api/admin/claims/${id}/status`, { to, reason, version: v });
      expect(res.statusCode, to).toBe(200);
      expect(res.json()).toMatchObject({ status: to, version: v + 1, allowedMoves: allowedMoves(to) });
      v += 1;
    }
    const detail = (await get(`/api/admin/claims/${id}`)).json<{ history: Array<Record<string, unknown>> }>();
    expect(detail.history.map((h) => [h.from_status, h.to_status, h.reason])).toEqual([
      ['submitted', 'in-review', null],
      ['in-review', 'information-requested', 'Please send your P60'],
      ['information-requested', 'in-review', null],
    ]);
    expect(await auditCount(t, 'status-changed', id)).toBe(3);
  });

  it('refuses "ready for HMRC" while P87 readiness items remain', async () => {
    const { id } = await submitMileageClaim(t);
    await post(`/api/admin/claims/${id}/status`, { to: 'in-review', reason: '', version: 0 });
    const res = await post(`/api/admin/claims/${id}/status`, {
      to: 'ready-for-hmrc',
      reason: '',
      version: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      missing: ['Employer PAYE reference (employment 1)', selfAssessmentLabel(MILEAGE_CLAIM_YEAR)],
    });
    expect(await version(id)).toBe(1);
  });

  // D31: HMRC takes no P87 for a year whose expenses are over £2,500 (GOV.UK "Claim tax relief for
  // your job expenses"): the operator closes the claim as "Needs Self Assessment", the claimant is
  // sent that advice through the usual notification, and no fee is ever due (the claim is closed).
  it('closes a Self Assessment claim as "Needs Self Assessment": closed, no repayment or fee after it', async () => {
    const { id } = await submitMileageClaim(t);
    await post(`/api/admin/claims/${id}/status`, { to: 'in-review', reason: '', version: 0 });
    const detail = await get(`/api/admin/claims/${id}`);
    expect(detail.json<{ workflow: { allowedMoves: string[] } }>().workflow.allowedMoves).toContain(
      'needs-self-assessment',
    );
    const res = await post(`/api/admin/claims/${id}/status`, {
      to: 'needs-self-assessment',
      reason: '',
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'needs-self-assessment', allowedMoves: [] });
    const after = await post(`/api/admin/claims/${id}/status`, {
      to: 'repaid',
      reason: '',
      version: 2,
      repaidAmount: '1000.00',
    });
    expect(after.statusCode).toBe(409);
    const row = await t.app.db
      .selectFrom('onboarding_claims')
      .select(['status', 'repaid_pence', 'fee_pence'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'needs-self-assessment', repaid_pence: null, fee_pence: null });
  });

  it('needs a reason for information requested, rejected and withdrawn', async () => {
    const { id } = await submitMileageClaim(t);
    const res = await post(`/api/admin/claims/${id}/status`, { to: 'withdrawn', reason: '  ', version: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { reason: 'Enter the reason for this change' } });
  });

  it.each(
    CLAIM_STATUSES.flatMap((from) =>
      CLAIM_STATUSES.filter((to) => !allowedMoves(from).includes(to)).map((to) => [from, to] as const),
    ),
  )('illegal %s → %s answers 409 with the allowed moves', async (from, to) => {
    const id = await submitGeneralClaim(t);
    await forceStatus(id, from);
    const res = await post(`/api/admin/claims/${id}/status`, {
      to,
      reason: 'because',
      version: 0,
      repaidAmount: '10',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ allowed: allowedMoves(from) });
    const row = await t.app.db
      .selectFrom('form_responses')
      .select(['status', 'version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: from, version: 0 });
  });

  it('a change on a stale copy answers 409; of two at once, one wins', async () => {
    const { id } = await submitMileageClaim(t);
    const [a, b] = await Promise.all([
      post(`/api/admin/claims/${id}/status`, { to: 'in-review', reason: '', version: 0 }, caseworker),
      post(
        `/api/admin/claims/${id}/status`,
        { to: 'withdrawn', reason: 'Claimant asked', version: 0 },
        admin,
      ),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json()).toMatchObject({ stale: true, version: 1 });
    expect(await auditCount(t, 'status-changed', id)).toBe(1);
    const history = await t.app.db
      .selectFrom('claim_status_history')
      .select('id')
      .where('claim_id', '=', id)
      .execute();
    expect(history).toHaveLength(1);

    const stale = await post(`/api/admin/claims/${id}/status`, { to: 'withdrawn', reason: 'x', version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ error: string }>().error).toMatch(/Another operator changed this claim/);
  });

  it('on repaid stores HMRC’s amount, our fee (D20) and what the claimant receives', async () => {
    const id = await submitGeneralClaim(t);
    await forceStatus(id, 'sent-to-hmrc');
    const missing = await post(`/api/admin/claims/${id}/status`, { to: 'repaid', reason: '', version: 0 });
    expect(missing.json()).toEqual({ errors: { repaidAmount: 'Enter the amount HMRC repaid, like 123.45' } });
    const res = await post(`/api/admin/claims/${id}/status`, {
      to: 'repaid',
      reason: '',
      version: 0,
      repaidAmount: '£500.00',
    });
    expect(res.statusCode).toBe(200);
    // 20% of £500 = £100, plus 20% VAT = £120; the claimant receives £380.
    expect(res.json()).toMatchObject({
      status: 'repaid',
      repaidPence: 50_000,
      feePence: 12_000,
      claimantPence: 38_000,
    });
    const row = await t.app.db
      .selectFrom('form_responses')
      .select(['repaid_pence', 'fee_pence', 'claimant_pence'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ repaid_pence: 50_000, fee_pence: 12_000, claimant_pence: 38_000 });
  });
});

describe('notes, export, reports, audit', () => {
  it('adds an internal note, audited', async () => {
    const id = await submitGeneralClaim(t);
    expect((await post(`/api/admin/claims/${id}/notes`, { body: ' ' })).json()).toEqual({
      errors: { body: 'Enter a note' },
    });
    const res = await post(`/api/admin/claims/${id}/notes`, { body: 'Called the claimant <b>today</b>' });
    expect(res.statusCode).toBe(201);
    const notes = (await get(`/api/admin/claims/${id}`)).json<{
      notes: Array<{ body: string; operator: string }>;
    }>().notes;
    expect(notes).toEqual([
      // Operators' words keep '<' and '>' (issue 32.3); they are text, escaped where shown.
      expect.objectContaining({ body: 'Called the claimant <b>today</b>', operator: expect.any(String) }),
    ]);
    expect(await auditCount(t, 'note-added', id)).toBe(1);
  });

  it('exports the filtered list as CSV: formula cells neutralised, never NI numbers, audited', async () => {
    await submitGeneralClaim(t, {
      firstName: '=HYPERLINK("x")',
      lastName: 'Exporter',
      email: 'export@example.com',
    });
    const { reference } = await submitMileageClaim(t, { firstName: 'Ed', lastName: 'Exporter' });
    const before = await auditCount(t, 'claims-exported');
    const res = await get('/api/admin/claims/export.csv?q=exporter');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="claims-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^Reference,Kind,Claimant name/);
    expect(lines).toHaveLength(3);
    expect(res.body).toContain(reference);
    expect(res.body).toContain(`"'=HYPERLINK(""x"") Exporter"`);
    expect(res.body).not.toMatch(/AB ?12 ?34 ?56 ?C/);
    expect(await auditCount(t, 'claims-exported')).toBe(before + 1);
  });

  it('reports per affiliate: started, submitted, by status, totals and conversion', async () => {
    await submitMileageClaim(t, { affiliate: 'report-partner' });
    await submitMileageClaim(t, { affiliate: 'report-partner' });
    await submitGeneralClaim(t, { affiliateName: 'report-partner' });
    const res = await get('/api/admin/reports/affiliates');
    expect(res.statusCode).toBe(200);
    const row = res
      .json<{ affiliates: Array<{ affiliate: string; byStatus: Record<string, number> }> }>()
      .affiliates.find((a) => a.affiliate === 'report-partner');
    // Two mileage claims' estimates; the general claim has none.
    expect(row).toMatchObject({
      started: 3,
      submitted: 3,
      estimatedTotal: 2 * MILEAGE_CLAIM_FIGURES.rebate20,
      conversion: 100,
    });
    expect(row!.byStatus.submitted).toBe(3);
    const none = await get('/api/admin/reports/affiliates?to=2000-01-01');
    expect(none.json<{ affiliates: unknown[] }>().affiliates).toEqual([]);
  });

  it('admins read the audit log filtered by action', async () => {
    const res = await get('/api/admin/audit?action=note-added', admin);
    const events = res.json<{ events: Array<{ action: string; operator: string }> }>().events;
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.action === 'note-added')).toBe(true);
  });

  it('answers 400 with a field message for an action the audit log does not know', async () => {
    const res = await get('/api/admin/audit?action=made-up', admin);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Select an action from the list');
  });

  it('the database itself refuses to change or delete an audit event (append-only)', async () => {
    await post(
      `/api/admin/claims/${await submitGeneralClaim(t, { firstName: 'Ava', lastName: 'Audit', email: 'ava@example.com' })}/notes`,
      {
        body: 'A note to leave a trace',
      },
    );
    const event = await t.app.db
      .selectFrom('audit_events')
      .select(['id', 'action'])
      .where('action', '=', 'note-added')
      .executeTakeFirstOrThrow();
    await expect(
      t.app.db.updateTable('audit_events').set({ action: 'sign-in' }).where('id', '=', event.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.app.db.deleteFrom('audit_events').where('id', '=', event.id).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(t.app.db.deleteFrom('audit_events').execute()).rejects.toThrow(/append-only/);
    const still = await t.app.db
      .selectFrom('audit_events')
      .select('action')
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(still.action).toBe('note-added');
  });
});

// D27: a company vehicle's claim is a fuel claim with no AMAP estimate (ITEPA s235-236), as the
// claimant was told; the operator's page shows no relief estimate for it either.
describe('a fuel claim on the operator claim page', () => {
  it('has no relief estimate and no approved-amount figures', async () => {
    const { id } = await submitMileageClaim(t, { firstName: 'Finn', lastName: 'Fuel' });
    const before = await get(`/api/admin/claims/${id}`);
    expect(before.json<{ estimate?: { low: number } }>().estimate?.low).toBeGreaterThan(0);
    // The same answers with a company vehicle (the wizard's fuel route, D27).
    const stored = await t.app.db
      .selectFrom('onboarding_claims')
      .select('snapshot')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const snapshot = JSON.parse(stored.snapshot ?? '{}') as Record<string, unknown>;
    snapshot.eligibilityData = { drivesForWork: 'company-vehicle', vehicleVRM: 'AB12CDE' };
    await t.app.db
      .updateTable('onboarding_claims')
      .set({ snapshot: JSON.stringify(snapshot), drives_for_work: 'company-vehicle' })
      .where('id', '=', id)
      .execute();
    const res = await get(`/api/admin/claims/${id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ estimate?: unknown; mileage: Record<string, unknown> }>();
    expect(body.estimate).toBeUndefined();
    expect(body.mileage).toMatchObject({
      totalMiles: 8000,
      totalAllowance: 0,
      totalClaimable: 0,
      rebate20: 0,
      rebate40: 0,
      selfAssessmentRequired: false,
    });
  });
});

// D31: the estimate says whether it is an upper figure or capped at the P60's tax paid.
describe('the estimate on the operator claim page (D31)', () => {
  it('is flagged as an upper figure without the P60 figures', async () => {
    const { id } = await submitMileageClaim(t, { firstName: 'Ula', lastName: 'Upper' });
    const body = (await get(`/api/admin/claims/${id}`)).json<{
      estimate: { upperFigure: boolean; years: Array<{ upperFigure: boolean; taxPaid: number | null }> };
    }>();
    expect(body.estimate.upperFigure).toBe(true);
    expect(body.estimate.years).toEqual([expect.objectContaining({ upperFigure: true, taxPaid: null })]);
  });
});

describe('P87 worksheet', () => {
  it('lists every answer in the P87 order with the missing ones marked; audited', async () => {
    // 4,000 miles at 10p: under £2,500 of expenses, so a P87 year (D31).
    const { id, reference } = await submitMileageClaim(t, {
      firstName: 'Pia',
      lastName: 'Worksheet',
      miles: 4000,
    });
    const figures = mileageClaimFigures(4000);
    const res = await get(`/api/admin/claims/${id}/p87.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="p87-worksheet-${reference.replace(/ /g, '')}.pdf"`,
    );
    // A claimant's figures: never kept by a cache on the way.
    expect(res.headers['cache-control']).toBe('no-store');
    const text = pdfText(res.rawPayload);
    const order = [
      `P87 worksheet: claim ${reference}`,
      'National Insurance number',
      'AB 12 34 56 C',
      'Surname',
      'Worksheet',
      'First names',
      'Pia',
      'Date of birth',
      '4 March 1990',
      'Employer name',
      'Acme Ltd',
      'Employer PAYE reference',
      'MISSING - ask the claimant',
      'Job title',
      'Engineer',
      'Business miles',
      '4,000',
      'Approved mileage allowance (AMAP)',
      formatPence(figures.totalAllowance * 100),
      'Mileage allowance relief claimed',
      formatPence(figures.totalClaimable * 100),
      'Still missing before this can go to HMRC:',
      '- Employer PAYE reference (employment 1)',
    ];
    let at = -1;
    for (const piece of order) {
      const next = text.indexOf(piece, at + 1);
      expect(next, piece).toBeGreaterThan(at);
      at = next;
    }
    expect(await auditCount(t, 'p87-downloaded', id)).toBe(1);
  });

  /** The worksheet's rows as 'Label | value', one a line (pdf-text.ts reads the PDF's own runs). */
  const worksheetRows = async (id: string) => {
    const res = await get(`/api/admin/claims/${id}/p87.pdf`);
    expect(res.statusCode).toBe(200);
    return pdfLines(pdfTextRuns(res.rawPayload)).map((line) => line.map((run) => run.text).join(' | '));
  };
  const readinessFields = async (id: string) =>
    (await get(`/api/admin/claims/${id}`))
      .json<{ readiness: Array<{ field: string }> }>()
      .readiness.map((i) => i.field);

  // Issue 44: the worksheet said "Title: MISSING" while the readiness list said nothing was
  // missing (D17 makes the title optional). Only the readiness list's fields are marked now.
  it('marks MISSING the answer the readiness list names, and nothing else (no title reads "Not given")', async () => {
    // 4,000 miles: a P87 year (D31), so the PAYE reference the claimant did not have is all it lacks.
    const { id } = await submitMileageClaim(t, { firstName: 'Tia', lastName: 'Untitled', miles: 4000 });
    expect(await readinessFields(id)).toEqual(['employments.0.payeReference']);
    const rows = await worksheetRows(id);
    expect(rows).toContain('Employer PAYE reference | MISSING - ask the claimant');
    expect(rows).toContain('Title | Not given');
    expect(rows.filter((row) => row.includes('MISSING'))).toEqual([
      'Employer PAYE reference | MISSING - ask the claimant',
    ]);
    expect(rows).toContain('- Employer PAYE reference (employment 1)');
  });

  it('shows no MISSING for a claim with no title once the readiness list is empty', async () => {
    const { id } = await submitMileageClaim(t, { firstName: 'Noa', lastName: 'Notitle', miles: 4000 });
    const edited = await post(`/api/admin/claims/${id}/details`, {
      field: 'payeReference',
      employmentId: 'job-1',
      value: '123/AB45678',
      reason: 'The claimant phoned with it',
      version: await version(id),
    });
    expect(edited.statusCode).toBe(200);
    expect(await readinessFields(id)).toEqual([]);
    const rows = await worksheetRows(id);
    expect(rows).toContain('Title | Not given');
    expect(rows).toContain('Employer PAYE reference | 123/AB45678');
    expect(rows).toContain('Nothing is missing.');
    expect(rows.join('\n')).not.toContain('MISSING');
  });

  // D31: a year whose expenses are over £2,500 is left off the P87 (GOV.UK: "If your expenses are
  // over £2,500 you must claim using a Self Assessment tax return").
  it('leaves a Self Assessment year off: no miles or relief to copy, the year named instead', async () => {
    const { id } = await submitMileageClaim(t, { firstName: 'Sam', lastName: 'Assessment' });
    expect(MILEAGE_CLAIM_FIGURES.years[0]!.selfAssessmentRequired).toBe(true);
    const text = pdfText((await get(`/api/admin/claims/${id}/p87.pdf`)).rawPayload);
    expect(text).toContain(`Tax year ${MILEAGE_CLAIM_YEAR}: Self Assessment, not P87`);
    expect(text).not.toContain('Business miles');
    expect(text).not.toContain('Mileage allowance relief claimed');
    expect(text).toContain(`- ${selfAssessmentLabel(MILEAGE_CLAIM_YEAR)}`);
  });
});
