import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  carVanRatePence,
  claimableTaxYears,
  jobFieldKey,
  taxYearFromStartYear,
  taxYearInfo,
} from '@taxback/domain';
import { MESSAGES } from '@taxback/domain/schemas';
import { createTestApp, newSessionId } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { employment, job, mileageSnapshot } from './snapshots.ts';

// Issue 12 on the server: every figure recomputed with the D21 table whatever the browser sent,
// and only D21's years (the current tax year and the four before it, UK time) accepted.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

function snapshot(years: { year: string; miles: number }[], ratePence = 0): Record<string, unknown> {
  return mileageSnapshot({ years, ratePence });
}

function put(sessionId: string, snap: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/onboarding',
    headers: { 'x-session-id': sessionId, 'user-agent': 'vitest-agent/1.0' },
    payload: {
      revision: 0,
      currentStep: 'evidence',
      lastStepCompleted: 'employer-rate',
      snapshot: snap,
      ...extra,
    },
  });
}

async function row(sessionId: string) {
  return t.app.db
    .selectFrom('onboarding_claims')
    .selectAll()
    .where('session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
}

const current = claimableTaxYears()[0]!.year;
const previous = taxYearFromStartYear(taxYearInfo(current).startYear - 1);

describe('server recompute per D21', () => {
  it('recomputes a current-year (55p) claim whatever totals the browser sent', async () => {
    expect(carVanRatePence(current)).toBe(55);
    const sessionId = newSessionId();
    const forged = { totalAllowance: 3600, totalClaimable: 3600, rebate20: 720, rebate40: 1440 };
    const res = await put(
      sessionId,
      { ...snapshot([{ year: current, miles: 8_000 }]), totals: forged },
      { totals: forged },
    );
    expect(res.statusCode).toBe(200);
    // 8,000 × 55p = £4,400; no employer payment; 20% £880, 40% £1,760.
    expect(res.json<{ totals: Record<string, unknown> }>().totals).toMatchObject({
      totalMiles: 8_000,
      totalAllowance: 4400,
      totalEmployerPayment: 0,
      totalClaimable: 4400,
      rebate20: 880,
      rebate40: 1760,
    });
    const stored = await row(sessionId);
    expect(Number(stored.total_hmrc_allowance)).toBe(4400);
    expect(Number(stored.estimated_rebate_20_percent)).toBe(880);
    expect(Number(stored.estimated_rebate_40_percent)).toBe(1760);
  });

  it('uses each year’s own rate: 10,000 miles → £5,500 in the current year, £4,500 in 2025/26 or earlier', async () => {
    const sessionId = newSessionId();
    const res = await put(
      sessionId,
      snapshot([
        { year: current, miles: 10_000 },
        { year: previous, miles: 10_000 },
      ]),
    );
    expect(res.statusCode).toBe(200);
    const totals = res.json<{
      totals: { years: { year: string; allowance: number }[]; totalAllowance: number };
    }>().totals;
    expect(totals.years.map((y) => [y.year, y.allowance])).toEqual([
      [current, 5500],
      [previous, carVanRatePence(previous) * 100],
    ]);
  });

  // D21: the stored claim keeps the estimate the claimant saw, beside SPEC's 20% and 40% columns.
  // GOV.UK "Scottish Income Tax": 21% intermediate rate; 10,000 miles in 2025/26 = £4,500 → £945.
  it('stores the estimate at the claimant’s own rate: a Scottish intermediate-rate claimant sees £945', async () => {
    const sessionId = newSessionId();
    const base = snapshot([{ year: previous, miles: 10_000 }]) as { taxYears: Record<string, unknown>[] };
    const banded = {
      ...base,
      scottishTaxpayer: 'yes',
      taxYears: base.taxYears.map((y) => (y.year === previous ? { ...y, incomeBand: 'intermediate' } : y)),
    };
    expect((await put(sessionId, banded)).statusCode).toBe(200);
    const stored = await row(sessionId);
    expect(Number(stored.estimated_rebate_20_percent)).toBe(900);
    expect(Number(stored.estimated_rebate_claimant)).toBe(945);

    // Without a band the claimant saw the basic-rate figure, which is what is kept.
    const plain = newSessionId();
    expect((await put(plain, snapshot([{ year: previous, miles: 10_000 }]))).statusCode).toBe(200);
    expect(Number((await row(plain)).estimated_rebate_claimant)).toBe(900);
  });

  it('an employer paying 45p in the current year leaves 10p a mile: 8,000 miles → £800 claimable', async () => {
    const res = await put(newSessionId(), snapshot([{ year: current, miles: 8_000 }], 45));
    expect(res.statusCode).toBe(200);
    expect(res.json<{ totals: Record<string, unknown> }>().totals).toMatchObject({
      totalAllowance: 4400,
      totalEmployerPayment: 3600,
      totalClaimable: 800,
      rebate20: 160,
    });
  });

  it.each([
    ['the year whose deadline has passed', taxYearFromStartYear(taxYearInfo(current).startYear - 5)],
    ['next tax year', taxYearFromStartYear(taxYearInfo(current).startYear + 1)],
  ])('refuses %s and stores nothing', async (_name, year) => {
    const sessionId = newSessionId();
    const res = await put(sessionId, snapshot([{ year, miles: 5_000 }]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: { taxYears: 'You can only claim for the current tax year and the four before it' },
    });
    const rows = await t.app.db
      .selectFrom('onboarding_claims')
      .select('session_id')
      .where('session_id', '=', sessionId)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('turns the year at midnight UK time: at 00:30 BST on 6 April 2026, 2021/22 is refused and 2026/27 accepted', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-04-05T23:30:00Z'));
    const old = await put(newSessionId(), snapshot([{ year: '2021/22', miles: 5_000 }]));
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({
      errors: { taxYears: 'You can only claim for the current tax year and the four before it' },
    });
    const fresh = await put(newSessionId(), snapshot([{ year: '2026/27', miles: 1_000 }]));
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json<{ totals: Record<string, unknown> }>().totals).toMatchObject({ totalAllowance: 550 });

    // An hour earlier (23:30 BST on 5 April) 2021/22 is still on its deadline day.
    vi.setSystemTime(new Date('2026-04-05T22:30:00Z'));
    expect((await put(newSessionId(), snapshot([{ year: '2021/22', miles: 5_000 }]))).statusCode).toBe(200);
  });

  it('stores a one-off journey with its date (D21)', async () => {
    const sessionId = newSessionId();
    const journey = {
      id: 'j1',
      startAddress: 'WN2 1AR',
      endAddress: 'M1 1AE',
      frequency: 'one-off',
      tripType: 'return',
      reason: 'training',
      customReason: '',
      distance: 25,
      date: '2026-05-14',
    };
    const res = await put(sessionId, { ...snapshot([{ year: current, miles: 50 }]), journeys: [journey] });
    expect(res.statusCode).toBe(200);
    const restored = await t.app.inject({
      method: 'GET',
      url: '/api/onboarding',
      headers: { 'x-session-id': sessionId },
    });
    expect(restored.json<{ snapshot: { journeys: unknown[] } }>().snapshot.journeys).toEqual([journey]);
  });
});

// D18: the higher rate applies to the first 10,000 miles of each employment; employments with the
// same or associated employers share one 10,000 (ITEPA 2003 s230(4); EIM31280). 2026/27: 55p.
describe('several employments (D18)', () => {
  function twoJobs(connected: 'yes' | 'no') {
    return mileageSnapshot(
      { years: [] },
      {
        employments: [employment('job-1', 'Acme Ltd'), employment('job-2', 'Beta Ltd')],
        taxYears: [
          {
            year: '2026/27',
            selected: true,
            employersConnected: connected,
            jobs: [job(8_000, 0, 'job-1'), job(7_000, 0, 'job-2')],
          },
        ],
      },
    );
  }

  it.each<['yes' | 'no', number]>([
    ['no', 8_000 * 0.55 + 7_000 * 0.55],
    ['yes', 10_000 * 0.55 + 5_000 * 0.25],
  ])(
    'employers connected %s → allowance £%s, whatever totals the browser sent',
    async (connected, allowance) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
      const res = await put(newSessionId(), { ...twoJobs(connected), totals: { totalAllowance: 1 } });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ totals: { totalAllowance: number; totalClaimable: number } }>().totals).toMatchObject(
        {
          totalAllowance: allowance,
          totalClaimable: allowance,
        },
      );
    },
  );
});

