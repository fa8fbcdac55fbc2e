// Issue 29 (D34, D35): who owns a claim, the queues and their flags, "Take next" under
// concurrency, all-or-nothing allocation, the role rules, and sending and repayment on the record.
// Through the real app and database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimStatus } from '@taxback/domain';
import { generalReference } from '@taxback/domain/reference';
import { assertMayChangeClaim } from '../src/modules/shared/claim-access.ts';
import type { ClaimChange } from '../src/modules/shared/claim-access.ts';
import { asOperator, giveClaimTo, insertOperator, signIn, testClock } from './admin-helpers.ts';
import type { AdminSession, TestOperator } from './admin-helpers.ts';
import { createTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const clock = testClock('2026-03-02T09:00:00.000Z');
let t: TestApp;
let admin: AdminSession;
let adminOp: TestOperator;
const workers: Array<{ op: TestOperator; session: AdminSession }> = [];

beforeAll(async () => {
  t = await createTestApp({
    overrides: { now: clock.now },
    env: { FEE_PERCENT: '20', FEE_MINIMUM_PENCE: '2500', FEE_VAT_PERCENT: '20' },
  });
  adminOp = await insertOperator(t);
  admin = await signIn(t, clock, adminOp);
  for (let i = 0; i < 5; i++) {
    const op = await insertOperator(t, { role: 'caseworker' });
    workers.push({ op, session: await signIn(t, clock, op) });
  }
});
afterAll(async () => {
  await t.close();
});

/** Each change a second after the one before, so histories read in the order they happened. */
const post = (url: string, payload: object, s: AdminSession) => {
  clock.advance(1000);
  return t.app.inject({ method: 'POST', url, headers: asOperator(s), payload });
};
const get = (url: string, s: AdminSession) => t.app.inject({ method: 'GET', url, headers: asOperator(s) });

let seq = 0;
/** General claims straight into the table, submitted a minute apart from `start`, nobody's. */
async function insertClaims(
  n: number,
  options: { start?: string; status?: ClaimStatus; lastName?: string } = {},
): Promise<string[]> {
  const base = new Date(options.start ?? '2026-01-01T08:00:00.000Z').getTime();
  const ids: string[] = [];
  const rows = Array.from({ length: n }, (_, i) => {
    const id = randomUUID();
    ids.push(id);
    const at = new Date(base + (seq++ % 100_000) * 1000 + i * 60_000).toISOString();
    return {
      id,
      session_id: `q_${id}`,
      first_name: 'Quinn',
      last_name: options.lastName ?? 'Queue',
      full_name: `Quinn ${options.lastName ?? 'Queue'}`,
      email: `q.${id.slice(0, 8)}@example.com`,
      phone: '07700 900111',
      selected_expenses: '["travel"]',
      earns_over_18k: 1,
      status: options.status ?? 'submitted',
      created_at: at,
      updated_at: at,
    };
  });
  await t.app.db.insertInto('form_responses').values(rows).execute();
  return ids;
}

async function ownerOf(id: string): Promise<string | null> {
  const row = await t.app.db
    .selectFrom('form_responses')
    .select('owner_id')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.owner_id;
}

/** Every claim back to the pool, so each test starts from an empty one it fills itself. */
async function closeEveryClaim() {
  await t.app.db.updateTable('form_responses').set({ status: 'withdrawn' }).execute();
}

describe('the role rules (D34): one guard, every rule', () => {
  const A = { id: 'a', role: 'caseworker' };
  const B = { id: 'b', role: 'caseworker' };
  const ADMIN = { id: 'z', role: 'admin' };
  const mine = { status: 'in-review', ownerId: 'a', ownerName: 'Ada' };
  const unowned = { status: 'submitted', ownerId: null };
  const closed = { status: 'repaid', ownerId: 'a', ownerName: 'Ada' };
  const closedUnowned = { status: 'withdrawn', ownerId: null };
  type Row = [string, typeof A, object, ClaimChange, 'ok' | 403 | 409];
  const rules: Row[] = [];
  for (const change of ['status', 'note', 'edit', 'request'] as const) {
    rules.push(
      ['owner caseworker', A, mine, change, 'ok'],
      ['other caseworker', B, mine, change, 403],
      ['caseworker, nobody owns it', A, unowned, change, 403],
      ['admin, someone else owns it', ADMIN, mine, change, 'ok'],
      ['admin, nobody owns it', ADMIN, unowned, change, 'ok'],
    );
  }
  rules.push(
    ['caseworker takes an unowned claim', A, unowned, 'take', 'ok'],
    ['caseworker takes their own claim again', A, mine, 'take', 'ok'],
    ['caseworker takes a claim someone owns', B, mine, 'take', 409],
    ['admin takes a claim someone owns', ADMIN, mine, 'take', 409],
    ['caseworker takes a closed claim', A, closedUnowned, 'take', 409],
    ['caseworker allocates their own claim', A, mine, 'allocate', 403],
    ['caseworker allocates an unowned claim', A, unowned, 'allocate', 403],
    ['admin allocates an owned claim', ADMIN, mine, 'allocate', 'ok'],
    ['admin allocates an unowned claim', ADMIN, unowned, 'allocate', 'ok'],
    ['admin allocates a closed claim', ADMIN, closed, 'allocate', 409],
    ['owner caseworker corrects a record', A, closed, 'correct-record', 403],
    ['admin corrects a record of a closed claim', ADMIN, closed, 'correct-record', 'ok'],
  );
  it.each(rules)('%s: %s on a claim, %s → %s', (_name, actor, claim, change, expected) => {
    let outcome: 'ok' | number = 'ok';
    try {
      assertMayChangeClaim(actor, claim as typeof mine, change);
    } catch (error) {
      outcome = (error as { kind: string }).kind === 'not-allowed' ? 403 : 409;
    }
    expect(outcome).toBe(expected);
  });

  it('names the owner in the refusal', () => {
    expect(() => assertMayChangeClaim(B, mine, 'status')).toThrow(
      'This claim is owned by Ada. Only its owner or an admin can change it.',
    );
  });

  describe('through every operator write route', () => {
    let claim: string;
    beforeAll(async () => {
      [claim] = (await insertClaims(1, { lastName: 'Rules' })) as [string];
      await giveClaimTo(t, claim, workers[0]!.op.id);
    });
    const routes: Array<[string, (id: string) => [string, object]]> = [
      ['status', (id) => [`/api/admin/claims/${id}/status`, { to: 'in-review', reason: '', version: 0 }]],
      ['note', (id) => [`/api/admin/claims/${id}/notes`, { body: 'A note' }]],
      ['take', (id) => [`/api/admin/claims/${id}/take`, {}]],
      ['allocate', (id) => [`/api/admin/claims/${id}/owner`, { ownerId: null, reason: 'Back' }]],
      [
        'correct',
        (id) => [
          `/api/admin/claims/${id}/hmrc-records`,
          { record: 'repaid', repaidAmount: '10.00', reason: 'Typo' },
        ],
      ],
    ];
    it.each(routes)(
      'another caseworker is refused on %s with a message, and nothing changes',
      async (_n, route) => {
        const [url, body] = route(claim);
        const res = await post(url, body, workers[1]!.session);
        expect([403, 409]).toContain(res.statusCode);
        expect(res.json<{ error: string }>().error).toMatch(/owned by|admin|permission/);
        expect(await ownerOf(claim)).toBe(workers[0]!.op.id);
        const row = await t.app.db
          .selectFrom('form_responses')
          .select(['status', 'version'])
          .where('id', '=', claim)
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({ status: 'submitted', version: 0 });
      },
    );

    it('the owner changes it; an admin changes it too', async () => {
      const mine = await post(
        `/api/admin/claims/${claim}/status`,
        { to: 'in-review', reason: '', version: 0 },
        workers[0]!.session,
      );
      expect(mine.statusCode).toBe(200);
      const note = await post(`/api/admin/claims/${claim}/notes`, { body: 'Admin note' }, admin);
      expect(note.statusCode).toBe(201);
    });
  });
});

describe('take next (D34)', () => {
  it('gives the oldest unallocated claim, then the next', async () => {
    await closeEveryClaim();
    const [oldest, second] = (await insertClaims(3, { start: '2025-12-01T08:00:00.000Z' })) as [
      string,
      string,
    ];
    const first = await post('/api/admin/claims/take-next', {}, workers[0]!.session);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ id: oldest, kind: 'general', reference: generalReference(oldest) });
    const next = await post('/api/admin/claims/take-next', {}, workers[1]!.session);
    expect(next.json<{ id: string }>().id).toBe(second);
    expect(await ownerOf(oldest)).toBe(workers[0]!.op.id);
    expect(await ownerOf(second)).toBe(workers[1]!.op.id);
  });

  it('20 presses at once by 5 caseworkers give 20 distinct claims, never one claim to two', async () => {
    await closeEveryClaim();
    const ids = await insertClaims(25);
    const presses = Array.from({ length: 20 }, (_, i) =>
      post('/api/admin/claims/take-next', {}, workers[i % 5]!.session),
    );
    const answers = await Promise.all(presses);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const taken = answers.map((a) => a.json<{ id: string }>().id);
    expect(new Set(taken).size).toBe(20);
    for (const id of taken) expect(ids).toContain(id);
    // Each answer is stored as that caseworker's, and each move audited once.
    for (const [i, a] of answers.entries())
      expect(await ownerOf(a.json<{ id: string }>().id)).toBe(workers[i % 5]!.op.id);
    const owned = await t.app.db
      .selectFrom('form_responses')
      .select('id')
      .where('id', 'in', ids)
      .where('owner_id', 'is not', null)
      .execute();
    expect(owned).toHaveLength(20);
    const audits = await t.app.db
      .selectFrom('audit_events')
      .select('entity_id')
      .where('action', '=', 'claim-allocated')
      .where('entity_id', 'in', ids)
      .execute();
    expect(audits).toHaveLength(20);
  });

  it('answers 404 when the pool is empty', async () => {
    await closeEveryClaim();
    const res = await post('/api/admin/claims/take-next', {}, workers[0]!.session);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No claim is waiting in the unallocated pool.' });
  });
});

