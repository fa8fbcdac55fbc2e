import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { encryptField } from '../src/crypto/field-encryption.ts';
import { hashPassword } from '../src/crypto/password.ts';
import { calculateRebate, claimableTaxYears } from '@taxback/domain';
import { PNG_DATA_URL, newSessionId, validClaimBody } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { employment, mileageSnapshot } from './snapshots.ts';

/** A clock the app reads (AppOverrides.now) that a test moves by hand. */
export function testClock(start = '2026-03-02T09:00:00.000Z') {
  let current = new Date(start);
  return {
    now: () => current,
    advance(ms: number) {
      current = new Date(current.getTime() + ms);
    },
  };
}
export type TestClock = ReturnType<typeof testClock>;

export const OPERATOR_PASSWORD = 'correct horse battery staple';
export const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export interface TestOperator {
  id: string;
  email: string;
  role: 'admin' | 'caseworker';
}

/** Inserts an operator straight into the database, enrolled in TOTP unless `enrolled: false`. */
export async function insertOperator(
  t: TestApp,
  options: { role?: 'admin' | 'caseworker'; enrolled?: boolean; email?: string } = {},
): Promise<TestOperator> {
  const id = randomUUID();
  const role = options.role ?? 'admin';
  const email = options.email ?? `op-${id.slice(0, 8)}@example.com`;
  await t.app.db
    .insertInto('operator_users')
    .values({
      id,
      email,
      name: `Operator ${id.slice(0, 4)}`,
      password_hash: await hashPassword(OPERATOR_PASSWORD),
      role,
      created_at: new Date().toISOString(),
      last_login_at: null,
      disabled_at: null,
      totp_secret: options.enrolled === false ? null : encryptField(TOTP_SECRET, t.app.keys.dataKey),
      totp_enrolled_at: null,
      totp_last_step: null,
      locked_until: null,
    })
    .execute();
  return { id, email, role };
}

/** D34: gives a claim (of either kind) to an operator, as "Take this claim" would. */
export async function giveClaimTo(t: TestApp, claimId: string, operatorId: string | null): Promise<void> {
  for (const table of ['form_responses', 'onboarding_claims'] as const)
    await t.app.db
      .updateTable(table)
      .set({ owner_id: operatorId, allocated_at: operatorId ? new Date().toISOString() : null })
      .where('id', '=', claimId)
      .execute();
}

export function totpCode(clock: TestClock, secret = TOTP_SECRET): Promise<string> {
  return generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
}

/** The `tb_admin` cookie a response set, as a Cookie header value. */
export function adminCookie(res: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = res.cookies.find((c) => c.name === 'tb_admin');
  if (!cookie) throw new Error('no admin cookie set');
  return `tb_admin=${cookie.value}`;
}

export interface AdminSession {
  cookie: string;
  csrf: string;
}

/** Password then TOTP code; moves the clock on a time step so each sign-in has a fresh code. */
export async function signIn(t: TestApp, clock: TestClock, op: TestOperator): Promise<AdminSession> {
  clock.advance(30_000);
  const first = await t.app.inject({
    method: 'POST',
    url: '/api/admin/sign-in',
    payload: { email: op.email, password: OPERATOR_PASSWORD },
  });
  if (first.statusCode !== 200) throw new Error(`sign-in answered ${first.statusCode}`);
  const { csrfToken } = first.json<{ csrfToken: string }>();
  const second = await t.app.inject({
    method: 'POST',
    url: '/api/admin/sign-in/code',
    headers: { cookie: adminCookie(first), 'x-csrf-token': csrfToken },
    payload: { code: await totpCode(clock) },
  });
  if (second.statusCode !== 200) throw new Error(`code answered ${second.statusCode}`);
  return { cookie: adminCookie(second), csrf: second.json<{ csrfToken: string }>().csrfToken };
}

export function asOperator(session: AdminSession, withCsrf = true): Record<string, string> {
  return { cookie: session.cookie, ...(withCsrf ? { 'x-csrf-token': session.csrf } : {}) };
}

export async function auditCount(t: TestApp, action: string, entityId?: string): Promise<number> {
  let query = t.app.db.selectFrom('audit_events').select('id').where('action', '=', action);
  if (entityId !== undefined) query = query.where('entity_id', '=', entityId);
  return (await query.execute()).length;
}

