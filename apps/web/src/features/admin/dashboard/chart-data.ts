// Issue 45: what each section's chart draws, read from the same answer as its table: a label per
// point on the x axis (a week, or a status) and one or more series of numbers.
import { CLAIM_STATUS_LABELS, type ClaimStatus } from '@taxback/domain';
import { FUNNEL_STEP_LABELS, FUNNEL_STEPS, type DashboardSection } from '@taxback/domain/dashboard';
import type { Dashboard } from '@taxback/domain/dashboard-schemas';

export interface ChartSeries {
  label: string;
  /** null: nothing to show that week (a gap, not a zero). */
  values: (number | null)[];
}

export interface ChartData {
  /** What the x axis shows: weeks (a line per series) or statuses (bars). */
  kind: 'weeks' | 'categories';
  labels: string[];
  series: ChartSeries[];
  /** The y axis's unit, in words. */
  unit: 'claims' | 'visits' | 'pounds' | 'days';
}

const shortDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });

/** A week's label on the axis: its Monday, '23 Nov'. */
export const weekLabel = shortDate;

export function chartData(d: Dashboard, section: DashboardSection): ChartData {
  const weeks = d.weeks.map((w) => weekLabel(w.weekStart));
  const perWeek = <R extends { weekStart: string }>(rows: R[], value: (r: R) => number) =>
    d.weeks.map((w) => rows.filter((r) => r.weekStart === w.weekStart).reduce((s, r) => s + value(r), 0));
  switch (section) {
    case 'intake':
      return {
        kind: 'weeks',
        labels: weeks,
        unit: 'claims',
        series: [
          { label: 'General', values: perWeek(d.intake, (r) => r.general) },
          { label: 'Mileage', values: perWeek(d.intake, (r) => r.mileage) },
        ],
      };
    case 'funnel':
      return {
        kind: 'weeks',
        labels: weeks,
        unit: 'visits',
        series: FUNNEL_STEPS.map((s) => ({
          label: FUNNEL_STEP_LABELS[s],
          values: perWeek(d.funnel, (r) => r[s]),
        })),
      };
    case 'waiting':
      return {
        kind: 'categories',
        labels: d.waiting.map((w) => CLAIM_STATUS_LABELS[w.status as ClaimStatus] ?? w.status),
        unit: 'claims',
        series: [
          { label: 'Claims waiting', values: d.waiting.map((w) => w.claims) },
          { label: `Over ${d.waitingTargetDays} days`, values: d.waiting.map((w) => w.overTarget) },
        ],
      };
    case 'hmrc':
      return {
        kind: 'weeks',
        labels: weeks,
        unit: 'claims',
        series: [
          { label: 'Sent to HMRC', values: perWeek(d.hmrc, (r) => r.sent) },
          { label: 'Years accepted', values: perWeek(d.hmrc, (r) => r.accepted) },
          { label: 'Years reduced', values: perWeek(d.hmrc, (r) => r.reduced) },
          { label: 'Years refused', values: perWeek(d.hmrc, (r) => r.refused) },
        ],
      };
    case 'money':
      return {
        kind: 'weeks',
        labels: weeks,
        unit: 'pounds',
        series: [
          { label: 'HMRC repaid', values: perWeek(d.money, (r) => r.repaidPence / 100) },
          { label: 'Our fees', values: perWeek(d.money, (r) => r.feePence / 100) },
        ],
      };
    case 'repayment-time':
      return {
        kind: 'weeks',
        labels: weeks,
        unit: 'days',
        series: [
          { label: 'Median', values: d.repaymentTime.map((r) => r.medianDays) },
          { label: '90th percentile', values: d.repaymentTime.map((r) => r.p90Days) },
        ],
      };
  }
}
