import { SqliteAdapter, sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import { addDays } from '@taxback/domain/dashboard';
import type { DashboardKind } from '@taxback/domain/dashboard-schemas';
import type { Database } from '../../db/database.ts';

// Issue 45: the dashboard's SQL, run the same on SQLite and PostgreSQL. The figures about claims
// are GROUP BYs over migration 051's daily counts, which the database keeps beside the claims
// (decision 085); the funnel's are over its own counts, HMRC's answers over their table. Timestamps
// are ISO text in UTC, so a claim is counted under its UTC day and whether its hour is 23 (the only
// hour that can be the next UK day, in summer), and the domain turns those into UK days and weeks.

type Db = Kysely<Database>;

/** The range and filters as the queries take them: UK dates, both ends included. */
export interface DashboardFilters {
  from: string;
  to: string;
  kind: DashboardKind;
  affiliate: string | null;
}

/** How one claim table spells the day a claim was made (for HMRC's answers, read per case). */
interface ClaimTable {
  kind: 'general' | 'mileage';
  table: 'form_responses' | 'onboarding_claims';
  /** Rows that are claims (a mileage draft is not one yet). */
  claims: RawBuilder<boolean>;
}

const TABLES: ClaimTable[] = [
  { kind: 'general', table: 'form_responses', claims: sql<boolean>`1 = 1` },
  // Only a submitted claim has a submission date: no status test needed (a draft has none).
  { kind: 'mileage', table: 'onboarding_claims', claims: sql<boolean>`submitted_at is not null` },
];

type Kind = ClaimTable['kind'];

/** A timestamp's group: its UTC day and whether its UTC hour is 23. */
export interface UtcGroup {
  utc_day: string;
  late: number | string;
}

function tablesOf(filters: DashboardFilters): ClaimTable[] {
  return TABLES.filter((t) => filters.kind === 'all' || filters.kind === t.kind);
}

/**
 * The affiliate filter on a case's claims (HMRC's answers): a name, or '(none)' for claims that
 * came with no affiliate. On SQLite the column is written `+affiliate_name`, SQLite's way of
 * keeping a term off an index: its planner would otherwise walk the affiliate's index (migration
 * 001) rather than the claim's own. PostgreSQL's planner weighs both with its statistics.
 */
function affiliateOf(filters: DashboardFilters, sqlite: boolean): RawBuilder<boolean> {
  const column = sqlite ? sql`+affiliate_name` : sql`affiliate_name`;
  if (filters.affiliate === null) return sql<boolean>`1 = 1`;
  if (filters.affiliate === '(none)') return sql<boolean>`${column} is null`;
  return sql<boolean>`${column} = ${filters.affiliate}`;
}

export function createDashboardQueries(db: Db) {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const affiliateCondition = (filters: DashboardFilters) => affiliateOf(filters, sqlite);
  /** Migration 051's daily rows of one measure, for the kind and affiliate asked for. */
  function daily(measure: 'made' | 'open' | 'sent' | 'repaid', filters: DashboardFilters) {
    let query = db.selectFrom('dashboard_daily').where('measure', '=', measure);
    if (filters.kind !== 'all') query = query.where('kind', '=', filters.kind);
    if (filters.affiliate !== null)
      query = query.where('affiliate', '=', filters.affiliate === '(none)' ? '' : filters.affiliate);
    return query;
  }
  const claims = sql<number | string>`sum(claims)`;
  const kindOf = <R extends { kind: string }>(rows: R[]) => rows.map((r) => ({ ...r, kind: r.kind as Kind }));

  return {
    /**
     * Claims made per UTC day group, kind and affiliate, over the UTC days that can hold the
     * range's UK days: the caller leaves out the groups whose UK day is outside it.
     */
    async intake(filters: DashboardFilters) {
      // A 'made' row is already one per UTC day group, kind and affiliate (its status and day
      // made are empty): read in its key's order, with nothing to group or sort (decision 093).
      const rows = await daily('made', filters)
        .select(['kind', 'day as utc_day', 'late', 'claims as n'])
        .select(sql<string | null>`nullif(affiliate, '')`.as('affiliate'))
        .where('day', '>=', addDays(filters.from, -1))
        .where('day', '<=', filters.to)
        .where('claims', '<>', 0)
        .execute();
      return kindOf(rows);
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
     * Open claims now, whatever the range, per status and UTC day group they were made in: summed
     * from migration 057's index, in its order (decision 093).
     */
    waiting(filters: DashboardFilters) {
      return daily('open', filters)
        .select(['status', 'day as utc_day', 'late', claims.as('n')])
        .groupBy(['status', 'day', 'late'])
        .having(claims, '<>', 0)
        .execute();
    },

    /** Claims sent to HMRC per day (D35: the UK date recorded). */
    async sent(filters: DashboardFilters) {
      return daily('sent', filters)
        .select(['day', claims.as('n')])
        .where('day', '>=', filters.from)
        .where('day', '<=', filters.to)
        .groupBy('day')
        .execute();
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
      // Each case year's latest version, as migration 056's table keeps it (decision 091).
      const result = await sql<{ day: string; decision: string; n: number | string }>`
        select a.decided_on as day, a.decision, count(*) as n from case_year_latest a
        where a.decided_on >= ${filters.from} and a.decided_on <= ${filters.to} and ${inCases}
        group by a.decided_on, a.decision`.execute(db);
      return result.rows;
    },

    /** Repayments per day HMRC repaid: how many, HMRC's amount, our fee and the claimant's share. */
    async repaid(filters: DashboardFilters) {
      return daily('repaid', filters)
        .select([
          'day',
          claims.as('n'),
          sql<number | string>`sum(repaid_pence)`.as('repaid'),
          sql<number | string>`sum(fee_pence)`.as('fee'),
          sql<number | string>`sum(claimant_pence)`.as('claimant'),
        ])
        .where('day', '>=', filters.from)
        .where('day', '<=', filters.to)
        .groupBy('day')
        .execute();
    },

    /** Claims repaid in the range, by the day repaid and the UTC day group they were made in. */
    async repaymentTimes(filters: DashboardFilters) {
      return daily('repaid', filters)
        .select(['day as repaid_on', 'made_day as utc_day', 'late', claims.as('n')])
        .where('day', '>=', filters.from)
        .where('day', '<=', filters.to)
        .where('made_day', '<>', '')
        .groupBy(['day', 'made_day', 'late'])
        .having(claims, '<>', 0)
        .execute();
    },
  };
}

export type DashboardQueries = ReturnType<typeof createDashboardQueries>;