describe('allocation by an admin (D34)', () => {
  it('allocates the next N all or nothing: one taken meanwhile changes nothing and is named', async () => {
    await closeEveryClaim();
    const ids = await insertClaims(3, { lastName: 'Bulk' });
    // A caseworker takes the second while the admin is looking at the list.
    const taken = await post(`/api/admin/claims/${ids[1]}/take`, {}, workers[2]!.session);
    expect(taken.statusCode).toBe(200);
    const res = await post(
      '/api/admin/claims/allocate',
      { ownerId: workers[0]!.op.id, claimIds: ids, reason: 'Morning share' },
      admin,
    );
    expect(res.statusCode).toBe(409);
    const body = res.json<{
      error: string;
      taken: Array<{ id: string; reference: string; owner: string }>;
    }>();
    expect(body.taken).toEqual([
      { id: ids[1], reference: generalReference(ids[1]!), owner: workers[2]!.op.id },
    ]);
    expect(body.error).toContain(generalReference(ids[1]!));
    expect(await ownerOf(ids[0]!)).toBeNull();
    expect(await ownerOf(ids[2]!)).toBeNull();

    const free = [ids[0]!, ids[2]!];
    const ok = await post(
      '/api/admin/claims/allocate',
      { ownerId: workers[0]!.op.id, claimIds: free, reason: 'Morning share' },
      admin,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ allocated: 2, owner: { id: workers[0]!.op.id } });
    for (const id of free) expect(await ownerOf(id)).toBe(workers[0]!.op.id);
  });

  it('a take racing a bulk allocation: exactly one wins each claim, the allocation is whole or nothing', async () => {
    await closeEveryClaim();
    const ids = await insertClaims(10, { lastName: 'Race' });
    const [bulk, take] = await Promise.all([
      post('/api/admin/claims/allocate', { ownerId: workers[3]!.op.id, claimIds: ids, reason: '' }, admin),
      post(`/api/admin/claims/${ids[9]}/take`, {}, workers[4]!.session),
    ]);
    const owners = await Promise.all(ids.map(ownerOf));
    if (bulk.statusCode === 200) {
      expect(take.statusCode).toBe(409);
      expect(owners).toEqual(Array(10).fill(workers[3]!.op.id));
    } else {
      expect(bulk.statusCode).toBe(409);
      expect(take.statusCode).toBe(200);
      expect(owners).toEqual([...Array(9).fill(null), workers[4]!.op.id]);
    }
  });

  it('a caseworker cannot allocate; reallocating and returning need a reason; each move is audited', async () => {
    await closeEveryClaim();
    const [id] = (await insertClaims(1, { lastName: 'Move' })) as [string];
    const refused = await post(
      '/api/admin/claims/allocate',
      { ownerId: workers[0]!.op.id, claimIds: [id], reason: '' },
      workers[0]!.session,
    );
    expect(refused.statusCode).toBe(403);
    expect(
      (await post(`/api/admin/claims/${id}/owner`, { ownerId: workers[0]!.op.id, reason: '' }, admin))
        .statusCode,
    ).toBe(200);
    const noReason = await post(
      `/api/admin/claims/${id}/owner`,
      { ownerId: workers[1]!.op.id, reason: '' },
      admin,
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ errors: { reason: 'Enter the reason for this change' } });
    const moved = await post(
      `/api/admin/claims/${id}/owner`,
      { ownerId: workers[1]!.op.id, reason: 'Ada is away' },
      admin,
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ owner: { id: workers[1]!.op.id } });
    const back = await post(
      `/api/admin/claims/${id}/owner`,
      { ownerId: null, reason: 'Needs a specialist' },
      admin,
    );
    expect(back.json()).toMatchObject({ owner: null });
    const events = await t.app.db
      .selectFrom('audit_events')
      .select(['actor', 'detail'])
      .where('action', '=', 'claim-allocated')
      .where('entity_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.actor)).toEqual([adminOp.id, adminOp.id, adminOp.id]);
    const details = events.map((e) => JSON.parse(e.detail ?? '{}') as Record<string, unknown>);
    expect(details.map((d) => [d.how, d.from, d.to, d.reason])).toEqual([
      ['allocate', null, workers[0]!.op.id, null],
      ['reallocate', workers[0]!.op.id, workers[1]!.op.id, 'Ada is away'],
      ['return', workers[1]!.op.id, null, 'Needs a specialist'],
    ]);
    expect(details[0]).toMatchObject({ reference: generalReference(id) });
  });
});

