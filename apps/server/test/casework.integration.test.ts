// Issue 28 (D33): a thread per claim, requests for information with items and a reply-by date,
// the claimant's answers with files on the status page, and the reminders before the date.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorityCanonical,
  authorityInputOfSnapshot,
  buildAuthorityDocument,
  ukIsoDate,
} from '@taxback/domain';
import type { AuthorityDocument } from '@taxback/domain';
import { AMENDMENT_MESSAGES, CASEWORK_MESSAGES, defaultReplyBy } from '@taxback/domain/casework';
import type { AmendmentPreviewView, OperatorThread } from '@taxback/domain/casework';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import { sha256Hex } from '../src/crypto/hash.ts';
import { readAuthorityTerms } from '../src/modules/authority/terms.ts';
import { readSnapshot } from '../src/modules/onboarding/claim-columns.ts';
import { STATUS_COOKIE } from '../src/modules/status/routes.ts';
import {
  EVIDENCE_PDF,
  MILEAGE_CLAIM_YEAR,
  asOperator,
  insertOperator,
  multipart,
  signIn,
  giveClaimTo,
  submitMileageClaim as submitUnowned,
  testClock,
  signInToStatus,
} from './admin-helpers.ts';
import type { AdminSession } from './admin-helpers.ts';
import { PNG_DATA_URL, createTestApp } from './helpers.ts';
import { pdfText } from './pdf-text.ts';
import { THIRTY_MONTH_SITE } from '@taxback/domain/test/example-snapshots';
import type { TestApp } from './helpers.ts';

// A Tuesday: the default reply-by date is Tuesday 8 December 2026.
const clock = testClock('2026-11-24T09:00:00.000Z');
let t: TestApp;
let admin: AdminSession;
let caseworker: AdminSession;
let caseworkerId: string;

/** D34: a caseworker changes only the claims they own, so each claim here is theirs. */
async function submitMileageClaim(...args: Parameters<typeof submitUnowned>) {
  const claim = await submitUnowned(...args);
  await giveClaimTo(t, claim.id, caseworkerId);
  return claim;
}
let ipCounter = 0;

/** A section's rows of figures as the PDF prints them ("key: value"). */
function rowsOfSection(document: AuthorityDocument, id: string): string[] {
  return (document.sections.find((x) => x.id === id)?.blocks ?? []).flatMap((b) =>
    b.type === 'rows' ? b.rows.map((r) => `${r.key}: ${r.value}`) : [],
  );
}

beforeAll(async () => {
  t = await createTestApp({ overrides: { now: clock.now }, env: { PUBLIC_URL: 'https://claims.example' } });
  admin = await signIn(t, clock, await insertOperator(t));
  const worker = await insertOperator(t, { role: 'caseworker' });
  caseworkerId = worker.id;
  caseworker = await signIn(t, clock, worker);
});
afterAll(async () => {
  await t.close();
});

let phones = 100;
const REQUEST = {
  items: [
    { kind: 'question', question: 'What is the PAYE reference on your P60?' },
    // A year of the claim: a request names only the claim's own years (issue 44).
    { kind: 'document', document: 'p60', taxYear: MILEAGE_CLAIM_YEAR },
  ],
  replyBy: '2026-12-08',
};

type Claim = Awaited<ReturnType<typeof submitMileageClaim>> & { phone: string };

/** A submitted mileage claim with a number of its own (three status codes an hour per number). */
async function newClaim(
  firstName: string,
  more: Omit<Parameters<typeof submitUnowned>[1], 'firstName'> = {},
): Promise<Claim> {
  const claim = await submitMileageClaim(t, { firstName, ...more });
  const phone = `07700 900${++phones}`;
  await t.app.db.updateTable('onboarding_claims').set({ phone }).where('id', '=', claim.id).execute();
  return { ...claim, phone };
}

