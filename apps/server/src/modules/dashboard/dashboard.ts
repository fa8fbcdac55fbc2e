import { CLAIM_STATUSES, isOpenStatus, ukIsoDate } from '@taxback/domain';
import {
  DASHBOARD_DEFAULT_DAYS,
  FUNNEL_STEPS,
  WAITING_TARGET_DAYS,
  addDays,
  daysBetween,
  isoWeekOf,
  summariseCounts,
  tally,
  weeksInRange,
  type Counted,
  type IsoWeek,
  type FunnelStep,
} from '@taxback/domain/dashboard';
import {
  dashboardRangeProblem,
  type Dashboard,
  type DashboardQuery,
} from '@taxback/domain/dashboard-schemas';
import { ValidationError } from '../../errors.ts';
import type { DashboardFilters, DashboardQueries } from './queries.ts';

const NO_AFFILIATE = '(none)';
const num = (v: number | string | null | undefined) => (v === null || v === undefined ? 0 : Number(v));

/**
 * A pure function of a day, remembered for one dashboard: its rows name the same few hundred days
 * thousands of times (decision 085), and parsing a date each time was most of a year's build.
 */
function remembered<R>(f: (key: string) => R): (key: string) => R {
  const seen = new Map<string, R>();
  return (key) => {
    let value = seen.get(key);
    if (value === undefined) {
      value = f(key);
      seen.set(key, value);
    }
    return value;
  };
}

/**
 * The range a query asks for, with its defaults: up to today (UK), the last twelve weeks. A range
 * the schema could not judge (one end left to its default) is judged here, with the same message.
 */
export function dashboardFilters(query: DashboardQuery, now: Date): DashboardFilters {
  const today = ukIsoDate(now);
  const to = query.to ?? (query.from !== undefined && query.from > today ? query.from : today);
  const from = query.from ?? addDays(to, -(DASHBOARD_DEFAULT_DAYS - 1));
  const problem = dashboardRangeProblem(from, to);
  // Only `from` alone can make a range the schema has not judged (the end is then today).
  if (problem) throw new ValidationError({ [query.to === undefined ? 'from' : 'to']: problem });
  return { from, to, kind: query.kind, affiliate: query.affiliate ?? null };
}

/**
 * Open claims now, per open status: how many, the median and the oldest age in days (from the UK
 * day each was made to today) and how many are over the target. The median is the nearest-rank
 * one: the age of the ceil(n/2)-th newest claim, read from the claims counted per UK day
 * (decision 085).
 */
async function waitingNow(
  queries: DashboardQueries,
  filters: DashboardFilters,
  today: string,
): Promise<Dashboard['waiting']> {
  const ageOf = remembered((day) => daysBetween(day, today));
  const ages = new Map<string, Counted[]>();
  for (const row of await queries.waiting(filters))
    tally(
      ages,
      row.status,
      () => [],
      (list) => list.push({ value: ageOf(row.day), count: num(row.n) }),
    );
  return CLAIM_STATUSES.filter(isOpenStatus).map((status) => {
    const counted = ages.get(status) ?? [];
    const summary = summariseCounts(counted);
    return {
      status,
      claims: summary.count,
      medianDays: summary.median,
      oldestDays: summary.max,
      // Over target: made on a UK day more than the target's days before today.
      overTarget: counted.filter((c) => c.value > WAITING_TARGET_DAYS).reduce((sum, c) => sum + c.count, 0),
    };
  });
}

/** Per ISO week of the range, in order, each starting from `make()`. */
function byWeek<V>(from: string, to: string, make: () => V, weekOf: (day: string) => IsoWeek) {
  const weeks = weeksInRange(from, to);
  const map = new Map(weeks.map((w) => [w.weekStart, { ...w, ...make() }]));
  return {
    weeks,
    at: (day: string) => map.get(weekOf(day).weekStart),
    rows: () => [...map.values()],
  };
}

