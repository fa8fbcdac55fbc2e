// Issue 45: the dashboard's request and answer, shared by the server's route and the admin page,
// and each section as a table (the page's table alternative and the CSV are both made from it).
import { z } from 'zod';
import { CLAIM_STATUS_LABELS, type ClaimStatus } from './claim-status.ts';
import {
  DASHBOARD_MAX_DAYS,
  DASHBOARD_SECTIONS,
  FUNNEL_STEP_LABELS,
  FUNNEL_STEPS,
  daysBetween,
  type DashboardSection,
} from './dashboard.ts';
import { DATE_SUBJECTS, dateRangeProblem, optionalDateField } from './date-rules.ts';
import { sanitiseText } from './sanitise.ts';

export const DASHBOARD_KINDS = ['all', 'general', 'mileage'] as const;
export type DashboardKind = (typeof DASHBOARD_KINDS)[number];

export const DASHBOARD_MESSAGES = {
  kind: 'Select a kind of claim from the list',
  section: 'Select a section of the dashboard',
  affiliateTooLong: 'The affiliate must be 100 characters or fewer',
  tooLong: `The date range must be ${DASHBOARD_MAX_DAYS} days or fewer`,
} as const;

/** A range the dashboard may read: the end not before the start, and at most DASHBOARD_MAX_DAYS. */
export function dashboardRangeProblem(from: string, to: string): string | null {
  return (
    dateRangeProblem(from, to) ??
    (daysBetween(from, to) + 1 > DASHBOARD_MAX_DAYS ? DASHBOARD_MESSAGES.tooLong : null)
  );
}

const filters = {
  from: optionalDateField(DATE_SUBJECTS.from),
  to: optionalDateField(DATE_SUBJECTS.to),
  kind: z.preprocess(
    (v) => (v === undefined || v === '' ? 'all' : v),
    z.enum(DASHBOARD_KINDS, { error: DASHBOARD_MESSAGES.kind }),
  ),
  affiliate: z.preprocess(
    (v) => (typeof v === 'string' ? sanitiseText(v) || undefined : undefined),
    z.string().max(100, DASHBOARD_MESSAGES.affiliateTooLong).optional(),
  ),
};

function checkRange(value: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (value.from === undefined || value.to === undefined) return;
  const problem = dashboardRangeProblem(value.from, value.to);
  if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
}

/** GET /api/admin/dashboard: a UK date range (default: the last twelve weeks), kind, affiliate. */
export const dashboardQuerySchema = z.object(filters).superRefine(checkRange);
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;

/** GET /api/admin/dashboard.csv: the same filters and the section to download. */
export const dashboardCsvQuerySchema = z
  .object({
    ...filters,
    section: z.enum(DASHBOARD_SECTIONS, { error: DASHBOARD_MESSAGES.section }),
  })
  .superRefine(checkRange);
export type DashboardCsvQuery = z.output<typeof dashboardCsvQuerySchema>;

const count = z.number().int();
const week = {
  week: z.string().describe("ISO week, '2026-W48'"),
  weekStart: z.string().describe('Its Monday'),
};
const days = z.number().int().nullable();

export const dashboardSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    today: z.string(),
    kind: z.enum(DASHBOARD_KINDS),
    affiliate: z.string().nullable(),
    waitingTargetDays: count,
    weeks: z.array(z.object(week)),
    intake: z
      .array(z.object({ ...week, affiliate: z.string(), general: count, mileage: count, total: count }))
      .describe('Claims submitted per week and affiliate, by kind'),
    funnel: z
      .array(
        z.object({ ...week, landing: count, expenses: count, claim: count, details: count, signed: count }),
      )
      .describe('Anonymous step counts per week; not filtered by kind or affiliate'),
    waiting: z
      .array(
        z.object({
          status: z.string(),
          claims: count,
          medianDays: days,
          oldestDays: days,
          overTarget: count,
        }),
      )
      .describe('Open claims now, per status, with their age since submission'),
    hmrc: z
      .array(
        z.object({
          ...week,
          sent: count,
          accepted: count,
          reduced: count,
          refused: count,
          selfAssessment: count,
        }),
      )
      .describe("Claims sent to HMRC per week, and HMRC's answers per tax year decided that week"),
    money: z
      .array(z.object({ ...week, repaid: count, repaidPence: count, feePence: count, claimantPence: count }))
      .describe(
        'Repayments recorded per week (by the day HMRC repaid), our fees and what claimants received',
      ),
    repaymentTime: z
      .array(z.object({ ...week, repaid: count, medianDays: days, p90Days: days }))
      .describe('Days from claim to repayment, per week repaid'),
    repaymentTimeOverall: z.object({ repaid: count, medianDays: days, p90Days: days }),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboardSchema>;

