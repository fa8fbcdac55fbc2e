// Issue 42 (D38, migration 042): a case is worked as one claim. The mileage claim started from a
// funnel claim's details follows the case: one queue row with both kinds, one owner, one status,
// one reference for the claimant; its own workflow routes are refused. A case already sent to HMRC
// takes the later claim into its years but not into its P87: that claim is worked on its own.
// Through the real app and database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ukIsoDate } from '@taxback/domain';
import type { ClaimDetail } from '@taxback/domain/api/admin-responses';
import { defaultReplyBy } from '@taxback/domain/casework';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import * as migration042 from '../src/db/migrations/042-case-workflow.ts';
import * as migration053 from '../src/db/migrations/053-queue-count-indexes.ts';
import { FOLLOWS_CASE_MESSAGE } from '../src/modules/shared/claim-access.ts';
import { CASE_JOIN_REASONS } from '../src/modules/casework/case-workflow.ts';
import { readSnapshot } from '../src/modules/onboarding/claim-columns.ts';
import { STATUS_COOKIE } from '../src/modules/status/routes.ts';
import {
  asOperator,
  insertOperator,
  signIn,
  storedGeneralReference,
  submitMileageClaim,
  testClock,
  type AdminSession,
  type TestOperator,
} from './admin-helpers.ts';
import { nurseDetails, signNurseDetails, startFunnelClaim } from './case-helpers.ts';
import { PNG_DATA_URL, createTestApp, type TestApp } from './helpers.ts';
import { expectInOrder, pdfText } from './pdf-text.ts';

const clock = testClock('2026-11-26T12:00:00.000Z');
let t: TestApp;
let admin: AdminSession;
let worker: { op: TestOperator; session: AdminSession };
let other: { op: TestOperator; session: AdminSession };
let phones = 0;

beforeAll(async () => {
  t = await createTestApp({ overrides: { now: clock.now } });
  admin = await signIn(t, clock, await insertOperator(t));
  const op = await insertOperator(t, { role: 'caseworker' });
  worker = { op, session: await signIn(t, clock, op) };
  const second = await insertOperator(t, { role: 'caseworker' });
  other = { op: second, session: await signIn(t, clock, second) };
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, session: AdminSession, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: asOperator(session), payload });
const page = async (id: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/claims/${id}`,
    headers: asOperator(admin),
  });
  expect(res.statusCode).toBe(200);
  return res.json<ClaimDetail>();
};
const mileageRow = (id: string) =>
  t.app.db
    .selectFrom('onboarding_claims')
    .select(['status', 'owner_id', 'follows_case', 'version', 'case_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const move = async (id: string, to: string, extra: object = {}) => {
  const res = await post(`/api/admin/claims/${id}/status`, admin, {
    to,
    reason: '',
    version: (await page(id)).workflow.version,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
};

/** A nurse's funnel claim with travel, details signed, each with a phone of its own. */
async function funnelWithTravel() {
  const phone = `07700 902${String(++phones).padStart(3, '0')}`;
  const funnel = await startFunnelClaim(t, {
    selectedExpenses: ['uniform', 'fees', 'travel'],
    phone,
    email: `case${phones}@example.com`,
  });
  await signNurseDetails(t, funnel.sessionId);
  return { ...funnel, phone };
}

/** The mileage claim started from the funnel claim's details, submitted. */
async function mileageOf(funnel: { sessionId: string }) {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/onboarding/from-claim',
    headers: { 'x-session-id': funnel.sessionId },
  });
  expect(started.statusCode).toBe(201);
  return submitMileageClaim(t, {
    miles: 4000,
    year: '2025/26',
    draft: { sessionId: started.json<{ sessionId: string }>().sessionId, revision: 1 },
  });
}

type Row = { id: string; caseKinds: string[]; followsCase: boolean; owner: { id: string } | null };
const listed = async (session: AdminSession, query: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/claims?${query}`,
    headers: asOperator(session),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ claims: Row[] }>().claims;
};

/** Asks for a status code for this reference and phone, then gives it back: the verify answer. */
async function openStatus(reference: string, phone: string, remoteAddress: string) {
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/status/code',
    payload: { reference, phone },
    remoteAddress,
  });
  if (sent.statusCode !== 202) return sent;
  const sms = await t.app.db
    .selectFrom('sms_outbox')
    .select('body')
    .where('to_phone', '=', `+44${phone.replaceAll(' ', '').slice(1)}`)
    .where('template', '=', 'status-code')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const code = /is (\d{6})\./.exec(sms.body)![1]!;
  return t.app.inject({
    method: 'POST',
    url: '/api/status/verify',
    payload: { reference, phone, code },
    remoteAddress,
  });
}