/** Issue 45: every section of the dashboard for a range, kind and affiliate. */
export async function buildDashboard(
  queries: DashboardQueries,
  filters: DashboardFilters,
  now: Date,
): Promise<Dashboard> {
  const today = ukIsoDate(now);
  const weekOf = remembered(isoWeekOf);
  // One statement after another, on one connection at a time: a dashboard never takes a share of
  // the pool that the operators' and claimants' requests are waiting for (decision 036).
  const intake = await queries.intake(filters);
  const funnel = await queries.funnel(filters);
  const waiting = await waitingNow(queries, filters, today);
  const sent = await queries.sent(filters);
  const answers = await queries.answers(filters);
  const repaid = await queries.repaid(filters);
  const times = await queries.repaymentTimes(filters);
  const { from, to } = filters;

  // The queries sum weeks by their Monday; a week is named once per build.
  const intakeRows = new Map<string, Dashboard['intake'][number]>();
  for (const row of intake) {
    const week = weekOf(row.week);
    const affiliate = row.affiliate ?? NO_AFFILIATE;
    tally(
      intakeRows,
      `${week.weekStart} ${affiliate}`,
      () => ({ ...week, affiliate, general: 0, mileage: 0, total: 0 }),
      (entry) => {
        entry[row.kind] += num(row.n);
        entry.total += num(row.n);
      },
    );
  }

  const funnelWeeks = byWeek(
    from,
    to,
    () => Object.fromEntries(FUNNEL_STEPS.map((s) => [s, 0])) as Record<FunnelStep, number>,
    weekOf,
  );
  for (const row of funnel) {
    const entry = funnelWeeks.at(row.day);
    if (entry && (FUNNEL_STEPS as readonly string[]).includes(row.step))
      entry[row.step as FunnelStep] += num(row.n);
  }

  const hmrcWeeks = byWeek(
    from,
    to,
    () => ({ sent: 0, accepted: 0, reduced: 0, refused: 0, selfAssessment: 0 }),
    weekOf,
  );
  for (const row of sent) {
    const entry = hmrcWeeks.at(row.week);
    if (entry) entry.sent += num(row.n);
  }
  const decisionKey = {
    accepted: 'accepted',
    reduced: 'reduced',
    refused: 'refused',
    'self-assessment': 'selfAssessment',
  } as const;
  for (const row of answers) {
    const entry = hmrcWeeks.at(row.day);
    const key = decisionKey[row.decision as keyof typeof decisionKey];
    if (entry && key) entry[key] += num(row.n);
  }

  const moneyWeeks = byWeek(
    from,
    to,
    () => ({ repaid: 0, repaidPence: 0, feePence: 0, claimantPence: 0 }),
    weekOf,
  );
  for (const row of repaid) {
    const entry = moneyWeeks.at(row.week);
    if (!entry) continue;
    entry.repaid += num(row.n);
    entry.repaidPence += num(row.repaid);
    entry.feePence += num(row.fee);
    entry.claimantPence += num(row.claimant);
  }

  const timeWeeks = byWeek(from, to, () => ({ values: [] as Counted[] }), weekOf);
  const allTimes: Counted[] = [];
  for (const row of times) {
    const value = { value: num(row.wait_days), count: num(row.n) };
    timeWeeks.at(row.week)?.values.push(value);
    allTimes.push(value);
  }
  const timeOf = (values: Counted[]) => {
    const s = summariseCounts(values);
    return { repaid: s.count, medianDays: s.median, p90Days: s.p90 };
  };

  return {
    from,
    to,
    today,
    kind: filters.kind,
    affiliate: filters.affiliate,
    waitingTargetDays: WAITING_TARGET_DAYS,
    weeks: funnelWeeks.weeks,
    intake: [...intakeRows.values()].sort(
      (a, b) => a.weekStart.localeCompare(b.weekStart) || a.affiliate.localeCompare(b.affiliate),
    ),
    funnel: funnelWeeks.rows(),
    waiting,
    hmrc: hmrcWeeks.rows(),
    money: moneyWeeks.rows(),
    repaymentTime: timeWeeks
      .rows()
      .map(({ values, week, weekStart }) => ({ week, weekStart, ...timeOf(values) })),
    repaymentTimeOverall: timeOf(allTimes),
  };
}
