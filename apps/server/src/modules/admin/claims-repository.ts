import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { ClaimListQuery } from '@taxback/domain/admin-schemas';
import type { ClaimKind, Database, FormResponse, OnboardingClaim } from '../../db/database.ts';

type Db = Kysely<Database>;

/** One row of the operators' claim list: both claim tables in one shape. */
export interface ClaimListRow {
  kind: 'general' | 'mileage';
  id: string;
  reference: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  status: string;
  submitted_at: string | null;
  estimated_rebate: number | null;
  affiliate: string | null;
  self_assessment: number | null;
  // What readiness needs, so a page of rows is judged without another query.
  has_ni: number;
  address: string | null;
  postcode: string | null;
  employer: string | null;
  mileage_data: string | null;
  vehicle_type: string | null;
  employer_rate: number | null;
}

/** The general claim's reference: it has no stored one, so it is read from its id. */
export const GENERAL_REFERENCE_PREFIX = 'GEN-';

export function generalReference(id: string): string {
  return GENERAL_REFERENCE_PREFIX + id.slice(0, 8).toUpperCase();
}

const SORT_COLUMNS = {
  submitted: 'submitted_at',
  name: 'name',
  status: 'status',
  rebate: 'estimated_rebate',
  reference: 'reference',
} as const;

