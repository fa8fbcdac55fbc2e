// Issue 47 (D29 with D41, decision 076): the claimant signs the nomination on the status page
// through the offline e-signature provider: the signed PDF (a PAdES signature whose hash and
// signature check out with node-forge) and its audit trail are stored with the claim; bank details
// are then taken only under a signature of this case never used before, and a modulus failure
// stores nothing; the claimant hears of each step. Through the real app and database (SQLite, or
// PostgreSQL with TEST_DATABASE_URL).
import { createHash, createVerify } from 'node:crypto';
import { randomUUID } from 'node:crypto';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_MESSAGES, NOMINATION_MESSAGES } from '@taxback/domain';
import type { CaseClientMoney } from '@taxback/domain/client-money-schemas';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import { STATUS_COOKIE } from '../src/modules/status/routes.ts';
import {
  asOperator,
  repaidMileageClaim,
  signInTeam,
  signInToStatus,
  testClock,
  type AdminSession,
  type TestOperator,
} from './admin-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { NOMINATION_ENV, nominatingClaimant } from './nomination-helpers.ts';
import { pdfText } from './pdf-text.ts';

const clock = testClock('2026-11-30T10:00:00.000Z');
let t: TestApp;
let admin: AdminSession;
let owner: { op: TestOperator; session: AdminSession };
let phones = 0;

// Vocalink's published test cases: ...58 passes the modulus check, ...59 fails it.
const GOOD = { sortCode: '08-99-99', accountNumber: '66374958', accountName: 'A Claimant' };
const FAILS_MODULUS = { ...GOOD, accountNumber: '66374959' };
const IP = '198.51.100.91';

beforeAll(async () => {
  t = await createTestApp({
    overrides: { now: clock.now },
    env: {
      ...NOMINATION_ENV,
    },
  });
  ({ admin, owner } = await signInTeam(t, clock));
});
afterAll(async () => {
  await t.close();
});

/** A repaid claim's claimant on the status page, and their signing of the nomination. */
async function claimantOf(pence = 45_000) {
  const claimant = await nominatingClaimant(t, owner, IP, pence);
  const sign = (fullName = 'Alex Claimant') =>
    claimant.send('POST', '/api/status/nomination', { fullName, consent: true });
  return { ...claimant, sign };
}

const stored = async (caseId: string) => ({
  nominations: await t.app.db.selectFrom('nominations').selectAll().where('case_id', '=', caseId).execute(),
  bank: await t.app.db.selectFrom('client_bank_details').selectAll().where('case_id', '=', caseId).execute(),
  files: await t.app.db
    .selectFrom('stored_files')
    .select(['id', 'kind'])
    .where('kind', 'in', ['nomination', 'nomination-audit'])
    .execute(),
});

/** The PDF's PAdES signature: its byte range's SHA-256 is the signed digest, and the RSA signature holds. */
function checkPades(pdf: Buffer) {
  const text = pdf.toString('latin1');
  expect(text).toMatch(/\/SubFilter \/ETSI\.CAdES\.detached/);
  const range = /\/ByteRange \[\s*(\d+) (\d+) (\d+) (\d+)\s*\]/.exec(text);
  expect(range).not.toBeNull();
  const [a, b, c, d] = range!.slice(1).map(Number) as [number, number, number, number];
  expect(a).toBe(0);
  expect(c + d).toBe(pdf.length);
  const signedBytes = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const hex = pdf.subarray(a + b + 1, c - 1).toString('latin1');
  const der = forge.util.hexToBytes(hex);
  const message = forge.pkcs7.messageFromAsn1(
    forge.asn1.fromDer(
      forge.util.createBuffer(der), // The signature is padded with zeros to its placeholder's length (forge's types miss this option).
      { parseAllBytes: false } as unknown as boolean,
    ),
  ) as forge.pkcs7.PkcsSignedData & {
    rawCapture: { signature: string; authenticatedAttributes: forge.asn1.Asn1[] };
  };
  const attributes = message.rawCapture.authenticatedAttributes;
  const digestAttribute = attributes.find(
    (attr) =>
      forge.asn1.derToOid((attr.value as forge.asn1.Asn1[])[0]!.value as string) ===
      forge.pki.oids.messageDigest,
  );
  const signedDigest = ((digestAttribute!.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[])[0]!
    .value as string;
  expect(Buffer.from(signedDigest, 'binary').toString('hex')).toBe(
    createHash('sha256').update(signedBytes).digest('hex'),
  );
  const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes);
  const verifier = createVerify('RSA-SHA256');
  verifier.update(Buffer.from(forge.asn1.toDer(set).getBytes(), 'binary'));
  const certificate = forge.pki.certificateToPem(message.certificates[0]!);
  expect(verifier.verify(certificate, Buffer.from(message.rawCapture.signature, 'binary'))).toBe(true);
  // Any change to the signed bytes breaks it.
  const tampered = Buffer.from(signedBytes);
  tampered[200] = tampered[200]! ^ 1;
  expect(createHash('sha256').update(tampered).digest('hex')).not.toBe(
    Buffer.from(signedDigest, 'binary').toString('hex'),
  );
  return certificate;
}

