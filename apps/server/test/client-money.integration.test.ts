// Issue 47 (D41 with D29): with a nomination HMRC pays us. Money received is posted to client money
// held, the fee kept, the rest paid out to the claimant's checked bank account; the ledger balances
// after every posting, 20 postings at once on one case included; a payout is never above what is
// held nor made twice; bank details pass the modulus check and change only with a new signature.
// Through the real app and database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bacsReference, BANK_MESSAGES, CLIENT_MONEY_MESSAGES, transfer } from '@taxback/domain';
import type {
  CaseClientMoney,
  PayoutDay,
  PayoutView,
  Reconciliation,
} from '@taxback/domain/client-money-schemas';
import { writePosting } from '../src/modules/client-money/repository.ts';
import {
  asOperator,
  repaidMileageClaim,
  signInTeam,
  testClock,
  type AdminSession,
  type TestOperator,
} from './admin-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// A Monday: the payout is due five working days later, on Monday 7 December.
const clock = testClock('2026-11-30T10:00:00.000Z');
let t: TestApp;
let admin: AdminSession;
let owner: { op: TestOperator; session: AdminSession };
let other: AdminSession;
let phones = 0;

// Vocalink's published test cases (v8.50, chapter 3): case 1 passes, case 29 fails.
const GOOD = { sortCode: '08-99-99', accountNumber: '66374958', accountName: 'A Claimant' };
const FAILS_MODULUS = { ...GOOD, accountNumber: '66374959' };

beforeAll(async () => {
  t = await createTestApp({
    overrides: { now: clock.now },
    env: { FEE_PERCENT: '20', NOMINATION: 'on', HMRC_AGENT_REFERENCE: 'A1B2C3', PAYOUT_WORKING_DAYS: '5' },
  });
  ({ admin, owner, other } = await signInTeam(t, clock));
});
afterAll(async () => {
  await t.close();
});

const repaidClaim = (pence = 45_000) =>
  repaidMileageClaim(t, owner, `07700 903${String(++phones).padStart(3, '0')}`, { pence });
const call = (method: 'GET' | 'POST' | 'PUT', url: string, s: AdminSession, payload?: object) =>
  t.app.inject({ method, url: `/api/admin${url}`, headers: asOperator(s), ...(payload ? { payload } : {}) });
const receive = (id: string, amount: string, s = owner.session, idempotencyKey: string = randomUUID()) =>
  call('POST', `/claims/${id}/client-money/receipts`, s, { amount, idempotencyKey });
const giveBank = (id: string, body: object, s = owner.session) =>
  call('PUT', `/claims/${id}/bank-details`, s, body);
const markMade = (payout: { id: string; version: number }, s = admin) =>
  call('POST', `/client-money/payouts/${payout.id}/made`, s, { version: payout.version });
const panel = async (id: string) =>
  (await call('GET', `/claims/${id}/client-money`, owner.session)).json<CaseClientMoney>();

const stored = async () => ({
  postings: await t.app.db.selectFrom('ledger_postings').selectAll().orderBy('id').execute(),
  entries: await t.app.db.selectFrom('ledger_entries').selectAll().orderBy('id').execute(),
  bank: await t.app.db.selectFrom('client_bank_details').selectAll().orderBy('id').execute(),
  payouts: await t.app.db.selectFrom('payouts').selectAll().orderBy('id').execute(),
});

/** Every posting's entries add up to zero, so the whole ledger does too. */
async function expectBalanced() {
  const { postings, entries } = await stored();
  for (const p of postings) {
    const sum = entries.filter((e) => e.posting_id === p.id).reduce((s, e) => s + Number(e.pence), 0);
    expect(sum, `posting ${p.kind} ${p.id}`).toBe(0);
  }
  const reconciliation = (await call('GET', '/client-money/reconciliation', admin)).json<Reconciliation>();
  expect(reconciliation.ledgerNetPence).toBe(0);
}