function escapeLike(value: string): string {
  return value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

/** Queries for the back-office over form_responses (general) and onboarding_claims (mileage). */
export function createAdminClaimsRepository(db: Db) {
  function unified(drafts: boolean) {
    const general = db
      .selectFrom('form_responses')
      .select([
        sql<'general' | 'mileage'>`'general'`.as('kind'),
        'id',
        sql<string>`${GENERAL_REFERENCE_PREFIX} || upper(substr(id, 1, 8))`.as('reference'),
        sql<string | null>`full_name`.as('name'),
        sql<string | null>`email`.as('email'),
        sql<string | null>`phone`.as('phone'),
        'status',
        sql<string | null>`created_at`.as('submitted_at'),
        sql<number | null>`null`.as('estimated_rebate'),
        'affiliate_name as affiliate',
        sql<number | null>`null`.as('self_assessment'),
        sql<number>`0`.as('has_ni'),
        sql<string | null>`null`.as('address'),
        sql<string | null>`null`.as('postcode'),
        sql<string | null>`null`.as('employer'),
        sql<string | null>`null`.as('mileage_data'),
        sql<string | null>`null`.as('vehicle_type'),
        sql<number | null>`null`.as('employer_rate'),
      ])
      // The general funnel has no drafts: a row exists only once submitted.
      .where(sql<boolean>`${drafts ? 0 : 1} = 1`);
    const mileage = db
      .selectFrom('onboarding_claims')
      .select([
        sql<'general' | 'mileage'>`'mileage'`.as('kind'),
        'id',
        sql<string>`coalesce(submission_reference, '')`.as('reference'),
        'full_name as name',
        'email',
        'phone',
        'status',
        sql<string | null>`coalesce(submitted_at, last_activity_at)`.as('submitted_at'),
        'estimated_rebate_20_percent as estimated_rebate',
        'affiliate_name as affiliate',
        'self_assessment_required as self_assessment',
        sql<number>`case when admin_ni_number is null then 0 else 1 end`.as('has_ni'),
        'home_address as address',
        'postcode',
        'employer_name as employer',
        'mileage_data',
        sql<string | null>`vehicle_type`.as('vehicle_type'),
        'employer_mileage_rate as employer_rate',
      ])
      .where('status', drafts ? '=' : '<>', 'draft');
    return { general, mileage };
  }

  function filtered(query: ClaimListQuery) {
    const { general, mileage } = unified(query.drafts);
    // Both branches select the same columns; only the table they read differs.
    const mileageRows = mileage as unknown as typeof general;
    const source =
      query.kind === 'general' ? general : query.kind === 'mileage' ? mileageRows : general.unionAll(mileage);
    let q = db.selectFrom(source.as('c')).selectAll('c');
    if (query.status) q = q.where('c.status', '=', query.status);
    if (query.affiliate) q = q.where('c.affiliate', '=', query.affiliate);
    if (query.from) q = q.where('c.submitted_at', '>=', `${query.from}T00:00:00.000Z`);
    if (query.to) q = q.where('c.submitted_at', '<', nextDay(query.to));
    if (query.q) {
      const like = `%${escapeLike(query.q)}%`;
      const digits = query.q.replace(/\D/g, '');
      q = q.where((eb) =>
        eb.or([
          eb(sql`lower(c.name)`, 'like', sql`${like} escape '\\'`),
          eb(sql`lower(c.email)`, 'like', sql`${like} escape '\\'`),
          eb(sql`lower(c.reference)`, 'like', sql`${like} escape '\\'`),
          // Phone numbers are stored as typed: match on the digits too ('07700900123' finds '07700 900123').
          ...(digits.length >= 4
            ? [eb(sql`replace(replace(c.phone, ' ', ''), '-', '')`, 'like', `%${digits}%`)]
            : [eb(sql`lower(c.phone)`, 'like', sql`${like} escape '\\'`)]),
        ]),
      );
    }
    return q;
  }

  return {
    async list(query: ClaimListQuery, pageSize: number): Promise<{ rows: ClaimListRow[]; total: number }> {
      const column = SORT_COLUMNS[query.sort];
      const direction = query.dir;
      const rows = await filtered(query)
        .orderBy(sql.ref(`c.${column}`), (ob) =>
          direction === 'asc' ? ob.asc().nullsFirst() : ob.desc().nullsLast(),
        )
        .orderBy('c.id', direction)
        .limit(pageSize)
        .offset((query.page - 1) * pageSize)
        .execute();
      const count = await db
        .selectFrom(filtered(query).as('f'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return { rows: rows as ClaimListRow[], total: Number(count.n) };
    },

    /** Every row matching the filters, for the CSV export (capped). */
    async listAll(query: ClaimListQuery, max: number): Promise<ClaimListRow[]> {
      const rows = await filtered(query)
        .orderBy('c.submitted_at', 'desc')
        .orderBy('c.id')
        .limit(max)
        .execute();
      return rows as ClaimListRow[];
    },

    async findGeneral(id: string): Promise<FormResponse | undefined> {
      return db.selectFrom('form_responses').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async findMileage(id: string): Promise<OnboardingClaim | undefined> {
      return db.selectFrom('onboarding_claims').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Optimistic concurrency: the change applies only if nobody changed the claim since `version`
     * was read, so of two operators acting at once one wins and the other gets 0 rows.
     */
    async changeStatus(
      trx: Db,
      kind: ClaimKind,
      id: string,
      change: {
        from: string;
        to: string;
        version: number;
        at: string;
        money?: { repaid: number; fee: number; claimant: number } | null;
      },
    ): Promise<boolean> {
      const set = {
        status: change.to,
        version: change.version + 1,
        status_changed_at: change.at,
        updated_at: change.at,
        ...(change.money
          ? {
              repaid_pence: change.money.repaid,
              fee_pence: change.money.fee,
              claimant_pence: change.money.claimant,
            }
          : {}),
      };
      const table = kind === 'general' ? 'form_responses' : 'onboarding_claims';
      const result = await trx
        .updateTable(table)
        .set(set)
        .where('id', '=', id)
        .where('version', '=', change.version)
        .where('status', '=', change.from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    history(claimId: string) {
      return db
        .selectFrom('claim_status_history as h')
        .leftJoin('operator_users as o', 'o.id', 'h.operator_id')
        .select(['h.id', 'h.from_status', 'h.to_status', 'h.reason', 'h.created_at', 'o.name as operator'])
        .where('h.claim_id', '=', claimId)
        .orderBy('h.version')
        .execute();
    },
    notes(claimId: string) {
      return db
        .selectFrom('claim_notes as n')
        .leftJoin('operator_users as o', 'o.id', 'n.operator_id')
        .select(['n.id', 'n.body', 'n.created_at', 'o.name as operator'])
        .where('n.claim_id', '=', claimId)
        .orderBy('n.created_at')
        .orderBy('n.id')
        .execute();
    },
    audit(entityIds: string[]) {
      return db
        .selectFrom('audit_events as a')
        .leftJoin('operator_users as o', 'o.id', 'a.actor')
        .select([
          'a.id',
          'a.action',
          'a.entity',
          'a.entity_id',
          'a.detail',
          'a.created_at',
          'o.name as operator',
        ])
        .where('a.entity_id', 'in', entityIds)
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id')
        .limit(200)
        .execute();
    },
  };
}

export type AdminClaimsRepository = ReturnType<typeof createAdminClaimsRepository>;
