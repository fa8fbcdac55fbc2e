// Issue 42 (D40): HMRC's answer for each tax year of a case, recorded by the claim's owner and
// corrected by an admin with a reason, every version kept; the claimant's status page says each
// year in words, and the fee is worked out on what HMRC repaid. Through the real app and database
// (SQLite, or PostgreSQL with TEST_DATABASE_URL).
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as migration036 from '../src/db/migrations/036-year-answers.ts';
import { YEAR_ANSWER_MESSAGES } from '@taxback/domain';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import { STATUS_COOKIE } from '../src/modules/status/routes.ts';
import {
  asOperator,
  giveClaimTo,
  MILEAGE_CLAIM_YEAR,
  signInTeam,
  signInToStatus,
  sentMileageClaim,
  submitGeneralClaim,
  submitMileageClaim,
  testClock,
  type AdminSession,
  type TestOperator,
} from './admin-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const clock = testClock('2026-11-29T10:00:00.000Z');
let t: TestApp;
let admin: AdminSession;
let owner: { op: TestOperator; session: AdminSession };
let other: AdminSession;
let phones = 0;

beforeAll(async () => {
  t = await createTestApp({
    overrides: { now: clock.now },
    env: { FEE_PERCENT: '20', FEE_MINIMUM_PENCE: '2500', FEE_VAT_PERCENT: '20' },
  });
  ({ admin, owner, other } = await signInTeam(t, clock));
});
afterAll(async () => {
  await t.close();
});

type Years = {
  caseId: string;
  years: Array<{
    year: string;
    claimedPence: number | null;
    current: Record<string, unknown> | null;
    history: Array<Record<string, unknown>>;
  }>;
  money: {
    repaidPence: number;
    taxCodePence: number;
    feeBasePence: number;
    feeOn: string;
    feePence: number;
    claimantPence: number;
  };
};

const answer = (id: string, payload: object, s: AdminSession) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/claims/${id}/year-answers`,
    headers: asOperator(s),
    payload,
  });
const page = async (id: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/claims/${id}`,
    headers: asOperator(admin),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ hmrcYears: Years }>().hmrcYears;
};
const storedAnswers = () => t.app.db.selectFrom('case_year_answers').selectAll().execute();

/** A submitted mileage claim (4,000 miles in the newest year), sent to HMRC, owned by `owner`. */
const sentClaim = (miles = 4000) =>
  sentMileageClaim(t, owner.op.id, `07700 901${String(++phones).padStart(3, '0')}`, miles);

const accepted = { year: MILEAGE_CLAIM_YEAR, decision: 'accepted', amount: '300.00', givenAs: 'repayment' };