describe('queues and flags (D34)', () => {
  it('counts each queue under the same filters; My claims holds my open claims with their flags', async () => {
    await closeEveryClaim();
    const me = workers[0]!;
    const ids = await insertClaims(4, { lastName: 'Flags' });
    await insertClaims(2, { lastName: 'Flags' });
    for (const id of ids) await giveClaimTo(t, id, me.op.id);
    const [replied, overdue, superseded, unread] = ids as [string, string, string, string];
    const set = (id: string, values: Record<string, unknown>) =>
      t.app.db.updateTable('form_responses').set(values).where('id', '=', id).execute();
    await set(replied, {
      reply_received_at: '2026-03-01T10:00:00.000Z',
      last_action_at: '2026-03-01T10:00:00.000Z',
    });
    // The clock's UK date is 2 March: due the day before is overdue, due today is not.
    await set(overdue, { reply_due_on: '2026-03-01', status: 'information-requested' });
    await set(superseded, { reply_due_on: '2026-03-02', superseded_authorities: 1 });
    await set(unread, { operator_unread_count: 3, status: 'needs-self-assessment' });
    const res = await get('/api/admin/claims?queue=mine&q=flags', me.session);
    expect(res.statusCode).toBe(200);
    const list = res.json<{
      counts: Record<string, number>;
      claims: Array<{ id: string; owner: { id: string } | null; flags: Record<string, unknown> }>;
    }>();
    // The Self Assessment claim is closed: it leaves My claims (and the pool) but stays in All.
    expect(list.counts).toEqual({ all: 6, unallocated: 2, mine: 3 });
    expect(list.claims.map((c) => c.id)).toEqual([replied, overdue, superseded]);
    const flags = Object.fromEntries(list.claims.map((c) => [c.id, c.flags]));
    expect(flags[replied]).toMatchObject({ replyReceived: true, overdue: false, authoritySuperseded: false });
    expect(flags[overdue]).toMatchObject({ replyReceived: false, overdue: true });
    expect(flags[superseded]).toMatchObject({ overdue: false, authoritySuperseded: true, unreadMessages: 0 });
    expect(list.claims[0]!.owner).toMatchObject({ id: me.op.id });
    const all = (await get('/api/admin/claims?queue=all&q=flags', me.session)).json<{
      claims: Array<{ id: string; flags: Record<string, unknown> }>;
    }>();
    expect(all.claims.find((c) => c.id === unread)!.flags).toMatchObject({
      unreadMessages: 3,
      selfAssessment: true,
    });
    const pool = (await get('/api/admin/claims?queue=unallocated&q=flags', me.session)).json<{
      claims: Array<{ id: string; owner: unknown }>;
    }>();
    expect(pool.claims).toHaveLength(2);
    expect(pool.claims.every((c) => c.owner === null)).toBe(true);
  });
});