// Issue 31: a job that ended before a tax year began has no business miles in it (ITEPA 2003
// s337-338: travel in the performance of that employment's duties; the year runs from 6 April).
describe('miles after an employment ended', () => {
  const endedIn1999 = (miles: number) =>
    mileageSnapshot(
      { years: [] },
      {
        employments: [
          employment('job-1', 'Acme Ltd', {
            continuing: 'no',
            endDate: { day: '1', month: '6', year: '1999' },
          }),
        ],
        taxYears: [{ year: '2024/25', selected: true, jobs: [job(miles, 0, 'job-1')] }],
      },
    );

  it('refuses 2024/25 miles for a job that ended in 1999, and stores nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
    const sessionId = newSessionId();
    const res = await put(sessionId, endedIn1999(6_000));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: expect.objectContaining({
        [jobFieldKey.miles('2024/25', 'job-1')]: MESSAGES.milesAfterEmploymentEnded('Acme Ltd', '2024/25'),
      }),
    });
    const rows = await t.app.db
      .selectFrom('onboarding_claims')
      .select('session_id')
      .where('session_id', '=', sessionId)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('accepts the same job’s miles in the year it ended (10 August 2024, 2024/25)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
    const snap = mileageSnapshot(
      { years: [] },
      {
        employments: [
          employment('job-1', 'Acme Ltd', {
            continuing: 'no',
            endDate: { day: '10', month: '8', year: '2024' },
          }),
        ],
        taxYears: [{ year: '2024/25', selected: true, jobs: [job(2_000, 0, 'job-1')] }],
      },
    );
    expect((await put(newSessionId(), snap)).statusCode).toBe(200);
  });
});

