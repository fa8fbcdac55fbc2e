import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { addDays } from '@taxback/domain/dashboard';
import type { DashboardKind } from '@taxback/domain/dashboard-schemas';
import type { Database } from '../../db/database.ts';

// Issue 45: the dashboard's SQL, run the same on SQLite and PostgreSQL. The figures about claims
// are GROUP BYs over migration 051's daily counts, which the database keeps beside the claims
// (decision 085); the funnel's are over its own counts, HMRC's answers over migration 059's
// (decision 094). Timestamps are ISO text in UTC, so a claim is counted under its UTC day and
// whether its hour is 23 (the only hour that can be the next UK day, in summer), and the domain
// turns those into UK days and weeks.

type Db = Kysely<Database>;

/** The range and filters as the queries take them: UK dates, both ends included. */
export interface DashboardFilters {
  from: string;
  to: string;
  kind: DashboardKind;
  affiliate: string | null;
}

type Kind = 'general' | 'mileage';

/** A timestamp's group: its UTC day and whether its UTC hour is 23. */
export interface UtcGroup {
  utc_day: string;
  late: number | string;
}

/** The roll-ups' spelling of the affiliate filter: '' for claims that came with none. */
const affiliateKey = (affiliate: string) => (affiliate === '(none)' ? '' : affiliate);

export function createDashboardQueries(db: Db) {
  /** Migration 051's daily rows of one measure, for the kind and affiliate asked for. */
  function daily(measure: 'made' | 'open' | 'sent' | 'repaid', filters: DashboardFilters) {
    let query = db.selectFrom('dashboard_daily').where('measure', '=', measure);
    if (filters.kind !== 'all') query = query.where('kind', '=', filters.kind);
    if (filters.affiliate !== null) query = query.where('affiliate', '=', affiliateKey(filters.affiliate));
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
     * cases holding a claim of the kind and affiliate asked for (a case is its first claim's id),
     * summed from migration 059's daily counts of the one scope the filters name (decision 094).
     */
    async answers(filters: DashboardFilters) {
      const byKind = filters.kind !== 'all';
      const byAffiliate = filters.affiliate !== null;
      const scope = byKind ? (byAffiliate ? 'both' : 'kind') : byAffiliate ? 'affiliate' : 'all';
      const affiliate = filters.affiliate === null ? '' : affiliateKey(filters.affiliate);
      const n = sql<number | string>`sum(answers)`;
      return db
        .selectFrom('answers_daily')
        .select(['day', 'decision', n.as('n')])
        .where('scope', '=', scope)
        .where('kind', '=', byKind ? filters.kind : '')
        .where('affiliate', '=', affiliate)
        .where('day', '>=', filters.from)
        .where('day', '<=', filters.to)
        .groupBy(['day', 'decision'])
        .having(n, '<>', 0)
        .execute();
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