describe('the nomination (D29, decision 076)', () => {
  it('is offered with its words; refuses a missing name or consent, storing nothing; signs and stores the PAdES PDF and the audit trail', async () => {
    const { claim, view, send, sign } = await claimantOf();
    expect(view.nomination).toMatchObject({
      signed: null,
      signatureUnused: false,
      bankDetails: null,
      payouts: [],
    });
    const words = view.nomination!.paragraphs.join(' ');
    for (const piece of ['Example Claims Ltd', 'A1B2C3', claim.reference, '1 Test Street, Testville TE1 1ST'])
      expect(words).toContain(piece);

    const empty = await send('POST', '/api/status/nomination', { fullName: '  ', consent: false });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      errors: {
        fullName: NOMINATION_MESSAGES.fullNameRequired,
        consent: NOMINATION_MESSAGES.consentRequired,
      },
    });
    expect(
      (await send('POST', '/api/status/nomination', { fullName: 'A B', consent: true }, 'forged')).statusCode,
    ).toBe(403);
    expect((await stored(claim.id)).nominations).toEqual([]);

    const signed = await sign();
    expect(signed.statusCode, signed.body).toBe(200);
    const nomination = signed.json<ClaimStatusView>().nomination!;
    expect(nomination.signed?.signatureId).toMatch(/^nom-/);
    expect(nomination.signatureUnused).toBe(true);
    const [row] = (await stored(claim.id)).nominations;
    expect(row).toMatchObject({
      signature_id: nomination.signed!.signatureId,
      provider: 'offline',
      claim_id: claim.id,
    });

    const pdf = await send('GET', nomination.signed!.documentUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const certificate = checkPades(pdf.rawPayload);
    expect(pdfText(pdf.rawPayload)).toContain('Alex Claimant');

    const trailFile = await t.app.files.readFile(row!.audit_file_id, null);
    const trail = JSON.parse(trailFile!.bytes.toString('utf8'));
    const fingerprint = createHash('sha256')
      .update(
        Buffer.from(
          forge.asn1.toDer(forge.pki.certificateToAsn1(forge.pki.certificateFromPem(certificate))).getBytes(),
          'binary',
        ),
      )
      .digest('hex');
    expect(trail).toMatchObject({ provider: 'offline', signatureId: row!.signature_id });
    expect(trail.events[1]).toMatchObject({
      event: 'signed',
      signerTypedName: 'Alex Claimant',
      documentSha256After: createHash('sha256').update(pdf.rawPayload).digest('hex'),
      certificate: { fingerprintSha256: fingerprint },
    });
    expect(trail.events[1].documentSha256Before).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(trail)).not.toContain(IP);

    // Another claim's cookie cannot open it; no cookie is 401.
    const stranger = await claimantOf();
    expect((await stranger.send('GET', nomination.signed!.documentUrl)).statusCode).toBe(401);
    // The claimant hears of it by email.
    await t.app.jobs.drain();
    const email = await t.app.db
      .selectFrom('email_outbox')
      .select(['subject'])
      .where('template', '=', 'nomination-signed')
      .where('claim_id', '=', claim.id)
      .executeTakeFirstOrThrow();
    expect(email.subject).toBe(`Your claim ${claim.reference}: you signed the nomination`);
  }, 60_000); // the first signature makes the test certificate

  it('takes bank details only under a new signature of this case; a modulus failure stores nothing; a change needs signing again', async () => {
    const { claim, send, sign } = await claimantOf();
    const bank = (body: object) => send('PUT', '/api/status/bank-details', body);

    const unsigned = await bank({ ...GOOD, signatureId: `nom-${randomUUID()}`, version: 0 });
    expect(unsigned.statusCode).toBe(409);
    expect(unsigned.json()).toMatchObject({ errors: { signatureId: NOMINATION_MESSAGES.signFirst } });

    const signatureId = (await sign()).json<ClaimStatusView>().nomination!.signed!.signatureId;
    const wrong = await bank({ ...FAILS_MODULUS, signatureId, version: 0 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ errors: { accountNumber: BANK_MESSAGES.modulusFailed } });
    const badFormat = await bank({ ...GOOD, sortCode: '12', signatureId, version: 0 });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().errors.sortCode).toBe(BANK_MESSAGES.sortCodeFormat);
    expect((await stored(claim.id)).bank).toEqual([]);

    const saved = await bank({ ...GOOD, signatureId, version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    const nomination = saved.json<ClaimStatusView>().nomination!;
    expect(nomination.bankDetails).toEqual({ sortCode: '**-**-99', accountNumber: '****4958', version: 1 });
    expect(nomination.signatureUnused).toBe(false);
    expect(saved.body).not.toContain('66374958');

    const reused = await bank({ ...GOOD, accountName: 'Changed', signatureId, version: 1 });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().errors.signatureId).toBe(BANK_MESSAGES.signatureNotNew);

    const again = (await sign('Alex Claimant')).json<ClaimStatusView>().nomination!;
    expect(again.signed!.signatureId).not.toBe(signatureId);
    expect(again.signatureUnused).toBe(true);
    const changed = await bank({
      ...GOOD,
      accountNumber: '66374958',
      signatureId: again.signed!.signatureId,
      version: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await stored(claim.id)).bank.map((b) => Number(b.version)).sort()).toEqual([1, 2]);

    await t.app.jobs.drain();
    const emails = await t.app.db
      .selectFrom('email_outbox')
      .select(['body_text'])
      .where('template', '=', 'bank-details-changed')
      .where('claim_id', '=', claim.id)
      .execute();
    expect(emails).toHaveLength(2);
    for (const e of emails) {
      expect(e.body_text).toContain('**-**-99 ****4958');
      expect(e.body_text).not.toContain('66374958');
    }
  });

  it('shows operators the signed PDF and audit trail on the claim page (downloads audited), and the claimant the payout', async () => {
    const { claim, sign, send } = await claimantOf();
    const signatureId = (await sign()).json<ClaimStatusView>().nomination!.signed!.signatureId;
    expect(
      (await send('PUT', '/api/status/bank-details', { ...GOOD, signatureId, version: 0 })).statusCode,
    ).toBe(200);
    const received = await t.app.inject({
      method: 'POST',
      url: `/api/admin/claims/${claim.id}/client-money/receipts`,
      headers: asOperator(owner.session),
      payload: { amount: '450.00', idempotencyKey: randomUUID() },
    });
    expect(received.statusCode, received.body).toBe(200);
    const money = received.json<CaseClientMoney>();
    expect(money.nominations).toMatchObject([{ signatureId, provider: 'offline' }]);
    const trail = await t.app.inject({
      method: 'GET',
      url: money.nominations[0]!.auditTrailUrl,
      headers: asOperator(admin),
    });
    expect(trail.statusCode).toBe(200);
    expect(trail.json()).toMatchObject({ signatureId });
    const audited = await t.app.db
      .selectFrom('audit_events')
      .select('action')
      .where('action', '=', 'file-downloaded')
      .where('entity_id', '=', money.nominations[0]!.auditTrailUrl.split('/').at(-1)!)
      .execute();
    expect(audited).toHaveLength(1);

    const view = (await send('GET', '/api/status')).json<ClaimStatusView>();
    expect(view.hmrcYears).toMatchObject({ repaidPence: 45_000, feePence: 9_000, claimantPence: 36_000 });
    expect(view.nomination!.payouts).toEqual([
      { amountPence: 36_000, dueOn: '2026-12-07', state: 'due', madeOn: null },
    ]);
  });

  it('offers no nomination on a claim HMRC repaid nothing on, and refuses to sign one', async () => {
    const phone = `07700 904${String(++phones).padStart(3, '0')}`;
    const claim = await repaidMileageClaim(t, owner, phone, { pence: 12_000, givenAs: 'tax-code' });
    const verified = await signInToStatus(t, { reference: claim.reference, phone }, IP);
    const view = verified.json<ClaimStatusView>();
    expect(view.nomination).toBeNull();
    const cookie = verified.cookies.find((c) => c.name === STATUS_COOKIE)!.value;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/status/nomination',
      cookies: { [STATUS_COOKIE]: cookie },
      headers: { 'x-csrf-token': view.casework.csrfToken },
      payload: { fullName: 'A B', consent: true },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: NOMINATION_MESSAGES.notOffered });
  });
});