// D31: the optional P60 figures cap the stored estimate at the tax paid. GOV.UK: relief cannot be
// more than the tax paid; a £14,000 salary in 2025/26 paid (14,000 − 12,570) × 20% = £286.
describe('the P60 figures (D31)', () => {
  const withP60 = (p60: Record<string, unknown>) => {
    const base = mileageSnapshot({ years: [] }) as Record<string, unknown>;
    return {
      ...base,
      taxYears: [{ year: '2025/26', selected: true, jobs: [job(5_000, 0, 'job-1')], ...p60 }],
    };
  };

  it('stores £286 for 5,000 miles (£450 at 20%) when the P60 shows £14,000 pay and £286 tax', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
    const capped = newSessionId();
    expect((await put(capped, withP60({ taxablePay: 14_000, taxPaid: 286 }))).statusCode).toBe(200);
    expect(Number((await row(capped)).estimated_rebate_claimant)).toBe(286);
    const plain = newSessionId();
    expect((await put(plain, withP60({}))).statusCode).toBe(200);
    expect(Number((await row(plain)).estimated_rebate_claimant)).toBe(450);
  });

  it('refuses tax paid above the taxable pay, with the field named', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
    const res = await put(newSessionId(), withP60({ taxablePay: 1_000, taxPaid: 2_000 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: { 'taxYears.0.taxPaid': MESSAGES.taxPaidMoreThanPay('2025/26') },
    });
  });
});
