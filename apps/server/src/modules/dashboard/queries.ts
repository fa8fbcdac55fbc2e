import { SqliteAdapter, sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import { CLAIM_STATUSES, isOpenStatus } from '@taxback/domain';
import { addDays, ukDayStart } from '@taxback/domain/dashboard';
import type { DashboardKind } from '@taxback/domain/dashboard-schemas';
import type { Database } from '../../db/database.ts';

// Issue 45: the dashboard's SQL. Every figure is a GROUP BY over one claim table (or the funnel's
// counts, or HMRC's answers), run the same on SQLite and PostgreSQL: timestamps are ISO text in
// UTC, so each is grouped by its UTC day and whether its hour is 23 (the only hour that can be the
// next UK day, in summer), and the domain turns those groups into UK days and weeks.

type Db = Kysely<Database>;

/** The range and filters as the queries take them: UK dates, both ends included. */
export interface DashboardFilters {
  from: string;
  to: string;
  kind: DashboardKind;
  affiliate: string | null;
}

/** How one claim table spells the day a claim was made. */
interface ClaimTable {
  kind: 'general' | 'mileage';
  table: 'form_responses' | 'onboarding_claims';
  submitted: string;
  /** Rows that are claims (a mileage draft is not one yet). */
  claims: RawBuilder<boolean>;
}

const TABLES: ClaimTable[] = [
  { kind: 'general', table: 'form_responses', submitted: 'created_at', claims: sql<boolean>`1 = 1` },
  {
    kind: 'mileage',
    table: 'onboarding_claims',
    submitted: 'submitted_at',
    // Only a submitted claim has a submission date: no status test needed (a draft has none).
    claims: sql<boolean>`submitted_at is not null`,
  },
];

/** A timestamp's group: its UTC day and whether its UTC hour is 23. */
export interface UtcGroup {
  utc_day: string;
  late: number | string;
}

function tablesOf(filters: DashboardFilters): ClaimTable[] {
  return TABLES.filter((t) => filters.kind === 'all' || filters.kind === t.kind);
}

/**
 * The affiliate filter: a name, or '(none)' for claims that came with no affiliate. On SQLite the
 * column is written `+affiliate_name`, SQLite's way of keeping a term off an index: its planner
 * would otherwise walk the affiliate's index (migration 001) and read each of its claims' rows,
 * where the dashboard's own indexes (migration 042) hold the affiliate beside the date and answer
 * from the index alone. PostgreSQL's planner weighs both with its statistics.
 */
function affiliateOf(filters: DashboardFilters, sqlite: boolean): RawBuilder<boolean> {
  const column = sqlite ? sql`+affiliate_name` : sql`affiliate_name`;
  if (filters.affiliate === null) return sql<boolean>`1 = 1`;
  if (filters.affiliate === '(none)') return sql<boolean>`${column} is null`;
  return sql<boolean>`${column} = ${filters.affiliate}`;
}

const dayOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;
const lateOf = (column: string) =>
  sql<number>`case when substr(${sql.ref(column)}, 12, 2) = '23' then 1 else 0 end`;

/** Timestamps within the UK days of the range. */
function submittedIn(t: ClaimTable, filters: DashboardFilters): RawBuilder<boolean> {
  const column = sql.ref(t.submitted);
  return sql<boolean>`${column} >= ${ukDayStart(filters.from)} and ${column} < ${ukDayStart(addDays(filters.to, 1))}`;
}

/** The open statuses as literals, as migrations 026 and 042's partial indexes say them. */
const OPEN = sql.join(CLAIM_STATUSES.filter(isOpenStatus).map((s) => sql.lit(s)));

export function createDashboardQueries(db: Db) {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const affiliateCondition = (filters: DashboardFilters) => affiliateOf(filters, sqlite);
  async function perTable<R>(
    filters: DashboardFilters,
    query: (t: ClaimTable) => RawBuilder<R>,
  ): Promise<(R & { kind: 'general' | 'mileage' })[]> {
    const rows: (R & { kind: 'general' | 'mileage' })[] = [];
    for (const t of tablesOf(filters))
      for (const row of (await query(t).execute(db)).rows) rows.push({ ...row, kind: t.kind });
    return rows;
  }

  return {
    /** Claims made per UK day group, kind and affiliate. */
    intake(filters: DashboardFilters) {
      return perTable(
        filters,
        (t) => sql<UtcGroup & { affiliate: string | null; n: number | string }>`
          select ${dayOf(t.submitted)} as utc_day, ${lateOf(t.submitted)} as late,
            affiliate_name as affiliate, count(*) as n
          from ${sql.table(t.table)}
          where ${t.claims} and ${submittedIn(t, filters)} and ${affiliateCondition(filters)}
          group by ${dayOf(t.submitted)}, ${lateOf(t.submitted)}, affiliate_name`,
      );
    },

    /** The funnel's counts per UK day and step (not by kind or affiliate: they hold neither). */
    async funnel(filters: DashboardFilters) {
      return db
        .selectFrom('funnel_steps')
        .select(['day', 'step', (eb) => eb.fn.sum<number | string>('count').as('n')])
        .where('day', '>=', filters.from)
        .where('day', '<=', filters.to)
        .groupBy(['day', 'step'])
        .execute();
    },

    /**
     * Open claims now, whatever the range, per status: how many, the first made, and how many were
     * made before `overdueBefore` (an instant). One walk of the open-claims index per table, in
     * its order, so no sort.
     */
    waiting(filters: DashboardFilters, overdueBefore: string) {
      return perTable(
        filters,
        (t) => sql<{
          status: string;
          n: number | string;
          oldest: string | null;
          overdue: number | string | null;
        }>`
          select status, count(*) as n, min(${sql.ref(t.submitted)}) as oldest,
            sum(case when ${sql.ref(t.submitted)} < ${overdueBefore} then 1 else 0 end) as overdue
          from ${sql.table(t.table)}
          where status in (${OPEN}) and ${t.claims} and ${affiliateCondition(filters)}
          group by status`,
      );
    },

    /**
     * When the `rank`-th newest open claim of `status` was made (1 is the newest), across the
     * kinds asked for: both tables' index entries merged in date order and walked to that rank.
     * For a median this reads half of the status's entries, and never sorts them.
     */
    async nthNewest(filters: DashboardFilters, status: string, rank: number): Promise<string | null> {
      // ISO instants sort the same byte by byte: PostgreSQL's "C" collation spares its sort the
      // locale's rules (the database's own collation may be any); SQLite compares bytes already.
      const bytewise = sqlite ? sql`` : sql` collate "C"`;
      const sides = tablesOf(filters).map(
        (t) => sql`select ${sql.ref(t.submitted)}${bytewise} as made from ${sql.table(t.table)}
          where status in (${OPEN}) and status = ${status} and ${t.claims} and ${affiliateCondition(filters)}`,
      );
      const result = await sql<{ made: string }>`${sql.join(sides, sql` union all `)}
        order by made desc limit 1 offset ${rank - 1}`.execute(db);
      return result.rows[0]?.made ?? null;
    },

    /** Claims sent to HMRC per day (D35: the UK date recorded). */
    sent(filters: DashboardFilters) {
      return perTable(
        filters,
        (t) => sql<{ day: string; n: number | string }>`
          select sent_on as day, count(*) as n from ${sql.table(t.table)}
          where sent_on >= ${filters.from} and sent_on <= ${filters.to} and ${affiliateCondition(filters)}
          group by sent_on`,
      );
    },

    /**
     * HMRC's answers per day decided and decision (D40): each year's latest version, for the
     * cases holding a claim of the kind and affiliate asked for (a case is its first claim's id).
     */
    async answers(filters: DashboardFilters) {
      // A few answers per day: each is checked against its case's claims by their indexes (the
      // claim that is the case, by id; the others, by case_id), never by reading every claim.
      const filtered = filters.kind !== 'all' || filters.affiliate !== null;
      const inCase = (t: ClaimTable, link: 'id' | 'case_id') =>
        sql`exists (select 1 from ${sql.table(t.table)} c where ${sql.ref(`c.${link}`)} = a.case_id
          and ${t.claims} and ${affiliateCondition(filters)})`;
      const inCases = filtered
        ? sql<boolean>`(${sql.join(
            tablesOf(filters).flatMap((t) => [inCase(t, 'id'), inCase(t, 'case_id')]),
            sql` or `,
          )})`
        : sql<boolean>`1 = 1`;
      const result = await sql<{ day: string; decision: string; n: number | string }>`
        select a.decided_on as day, a.decision, count(*) as n from case_year_answers a
        where a.decided_on >= ${filters.from} and a.decided_on <= ${filters.to}
          and a.version = (select max(b.version) from case_year_answers b
                           where b.case_id = a.case_id and b.year = a.year)
          and ${inCases}
        group by a.decided_on, a.decision`.execute(db);
      return result.rows;
    },

    /** Repayments per day HMRC repaid: how many, HMRC's amount, our fee and the claimant's share. */
    repaid(filters: DashboardFilters) {
      return perTable(
        filters,
        (t) => sql<{
          day: string;
          n: number | string;
          repaid: number | string | null;
          fee: number | string | null;
          claimant: number | string | null;
        }>`
          select repaid_on as day, count(*) as n, sum(repaid_pence) as repaid, sum(fee_pence) as fee,
            sum(claimant_pence) as claimant
          from ${sql.table(t.table)}
          where repaid_on >= ${filters.from} and repaid_on <= ${filters.to} and ${affiliateCondition(filters)}
          group by repaid_on`,
      );
    },

    /** Claims repaid in the range, by the day repaid and the day group they were made in. */
    repaymentTimes(filters: DashboardFilters) {
      return perTable(
        filters,
        (t) => sql<UtcGroup & { repaid_on: string; n: number | string }>`
          select repaid_on, ${dayOf(t.submitted)} as utc_day, ${lateOf(t.submitted)} as late, count(*) as n
          from ${sql.table(t.table)}
          where repaid_on >= ${filters.from} and repaid_on <= ${filters.to} and ${t.claims}
            and ${affiliateCondition(filters)}
          group by repaid_on, ${dayOf(t.submitted)}, ${lateOf(t.submitted)}`,
      );
    },
  };
}

export type DashboardQueries = ReturnType<typeof createDashboardQueries>;