describe('a mileage claim started from the details follows its case (D38)', () => {
  it('is one queue row, one owner and one status; its own workflow routes are refused', async () => {
    const funnel = await funnelWithTravel();
    expect((await post(`/api/admin/claims/${funnel.id}/take`, worker.session)).statusCode).toBe(200);
    const mileage = await mileageOf(funnel);

    // It takes the case's status and owner.
    expect(await mileageRow(mileage.id)).toMatchObject({
      follows_case: 1,
      status: 'submitted',
      owner_id: worker.op.id,
      case_id: funnel.id,
    });
    const mine = await listed(worker.session, 'queue=mine');
    expect(mine.filter((r) => r.id === mileage.id)).toEqual([]);
    expect(mine.find((r) => r.id === funnel.id)).toMatchObject({
      caseKinds: ['general', 'mileage'],
      followsCase: false,
      owner: { id: worker.op.id },
    });
    const detail = await page(mileage.id);
    expect(detail.worksWithCase).toEqual({
      id: funnel.id,
      reference: await storedGeneralReference(t, funnel.id),
      status: 'submitted',
    });
    expect(detail.workflow.allowedMoves).toEqual([]);
    // The wizard's confirmation, restored later, gives the case's reference too.
    const restored = await t.app.inject({
      method: 'GET',
      url: '/api/onboarding',
      headers: { 'x-session-id': mileage.sessionId },
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json<{ submissionReference: string }>().submissionReference).toBe(
      detail.worksWithCase!.reference,
    );
    // With the case's expenses and income answers, so the wizard lists each year across kinds.
    const details = nurseDetails();
    expect(restored.json<{ caseDetails: unknown }>().caseDetails).toEqual({
      taxYears: expect.arrayContaining([expect.objectContaining({ year: '2025/26', selected: true })]),
      expenses: details.expenses,
      scottishTaxpayer: details.scottishTaxpayer,
    });

    // Nothing moves it on its own: 409 with the words, nothing stored.
    const before = await mileageRow(mileage.id);
    const refusals = [
      await post(`/api/admin/claims/${mileage.id}/status`, admin, {
        to: 'in-review',
        reason: '',
        version: before.version,
      }),
      await post(`/api/admin/claims/${mileage.id}/take`, other.session),
      await post(`/api/admin/claims/${mileage.id}/owner`, admin, { ownerId: other.op.id, reason: 'cover' }),
      await post(`/api/admin/claims/${mileage.id}/messages`, admin, {
        body: 'Hello',
        version: before.version,
      }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ error: FOLLOWS_CASE_MESSAGE });
    }
    expect(await mileageRow(mileage.id)).toEqual(before);
    // "Take next" never hands out a claim that follows a case.
    expect(
      (await listed(admin, 'queue=unallocated')).some((r) => r.id === mileage.id || r.id === funnel.id),
    ).toBe(false);

    // The case moves, and the claim with it; the case is reallocated, and the claim with it.
    await move(funnel.id, 'in-review');
    expect(await mileageRow(mileage.id)).toMatchObject({ status: 'in-review', owner_id: worker.op.id });
    const reallocated = await post(`/api/admin/claims/${funnel.id}/owner`, admin, {
      ownerId: other.op.id,
      reason: 'Holiday cover',
    });
    expect(reallocated.statusCode, reallocated.body).toBe(200);
    expect(await mileageRow(mileage.id)).toMatchObject({ status: 'in-review', owner_id: other.op.id });
  });

  it('leads the claimant from the mileage reference to the case’s status page', async () => {
    const funnel = await funnelWithTravel();
    const mileage = await mileageOf(funnel);
    const caseReference = await storedGeneralReference(t, funnel.id);
    // submitMileageClaim's claimant gives this phone in the wizard, not the funnel claim's phone.
    const phone = '07700 900555';
    const verified = await openStatus(mileage.reference, phone, '198.51.100.91');
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json<ClaimStatusView>().reference).toBe(caseReference);
    // The messages about the mileage claim give the case's reference: with the mileage claim's
    // phone it opens the case too, and the funnel claim's own phone still does.
    const byCase = await openStatus(caseReference, phone, '198.51.100.92');
    expect(byCase.statusCode, byCase.body).toBe(200);
    expect(byCase.json<ClaimStatusView>().reference).toBe(caseReference);
    const byHead = await openStatus(caseReference, funnel.phone, '198.51.100.93');
    expect(byHead.statusCode, byHead.body).toBe(200);
    // A phone on neither claim opens nothing, and no code is texted to it.
    const stranger = await openStatus(caseReference, '07700 900999', '198.51.100.94');
    expect(stranger.statusCode).toBe(404);
    const texted = await t.app.db
      .selectFrom('sms_outbox')
      .select('id')
      .where('to_phone', '=', '+447700900999')
      .execute();
    expect(texted).toEqual([]);
  });

  it('lets the operator ask, on the case, for a change to its mileage claim’s miles, signed again by the claimant', async () => {
    const funnel = await funnelWithTravel();
    const mileage = await mileageOf(funnel);
    const caseReference = await storedGeneralReference(t, funnel.id);
    await move(funnel.id, 'in-review');
    const asked = await post(`/api/admin/claims/${funnel.id}/information-requests`, admin, {
      version: (await page(funnel.id)).workflow.version,
      replyBy: defaultReplyBy(ukIsoDate(clock.now())),
      items: [{ kind: 'amendment', question: 'Your 2025/26 miles', taxYear: '2025/26' }],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const before = await mileageRow(mileage.id);
    const mileageOfYear = (detail: ClaimDetail) =>
      detail.case?.years.find((y) => y.year === '2025/26')?.amounts.find((a) => a.kind === 'mileage')?.pence;
    const mileageBefore = mileageOfYear(await page(funnel.id));
    expect(mileageBefore).toBeGreaterThan(0);

    const opened = await openStatus(caseReference, '07700 900555', '198.51.100.95');
    expect(opened.statusCode, opened.body).toBe(200);
    const view = opened.json<ClaimStatusView>();
    expect(view.casework.amendable?.employments).toEqual([{ id: 'job-1', employerName: 'Acme Ltd' }]);
    const request = view.casework.thread.requests[0]!;
    const amend = (miles: number, version: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/status/amendment',
        cookies: { [STATUS_COOKIE]: opened.cookies.find((c) => c.name === STATUS_COOKIE)!.value },
        headers: { 'x-csrf-token': view.casework.csrfToken },
        payload: {
          version,
          requestId: request.id,
          itemId: request.items[0]!.id,
          years: [{ year: '2025/26', employmentId: 'job-1', miles }],
          signature: PNG_DATA_URL,
          agreementChecks: { accuracy: true, authorization: true, terms: true },
        },
      });
    // A stale page changes nothing.
    expect((await amend(5000, view.casework.version + 1)).statusCode).toBe(409);
    expect(await mileageRow(mileage.id)).toEqual(before);
    const done = await amend(5000, view.casework.version);
    expect(done.statusCode, done.body).toBe(200);

    // The case's mileage claim has the new miles and a new authority, the first kept (superseded),
    // both in the mileage claim's own files; the case and its mileage claim are back in review.
    const after = await t.app.db
      .selectFrom('onboarding_claims')
      .selectAll()
      .where('id', '=', mileage.id)
      .executeTakeFirstOrThrow();
    expect(
      readSnapshot(after.snapshot, after.snapshot_version).taxYears.find((y) => y.year === '2025/26'),
    ).toMatchObject({ jobs: [{ employmentId: 'job-1', businessMiles: 5000 }] });
    expect(Number(after.superseded_authorities)).toBe(1);
    expect(after.status).toBe('in-review');
    const authorities = await t.app.db
      .selectFrom('stored_files')
      .select('id')
      .where('session_id', '=', mileage.sessionId)
      .where('kind', '=', 'authority')
      .execute();
    expect(authorities).toHaveLength(2);
    const head = await page(funnel.id);
    expect(head.workflow.status).toBe('in-review');
    // Under 10,000 miles a year, the amount is the miles at one rate: 5,000 is 4,000's amount by 5/4.
    expect(mileageOfYear(head)).toBe((mileageBefore! * 5) / 4);
    // Signed once: a second signing of the same item is refused.
    expect((await amend(6000, head.workflow.version)).statusCode).toBe(409);
  });

  it('signs one authority for every amount of the case, which supersedes the details’ authority', async () => {
    const funnel = await funnelWithTravel();
    const mileage = await mileageOf(funnel);
    const head = await page(funnel.id);
    // The case's authorities, oldest first: the funnel claim's (with its details), then the
    // mileage claim's, the current one.
    expect(head.authorities.map((a) => a.current)).toEqual([false, false, true]);
    const current = head.authorities.at(-1)!;
    const mileageFiles = await t.app.db
      .selectFrom('stored_files')
      .select('id')
      .where('session_id', '=', mileage.sessionId)
      .where('kind', '=', 'authority')
      .execute();
    expect(mileageFiles.map((f) => f.id)).toEqual([current.id]);
    expect((await page(mileage.id)).authorities.map((a) => [a.id, a.current])).toEqual(
      head.authorities.map((a) => [a.id, a.current]),
    );
    const pdf = await t.app.inject({ method: 'GET', url: current.url, headers: asOperator(admin) });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expectInOrder(text, [
      'This authority covers every amount of your claim with us',
      'Every expense of your claim, year by year',
      '2025/26',
      'Mileage',
      'Total for the year',
      'Form P87',
      'Estimated refund in all',
    ]);
    // The operator's page says what was signed is what the claim holds.
    expect((await page(mileage.id)).signedMatch).toBe(true);

    // The claimant's status page for the case gives that authority, and opens it.
    const opened = await openStatus(
      await storedGeneralReference(t, funnel.id),
      funnel.phone,
      '198.51.100.96',
    );
    expect(opened.statusCode, opened.body).toBe(200);
    const documents = opened.json<ClaimStatusView>().documents;
    expect(documents.map((d) => d.url)).toEqual([`/api/status/documents/${current.id}`]);
    const cookie = opened.cookies.find((c) => c.name === STATUS_COOKIE)!.value;
    const shown = await t.app.inject({
      method: 'GET',
      url: documents[0]!.url,
      cookies: { [STATUS_COOKIE]: cookie },
    });
    expect(shown.statusCode).toBe(200);
    expect(pdfText(shown.rawPayload).replace(/\s+/g, ' ')).toContain('covers every amount of your claim');
    // The details' authority, superseded, still opens for the claimant; another claim's does not.
    const earlier = await t.app.inject({
      method: 'GET',
      url: `/api/status/documents/${head.authorities[0]!.id}`,
      cookies: { [STATUS_COOKIE]: cookie },
    });
    expect(earlier.statusCode).toBe(200);
    const stranger = await funnelWithTravel();
    const strangers = (await page(stranger.id)).authorities[0]!.id;
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/status/documents/${strangers}`,
      cookies: { [STATUS_COOKIE]: cookie },
    });
    expect(refused.statusCode).toBe(401);
  });

  it('sends a case that was ready for HMRC back to review, written in its history as our service', async () => {
    const funnel = await funnelWithTravel();
    await move(funnel.id, 'in-review');
    await move(funnel.id, 'ready-for-hmrc');
    const mileage = await mileageOf(funnel);
    const head = await page(funnel.id);
    expect(head.workflow.status).toBe('in-review');
    expect(head.history.at(-1)).toMatchObject({
      from_status: 'ready-for-hmrc',
      to_status: 'in-review',
      reason: CASE_JOIN_REASONS.movedBack(mileage.reference),
      operator: 'Our service',
    });
    const own = await page(mileage.id);
    expect(own.history.at(-1)).toMatchObject({
      from_status: 'submitted',
      to_status: 'in-review',
      reason: CASE_JOIN_REASONS.joined(head.reference),
      operator: 'Our service',
    });
    // The case's one readiness list holds what the mileage claim still lacks.
    for (const item of own.readiness)
      expect(head.readiness.map((r) => r.label)).toContainEqual(`${mileage.reference}: ${item.label}`);
    expect(own.readiness.length).toBeGreaterThan(0);

    // One worksheet for the case: the funnel claim's years, the mileage claim's, and each year's
    // total across kinds. 2025/26: £125 uniform + £120 NMC fee + 4,000 miles × (45p - 10p paid)
    // = £1,400 of mileage: £1,645, under £2,500, so a P87 year (D31).
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/admin/claims/${funnel.id}/p87.pdf`,
      headers: asOperator(admin),
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    const order = [
      'Tax year 2025/26: expenses',
      '£125.00',
      '£120.00',
      `Tax year 2025/26: mileage allowance relief (${mileage.reference})`,
      '£1,400.00',
      "Tax year 2025/26: the case's expenses across its claims",
      'Mileage',
      '£1,400.00',
      '£1,645.00',
      'The P87',
    ];
    expectInOrder(text, order);
    // What the mileage claim lacks is marked on its rows, as on the readiness list.
    expect(text).toContain(`${mileage.reference}: ${own.readiness[0]!.label}`);
  });

  it('is worked on its own when the case has already gone to HMRC', async () => {
    const funnel = await funnelWithTravel();
    await move(funnel.id, 'in-review');
    await move(funnel.id, 'ready-for-hmrc');
    await move(funnel.id, 'sent-to-hmrc', { sentMethod: 'post' });
    const mileage = await mileageOf(funnel);
    expect(await mileageRow(mileage.id)).toMatchObject({
      follows_case: 0,
      status: 'submitted',
      case_id: funnel.id,
    });
    expect((await page(funnel.id)).workflow.status).toBe('sent-to-hmrc');
    const all = await listed(admin, 'queue=all');
    expect(all.find((r) => r.id === mileage.id)).toMatchObject({
      caseKinds: ['mileage'],
      followsCase: false,
    });
    expect(all.find((r) => r.id === funnel.id)).toMatchObject({ caseKinds: ['general'] });
    expect((await page(mileage.id)).worksWithCase).toBeNull();
  });
});

