import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decryptField } from '../src/crypto/field-encryption.ts';
import {
  asOperator,
  auditCount,
  insertOperator,
  signIn,
  submitGeneralClaim as submitUnownedGeneral,
  giveClaimTo,
  submitMileageClaim as submitUnowned,
  testClock,
} from './admin-helpers.ts';
import type { AdminSession } from './admin-helpers.ts';
import { createTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

// D32 (issue 28): operators complete or correct the answers that do not change the amount.
// Starts at the real time: claims are signed by the wizard's own clock, and an operator's
// correction counts as made after signing when its time is later.
const clock = testClock(new Date().toISOString());
let t: TestApp;
let caseworker: AdminSession;
let caseworkerId: string;

/** D34: a caseworker changes only the claims they own, so each claim here is theirs. */
async function submitMileageClaim(...args: Parameters<typeof submitUnowned>) {
  const claim = await submitUnowned(...args);
  await giveClaimTo(t, claim.id, caseworkerId);
  return claim;
}

async function submitGeneralClaim(...args: Parameters<typeof submitUnownedGeneral>) {
  const id = await submitUnownedGeneral(...args);
  await giveClaimTo(t, id, caseworkerId);
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ overrides: { now: clock.now } });
  const worker = await insertOperator(t, { role: 'caseworker' });
  caseworkerId = worker.id;
  caseworker = await signIn(t, clock, worker);
});
afterAll(async () => {
  await t.close();
});

const edit = (id: string, payload: unknown, s: AdminSession | null = caseworker, csrf = true) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/claims/${id}/details`,
    headers: s ? asOperator(s, csrf) : {},
    payload: payload as object,
  });

const detail = async (id: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/admin/claims/${id}`, headers: asOperator(caseworker) })
  ).json<{
    workflow: { version: number; allowedMoves: string[] };
    readiness: Array<{ field: string; label: string }>;
    edits: Array<{ label: string; oldValue: string | null; newValue: string | null; reason: string }>;
    employments: Array<{ payeReference: string | null; jobTitle: string }>;
    claimant: Record<string, string | null>;
    signedMatch: boolean | null;
    audit: Array<{ action: string }>;
  }>();

