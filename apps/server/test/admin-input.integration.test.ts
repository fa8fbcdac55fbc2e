// Issue 32 (14, 15, 3): what operators send is checked by one rule whatever its JSON type, dates
// are calendar dates on every admin filter, and operators' own words keep '<' and '>'. Through the
// real app and database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@taxback/domain/admin-schemas';
import { CASEWORK_MESSAGES } from '@taxback/domain/casework';
import { DATE_SUBJECTS, dateMessages } from '@taxback/domain/date-rules';
import {
  asOperator,
  giveClaimTo,
  insertOperator,
  signIn,
  submitGeneralClaim as submitGeneral,
  testClock,
} from './admin-helpers.ts';
import type { AdminSession } from './admin-helpers.ts';
import { createTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const clock = testClock();
let t: TestApp;
let caseworker: AdminSession;
let caseworkerId: string;
/** The audit log is for admins. */
let admin: AdminSession;

beforeAll(async () => {
  t = await createTestApp({
    overrides: { now: clock.now },
    env: { FEE_PERCENT: '20', FEE_MINIMUM_PENCE: '2500', FEE_VAT_PERCENT: '20' },
  });
  const worker = await insertOperator(t, { role: 'caseworker' });
  caseworkerId = worker.id;
  caseworker = await signIn(t, clock, worker);
  admin = await signIn(t, clock, await insertOperator(t));
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

const get = (url: string, s = caseworker) => t.app.inject({ method: 'GET', url, headers: asOperator(s) });
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: asOperator(caseworker), payload });

/** A general claim sent to HMRC, ready to be marked repaid. */
async function sentClaim(): Promise<string> {
  const id = await submitGeneralClaim(t);
  await t.app.db.updateTable('form_responses').set({ status: 'sent-to-hmrc' }).where('id', '=', id).execute();
  return id;
}

async function stored(id: string) {
  const row = await t.app.db
    .selectFrom('form_responses')
    .select(['status', 'version', 'repaid_pence', 'fee_pence', 'claimant_pence'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const history = await t.app.db
    .selectFrom('claim_status_history')
    .select('id')
    .where('claim_id', '=', id)
    .execute();
  return { ...row, version: Number(row.version), history: history.length };
}

describe('HMRC’s repaid amount (issue 32.14)', () => {
  it.each([
    ['negative', -5],
    ['negative', '-5'],
    ['a negative penny', -0.01],
    ['a negative penny', '-0.01'],
    ['1e308', 1e308],
    ['1e308', '1e308'],
    ['over the limit', 100_000_000],
    ['over the limit', '100000000'],
    ['over the limit', 10_000_000],
    ['over the limit', '£10,000,000.00'],
    ['1e15', 1e15],
    ['1e15', '1e15'],
    ['three decimals', 12.345],
    ['three decimals', '12.345'],
  ])('%s (%j) answers 400 at the field and stores nothing', async (_label, repaidAmount) => {
    const id = await sentClaim();
    const before = await stored(id);
    const res = await post(`/api/admin/claims/${id}/status`, {
      to: 'repaid',
      reason: '',
      version: 0,
      repaidAmount,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { repaidAmount: ADMIN_MESSAGES.repaidInvalid } });
    expect(await stored(id)).toEqual(before);
    expect(before).toMatchObject({ status: 'sent-to-hmrc', repaid_pence: null, history: 0 });
  });

  it.each([
    [9_999_999.99, 999_999_999],
    ['9999999.99', 999_999_999],
    [0, 0],
  ])('the edges are stored: %j is %d pence', async (repaidAmount, pence) => {
    const id = await sentClaim();
    const res = await post(`/api/admin/claims/${id}/status`, {
      to: 'repaid',
      reason: '',
      version: 0,
      repaidAmount,
    });
    expect(res.statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'repaid', repaid_pence: pence, history: 1 });
  });
});

describe('admin date filters are calendar dates (issue 32.15)', () => {
  const routes = [
    '/api/admin/claims',
    '/api/admin/claims/export.csv',
    '/api/admin/reports/affiliates',
    '/api/admin/audit',
  ];
  it.each(routes.flatMap((route) => (['from', 'to'] as const).map((field) => [route, field] as const)))(
    '%s?%s=2025-02-31 answers 400 at the field',
    async (route, field) => {
      for (const date of ['2025-02-31', '2025-02-30', '2025-04-31']) {
        const res = await get(`${route}?${field}=${date}`, admin);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ errors: { [field]: dateMessages(DATE_SUBJECTS[field]).real } });
      }
      expect((await get(`${route}?${field}=2024-02-29`, admin)).statusCode).toBe(200);
    },
  );
});