export const EVIDENCE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

export function multipart(fields: Record<string, string>, file: { filename: string; data: Buffer }) {
  const boundary = `----admin${randomUUID().slice(0, 8)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A general claim submitted through POST /api/claims; returns its id. */
export async function submitGeneralClaim(
  t: TestApp,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/claims',
    headers: { 'x-session-id': newSessionId() },
    payload: validClaimBody(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`claim answered ${res.statusCode}: ${res.body}`);
  return res.json<{ id: string }>().id;
}

/** A general claim's stored reference ('TB 4K7 9MX 2QH', decision 053). */
export async function storedGeneralReference(t: TestApp, id: string): Promise<string> {
  const row = await t.app.db
    .selectFrom('form_responses')
    .select('reference')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (!row.reference) throw new Error(`general claim ${id} has no stored reference`);
  return row.reference;
}

/** The year of the mileage claims these helpers make: the newest one offered today (D21). */
export const MILEAGE_CLAIM_YEAR = claimableTaxYears()[0]!.year;

/**
 * What the domain computes for that claim (8,000 miles in a car or van, the employer paying 10p a
 * mile): 55p a mile in 2026/27, 45p before (the rates' own table tests pin those numbers).
 */
export function mileageClaimFigures(miles = 8000) {
  return calculateRebate({
    years: [{ year: MILEAGE_CLAIM_YEAR, miles }],
    vehicle: 'car-van',
    employerRatePence: 10,
  });
}
/** The default claim: over £2,500 of expenses in its year, so a Self Assessment year (D31). */
export const MILEAGE_CLAIM_FIGURES = mileageClaimFigures();

/** A mileage claim taken through the real wizard API to submission; returns its id and reference. */
export async function submitMileageClaim(
  t: TestApp,
  person: {
    firstName?: string;
    lastName?: string;
    email?: string;
    affiliate?: string | null;
    /** Business miles in the claim's year (8,000 unless given). */
    miles?: number;
    /** The claim's one tax year (MILEAGE_CLAIM_YEAR unless given). */
    year?: string;
    /** An existing draft to finish (a case's, issue 42), at its revision; a new session otherwise. */
    draft?: { sessionId: string; revision: number };
    /** The business-journey test's answers (decision 084: a place answered on the mileage step). */
    workplaces?: object[];
  } = {},
): Promise<{ id: string; reference: string; sessionId: string }> {
  const sessionId = person.draft?.sessionId ?? newSessionId();
  const headers = { 'x-session-id': sessionId };
  const year = person.year ?? MILEAGE_CLAIM_YEAR;
  const snapshot = mileageSnapshot(
    {
      years: [{ year, miles: person.miles ?? 8000 }],
      ratePence: 10,
      personalInfo: {
        firstName: person.firstName ?? 'Mira',
        lastName: person.lastName ?? 'Patel',
        email: person.email ?? 'mira@example.com',
        phone: '07700 900555',
      },
    },
    {
      // The claimant did not have the employer PAYE reference: the one P87 answer still missing.
      employments: [employment('job-1', 'Acme Ltd', { payeReference: '', noPayeReference: true })],
      agreementChecks: { accuracy: true, authorization: true, terms: true },
      affiliateName: person.affiliate === undefined ? 'partner-two' : person.affiliate,
      ...(person.workplaces ? { workplaces: person.workplaces } : {}),
    },
  );
  const save = await t.app.inject({
    method: 'PUT',
    url: '/api/onboarding',
    headers,
    payload: {
      revision: person.draft?.revision ?? 0,
      currentStep: 'evidence',
      lastStepCompleted: 'employer-rate',
      snapshot,
    },
  });
  if (save.statusCode !== 200) throw new Error(`save answered ${save.statusCode}: ${save.body}`);
  const body = multipart(
    { kind: 'evidence', taxYear: year },
    { filename: 'evidence.pdf', data: EVIDENCE_PDF },
  );
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/onboarding/files',
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  if (upload.statusCode !== 201) throw new Error(`upload answered ${upload.statusCode}: ${upload.body}`);
  const sign = await t.app.inject({
    method: 'POST',
    url: '/api/onboarding/signature',
    headers,
    payload: {
      signature: PNG_DATA_URL,
      agreementChecks: { accuracy: true, authorization: true, terms: true },
    },
  });
  if (sign.statusCode !== 201) throw new Error(`sign answered ${sign.statusCode}: ${sign.body}`);
  const submit = await t.app.inject({
    method: 'POST',
    url: '/api/onboarding/submit',
    headers,
    payload: { niNumber: 'AB 12 34 56 C' },
  });
  if (submit.statusCode !== 200) throw new Error(`submit answered ${submit.statusCode}: ${submit.body}`);
  const row = await t.app.db
    .selectFrom('onboarding_claims')
    .select(['id', 'submission_reference'])
    .where('session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return { id: row.id, reference: row.submission_reference ?? '', sessionId };
}

/** D23: the code in the newest status text to `e164` (the offline provider keeps the body). */
export async function lastStatusCode(t: TestApp, e164: string): Promise<string> {
  const row = await t.app.db
    .selectFrom('sms_outbox')
    .select('body')
    .where('to_phone', '=', e164)
    .where('template', '=', 'status-code')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return /is (\d{6})\./.exec(row.body)![1]!;
}

/**
 * D23: the claimant signs in to their status page with the code texted to `phone`; the verify
 * answer (the view, and the status cookie).
 */
export async function signInToStatus(
  t: TestApp,
  claim: { reference: string; phone: string },
  ip = '198.51.100.77',
) {
  const e164 = `+44${claim.phone.replace(/\D/g, '').slice(1)}`;
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/status/code',
    payload: { reference: claim.reference, phone: claim.phone },
    remoteAddress: ip,
  });
  if (sent.statusCode !== 202) throw new Error(`status code answered ${sent.statusCode}: ${sent.body}`);
  const code = await lastStatusCode(t, e164);
  return t.app.inject({
    method: 'POST',
    url: '/api/status/verify',
    payload: { reference: claim.reference, phone: claim.phone, code },
    remoteAddress: ip,
  });
}

/**
 * D35, D40: a mileage claim submitted through the wizard API, then sent to HMRC with `phone` (for
 * the status sign-in) and owned by `ownerId`.
 */
export async function sentMileageClaim(t: TestApp, ownerId: string, phone: string, miles = 4000) {
  const claim = await submitMileageClaim(t, { miles });
  await t.app.db
    .updateTable('onboarding_claims')
    .set({ status: 'sent-to-hmrc', phone })
    .where('id', '=', claim.id)
    .execute();
  await giveClaimTo(t, claim.id, ownerId);
  return { ...claim, phone };
}

/** D40: a sent mileage claim owned by `owner`, with HMRC's answer for its year of `repaid` pence (or none). */
export async function repaidMileageClaim(
  t: TestApp,
  owner: { op: TestOperator; session: AdminSession },
  phone: string,
  repaid: { pence: number; givenAs?: 'repayment' | 'tax-code' } | null,
) {
  const claim = await sentMileageClaim(t, owner.op.id, phone);
  if (repaid) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/claims/${claim.id}/year-answers`,
      headers: asOperator(owner.session),
      payload: {
        year: MILEAGE_CLAIM_YEAR,
        decision: 'accepted',
        amount: (repaid.pence / 100).toFixed(2),
        givenAs: repaid.givenAs ?? 'repayment',
        hmrcReason: 'as claimed',
        version: 0,
      },
    });
    if (res.statusCode !== 200) throw new Error(`year answer answered ${res.statusCode}: ${res.body}`);
  }
  return claim;
}

/** An admin, a caseworker who owns the claims a test makes, and another caseworker, signed in. */
export async function signInTeam(t: TestApp, clock: TestClock) {
  const adminOp = await insertOperator(t);
  const admin = await signIn(t, clock, adminOp);
  const op = await insertOperator(t, { role: 'caseworker' });
  const owner = { op, session: await signIn(t, clock, op) };
  const other = await signIn(t, clock, await insertOperator(t, { role: 'caseworker' }));
  return { adminOp, admin, owner, other };
}