// ---------------------------------------------------------------------------------------------
// Each section as a table

export type CellFormat = 'text' | 'date' | 'count' | 'pence' | 'days';
export type Cell = string | number | null;
export interface SectionTable {
  title: string;
  columns: { label: string; format: CellFormat }[];
  rows: Cell[][];
}

export const DASHBOARD_SECTION_TITLES: Record<DashboardSection, string> = {
  intake: 'Claims submitted per week',
  funnel: 'The claimant funnel per week',
  waiting: 'Open claims waiting, by status',
  hmrc: 'Sent to HMRC and HMRC’s answers per week',
  money: 'Repaid, fees and what claimants received per week',
  'repayment-time': 'Days from claim to repayment',
};

const col = (label: string, format: CellFormat) => ({ label, format });
const weekCol = col('Week starting', 'date');

/** One section of the dashboard as a table: the page's table alternative and the CSV download. */
export function dashboardTable(d: Dashboard, section: DashboardSection): SectionTable {
  const title = DASHBOARD_SECTION_TITLES[section];
  switch (section) {
    case 'intake':
      return {
        title,
        columns: [
          weekCol,
          col('Affiliate', 'text'),
          col('General', 'count'),
          col('Mileage', 'count'),
          col('Total', 'count'),
        ],
        rows: d.intake.map((r) => [r.weekStart, r.affiliate, r.general, r.mileage, r.total]),
      };
    case 'funnel':
      return {
        title,
        columns: [weekCol, ...FUNNEL_STEPS.map((s) => col(FUNNEL_STEP_LABELS[s], 'count'))],
        rows: d.funnel.map((r) => [r.weekStart, ...FUNNEL_STEPS.map((s) => r[s])]),
      };
    case 'waiting':
      return {
        title,
        columns: [
          col('Status', 'text'),
          col('Claims', 'count'),
          col('Median age (days)', 'days'),
          col('Oldest (days)', 'days'),
          col(`Over ${d.waitingTargetDays} days`, 'count'),
        ],
        rows: d.waiting.map((r) => [
          CLAIM_STATUS_LABELS[r.status as ClaimStatus] ?? r.status,
          r.claims,
          r.medianDays,
          r.oldestDays,
          r.overTarget,
        ]),
      };
    case 'hmrc':
      return {
        title,
        columns: [
          weekCol,
          col('Sent to HMRC', 'count'),
          col('Years accepted', 'count'),
          col('Years reduced', 'count'),
          col('Years refused', 'count'),
          col('Years sent to Self Assessment', 'count'),
        ],
        rows: d.hmrc.map((r) => [r.weekStart, r.sent, r.accepted, r.reduced, r.refused, r.selfAssessment]),
      };
    case 'money':
      return {
        title,
        columns: [
          weekCol,
          col('Claims repaid', 'count'),
          col('HMRC repaid', 'pence'),
          col('Our fees incl. VAT', 'pence'),
          col('Claimants received', 'pence'),
        ],
        rows: d.money.map((r) => [r.weekStart, r.repaid, r.repaidPence, r.feePence, r.claimantPence]),
      };
    case 'repayment-time':
      return {
        title,
        columns: [
          col('Week repaid', 'date'),
          col('Claims repaid', 'count'),
          col('Median (days)', 'days'),
          col('90th percentile (days)', 'days'),
        ],
        rows: [
          ...d.repaymentTime.map((r) => [r.weekStart, r.repaid, r.medianDays, r.p90Days]),
          [
            'All weeks',
            d.repaymentTimeOverall.repaid,
            d.repaymentTimeOverall.medianDays,
            d.repaymentTimeOverall.p90Days,
          ],
        ],
      };
  }
}

/** A cell as CSV text: pence as pounds with two decimals, nothing as an empty cell. */
export function csvCell(cell: Cell, format: CellFormat): string {
  if (cell === null) return '';
  if (format === 'pence' && typeof cell === 'number') return (cell / 100).toFixed(2);
  return String(cell);
}