describe('HMRC’s answer per year (D40)', () => {
  it('refuses bad input at its field, the wrong role, a claim not yet sent and a stale version, storing nothing', async () => {
    const claim = await sentClaim();
    const before = (await storedAnswers()).length;
    const claimed = (await page(claim.id)).years.find((y) => y.year === MILEAGE_CLAIM_YEAR)!.claimedPence!;
    expect(claimed).toBeGreaterThan(0);

    const cases: Array<[string, object, Record<string, string>]> = [
      ['no decision', { year: MILEAGE_CLAIM_YEAR, version: 0 }, { decision: YEAR_ANSWER_MESSAGES.decision }],
      [
        'accepted without an amount or a way',
        { year: MILEAGE_CLAIM_YEAR, decision: 'accepted', version: 0 },
        { amount: YEAR_ANSWER_MESSAGES.amountRequired, givenAs: YEAR_ANSWER_MESSAGES.givenAsRequired },
      ],
      [
        'an amount that is not money',
        { ...accepted, amount: '12.345', version: 0 },
        { amount: YEAR_ANSWER_MESSAGES.amountInvalid },
      ],
      [
        '£0 accepted',
        { ...accepted, amount: '0', version: 0 },
        { amount: YEAR_ANSWER_MESSAGES.amountNotZero },
      ],
      [
        'refused without HMRC’s reason',
        { year: MILEAGE_CLAIM_YEAR, decision: 'refused', version: 0 },
        { hmrcReason: YEAR_ANSWER_MESSAGES.hmrcReasonRequired },
      ],
      ['not a tax year', { ...accepted, year: '2024-25', version: 0 }, { year: YEAR_ANSWER_MESSAGES.year }],
      [
        'a year the case does not claim',
        { ...accepted, year: '2022/23', version: 0 },
        { year: YEAR_ANSWER_MESSAGES.yearNotInCase('2022/23') },
      ],
      [
        'more than was claimed, without a reason',
        { ...accepted, amount: ((claimed + 1) / 100).toFixed(2), version: 0 },
        {
          hmrcReason: YEAR_ANSWER_MESSAGES.overClaimed(
            `£${(claimed / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`,
          ),
        },
      ],
      [
        'a decision dated tomorrow',
        { ...accepted, decidedOn: '2026-11-30', version: 0 },
        { decidedOn: 'The date of HMRC’s decision must be today or in the past' },
      ],
      [
        'an impossible date',
        { ...accepted, decidedOn: '2026-02-30', version: 0 },
        { decidedOn: 'The date of HMRC’s decision must be a real date' },
      ],
      [
        'a correction without its reason',
        { ...accepted, version: 1 },
        { correctionReason: YEAR_ANSWER_MESSAGES.correctionReasonRequired },
      ],
    ];
    for (const [name, payload, errors] of cases) {
      const res = await answer(claim.id, payload, owner.session);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toEqual({ errors });
    }
    for (const body of [null, 'text', [accepted]]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/claims/${claim.id}/year-answers`,
        headers: { ...asOperator(owner.session), 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode).toBe(400);
    }

    // Another caseworker may not answer the owner's claim; a stale version is refused.
    const notOwner = await answer(claim.id, { ...accepted, version: 0 }, other);
    expect(notOwner.statusCode).toBe(403);
    const stale = await answer(claim.id, { ...accepted, version: 1, correctionReason: 'Mistyped' }, admin);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: YEAR_ANSWER_MESSAGES.stale });

    // A claim not yet sent to HMRC has no answer to record.
    const unsent = await submitMileageClaim(t);
    await giveClaimTo(t, unsent.id, owner.op.id);
    const early = await answer(unsent.id, { ...accepted, version: 0 }, owner.session);
    expect(early.statusCode).toBe(409);
    expect((await storedAnswers()).length).toBe(before);
  });

  it('records an answer per year, lets an admin correct it with a reason, keeps both, and works out the fee on what HMRC repaid', async () => {
    const claim = await sentClaim();
    const first = await answer(claim.id, { ...accepted, decidedOn: '2026-11-29', version: 0 }, owner.session);
    expect(first.statusCode, first.body).toBe(200);
    const view = first.json<Years>();
    const year = view.years.find((y) => y.year === MILEAGE_CLAIM_YEAR)!;
    expect(year.current).toMatchObject({
      version: 1,
      decision: 'accepted',
      pence: 30_000,
      givenAs: 'repayment',
      decidedOn: '2026-11-29',
      correctionReason: null,
    });
    // D20: 20% of £300 = £60, plus 20% VAT = £72; the claimant keeps £228.
    expect(view.money).toEqual({
      repaidPence: 30_000,
      taxCodePence: 0,
      feeBasePence: 30_000,
      feeOn: 'the £300.00 HMRC repaid',
      feePence: 7_200,
      claimantPence: 22_800,
    });

    // Only an admin corrects, and with a reason.
    const byOwner = await answer(
      claim.id,
      { ...accepted, amount: '350.00', version: 1, correctionReason: 'Mistyped' },
      owner.session,
    );
    expect(byOwner.statusCode).toBe(403);
    const fixed = await answer(
      claim.id,
      {
        year: MILEAGE_CLAIM_YEAR,
        decision: 'accepted',
        amount: '350.00',
        givenAs: 'tax-code',
        version: 1,
        correctionReason: 'HMRC’s letter says £350 through the tax code',
      },
      admin,
    );
    expect(fixed.statusCode, fixed.body).toBe(200);
    const after = (await page(claim.id)).years.find((y) => y.year === MILEAGE_CLAIM_YEAR)!;
    expect(after.history.map((h) => [h.version, h.pence, h.givenAs, h.correctionReason])).toEqual([
      [1, 30_000, 'repayment', null],
      [2, 35_000, 'tax-code', 'HMRC’s letter says £350 through the tax code'],
    ]);
    expect(after.current).toMatchObject({ version: 2, pence: 35_000 });
    // Migration 056 (decision 091): the dashboard's table of latest versions follows the correction.
    const latest = await t.app.db
      .selectFrom('case_year_latest')
      .selectAll()
      .where('case_id', '=', claim.id)
      .execute();
    expect(latest).toEqual([
      {
        case_id: claim.id,
        year: MILEAGE_CLAIM_YEAR,
        version: 2,
        decided_on: after.current!.decidedOn,
        decision: 'accepted',
      },
    ]);
    // D41: relief through the tax code carries no fee.
    expect((await page(claim.id)).money).toEqual({
      repaidPence: 0,
      taxCodePence: 35_000,
      feeBasePence: 0,
      feeOn: 'the £0.00 HMRC repaid',
      feePence: 0,
      claimantPence: 0,
    });
    const audit = await t.app.db
      .selectFrom('audit_events')
      .select('detail')
      .where('action', '=', 'hmrc-year-answered')
      .where('entity_id', '=', claim.id)
      .execute();
    expect(audit).toHaveLength(2);

    // The claimant is told by text (the year only) and by email (the year's answer in words).
    const jobs = await t.app.db
      .selectFrom('jobs')
      .select('payload')
      .where('name', '=', 'notify-claimant')
      .execute();
    const mine = jobs
      .map((j) => JSON.parse(j.payload) as Record<string, unknown>)
      .filter((p) => p.claimId === claim.id && p.event === 'year-answered');
    expect(mine.map((p) => p.channel).sort()).toEqual(['email', 'email', 'sms', 'sms']);
  });

  it('says each year in plain words on the claimant’s status page', async () => {
    const claim = await sentClaim();
    const res = await answer(
      claim.id,
      {
        year: MILEAGE_CLAIM_YEAR,
        decision: 'refused',
        hmrcReason: 'no evidence of business journeys',
        version: 0,
      },
      owner.session,
    );
    expect(res.statusCode, res.body).toBe(200);
    const verified = await signInToStatus(t, claim);
    expect(verified.statusCode).toBe(200);
    expect(verified.cookies.some((c) => c.name === STATUS_COOKIE)).toBe(true);
    const view = verified.json<ClaimStatusView>();
    expect(view.hmrcYears?.years).toEqual([
      {
        year: MILEAGE_CLAIM_YEAR,
        decision: 'refused',
        pence: null,
        givenAs: null,
        decidedOn: '2026-11-29',
        words: `${MILEAGE_CLAIM_YEAR}: HMRC refused this year: no evidence of business journeys`,
      },
    ]);
    expect(view.hmrcYears).toMatchObject({ repaidPence: 0, feePence: 0 });
  });

  it('is one answer per year for the whole case, whichever of its claims it is recorded from', async () => {
    const funnelId = await submitGeneralClaim(t);
    const claim = await sentClaim();
    await t.app.db
      .updateTable('onboarding_claims')
      .set({ case_id: funnelId })
      .where('id', '=', claim.id)
      .execute();
    const res = await answer(claim.id, { ...accepted, version: 0 }, owner.session);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Years>().caseId).toBe(funnelId);
    const funnelYears = await page(funnelId);
    expect(funnelYears.caseId).toBe(funnelId);
    expect(funnelYears.years.find((y) => y.year === MILEAGE_CLAIM_YEAR)?.current).toMatchObject({
      pence: 30_000,
    });
  });

  it('takes one of ten answers sent at once for the same year from the same page', async () => {
    const claim = await sentClaim();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => answer(claim.id, { ...accepted, version: 0 }, owner.session)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const caseRows = (await storedAnswers()).filter((r) => r.case_id === claim.id);
    expect(caseRows).toHaveLength(1);
  });
});

describe('migration 036', () => {
  it('folds a single-year claim’s whole repaid record into that year’s answer, keeps a several-year claim’s as it was, and goes down and up again', async () => {
    const single = await sentClaim();
    await t.app.db
      .updateTable('onboarding_claims')
      .set({
        status: 'repaid',
        repaid_pence: 41_000,
        repaid_on: '2026-11-29',
        fee_pence: 0,
        claimant_pence: 41_000,
      })
      .where('id', '=', single.id)
      .execute();
    // A funnel claim over several years: how HMRC split its repayment was never recorded.
    const several = await submitGeneralClaim(t);
    await t.app.db
      .updateTable('form_responses')
      .set({
        status: 'repaid',
        repaid_pence: 90_000,
        repaid_on: '2026-11-29',
        details: JSON.stringify({
          details: {
            taxYears: [
              { year: '2023/24', selected: true },
              { year: '2024/25', selected: true },
            ],
          },
        }),
      })
      .where('id', '=', several)
      .execute();
    const recorded = await sentClaim();
    expect((await answer(recorded.id, { ...accepted, version: 0 }, owner.session)).statusCode).toBe(200);

    const db = t.app.db as unknown as Kysely<unknown>;
    await migration036.down(db);
    await migration036.up(db);
    const rows = await storedAnswers();
    // Answers recorded through the route are gone with the table (down drops it); folding made:
    expect(rows.filter((r) => r.case_id === single.id)).toEqual([
      expect.objectContaining({
        year: MILEAGE_CLAIM_YEAR,
        version: 1,
        decision: 'accepted',
        pence: 41_000,
        given_as: 'repayment',
        decided_on: '2026-11-29',
        operator_id: null,
      }),
    ]);
    expect(rows.filter((r) => r.case_id === several)).toEqual([]);
    const kept = await t.app.db
      .selectFrom('form_responses')
      .select(['repaid_pence', 'status'])
      .where('id', '=', several)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ repaid_pence: 90_000, status: 'repaid' });
  });
});