describe('sending to HMRC and repayment on the record (D35)', () => {
  it('records the sending and the repayment, lets an admin correct each with a reason, keeps every value', async () => {
    const me = workers[0]!;
    const [id] = (await insertClaims(1, { lastName: 'Sent', status: 'ready-for-hmrc' })) as [string];
    await giveClaimTo(t, id, me.op.id);
    const noMethod = await post(
      `/api/admin/claims/${id}/status`,
      { to: 'sent-to-hmrc', reason: '', version: 0 },
      me.session,
    );
    expect(noMethod.statusCode).toBe(400);
    expect(noMethod.json()).toEqual({ errors: { sentMethod: 'Select how the claim was sent to HMRC' } });
    const otherBlank = await post(
      `/api/admin/claims/${id}/status`,
      { to: 'sent-to-hmrc', reason: '', version: 0, sentMethod: 'other' },
      me.session,
    );
    expect(otherBlank.json()).toEqual({
      errors: { sentMethodOther: 'Enter how the claim was sent to HMRC' },
    });
    const sent = await post(
      `/api/admin/claims/${id}/status`,
      {
        to: 'sent-to-hmrc',
        reason: '',
        version: 0,
        sentMethod: 'post',
        sentOn: '2026-02-27',
        sentTracking: 'RR123456785GB',
      },
      me.session,
    );
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      sentOn: '2026-02-27',
      sentMethod: 'post',
      sentTracking: 'RR123456785GB',
    });
    const repaid = await post(
      `/api/admin/claims/${id}/status`,
      { to: 'repaid', reason: '', version: 1, repaidAmount: '500.00', repaidOn: '2026-03-01' },
      me.session,
    );
    // D20: 20% of £500 = £100, plus 20% VAT = £120; the claimant receives £380.
    expect(repaid.json()).toMatchObject({
      repaidPence: 50_000,
      feePence: 12_000,
      claimantPence: 38_000,
      repaidOn: '2026-03-01',
    });

    const byOwner = await post(
      `/api/admin/claims/${id}/hmrc-records`,
      { record: 'repaid', repaidAmount: '550.00', reason: 'Mistyped' },
      me.session,
    );
    expect(byOwner.statusCode).toBe(403);
    const noReason = await post(
      `/api/admin/claims/${id}/hmrc-records`,
      { record: 'repaid', repaidAmount: '550.00', reason: '' },
      admin,
    );
    expect(noReason.json()).toEqual({ errors: { reason: 'Enter the reason for this change' } });
    const fixed = await post(
      `/api/admin/claims/${id}/hmrc-records`,
      {
        record: 'repaid',
        repaidAmount: '550.00',
        repaidOn: '2026-03-01',
        reason: 'Mistyped: HMRC’s letter says £550',
      },
      admin,
    );
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({ repaidPence: 55_000, feePence: 13_200, claimantPence: 41_800 });
    const resent = await post(
      `/api/admin/claims/${id}/hmrc-records`,
      {
        record: 'sent',
        sentMethod: 'other',
        sentMethodOther: 'HMRC online form',
        sentOn: '2026-02-27',
        reason: 'It went online',
      },
      admin,
    );
    expect(resent.json()).toMatchObject({
      sentMethod: 'other',
      sentMethodOther: 'HMRC online form',
      sentTracking: null,
    });

    const detail = (await get(`/api/admin/claims/${id}`, admin)).json<{
      hmrcRecords: Array<{ record: string; value: Record<string, unknown>; reason: string | null }>;
    }>();
    expect(detail.hmrcRecords.map((r) => [r.record, r.value.pence ?? r.value.method, r.reason])).toEqual([
      ['sent', 'post', null],
      ['repaid', 50_000, null],
      ['repaid', 55_000, 'Mistyped: HMRC’s letter says £550'],
      ['sent', 'other', 'It went online'],
    ]);
    const audit = await t.app.db
      .selectFrom('audit_events')
      .select('detail')
      .where('action', '=', 'hmrc-record-corrected')
      .where('entity_id', '=', id)
      .execute();
    expect(audit).toHaveLength(2);

    const csv = await get('/api/admin/claims/export.csv?q=sent', admin);
    const [header, row] = csv.body.trim().split('\r\n') as [string, string];
    for (const column of [
      'Owner',
      'Sent to HMRC on',
      'Sent by',
      'HMRC repaid (GBP)',
      'Repaid on',
      'Our fee incl. VAT (GBP)',
      'Claimant receives (GBP)',
    ])
      expect(header).toContain(column);
    expect(row).toContain(',2026-02-27,Other: HMRC online form,550.00,2026-03-01,132.00,418.00');
  });

  it('refuses a correction of a record the claim does not have', async () => {
    const [id] = (await insertClaims(1, { lastName: 'Nothing', status: 'in-review' })) as [string];
    const res = await post(
      `/api/admin/claims/${id}/hmrc-records`,
      { record: 'repaid', repaidAmount: '1.00', reason: 'x' },
      admin,
    );
    expect(res.statusCode).toBe(409);
  });
});
