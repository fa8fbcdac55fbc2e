import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { isoWeekOf } from '@taxback/domain/dashboard';
import type { DashboardKind } from '@taxback/domain/dashboard-schemas';
import type { Database } from '../../db/database.ts';

// Issue 45: the dashboard's SQL, run the same on SQLite and PostgreSQL. The figures about claims
// are GROUP BYs over migration 060's daily counts, which the database keeps beside the claims by UK
// day and ISO week (decisions 085 and 096), so a range's weeks are summed here rather than in the
// server; the funnel's are over its own counts, HMRC's answers over migration 059's (decision 094).

type Db = Kysely<Database>;

/** The range and filters as the queries take them: UK dates, both ends included. */
export interface DashboardFilters {
  from: string;
  to: string;
  kind: DashboardKind;
  affiliate: string | null;
}

type Kind = 'general' | 'mileage';

/** The roll-ups' spelling of the affiliate filter: '' for claims that came with none. */
const affiliateKey = (affiliate: string) => (affiliate === '(none)' ? '' : affiliate);

export function createDashboardQueries(db: Db) {
  /** Migration 060's daily rows of one measure, for the kind and affiliate asked for. */
  function daily(measure: 'made' | 'open' | 'sent' | 'repaid' | 'wait', filters: DashboardFilters) {
    let query = db.selectFrom('dashboard_days').where('measure', '=', measure);
    if (filters.kind !== 'all') query = query.where('kind', '=', filters.kind);
    if (filters.affiliate !== null) query = query.where('affiliate', '=', affiliateKey(filters.affiliate));
    return query;
  }
  /** The rows of one measure whose day is in the range (their weeks first, the table's key order). */
  const inRange = (measure: 'made' | 'sent' | 'repaid' | 'wait', filters: DashboardFilters) =>
    daily(measure, filters)
      .where('week', '>=', isoWeekOf(filters.from).weekStart)
      .where('week', '<=', filters.to)
      .where('day', '>=', filters.from)
      .where('day', '<=', filters.to);
  const claims = sql<number | string>`sum(claims)`;

  return {
    /** Claims made per ISO week (its Monday), kind and affiliate, over the range's UK days. */
    async intake(filters: DashboardFilters) {
      const rows = await inRange('made', filters)
        .select(['week', 'kind', claims.as('n')])
        .select(sql<string | null>`nullif(affiliate, '')`.as('affiliate'))
        .groupBy(['week', 'kind', 'affiliate'])
        .having(claims, '<>', 0)
        .execute();
      return rows.map((r) => ({ ...r, kind: r.kind as Kind }));
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
     * Open claims now, whatever the range, per status and UK day made: summed from migration
     * 060's index, in its order (decision 093).
     */
    waiting(filters: DashboardFilters) {
      return daily('open', filters)
        .select(['status', 'day', claims.as('n')])
        .groupBy(['status', 'day'])
        .having(claims, '<>', 0)
        .execute();
    },

    /** Claims sent to HMRC per ISO week (D35: the UK date recorded). */
    async sent(filters: DashboardFilters) {
      return inRange('sent', filters)
        .select(['week', claims.as('n')])
        .groupBy('week')
        .having(claims, '<>', 0)
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

    /** Repayments per ISO week repaid: how many, HMRC's amount, our fee and the claimant's share. */
    async repaid(filters: DashboardFilters) {
      return inRange('repaid', filters)
        .select([
          'week',
          claims.as('n'),
          sql<number | string>`sum(repaid_pence)`.as('repaid'),
          sql<number | string>`sum(fee_pence)`.as('fee'),
          sql<number | string>`sum(claimant_pence)`.as('claimant'),
        ])
        .groupBy('week')
        .having(claims, '<>', 0)
        .execute();
    },

    /** Claims repaid in the range per ISO week repaid and days from the UK day made. */
    async repaymentTimes(filters: DashboardFilters) {
      return inRange('wait', filters)
        .select(['week', 'wait_days', claims.as('n')])
        .groupBy(['week', 'wait_days'])
        .having(claims, '<>', 0)
        .execute();
    },
  };
}

export type DashboardQueries = ReturnType<typeof createDashboardQueries>;