async function stored(id: string) {
  const row = await t.app.db
    .selectFrom('onboarding_claims')
    .select(['snapshot', 'version', 'last_action_at', 'admin_ni_number', 'ni_key', 'first_name', 'full_name'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const edits = await t.app.db
    .selectFrom('claim_field_edits')
    .selectAll()
    .where('claim_id', '=', id)
    .execute();
  const outbox = await t.app.db
    .selectFrom('sms_outbox')
    .select(['template', 'body'])
    .where('template', '=', 'claim-details-corrected')
    .execute();
  return { row, edits, audits: await auditCount(t, 'claim-details-corrected', id), outbox };
}

describe('an operator enters the PAYE reference the claimant did not have', () => {
  let claim: { id: string; reference: string };
  beforeEach(async () => {
    // 4,000 miles: under £2,500 of expenses, so the PAYE reference is the only answer missing.
    claim = await submitMileageClaim(t, { miles: 4000 });
  });

  it('writes exactly one history row and one audit event, sets the last action, tells the claimant, and the claim can then be ready for HMRC', async () => {
    const before = await detail(claim.id);
    expect(before.readiness.map((r) => r.field)).toEqual(['employments.0.payeReference']);
    expect(before.signedMatch).toBe(true);
    const jobId = 'job-1';
    clock.advance(60_000);
    const res = await edit(claim.id, {
      field: 'payeReference',
      employmentId: jobId,
      value: ' 123/ab45678 ',
      reason: 'The claimant phoned with it',
      version: before.workflow.version,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ readiness: [], workflow: { version: before.workflow.version + 1 } });

    const after = await stored(claim.id);
    expect(after.edits).toHaveLength(1);
    expect(after.edits[0]).toMatchObject({
      field: 'payeReference',
      label: 'Employer PAYE reference (employment 1)',
      old_value: null,
      new_value: '"123/AB45678"',
      reason: 'The claimant phoned with it',
    });
    expect(after.audits).toBe(1);
    expect(after.row.last_action_at).toBe(clock.now().toISOString());
    expect(JSON.parse(after.row.snapshot ?? '{}').employments[0]).toMatchObject({
      payeReference: '123/AB45678',
      noPayeReference: false,
    });

    await t.app.jobs.drain();
    const texts = (await stored(claim.id)).outbox.filter((m) => m.body.includes(claim.reference));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain('employer PAYE reference (employment 1)');
    const emails = await t.app.db
      .selectFrom('email_outbox')
      .select(['subject', 'body_text'])
      .where('template', '=', 'claim-details-corrected')
      .execute();
    expect(emails.filter((m) => m.subject.includes(claim.reference))[0]?.body_text).toContain(
      'The claimant phoned with it',
    );

    const shown = await detail(claim.id);
    expect(shown.edits).toEqual([
      expect.objectContaining({
        oldValue: null,
        newValue: '123/AB45678',
        reason: 'The claimant phoned with it',
      }),
    ]);
    expect(shown.employments[0]!.payeReference).toBe('123/AB45678');
    // The operator's correction is not a change to what the claimant signed.
    expect(shown.signedMatch).toBe(true);
    const ready = await t.app.inject({
      method: 'POST',
      url: `/api/admin/claims/${claim.id}/status`,
      headers: asOperator(caseworker),
      payload: { to: 'in-review', reason: '', version: shown.workflow.version },
    });
    expect(ready.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/claims/${claim.id}/status`,
      headers: asOperator(caseworker),
      payload: { to: 'ready-for-hmrc', reason: '', version: shown.workflow.version + 1 },
    });
    expect(again.statusCode).toBe(200);
  });

  it('corrects the NI number encrypted, keeps the old one encrypted and shows both masked', async () => {
    const { workflow } = await detail(claim.id);
    const res = await edit(claim.id, {
      field: 'niNumber',
      value: 'ce 12 34 56 a',
      reason: 'Typo on the phone',
      version: workflow.version,
    });
    expect(res.statusCode).toBe(200);
    const after = await stored(claim.id);
    expect(decryptField(after.row.admin_ni_number!, t.app.keys.dataKey)).toBe('CE123456A');
    expect(after.edits).toHaveLength(1);
    expect(after.edits[0]!.old_value).not.toContain('AB123456C');
    expect(after.edits[0]!.new_value).not.toContain('CE123456A');
    const shown = await detail(claim.id);
    expect(shown.edits[0]).toMatchObject({ oldValue: 'AB •• •• •• C', newValue: 'CE •• •• •• A' });
  });

  it('changes the name, the date of birth, the address and the job on the claim', async () => {
    let { workflow } = await detail(claim.id);
    const bodies = [
      { field: 'firstName', value: 'Mirabel' },
      { field: 'dateOfBirth', value: { day: '6', month: '4', year: '1980' } },
      { field: 'address', value: { homeAddress: '2 Low Road, Wigan', postcode: 'wn2 1ar' } },
      { field: 'jobTitle', employmentId: 'job-1', value: 'Surveyor' },
      { field: 'employerName', employmentId: 'job-1', value: 'Acme Holdings Ltd' },
    ];
    for (const body of bodies) {
      const res = await edit(claim.id, {
        ...body,
        reason: 'Checked with the claimant',
        version: workflow.version,
      });
      expect(res.statusCode, res.body).toBe(200);
      workflow = res.json<{ workflow: typeof workflow }>().workflow;
    }
    const shown = await detail(claim.id);
    expect(shown.claimant).toMatchObject({
      firstName: 'Mirabel',
      dateOfBirth: '1980-04-06',
      address: '2 Low Road, Wigan',
      postcode: 'WN2 1AR',
    });
    expect(shown.employments[0]).toMatchObject({ jobTitle: 'Surveyor' });
    expect(shown.edits.map((e) => [e.label, e.newValue])).toEqual([
      ['First names', 'Mirabel'],
      ['Date of birth', '6 April 1980'],
      ['Home address', '2 Low Road, Wigan, WN2 1AR'],
      ['Job title (employment 1)', 'Surveyor'],
      ['Employer name (employment 1)', 'Acme Holdings Ltd'],
    ]);
    expect((await stored(claim.id)).row.full_name).toBe('Mirabel Patel');
    expect(shown.signedMatch).toBe(true);
    expect(await auditCount(t, 'claim-details-corrected', claim.id)).toBe(5);
  });
});

describe('bad edits answer 4xx with a message at the field and store nothing', () => {
  let claim: { id: string };
  let version: number;
  beforeAll(async () => {
    claim = await submitMileageClaim(t, { miles: 4000 });
    version = (await detail(claim.id)).workflow.version;
  });

  async function expectNothingStored(before: Awaited<ReturnType<typeof stored>>) {
    const after = await stored(claim.id);
    expect(after.edits).toHaveLength(0);
    expect(after.audits).toBe(0);
    expect(after.row).toEqual(before.row);
  }

  const good = () => ({ field: 'payeReference', employmentId: 'job-1', value: '123/AB45678', version });

  it.each([
    ['no reason', { reason: '' }, 'reason', 'Enter the reason for this change'],
    ['a reason of spaces', { reason: '   ' }, 'reason', 'Enter the reason for this change'],
    ['an invalid PAYE reference', { value: 'ABC', reason: 'x' }, 'value', 'correct format'],
    ['an empty PAYE reference', { value: '', reason: 'x' }, 'value', 'Enter the employer PAYE reference'],
    [
      'an invalid NI number',
      { field: 'niNumber', employmentId: null, value: 'ZZ123456A', reason: 'x' },
      'value',
      'correct format',
    ],
    [
      'the NI number example',
      { field: 'niNumber', employmentId: null, value: 'QQ 12 34 56 C', reason: 'x' },
      'value',
      'only an example',
    ],
    [
      '31 February as a date of birth',
      {
        field: 'dateOfBirth',
        employmentId: null,
        value: { day: '31', month: '2', year: '1980' },
        reason: 'x',
      },
      'value',
      'real date',
    ],
    [
      'a future end date',
      {
        field: 'employmentEnd',
        value: { continuing: 'no', endDate: { day: '1', month: '1', year: '2099' } },
        reason: 'x',
      },
      'value.endDate',
      'today or in the past',
    ],
    [
      'business miles (an amount, D32)',
      { field: 'businessMiles', value: 9000, reason: 'x' },
      'field',
      'Business miles',
    ],
    [
      'the vehicle (an amount, D32)',
      { field: 'vehicle', value: 'bicycle', reason: 'x' },
      'field',
      'The vehicle',
    ],
    ['the tax years (an amount, D32)', { field: 'taxYears', value: [], reason: 'x' }, 'field', 'tax years'],
    ['an unknown field', { field: 'signature', value: 'x', reason: 'x' }, 'field', 'Select a detail'],
    ['an unknown employment', { employmentId: 'job-9', reason: 'x' }, 'employmentId', 'Select an employment'],
  ])('%s', async (_name, change, key, message) => {
    const before = await stored(claim.id);
    const res = await edit(claim.id, { ...good(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string> }>().errors[key]).toContain(message);
    await expectNothingStored(before);
  });

  it('an amount field is refused by name even without a reason', async () => {
    const res = await edit(claim.id, { field: 'businessMiles', value: 1, reason: '', version });
    expect(res.statusCode).toBe(400);
    const errors = res.json<{ errors: Record<string, string> }>().errors;
    expect(errors.field).toMatch(/^Business miles changes the amount claimed/);
    expect(errors.reason).toBe('Enter the reason for this change');
  });

  it('a stale copy answers 409 with the current version', async () => {
    const before = await stored(claim.id);
    const res = await edit(claim.id, { ...good(), reason: 'x', version: version + 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ stale: true, version });
    await expectNothingStored(before);
  });

  it('the same value again answers 400', async () => {
    const before = await stored(claim.id);
    const res = await edit(claim.id, {
      field: 'jobTitle',
      employmentId: 'job-1',
      value: 'Engineer',
      reason: 'x',
      version,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string> }>().errors.value).toContain('already holds');
    await expectNothingStored(before);
  });

  it('without the CSRF token: 403; without a session: 401', async () => {
    const before = await stored(claim.id);
    expect((await edit(claim.id, { ...good(), reason: 'x' }, caseworker, false)).statusCode).toBe(403);
    expect((await edit(claim.id, { ...good(), reason: 'x' }, null)).statusCode).toBe(401);
    await expectNothingStored(before);
  });

  it('a claimant session is not an operator: 401', async () => {
    const before = await stored(claim.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/claims/${claim.id}/details`,
      headers: { 'x-session-id': (await submitMileageClaim(t, { miles: 4000 })).sessionId },
      payload: { ...good(), reason: 'x' },
    });
    expect(res.statusCode).toBe(401);
    await expectNothingStored(before);
  });
});

describe('a general claim', () => {
  it('has its name corrected; details it does not hold are refused', async () => {
    const id = await submitGeneralClaim(t, { firstName: 'Gwen', lastName: 'Edits' });
    const { workflow } = await detail(id);
    const refused = await edit(id, {
      field: 'payeReference',
      employmentId: 'job-1',
      value: '123/AB45678',
      reason: 'x',
      version: workflow.version,
    });
    expect(refused.statusCode).toBe(400);
    const res = await edit(id, {
      field: 'lastName',
      value: 'Edwards',
      reason: 'Spelling',
      version: workflow.version,
    });
    expect(res.statusCode).toBe(200);
    const row = await t.app.db
      .selectFrom('form_responses')
      .select(['last_name', 'full_name', 'last_action_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ last_name: 'Edwards', full_name: 'Gwen Edwards' });
    expect(row.last_action_at).not.toBeNull();
    const shown = await detail(id);
    expect(shown.edits).toEqual([expect.objectContaining({ oldValue: 'Edits', newValue: 'Edwards' })]);
    expect(shown.signedMatch).toBe(true);
    expect(
      await t.app.db.selectFrom('claim_field_edits').select('id').where('claim_id', '=', id).execute(),
    ).toHaveLength(1);
  });
});

describe('the claim page audit trail (issue 32.5)', () => {
  it('shows the first view on the first load, and a reload after a change adds no view', async () => {
    const claim = await submitMileageClaim(t, { miles: 4000 });
    const first = await detail(claim.id);
    expect(first.audit.map((a) => a.action)).toEqual(['claim-viewed']);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/claims/${claim.id}/status`,
      headers: asOperator(caseworker),
      payload: { to: 'in-review', reason: '', version: first.workflow.version },
    });
    await detail(claim.id);
    expect(await auditCount(t, 'claim-viewed', claim.id)).toBe(1);
    clock.advance(6 * 60_000);
    await detail(claim.id);
    expect(await auditCount(t, 'claim-viewed', claim.id)).toBe(2);
  });
});

describe('the audit log names what each event is about (issue 32.5)', () => {
  it('a claim by its reference, an operator by name', async () => {
    const admin = await signIn(t, clock, await insertOperator(t));
    const claim = await submitMileageClaim(t, { miles: 4000 });
    await detail(claim.id);
    const other = await insertOperator(t, { role: 'caseworker' });
    const disable = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/operators/${other.id}`,
      headers: asOperator(admin),
      payload: { action: 'disable' },
    });
    expect(disable.statusCode).toBe(204);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: asOperator(admin) });
    const events = res.json<{ events: Array<{ action: string; entityId: string; subject: string | null }> }>()
      .events;
    expect(events.find((e) => e.action === 'claim-viewed' && e.entityId === claim.id)?.subject).toBe(
      claim.reference,
    );
    expect(events.find((e) => e.action === 'operator-changed' && e.entityId === other.id)?.subject).toBe(
      `Operator ${other.id.slice(0, 4)}`,
    );
  });
});