describe('client money (D41 with a nomination)', () => {
  it('posts £450 received: £90 fee kept, £360 held with a payout due in five working days; a retry posts nothing more', async () => {
    const claim = await repaidClaim();
    const key = randomUUID();
    const res = await receive(claim.id, '450.00', owner.session, key);
    expect(res.statusCode, res.body).toBe(200);
    const money = res.json<CaseClientMoney>();
    expect(money.balances).toEqual({
      receivedPence: 45_000,
      feePence: 9_000,
      heldPence: 36_000,
      paidOutPence: 0,
      refundedPence: 0,
      writtenOffPence: 0,
    });
    expect(money.postings.map((p) => [p.kind, p.amountPence])).toEqual([
      ['receipt', 45_000],
      ['fee', 9_000],
    ]);
    expect(money.payouts).toMatchObject([
      { amountPence: 36_000, dueOn: '2026-12-07', state: 'due', account: null },
    ]);
    await expectBalanced();

    const before = await stored();
    const retry = await receive(claim.id, '450.00', owner.session, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json<CaseClientMoney>().balances.receivedPence).toBe(45_000);
    expect(await stored()).toEqual(before);
    const audited = await t.app.db
      .selectFrom('audit_events')
      .select('action')
      .where('entity_id', '=', claim.id)
      .where('action', '=', 'client-money-received')
      .execute();
    expect(audited).toHaveLength(1);
  });

  it('balances after 20 receipts at once on one case, taking no more than HMRC repaid', async () => {
    const claim = await repaidClaim();
    const answers = await Promise.all(Array.from({ length: 20 }, () => receive(claim.id, '30.00')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(15);
    const refused = answers.filter((a) => a.statusCode === 400);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.json()).toEqual({
      errors: { amount: CLIENT_MONEY_MESSAGES.overReceived('£450.00', '£450.00') },
    });
    const money = await panel(claim.id);
    expect(money.balances).toEqual({
      receivedPence: 45_000,
      feePence: 9_000,
      heldPence: 36_000,
      paidOutPence: 0,
      refundedPence: 0,
      writtenOffPence: 0,
    });
    // The first three receipts are all fee; the other twelve are £30 each to pay out.
    expect(money.payouts.map((p) => p.amountPence)).toEqual(Array(12).fill(3_000));
    await expectBalanced();
  });

  it('refuses a receipt beyond what HMRC repaid, the wrong operator and bad input, storing nothing', async () => {
    const claim = await repaidClaim();
    const before = await stored();
    const over = await receive(claim.id, '450.01');
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      errors: { amount: CLIENT_MONEY_MESSAGES.overReceived('£450.00', '£0.00') },
    });
    expect((await receive(claim.id, '450.00', other)).statusCode).toBe(403);
    const bad = await call('POST', `/claims/${claim.id}/client-money/receipts`, owner.session, {
      amount: 'lots',
      idempotencyKey: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      errors: {
        amount: CLIENT_MONEY_MESSAGES.amountInvalid,
        idempotencyKey: 'Reload the page and send it again',
      },
    });
    expect(await stored()).toEqual(before);
  });

  it('checks bank details by the modulus rules, stores them encrypted and masked, and changes them only with a new signature', async () => {
    const claim = await repaidClaim();
    const before = await stored();
    const wrong = await giveBank(claim.id, { ...FAILS_MODULUS, signatureId: 'sig-1', version: 0 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ errors: { accountNumber: BANK_MESSAGES.modulusFailed } });
    const badFormat = await giveBank(claim.id, {
      ...GOOD,
      sortCode: '0899',
      signatureId: 'sig-1',
      version: 0,
    });
    expect(badFormat.json()).toEqual({ errors: { sortCode: BANK_MESSAGES.sortCodeFormat } });
    expect((await giveBank(claim.id, { ...GOOD, signatureId: 'sig-1', version: 0 }, other)).statusCode).toBe(
      403,
    );
    expect(await stored()).toEqual(before);

    const given = await giveBank(claim.id, { ...GOOD, signatureId: 'sig-1', version: 0 });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json<CaseClientMoney>().bankDetails).toMatchObject({
      sortCode: '**-**-99',
      accountNumber: '****4958',
      accountName: 'A Claimant',
      version: 1,
      signatureId: 'sig-1',
      enteredBy: 'operator',
    });
    const row = (await stored()).bank.find((b) => b.case_id === claim.id)!;
    expect(row.sort_code).not.toContain('089999');
    expect(row.account_number).not.toContain('66374958');
    expect(row.account_name).not.toContain('A Claimant');

    const afterFirst = await stored();
    const sameSignature = await giveBank(claim.id, {
      ...GOOD,
      accountNumber: '88837491',
      sortCode: '107999',
      signatureId: 'sig-1',
      version: 1,
    });
    expect(sameSignature.statusCode).toBe(409);
    expect(sameSignature.json()).toEqual({
      error: BANK_MESSAGES.signatureNotNew,
      errors: { signatureId: BANK_MESSAGES.signatureNotNew },
    });
    const stale = await giveBank(claim.id, { ...GOOD, signatureId: 'sig-2', version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: BANK_MESSAGES.stale });
    expect(await stored()).toEqual(afterFirst);

    const changed = await giveBank(claim.id, {
      ...GOOD,
      accountNumber: '88837491',
      sortCode: '107999',
      signatureId: 'sig-2',
      version: 1,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<CaseClientMoney>().bankDetails).toMatchObject({
      accountNumber: '****7491',
      version: 2,
    });
  });

  it('lists the day’s payouts with the bank’s file, makes one once, and leaves the case at zero', async () => {
    const claim = await repaidClaim();
    expect((await receive(claim.id, '450.00')).statusCode).toBe(200);
    expect((await giveBank(claim.id, { ...GOOD, signatureId: 'sig-1', version: 0 })).statusCode).toBe(200);

    const day = await call('GET', '/client-money/payouts?day=2026-12-07', admin);
    expect(day.statusCode, day.body).toBe(200);
    const payout = day.json<PayoutDay>().payouts.find((p) => p.caseId === claim.id)!;
    expect(payout).toMatchObject({
      amountPence: 36_000,
      state: 'due',
      reference: bacsReference(claim.reference),
      account: { sortCode: '**-**-99', accountNumber: '****4958' },
    });
    expect(
      (await call('GET', '/client-money/payouts?day=2026-12-04', admin)).json<PayoutDay>().payouts,
    ).not.toContainEqual(expect.objectContaining({ id: payout.id }));
    const file = await call('GET', '/client-money/payouts.csv?day=2026-12-07', admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.body.split('\r\n')[0]).toBe('Sort code,Account number,Account name,Amount,Reference');
    expect(file.body).toContain(`089999,66374958,A Claimant,360.00,${payout.reference}\r\n`);

    // A caseworker sees no payouts and makes none.
    const before = await stored();
    expect((await call('GET', '/client-money/payouts', owner.session)).statusCode).toBe(403);
    expect((await markMade(payout, owner.session)).statusCode).toBe(403);
    expect((await markMade({ ...payout, version: 7 })).json()).toMatchObject({
      error: CLIENT_MONEY_MESSAGES.stale,
    });
    expect(await stored()).toEqual(before);

    const made = await Promise.all(Array.from({ length: 5 }, () => markMade(payout)));
    expect(made.map((m) => m.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(
      made.find((m) => m.statusCode === 409)!.json<{ error: string; payout: PayoutView }>(),
    ).toMatchObject({
      error: CLIENT_MONEY_MESSAGES.alreadyMade,
      payout: { state: 'made', madeOn: '2026-11-30', version: 2 },
    });
    const money = await panel(claim.id);
    expect(money.balances).toEqual({
      receivedPence: 45_000,
      feePence: 9_000,
      heldPence: 0,
      paidOutPence: 36_000,
      refundedPence: 0,
      writtenOffPence: 0,
    });
    expect(money.postings.filter((p) => p.kind === 'payout')).toHaveLength(1);
    await expectBalanced();

    const reconciliation = await call(
      'GET',
      '/client-money/reconciliation?from=2026-11-01&to=2026-11-30',
      admin,
    );
    expect(reconciliation.json<Reconciliation>().cases.find((c) => c.caseId === claim.id)).toMatchObject({
      reference: claim.reference,
      receivedPence: 45_000,
      feePence: 9_000,
      paidOutPence: 36_000,
      heldPence: 0,
    });
    const csv = await call('GET', '/client-money/reconciliation.csv?from=2026-11-01&to=2026-11-30', admin);
    expect(csv.body).toContain(`${claim.reference},450.00,90.00,360.00,0.00,0.00,0.00\r\n`);
    expect(csv.body).toContain('Ledger net (0 when balanced),0.00');
  });

  it('refuses a payout above what is held for the case, and one without bank details, storing nothing', async () => {
    const claim = await repaidClaim();
    expect((await receive(claim.id, '450.00')).statusCode).toBe(200);
    const payout = (await panel(claim.id)).payouts[0]!;
    const noBank = await markMade(payout);
    expect(noBank.statusCode).toBe(409);
    expect(noBank.json<{ error: string }>().error).toBe(CLIENT_MONEY_MESSAGES.noBankDetails);
    expect((await giveBank(claim.id, { ...GOOD, signatureId: 'sig-1', version: 0 })).statusCode).toBe(200);

    // £100 returned to HMRC (refunds have no route yet): £260 is held, less than the £360 payout.
    await writePosting(t.app.db, {
      idempotencyKey: `refund:${randomUUID()}`,
      caseId: claim.id,
      kind: 'refund',
      entries: transfer(claim.id, 'held', 'refunded', 10_000),
      postedOn: '2026-11-30',
      operatorId: 'test',
      at: new Date().toISOString(),
    });
    const before = await stored();
    const over = await markMade(payout);
    expect(over.statusCode).toBe(409);
    expect(over.json<{ error: string }>().error).toBe(CLIENT_MONEY_MESSAGES.overHeld('£260.00'));
    expect(await stored()).toEqual(before);
    await expectBalanced();
  });

  it('refunds money held to HMRC with the reason, cutting the payout due to what is left; a retry posts nothing more', async () => {
    const claim = await repaidClaim();
    expect((await receive(claim.id, '450.00')).statusCode).toBe(200);
    const key = randomUUID();
    const body = {
      amount: '100.00',
      reason: 'HMRC asked for £100 back: the 2024/25 repayment was reduced',
      idempotencyKey: key,
    };
    const res = await call('POST', `/claims/${claim.id}/client-money/refunds`, owner.session, body);
    expect(res.statusCode, res.body).toBe(200);
    const money = res.json<CaseClientMoney>();
    expect(money.balances).toEqual({
      receivedPence: 45_000,
      feePence: 9_000,
      heldPence: 26_000,
      paidOutPence: 0,
      refundedPence: 10_000,
      writtenOffPence: 0,
    });
    expect(money.postings.map((p) => [p.kind, p.amountPence])).toEqual([
      ['receipt', 45_000],
      ['fee', 9_000],
      ['refund', 10_000],
    ]);
    expect(money.payouts).toMatchObject([{ amountPence: 26_000, state: 'due', version: 2 }]);
    await expectBalanced();

    const before = await stored();
    const retry = await call('POST', `/claims/${claim.id}/client-money/refunds`, owner.session, body);
    expect(retry.statusCode).toBe(200);
    expect(await stored()).toEqual(before);
    const audit = await t.app.db
      .selectFrom('audit_events')
      .select(['action', 'detail'])
      .where('entity_id', '=', claim.id)
      .where('action', '=', 'client-money-refunded')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.detail!)).toMatchObject({ amountPence: 10_000, reason: body.reason });

    // What is left is paid out, and the case is at zero.
    expect((await giveBank(claim.id, { ...GOOD, signatureId: 'sig-refund', version: 0 })).statusCode).toBe(
      200,
    );
    const payout = (await panel(claim.id)).payouts[0]!;
    const made = await markMade(payout);
    expect(made.statusCode, made.body).toBe(200);
    expect((await panel(claim.id)).balances).toMatchObject({
      heldPence: 0,
      paidOutPence: 26_000,
      refundedPence: 10_000,
    });
    await expectBalanced();
  });

  it('lets only an admin write off money held; writing off all of it cancels the payout, which is then never made', async () => {
    const claim = await repaidClaim();
    expect((await receive(claim.id, '450.00')).statusCode).toBe(200);
    expect((await giveBank(claim.id, { ...GOOD, signatureId: 'sig-write-off', version: 0 })).statusCode).toBe(
      200,
    );
    const body = {
      amount: '360.00',
      reason: 'The claimant asked us in writing to give it up',
      idempotencyKey: randomUUID(),
    };
    const before = await stored();
    const byOwner = await call('POST', `/claims/${claim.id}/client-money/write-offs`, owner.session, body);
    expect(byOwner.statusCode).toBe(403);
    expect(await stored()).toEqual(before);

    const res = await call('POST', `/claims/${claim.id}/client-money/write-offs`, admin, body);
    expect(res.statusCode, res.body).toBe(200);
    const money = res.json<CaseClientMoney>();
    expect(money.balances).toMatchObject({ heldPence: 0, writtenOffPence: 36_000 });
    expect(money.payouts).toMatchObject([{ amountPence: 36_000, state: 'cancelled' }]);
    await expectBalanced();

    const after = await stored();
    const cancelled = await markMade(money.payouts[0]!);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json<{ error: string }>().error).toBe(CLIENT_MONEY_MESSAGES.cancelled);
    expect(await stored()).toEqual(after);
    const day = (await call('GET', '/client-money/payouts?day=2026-12-07', admin)).json<PayoutDay>();
    expect(day.payouts.map((p) => p.id)).not.toContain(money.payouts[0]!.id);
  });

  it('refuses a refund above what is held, without a reason, or with a bad amount, storing nothing', async () => {
    const claim = await repaidClaim();
    expect((await receive(claim.id, '450.00')).statusCode).toBe(200);
    const before = await stored();
    const refund = (body: object) =>
      call('POST', `/claims/${claim.id}/client-money/refunds`, owner.session, {
        idempotencyKey: randomUUID(),
        ...body,
      });
    const cases: Array<[object, Record<string, string>]> = [
      [{ amount: '360.01', reason: 'x' }, { amount: CLIENT_MONEY_MESSAGES.outOverHeld('£360.00') }],
      [{ amount: '10.00', reason: '  ' }, { reason: CLIENT_MONEY_MESSAGES.reasonRequired }],
      [{ amount: 'ten', reason: 'x' }, { amount: CLIENT_MONEY_MESSAGES.outAmountInvalid }],
      [{ reason: 'x' }, { amount: CLIENT_MONEY_MESSAGES.outAmountRequired }],
      [{ amount: '0', reason: 'x' }, { amount: CLIENT_MONEY_MESSAGES.amountNotZero }],
    ];
    for (const [body, errors] of cases) {
      const res = await refund(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ errors: Record<string, string> }>().errors).toEqual(errors);
    }
    const wrongOperator = await call('POST', `/claims/${claim.id}/client-money/refunds`, other, {
      amount: '10.00',
      reason: 'x',
      idempotencyKey: randomUUID(),
    });
    expect(wrongOperator.statusCode).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it('refuses client money when no nomination is configured', async () => {
    const off = await createTestApp({ overrides: { now: clock.now }, env: { FEE_PERCENT: '20' } });
    try {
      const team = await signInTeam(off, clock);
      const claim = await repaidMileageClaim(off, team.owner, '07700 903999', { pence: 45_000 });
      const res = await off.app.inject({
        method: 'POST',
        url: `/api/admin/claims/${claim.id}/client-money/receipts`,
        headers: asOperator(team.owner.session),
        payload: { amount: '450.00', idempotencyKey: randomUUID() },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: CLIENT_MONEY_MESSAGES.noNomination,
        errors: { amount: CLIENT_MONEY_MESSAGES.noNomination },
      });
      expect(await off.app.db.selectFrom('ledger_postings').select('id').execute()).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