describe('migration 042', () => {
  it('folds linked claims before HMRC into their case, with a history entry, and leaves a sent pair as it was', async () => {
    const open = await funnelWithTravel();
    const openMileage = await mileageOf(open);
    const sent = await funnelWithTravel();
    const sentMileage = await mileageOf(sent);
    // As stored before migration 042: each claim its own workflow, in its own state.
    await t.app.db
      .updateTable('form_responses')
      .set({ status: 'in-review', owner_id: worker.op.id })
      .where('id', '=', open.id)
      .execute();
    await t.app.db
      .updateTable('form_responses')
      .set({ status: 'sent-to-hmrc' })
      .where('id', '=', sent.id)
      .execute();
    const counts = async () => ({
      general: (await t.app.db.selectFrom('form_responses').select('id').execute()).length,
      mileage: (await t.app.db.selectFrom('onboarding_claims').select('id').execute()).length,
      files: (await t.app.db.selectFrom('stored_files').select('id').execute()).length,
      audit: (await t.app.db.selectFrom('audit_events').select('id').execute()).length,
    });
    const db = t.app.db as unknown as Kysely<unknown>;
    // As the migrator would: migration 053's index on follows_case goes before 042's column does.
    await migration053.down(db);
    await migration042.down(db);
    // Before the fold, the mileage claim had a thread of its own.
    await t.app.db
      .insertInto('claim_messages')
      .values({
        id: `folded-${openMileage.id}`,
        claim_kind: 'onboarding',
        claim_id: openMileage.id,
        author: 'operator',
        operator_id: worker.op.id,
        body: 'Which car did you drive in 2025/26?',
        request_id: null,
        file_ids: '[]',
        created_at: '2026-11-20T10:00:00.000Z',
        idempotency_key: null,
      })
      .execute();
    const before = await counts();
    const openBefore = await t.app.db
      .selectFrom('onboarding_claims')
      .select(['version'])
      .where('id', '=', openMileage.id)
      .executeTakeFirstOrThrow();
    await migration042.up(db);
    await migration053.up(db);

    expect(await counts()).toEqual(before);
    expect(await mileageRow(openMileage.id)).toMatchObject({
      follows_case: 1,
      status: 'in-review',
      owner_id: worker.op.id,
      version: Number(openBefore.version) + 1,
    });
    expect((await page(openMileage.id)).history.at(-1)).toMatchObject({
      from_status: 'submitted',
      to_status: 'in-review',
      operator: 'Our service',
    });
    expect(await mileageRow(sentMileage.id)).toMatchObject({ follows_case: 0, status: 'submitted' });

    // The folded claim's thread is part of the case's: the claimant reads it on the case's page
    // (the mileage claim's own reference leads there), and the operator on the case's thread.
    const opened = await openStatus(await storedGeneralReference(t, open.id), open.phone, '198.51.100.97');
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<ClaimStatusView>().casework.thread.messages.map((m) => m.body)).toContain(
      'Which car did you drive in 2025/26?',
    );
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/admin/claims/${open.id}/thread`,
      headers: asOperator(admin),
    });
    expect(thread.statusCode).toBe(200);
    expect(thread.json<{ messages: { body: string }[] }>().messages.map((m) => m.body)).toContain(
      'Which car did you drive in 2025/26?',
    );
  });
});