async function claimRow(id: string) {
  return t.app.db.selectFrom('onboarding_claims').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function move(session: AdminSession, id: string, to: string, version: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/claims/${id}/status`,
    headers: asOperator(session),
    payload: { to, reason: '', version },
  });
  expect(res.statusCode).toBe(200);
}

/** A claim in review with the two-item request made by the caseworker. */
async function claimWithRequest(firstName: string): Promise<Claim> {
  const claim = await newClaim(firstName);
  await move(caseworker, claim.id, 'in-review', 0);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/claims/${claim.id}/information-requests`,
    headers: asOperator(caseworker),
    payload: { ...REQUEST, version: 1 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return claim;
}

/** The status page's code sign-in for `reference`: its cookie and the view. */
async function openStatus({ reference, phone }: Claim) {
  const verified = await signInToStatus(t, { reference, phone }, `198.51.100.${++ipCounter}`);
  expect(verified.statusCode).toBe(200);
  const view = verified.json<ClaimStatusView>();
  const cookie = verified.cookies.find((c) => c.name === STATUS_COOKIE)!.value;
  return { view, cookie, headers: { 'x-csrf-token': view.casework.csrfToken } };
}

type Status = Awaited<ReturnType<typeof openStatus>>;

function upload(s: Status, file: { filename: string; data: Buffer }, version: number, csrf = true) {
  const body = multipart({ version: String(version) }, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/status/files',
    cookies: { [STATUS_COOKIE]: s.cookie },
    headers: { 'content-type': body.contentType, ...(csrf ? s.headers : {}) },
    payload: body.payload,
  });
}

function answer(s: Status, payload: object, csrf = true) {
  return t.app.inject({
    method: 'POST',
    url: '/api/status/answers',
    cookies: { [STATUS_COOKIE]: s.cookie },
    headers: csrf ? s.headers : {},
    payload,
  });
}

const replyFiles = async () =>
  (await t.app.db.selectFrom('stored_files').select('id').where('kind', '=', 'reply').execute()).length;

const outbox = (claimId: string, template: string) =>
  t.app.db
    .selectFrom('sms_outbox')
    .select(['body', 'status'])
    .where('claim_id', '=', claimId)
    .where('template', '=', template)
    .execute();
const emails = (claimId: string, template: string) =>
  t.app.db
    .selectFrom('email_outbox')
    .select('subject')
    .where('claim_id', '=', claimId)
    .where('template', '=', template)
    .execute();

describe('information requests and the thread (issue 28)', () => {
  it('an operator asks for two items with a reply-by date; the claimant answers with a PDF; the operator reads it', async () => {
    const claim = await claimWithRequest('Rhea');
    const row = await claimRow(claim.id);
    expect(row.status).toBe('information-requested');
    expect(row.reply_due_on).toBe('2026-12-08');
    expect(Number(row.version)).toBe(2);

    // The text that tells the claimant links to the claim's status page; it is listed on the claim.
    await t.app.jobs.drain();
    const texts = (await outbox(claim.id, 'claim-status-changed')).filter((r) =>
      r.body.includes('We need more information'),
    );
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain(
      `https://claims.example/status?reference=${encodeURIComponent(claim.reference)}`,
    );

    const s = await openStatus(claim);
    const request = s.view.casework.thread.requests[0]!;
    expect(request).toMatchObject({ open: true, replyBy: '2026-12-08' });
    expect(request.items.map((i) => i.title)).toEqual([
      'What is the PAYE reference on your P60?',
      `P60 for ${MILEAGE_CLAIM_YEAR}`,
    ]);
    const version = s.view.casework.version;

    // Bad uploads store nothing: no CSRF token, a stale page, a file of the wrong kind, over 10 MB.
    expect((await upload(s, { filename: 'p60.pdf', data: EVIDENCE_PDF }, version, false)).statusCode).toBe(
      403,
    );
    expect((await upload(s, { filename: 'p60.pdf', data: EVIDENCE_PDF }, version - 1)).statusCode).toBe(409);
    const wrongKind = await upload(
      s,
      { filename: 'p60.pdf', data: Buffer.from('<html>not a pdf</html>') },
      version,
    );
    expect(wrongKind.statusCode).toBe(415);
    const huge = Buffer.concat([EVIDENCE_PDF, Buffer.alloc(10 * 1024 * 1024 + 1)]);
    expect((await upload(s, { filename: 'p60.pdf', data: huge }, version)).statusCode).toBe(413);
    expect(await replyFiles()).toBe(0);

    const uploaded = await upload(s, { filename: 'my p60.pdf', data: EVIDENCE_PDF }, version);
    expect(uploaded.statusCode).toBe(201);
    const file = uploaded.json<{ id: string; url: string }>();
    expect(await replyFiles()).toBe(1);

    const good = {
      version,
      requestId: request.id,
      answers: [
        { itemId: request.items[0]!.id, answer: '123/AB456', fileIds: [] },
        { itemId: request.items[1]!.id, answer: '', fileIds: [file.id] },
      ],
    };
    // Bad answers change nothing: empty, no CSRF token, stale, another claim's request.
    const empty = await answer(s, {
      ...good,
      answers: [{ ...good.answers[0], answer: '  ' }, good.answers[1]],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ errors: { 'answers.0.answer': CASEWORK_MESSAGES.answerRequired } });
    expect((await answer(s, good, false)).statusCode).toBe(403);
    expect((await answer(s, { ...good, version: version + 1 })).statusCode).toBe(409);
    const other = await claimWithRequest('Orla');
    const otherStatus = await openStatus(other);
    expect(
      (await answer(otherStatus, { ...good, version: otherStatus.view.casework.version })).statusCode,
    ).toBe(404);
    expect((await claimRow(claim.id)).status).toBe('information-requested');

    const sent = await answer(s, good);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<ClaimStatusView>().casework.thread.requests[0]!.open).toBe(false);
    const after = await claimRow(claim.id);
    expect(after.status).toBe('in-review');
    expect(after.reply_due_on).toBeNull();
    expect(after.reply_received_at).toBe(clock.now().toISOString());
    expect(Number(after.operator_unread_count)).toBe(1);
    // A second reply to the answered request is refused.
    const again = await answer(s, { ...good, version: sent.json<ClaimStatusView>().casework.version });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(CASEWORK_MESSAGES.requestClosed);

    // The operator reads the thread: the answers, the file, every text and email; unread cleared.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/admin/claims/${claim.id}/thread`,
      headers: asOperator(caseworker),
    });
    expect(read.statusCode).toBe(200);
    const thread = read.json<OperatorThread>();
    expect(thread.unread).toBe(1);
    expect(thread.replyReceivedAt).toBe(after.reply_received_at);
    expect(thread.requests[0]!.items.map((i) => i.answer)).toEqual(['123/AB456', '']);
    expect(thread.requests[0]!.items[1]!.files.map((f) => f.filename)).toEqual(['my p60.pdf']);
    const reply = thread.messages.find((m) => m.author === 'claimant')!;
    expect(reply.attachments[0]!.url).toBe(`/api/files/${file.id}`);
    expect(thread.notices.map((n) => [n.channel, n.template, n.status])).toEqual(
      expect.arrayContaining([
        ['sms', 'claim-status-changed', 'sent'],
        ['email', 'claim-status-changed', 'sent'],
      ]),
    );
    expect(Number((await claimRow(claim.id)).operator_unread_count)).toBe(0);
    const download = await t.app.inject({
      method: 'GET',
      url: reply.attachments[0]!.url,
      headers: asOperator(caseworker),
    });
    expect(download.statusCode).toBe(200);
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(
      createHash('sha256').update(EVIDENCE_PDF).digest('hex'),
    );
    // The claimant downloads their own file; another claim's session does not.
    const own = await t.app.inject({ method: 'GET', url: file.url, cookies: { [STATUS_COOKIE]: s.cookie } });
    expect(own.statusCode).toBe(200);
    const notOwn = await t.app.inject({
      method: 'GET',
      url: file.url,
      cookies: { [STATUS_COOKIE]: otherStatus.cookie },
    });
    expect(notOwn.statusCode).toBe(401);
  });

  it('messages both ways: the operator writes (the claimant is told), the claimant replies (unread for operators)', async () => {
    const claim = await newClaim('Ines');
    const post = (
      session: AdminSession | null,
      version: number,
      body = 'Could you check your miles?',
      csrf = true,
    ) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/claims/${claim.id}/messages`,
        headers: session ? asOperator(session, csrf) : {},
        payload: { version, body },
      });
    expect((await post(null, 0)).statusCode).toBe(401);
    expect((await post(caseworker, 0, 'x', false)).statusCode).toBe(403);
    expect((await post(caseworker, 5)).statusCode).toBe(409);
    const empty = await post(caseworker, 0, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.body).toBe(CASEWORK_MESSAGES.messageRequired);
    // A claimant's session is not an operator's.
    const asClaimant = await t.app.inject({
      method: 'POST',
      url: `/api/admin/claims/${claim.id}/messages`,
      headers: { 'x-session-id': claim.sessionId },
      payload: { version: 0, body: 'Hello' },
    });
    expect(asClaimant.statusCode).toBe(401);
    expect(
      await t.app.db.selectFrom('claim_messages').select('id').where('claim_id', '=', claim.id).execute(),
    ).toEqual([]);

    expect((await post(caseworker, 0)).statusCode).toBe(201);
    await t.app.jobs.drain();
    expect(await outbox(claim.id, 'claim-message')).toHaveLength(1);
    expect(await emails(claim.id, 'claim-message')).toHaveLength(1);

    const s = await openStatus(claim);
    expect(s.view.casework.thread.messages.map((m) => [m.authorName, m.body])).toEqual([
      ['Our team', 'Could you check your miles?'],
    ]);
    const say = (payload: object, headers: Record<string, string>, cookie = s.cookie) =>
      t.app.inject({
        method: 'POST',
        url: '/api/status/messages',
        cookies: { [STATUS_COOKIE]: cookie },
        headers,
        payload,
      });
    const version = s.view.casework.version;
    expect((await say({ version, body: 'Yes, 8,000 is right.' }, {})).statusCode).toBe(403);
    expect((await say({ version: version - 1, body: 'Yes' }, s.headers)).statusCode).toBe(409);
    expect((await say({ version, body: '' }, s.headers)).statusCode).toBe(400);
    // An operator's cookie is not a claimant's.
    const asOperatorOnly = await t.app.inject({
      method: 'POST',
      url: '/api/status/messages',
      headers: asOperator(admin),
      payload: { version, body: 'Hi' },
    });
    expect(asOperatorOnly.statusCode).toBe(401);
    expect((await say({ version, body: 'Yes, 8,000 is right.' }, s.headers)).statusCode).toBe(201);
    expect(Number((await claimRow(claim.id)).operator_unread_count)).toBe(1);
  });

  it('refuses a bad request: no items, a weekend, a past date, a stale copy, no CSRF token, signed out', async () => {
    const claim = await submitMileageClaim(t, { firstName: 'Una' });
    await move(admin, claim.id, 'in-review', 0);
    const ask = (payload: object, headers: Record<string, string> = asOperator(admin)) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/claims/${claim.id}/information-requests`,
        headers,
        payload,
      });
    const noItems = await ask({ ...REQUEST, items: [], version: 1 });
    expect(noItems.json().errors.items).toBe(CASEWORK_MESSAGES.itemsRequired);
    const weekend = await ask({ ...REQUEST, replyBy: '2026-12-05', version: 1 });
    expect(weekend.json().errors.replyBy).toBe(CASEWORK_MESSAGES.replyByWorkingDay);
    const past = await ask({ ...REQUEST, replyBy: '2026-11-23', version: 1 });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors.replyBy).toBe(CASEWORK_MESSAGES.replyByFuture);
    const noQuestion = await ask({ ...REQUEST, items: [{ kind: 'question', question: '' }], version: 1 });
    expect(noQuestion.json().errors['items.0.question']).toBe(CASEWORK_MESSAGES.questionRequired);
    expect((await ask({ ...REQUEST, version: 0 })).statusCode).toBe(409);
    expect((await ask({ ...REQUEST, version: 1 }, asOperator(admin, false))).statusCode).toBe(403);
    expect((await ask({ ...REQUEST, version: 1 }, {})).statusCode).toBe(401);
    expect(
      await t.app.db
        .selectFrom('information_requests')
        .select('id')
        .where('claim_id', '=', claim.id)
        .execute(),
    ).toEqual([]);
    expect((await claimRow(claim.id)).status).toBe('in-review');
  });

  it('reminders go 7 days and 1 day before the date, once each, and none after a reply; then "overdue"', async () => {
    await t.app.jobs.drain();
    const waiting = await claimWithRequest('Wren');
    const answered = await claimWithRequest('Abel');
    const s = await openStatus(answered);
    const request = s.view.casework.thread.requests[0]!;
    const done = await answer(s, {
      version: s.view.casework.version,
      requestId: request.id,
      answers: request.items.map((i) => ({ itemId: i.id, answer: 'Here it is', fileIds: [] })),
    });
    expect(done.statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(await outbox(waiting.id, 'reply-reminder')).toEqual([]);

    const day = (iso: string) => {
      clock.advance(Date.parse(iso) - clock.now().getTime());
    };
    day('2026-11-30T23:00:00.000Z');
    await t.app.jobs.drain();
    expect(await outbox(waiting.id, 'reply-reminder')).toEqual([]);
    day('2026-12-01T10:00:00.000Z');
    await t.app.jobs.drain();
    await t.app.jobs.drain();
    const first = await outbox(waiting.id, 'reply-reminder');
    expect(first).toHaveLength(1);
    expect(first[0]!.body).toContain('Please reply by 8 December 2026 (in 7 days)');
    expect(await emails(waiting.id, 'reply-reminder')).toHaveLength(1);
    day('2026-12-07T10:00:00.000Z');
    await t.app.jobs.drain();
    const second = await outbox(waiting.id, 'reply-reminder');
    expect(second).toHaveLength(2);
    expect(second.map((r) => r.body).some((b) => b.includes('(tomorrow)'))).toBe(true);
    expect(await outbox(answered.id, 'reply-reminder')).toEqual([]);
    expect(await emails(answered.id, 'reply-reminder')).toEqual([]);

    const fresh = await signIn(t, clock, await insertOperator(t));
    const thread = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/claims/${waiting.id}/thread`,
          headers: asOperator(fresh),
        })
      ).json<OperatorThread>();
    expect((await thread()).overdue).toBe(false);
    day('2026-12-09T10:00:00.000Z');
    const late = await signIn(t, clock, await insertOperator(t));
    const overdue = await t.app.inject({
      method: 'GET',
      url: `/api/admin/claims/${waiting.id}/thread`,
      headers: asOperator(late),
    });
    expect(overdue.json<OperatorThread>().overdue).toBe(true);
  });

  /**
   * A claim of a caseworker signed in now (the clock has moved on past the first sessions), in
   * review, asked for `items` by the default reply-by date.
   */
  async function askNow(firstName: string, items: object[], more: Parameters<typeof newClaim>[1] = {}) {
    const worker = await insertOperator(t, { role: 'caseworker' });
    const op = await signIn(t, clock, worker);
    const claim = await newClaim(firstName, more);
    await giveClaimTo(t, claim.id, worker.id);
    await move(op, claim.id, 'in-review', 0);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/claims/${claim.id}/information-requests`,
      headers: asOperator(op),
      payload: { version: 1, replyBy: defaultReplyBy(ukIsoDate(clock.now())), items },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    return { claim, op };
  }

  /** The amendment of the first request's first item: the year's miles, drawn and agreed. */
  function amendmentBody(s: Status, miles: number) {
    const request = s.view.casework.thread.requests[0]!;
    return {
      version: s.view.casework.version,
      requestId: request.id,
      itemId: request.items[0]!.id,
      years: [{ year: MILEAGE_CLAIM_YEAR, employmentId: 'job-1', miles }],
      signature: PNG_DATA_URL,
      agreementChecks: { accuracy: true, authorization: true, terms: true },
    };
  }

  /** A caseworker's claim for `firstName`, in review, asked for an amendment of its year's miles. */
  const askForAmendment = (firstName: string, more: Parameters<typeof newClaim>[1] = {}) =>
    askNow(
      firstName,
      [{ kind: 'amendment', question: `Your ${MILEAGE_CLAIM_YEAR} miles`, taxYear: MILEAGE_CLAIM_YEAR }],
      more,
    );

  it('decision 084: an amendment claiming the miles the mileage step left out is refused at the field, nothing stored', async () => {
    // EIM32080, booklet 490 paras 3.18-3.20: a site of 30 months at 60% of the working time is a
    // permanent workplace. 12,000 miles typed, 4,000 of them there: the claim is 8,000 miles.
    const site = {
      place: 'M1 1AE',
      facts: { ...THIRTY_MONTH_SITE, expectationChange: null },
      mileageStep: { employmentId: 'job-1', year: MILEAGE_CLAIM_YEAR, miles: 4000, statedMiles: 12_000 },
    };
    const { claim } = await askForAmendment('Stepan', { miles: 8000, workplaces: [site] });
    const before = await claimRow(claim.id);
    const s = await openStatus(claim);
    const amend = (miles: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/status/amendment',
        cookies: { [STATUS_COOKIE]: s.cookie },
        headers: s.headers,
        payload: amendmentBody(s, miles),
      });
    const files = () =>
      t.app.db.selectFrom('stored_files').select('id').where('session_id', '=', claim.sessionId).execute();
    const filesBefore = (await files()).length;
    const refused = await amend(9000);
    expect(refused.statusCode).toBe(400);
    expect((await files()).length).toBe(filesBefore);
    const message = refused.json<{ errors: Record<string, string> }>().errors['years.0.miles'] ?? '';
    expect(message).toContain('4,000 of the miles you drove to M1 1AE are left out');
    expect(message).toContain('Claim 8,000 miles or fewer');
    const after = await claimRow(claim.id);
    expect(after.version).toBe(before.version);
    expect(after.signed_content_hash).toBe(before.signed_content_hash);
    expect(Number(after.superseded_authorities)).toBe(0);
    expect(readSnapshot(after.snapshot, after.snapshot_version).taxYears[0]?.jobs[0]?.businessMiles).toBe(
      8000,
    );

    // The step's figure, or less, signs as any amendment does.
    expect((await amend(7500)).statusCode).toBe(200);
    const amended = await claimRow(claim.id);
    expect(readSnapshot(amended.snapshot, amended.snapshot_version).taxYears[0]?.jobs[0]?.businessMiles).toBe(
      7500,
    );
    expect(Number(amended.superseded_authorities)).toBe(1);
  });

  it('an amendment: the claimant changes the miles and signs again; the first authority is kept, superseded', async () => {
    // The clock has moved on (the reminders): a fresh sign-in, and a date ahead of it.
    const { claim, op } = await askForAmendment('Amos');
    const before = await claimRow(claim.id);
    const s = await openStatus(claim);
    expect(s.view.casework.amendable?.employments).toEqual([{ id: 'job-1', employerName: 'Acme Ltd' }]);
    const body = amendmentBody(s, 9000);
    const amend = (payload: object, headers: Record<string, string> = s.headers, cookie = s.cookie) =>
      t.app.inject({
        method: 'POST',
        url: '/api/status/amendment',
        cookies: { [STATUS_COOKIE]: cookie },
        headers,
        payload,
      });
    expect((await amend(body, {})).statusCode).toBe(403);
    expect((await amend({ ...body, version: body.version + 1 })).statusCode).toBe(409);
    const unknown = await amend({ ...body, years: [{ year: '2019/20', employmentId: 'job-1', miles: 1 }] });
    expect(unknown.statusCode).toBe(400);
    const other = await newClaim('Omar');
    const otherStatus = await openStatus(other);
    expect(
      (
        await amend(
          { ...body, version: otherStatus.view.casework.version },
          otherStatus.headers,
          otherStatus.cookie,
        )
      ).statusCode,
    ).toBe(404);
    expect(Number((await claimRow(claim.id)).superseded_authorities)).toBe(0);

    // Decision 056: before signing, the authority the server would sign for these miles. Refused
    // as the amendment is (no token, a stale page, another claim's request, a year not claimed,
    // miles that are not miles), and it stores nothing.
    const { signature: _drawn, agreementChecks: _checks, ...figures } = body;
    const preview = (payload: object, headers: Record<string, string> = s.headers, cookie = s.cookie) =>
      t.app.inject({
        method: 'POST',
        url: '/api/status/amendment/preview',
        cookies: { [STATUS_COOKIE]: cookie },
        headers,
        payload,
      });
    expect((await preview(figures, {})).statusCode).toBe(403);
    expect((await preview(figures, s.headers, 'not-a-cookie')).statusCode).toBe(401);
    expect((await preview({ ...figures, version: figures.version + 1 })).statusCode).toBe(409);
    expect(
      (await preview({ ...figures, years: [{ year: '2019/20', employmentId: 'job-1', miles: 1 }] })).json(),
    ).toMatchObject({ errors: { 'years.0.miles': AMENDMENT_MESSAGES.unknownYear } });
    const negative = await preview({ ...figures, years: [{ ...figures.years[0]!, miles: -1 }] });
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toMatchObject({ errors: { 'years.0.miles': AMENDMENT_MESSAGES.milesRequired } });
    expect(
      (
        await preview(
          { ...figures, version: otherStatus.view.casework.version },
          otherStatus.headers,
          otherStatus.cookie,
        )
      ).statusCode,
    ).toBe(404);
    const previewed = await preview(figures);
    expect(previewed.statusCode, previewed.body).toBe(200);
    const document = previewed.json<AmendmentPreviewView>().document;
    const claimRows = rowsOfSection(document, 'claim');
    expect(claimRows.some((r) => r.includes('9,000'))).toBe(true);
    const unchanged = await claimRow(claim.id);
    expect(unchanged.signed_content_hash).toBe(before.signed_content_hash);
    expect(unchanged.version).toBe(before.version);

    const done = await amend(body);
    expect(done.statusCode, done.body).toBe(200);
    const after = await claimRow(claim.id);
    expect(after.status).toBe('in-review');
    // No method sent: drawn (decision 058).
    expect(after).toMatchObject({ signature_method: 'drawn', signature_typed_name: null });
    expect(Number(after.superseded_authorities)).toBe(1);
    expect(after.reply_received_at).toBeTruthy();
    expect(Number(after.total_hmrc_allowance)).toBeGreaterThan(Number(before.total_hmrc_allowance));
    expect(after.signed_content_hash).not.toBe(before.signed_content_hash);
    const authorities = await t.app.db
      .selectFrom('stored_files')
      .select('id')
      .where('session_id', '=', claim.sessionId)
      .where('kind', '=', 'authority')
      .orderBy('created_at')
      .execute();
    expect(authorities).toHaveLength(2);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/claims/${claim.id}`,
      headers: asOperator(op),
    });
    expect(detail.json().signedMatch).toBe(true);
    expect(detail.json().mileage.years[0].miles).toBe(9000);
    // What was shown is what was signed: the stored input, dated, hashes to the signed hash, and
    // is the preview but for the signing time; the PDF has the preview's figures.
    const signedInput = authorityInputOfSnapshot(
      readSnapshot(after.snapshot, after.snapshot_version),
      readAuthorityTerms(after.authority_terms)!,
      after.signed_at!,
    );
    const signedDocument = buildAuthorityDocument(signedInput);
    expect(sha256Hex(authorityCanonical(signedDocument))).toBe(after.signed_content_hash);
    const unsigned = (d: AuthorityDocument) => d.sections.filter((x) => x.id !== 'signature');
    expect(unsigned(document)).toEqual(unsigned(signedDocument));
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/files/${authorities[1]!.id}`,
      headers: asOperator(op),
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(claimRows.length).toBeGreaterThan(0);
    for (const row of claimRows) expect(text).toContain(row);
    // Decision 050: the newer authority is the current one, the first superseded (D32).
    expect(
      detail
        .json<{ authorities: { id: string; current: boolean }[] }>()
        .authorities.map((a) => [a.id, a.current]),
    ).toEqual([
      [authorities[0]!.id, false],
      [authorities[1]!.id, true],
    ]);
  });
  it('an amendment signed by typing the name: stored as typed, and the new authority says so', async () => {
    const { claim, op } = await askForAmendment('Tia');
    const s = await openStatus(claim);
    const request = s.view.casework.thread.requests[0]!;
    const amend = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/status/amendment',
        cookies: { [STATUS_COOKIE]: s.cookie },
        headers: s.headers,
        payload: {
          version: s.view.casework.version,
          requestId: request.id,
          itemId: request.items[0]!.id,
          years: [{ year: MILEAGE_CLAIM_YEAR, employmentId: 'job-1', miles: 6000 }],
          signature: PNG_DATA_URL,
          agreementChecks: { accuracy: true, authorization: true, terms: true },
          ...payload,
        },
      });
    const before = await claimRow(claim.id);
    const authorityCount = async () =>
      (
        await t.app.db
          .selectFrom('stored_files')
          .select('id')
          .where('session_id', '=', claim.sessionId)
          .where('kind', '=', 'authority')
          .execute()
      ).length;
    // A name too long is the field's error, and nothing is stored.
    const tooLong = await amend({ signatureMethod: 'typed', typedName: 'x'.repeat(101) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ errors: Record<string, string> }>().errors).toHaveProperty('typedName');
    // Decision 058: typing chosen and the name left blank is the name's message (the page sends no
    // image then), not only the drawing's; nothing is stored.
    for (const blank of [{ signature: '' }, { signature: '', typedName: '  ' }, { typedName: '' }]) {
      const refused = await amend({ signatureMethod: 'typed', ...blank });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ errors: Record<string, string> }>().errors.typedName).toBe(
        'Enter your full name to sign',
      );
    }
    expect(await claimRow(claim.id)).toEqual(before);
    expect(await authorityCount()).toBe(1);

    const done = await amend({ signatureMethod: 'typed', typedName: ' Tia Typed <x> ' });
    expect(done.statusCode, done.body).toBe(200);
    expect(await claimRow(claim.id)).toMatchObject({
      signature_method: 'typed',
      signature_typed_name: 'Tia Typed x',
      status: 'in-review',
    });
    expect(Number((await claimRow(claim.id)).superseded_authorities)).toBe(1);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/claims/${claim.id}`,
      headers: asOperator(op),
    });
    expect(detail.json().signedMatch).toBe(true);
    const current = detail
      .json<{ authorities: { id: string; current: boolean }[] }>()
      .authorities.find((a) => a.current);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/files/${current!.id}`,
      headers: asOperator(op),
    });
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Signature (typed name)');
    expect(text).toContain('Signed by typing their name instead of drawing: Tia Typed x');
  });
  // Issue 44: signing and sending happen once, however often and however fast they are repeated.
  describe('once only (issue 44)', () => {
    const inject = (s: Status, url: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url,
        cookies: { [STATUS_COOKIE]: s.cookie },
        headers: s.headers,
        payload,
      });
    const filesOf = async (sessionId: string) =>
      (await t.app.db.selectFrom('stored_files').select('kind').where('session_id', '=', sessionId).execute())
        .map((f) => f.kind)
        .sort();

    it('20 identical amendment signings at once leave one authority and 19 answers of 409; a later one is 409 too', async () => {
      const { claim } = await askForAmendment('Sana');
      const s = await openStatus(claim);
      const body = amendmentBody(s, 9100);
      const before = await claimRow(claim.id);
      const filesBefore = await filesOf(claim.sessionId);

      const answers = await Promise.all(
        Array.from({ length: 20 }, () => inject(s, '/api/status/amendment', body)),
      );
      // Any other answer is named with its body in the failure's first line. A 401 was seen here in
      // about one PostgreSQL run of the whole suite in five: the signing rewrites the claim's phone
      // column from its snapshot (newClaim changed the row's alone), and the status token's claim
      // was read twice, by id and then by reference and phone, straddling that commit. It is read
      // once by id now (status.integration.test.ts shows the page staying open).
      const odd = answers.filter((a) => a.statusCode !== 200 && a.statusCode !== 409);
      expect(
        answers.map((a) => a.statusCode).sort(),
        `answers other than 200 and 409: ${JSON.stringify(odd.map((a) => [a.statusCode, a.body]))}`,
      ).toEqual([200, ...Array<number>(19).fill(409)]);
      const after = await claimRow(claim.id);
      expect(Number(after.superseded_authorities)).toBe(Number(before.superseded_authorities) + 1);
      // One signing: its new version, and the request answered by it (back in review).
      expect(after.status).toBe('in-review');
      expect(Number(after.version)).toBe(Number(before.version) + 2);
      for (const refused of answers.filter((a) => a.statusCode === 409))
        expect(refused.json()).toMatchObject({ version: Number(after.version), status: 'in-review' });
      // Its signature and its authority, once each.
      const added = await filesOf(claim.sessionId);
      expect(added.length - filesBefore.length).toBeLessThanOrEqual(2);
      expect(added.filter((k) => k === 'authority').length).toBe(
        filesBefore.filter((k) => k === 'authority').length + 1,
      );
      const replies = await t.app.db
        .selectFrom('claim_messages')
        .select('body')
        .where('claim_id', '=', claim.id)
        .where('author', '=', 'claimant')
        .execute();
      expect(replies).toHaveLength(1);

      // Later, with the claim's new version: the item is signed already.
      const again = await inject(s, '/api/status/amendment', { ...body, version: Number(after.version) });
      expect(again.statusCode).toBe(409);
      expect(Number((await claimRow(claim.id)).superseded_authorities)).toBe(
        Number(after.superseded_authorities),
      );
      expect(await filesOf(claim.sessionId)).toEqual(added);
    });

    it('20 identical messages with one key store one; another key is another message', async () => {
      const claim = await newClaim('Kofi');
      const s = await openStatus(claim);
      const version = s.view.casework.version;
      const key = '6f1c1d2e-8a4b-4c3d-9e8f-0a1b2c3d4e5f';
      const message = { version, body: 'Is there anything else you need?', idempotencyKey: key };
      const sent = await Promise.all(
        Array.from({ length: 20 }, () => inject(s, '/api/status/messages', message)),
      );
      expect(sent.map((r) => r.statusCode)).toEqual(Array<number>(20).fill(201));
      const ids = new Set(sent.map((r) => r.json<{ id: string }>().id));
      expect(ids.size).toBe(1);
      const stored = () =>
        t.app.db.selectFrom('claim_messages').select('id').where('claim_id', '=', claim.id).execute();
      expect((await stored()).map((m) => m.id)).toEqual([...ids]);
      expect(Number((await claimRow(claim.id)).operator_unread_count)).toBe(1);
      // The same send later: the same message, nothing more.
      const later = await inject(s, '/api/status/messages', message);
      expect(later.statusCode).toBe(201);
      expect(later.json<{ id: string }>().id).toBe([...ids][0]);
      expect(await stored()).toHaveLength(1);
      // A key that is not a draft's key is refused; a new draft's key is a new message.
      const bad = await inject(s, '/api/status/messages', { ...message, idempotencyKey: 'again' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.idempotencyKey).toBeDefined();
      const next = { ...message, idempotencyKey: '0d9a8b7c-6e5f-4a3b-8c1d-2e3f4a5b6c7d' };
      expect((await inject(s, '/api/status/messages', next)).statusCode).toBe(201);
      expect(await stored()).toHaveLength(2);
    });

    it('20 identical sets of answers with one key answer the request once, and every send is told it went', async () => {
      const { claim } = await askNow('Lena', REQUEST.items);
      const s = await openStatus(claim);
      const request = s.view.casework.thread.requests[0]!;
      const payload = {
        version: s.view.casework.version,
        requestId: request.id,
        idempotencyKey: '1e2d3c4b-5a69-4788-99aa-bbccddeeff00',
        answers: request.items.map((item) => ({
          itemId: item.id,
          answer: 'Words for this item',
          fileIds: [],
        })),
      };
      const sent = await Promise.all(
        Array.from({ length: 20 }, () => inject(s, '/api/status/answers', payload)),
      );
      expect(sent.map((r) => r.statusCode)).toEqual(Array<number>(20).fill(200));
      const replies = await t.app.db
        .selectFrom('claim_messages')
        .select('id')
        .where('claim_id', '=', claim.id)
        .where('author', '=', 'claimant')
        .execute();
      expect(replies).toHaveLength(1);
      const row = await claimRow(claim.id);
      expect(row.status).toBe('in-review');
      expect(Number(row.operator_unread_count)).toBe(1);
      const history = await t.app.db
        .selectFrom('claim_status_history')
        .select('id')
        .where('claim_id', '=', claim.id)
        .where('to_status', '=', 'in-review')
        .where('reason', '=', 'Reply received from the claimant')
        .execute();
      expect(history).toHaveLength(1);
      // Without the key, answering again is what it always was: the request is closed (409).
      const { idempotencyKey: _key, ...unkeyed } = payload;
      expect((await inject(s, '/api/status/answers', unkeyed)).statusCode).toBe(409);
    });
  });
});