// Issue 44: one date rule on every operator route. Each bad value answers 400 at its field and
// stores nothing; the boundaries that fit the field are taken. The clock is Monday 2 March 2026.
describe('every operator date is a real date within its bounds (issue 44)', () => {
  const IMPOSSIBLE = ['2027-02-31', '2027-02-29', '2027-02-30', '2027-06-31', '2027-09-31', '2027-11-31'];
  const MALFORMED = ['abc', 'x'.repeat(5000), '2026-3-2', '02/03/2026', '2026-03-02T00:00:00Z'];
  const WRONG_TYPES: unknown[] = [123, true, false, {}, [], ['2026-03-02'], { day: 2 }];

  /** A general claim of the caseworker's in `status`, made on Friday 27 February 2026. */
  async function claimIn(status: string): Promise<string> {
    const id = await submitGeneralClaim(t);
    await t.app.db
      .updateTable('form_responses')
      .set({ status, created_at: '2026-02-27T10:00:00.000Z' })
      .where('id', '=', id)
      .execute();
    return id;
  }
  /** All that a refused change could have written. */
  async function written(id: string) {
    const count = async (table: 'claim_hmrc_records' | 'information_requests') =>
      (await t.app.db.selectFrom(table).select('id').where('claim_id', '=', id).execute()).length;
    const row = await t.app.db
      .selectFrom('form_responses')
      .select(['sent_on', 'repaid_on', 'reply_due_on', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return {
      ...(await stored(id)),
      ...row,
      records: await count('claim_hmrc_records'),
      requests: await count('information_requests'),
    };
  }
  const adminPost = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: asOperator(admin), payload });

  type Route = {
    name: string;
    field: 'replyBy' | 'sentOn' | 'repaidOn';
    status: string;
    send: (
      id: string,
      value: unknown,
    ) => Promise<{ statusCode: number; json: () => { errors?: Record<string, string> } }>;
  };
  const ROUTES: Route[] = [
    {
      name: 'information request',
      field: 'replyBy',
      status: 'in-review',
      send: (id, replyBy) =>
        post(`/api/admin/claims/${id}/information-requests`, {
          version: 0,
          replyBy,
          items: [{ kind: 'question', question: 'What is your job title?' }],
        }),
    },
    {
      name: 'sent to HMRC',
      field: 'sentOn',
      status: 'ready-for-hmrc',
      send: (id, sentOn) =>
        post(`/api/admin/claims/${id}/status`, {
          to: 'sent-to-hmrc',
          reason: '',
          version: 0,
          sentMethod: 'post',
          sentOn,
        }),
    },
    {
      name: 'repaid',
      field: 'repaidOn',
      status: 'sent-to-hmrc',
      send: (id, repaidOn) =>
        post(`/api/admin/claims/${id}/status`, {
          to: 'repaid',
          reason: '',
          version: 0,
          repaidAmount: '120.00',
          repaidOn,
        }),
    },
    {
      name: 'correcting the sending',
      field: 'sentOn',
      status: 'sent-to-hmrc',
      send: (id, sentOn) =>
        adminPost(`/api/admin/claims/${id}/hmrc-records`, {
          record: 'sent',
          reason: 'Wrong day',
          sentMethod: 'post',
          sentOn,
        }),
    },
    {
      name: 'correcting the repayment',
      field: 'repaidOn',
      status: 'repaid',
      send: (id, repaidOn) =>
        adminPost(`/api/admin/claims/${id}/hmrc-records`, {
          record: 'repaid',
          reason: 'Wrong day',
          repaidAmount: '120.00',
          repaidOn,
        }),
    },
  ];

  const real = (field: Route['field']) => dateMessages(DATE_SUBJECTS[field]).real;
  const reply = CASEWORK_MESSAGES;
  const record = (field: 'sentOn' | 'repaidOn') => dateMessages(DATE_SUBJECTS[field]);
  /** Out of bounds, per field: the value and the message. */
  const OUT_OF_BOUNDS: Record<Route['field'], [string, string][]> = {
    replyBy: [
      ['2026-03-02', reply.replyByFuture],
      ['2026-02-27', reply.replyByFuture],
      ['1900-01-01', reply.replyByFuture],
      ['2026-06-01', reply.replyByTooFar],
      ['9999-12-31', reply.replyByTooFar],
      ['2026-03-07', reply.replyByWorkingDay],
      ['2026-04-03', reply.replyByWorkingDay],
    ],
    sentOn: [
      ['2026-03-03', record('sentOn').notFuture],
      ['9999-12-31', record('sentOn').notFuture],
      ['2026-02-26', record('sentOn').notBefore('2026-02-27', 'when the claim was made')],
      ['1900-01-01', record('sentOn').notBefore('2026-02-27', 'when the claim was made')],
    ],
    repaidOn: [
      ['2026-03-03', record('repaidOn').notFuture],
      ['9999-12-31', record('repaidOn').notFuture],
      ['2026-02-26', record('repaidOn').notBefore('2026-02-27', 'when the claim was made')],
      ['1900-01-01', record('repaidOn').notBefore('2026-02-27', 'when the claim was made')],
    ],
  };
  /** The boundaries that fit: tomorrow and 90 days ahead (Friday 29 May), the claim's day and today. */
  const BOUNDARIES: Record<Route['field'], string[]> = {
    replyBy: ['2026-03-03', '2026-05-29'],
    sentOn: ['2026-02-27', '2026-03-02'],
    repaidOn: ['2026-02-27', '2026-03-02'],
  };

  it.each(ROUTES.map((r) => [r.name, r] as const))(
    '%s: every bad date is refused at its field, storing nothing',
    async (_name, route) => {
      const id = await claimIn(route.status);
      const before = await written(id);
      const cases: [unknown, string][] = [
        ...IMPOSSIBLE.map((v): [unknown, string] => [v, real(route.field)]),
        ...MALFORMED.map((v): [unknown, string] => [v, real(route.field)]),
        ...WRONG_TYPES.map((v): [unknown, string] => [v, real(route.field)]),
        ...OUT_OF_BOUNDS[route.field],
      ];
      for (const [value, message] of cases) {
        const res = await route.send(id, value);
        expect([JSON.stringify(value).slice(0, 40), res.statusCode]).toEqual([
          JSON.stringify(value).slice(0, 40),
          400,
        ]);
        expect(res.json().errors?.[route.field]).toBe(message);
      }
      expect(await written(id)).toEqual(before);
    },
  );

  it.each(ROUTES.flatMap((r) => BOUNDARIES[r.field].map((day) => [r.name, day, r] as const)))(
    '%s: %s is taken and stored as sent',
    async (_name, day, route) => {
      const id = await claimIn(route.status);
      const res = await route.send(id, day);
      expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
      const column = { replyBy: 'reply_due_on', sentOn: 'sent_on', repaidOn: 'repaid_on' } as const;
      expect((await written(id))[column[route.field]]).toBe(day);
    },
  );

  it('a request names only the claim’s own tax years and employments', async () => {
    const id = await claimIn('in-review');
    const before = await written(id);
    for (const [item, field, message] of [
      [{ taxYear: '1999/00' }, 'taxYear', CASEWORK_MESSAGES.taxYearNotClaimed],
      [{ taxYear: '2099/00' }, 'taxYear', CASEWORK_MESSAGES.taxYearNotClaimed],
      [{ taxYear: '2019/20' }, 'taxYear', CASEWORK_MESSAGES.taxYearNotClaimed],
      [{ employmentId: 'job-9' }, 'employmentId', CASEWORK_MESSAGES.employmentNotClaimed],
    ] as const) {
      const res = await post(`/api/admin/claims/${id}/information-requests`, {
        version: 0,
        replyBy: '2026-03-16',
        items: [
          { kind: 'question', question: 'Anything?' },
          { kind: 'document', document: 'p60', ...item },
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errors: { [`items.1.${field}`]: message } });
    }
    expect(await written(id)).toEqual(before);
  });

  it('a list’s or a report’s end date is not before its start date', async () => {
    for (const route of [
      '/api/admin/claims',
      '/api/admin/claims/export.csv',
      '/api/admin/reports/affiliates',
      '/api/admin/audit',
    ]) {
      const res = await get(`${route}?from=2026-03-02&to=2026-03-01`, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        errors: { to: dateMessages(DATE_SUBJECTS.to).notBefore('2026-03-02', 'the start date') },
      });
      expect((await get(`${route}?from=2026-03-02&to=2026-03-02`, admin)).statusCode).toBe(200);
    }
  });
});

describe('operators’ words keep angle brackets (issue 32.3)', () => {
  it('a note and a reason are stored as written, and answered as text', async () => {
    const id = await submitGeneralClaim(t);
    const note = await post(`/api/admin/claims/${id}/notes`, { body: ' Also >£2,500 <b>check</b> ' });
    expect(note.statusCode).toBe(201);
    const moved = await post(`/api/admin/claims/${id}/status`, {
      to: 'withdrawn',
      reason: 'Claimant expects <£100',
      version: 0,
    });
    expect(moved.statusCode).toBe(200);
    const detail = (await get(`/api/admin/claims/${id}`)).json<{ notes: Array<{ body: string }> }>();
    expect(detail.notes.map((n) => n.body)).toEqual(['Also >£2,500 <b>check</b>']);
    const rows = await t.app.db
      .selectFrom('claim_status_history')
      .select('reason')
      .where('claim_id', '=', id)
      .execute();
    expect(rows).toEqual([{ reason: 'Claimant expects <£100' }]);
  });
});
