// The back-office's reports (D22): claims by affiliate, and the audit log.
import type { Kysely } from 'kysely';
import { CLAIM_STATUSES } from '@taxback/domain';
import type { AuditQuery } from '@taxback/domain/admin-schemas';
import { generalClaimReference } from '@taxback/domain/reference';
import type { Database } from '../../db/database.ts';
import { fromJsonText } from '../../db/values.ts';
import { auditEventsWithOperator } from '../operators/index.ts';
import { nextDay } from '../casework/index.ts';

type Db = Kysely<Database>;

export interface AffiliateRow {
  affiliate: string;
  started: number;
  submitted: number;
  byStatus: Record<string, number>;
  estimatedTotal: number;
  repaidPence: number;
  conversion: number | null;
}

/**
 * Per affiliate and date range (by when the claim was started): claims started (mileage drafts
 * included; a general claim starts when submitted), submitted, counts by status, the estimated
 * rebate of submitted mileage claims (basic rate, pounds), HMRC repayments recorded, and conversion.
 */
export async function affiliateReport(
  db: Db,
  range: { from?: string; to?: string },
): Promise<AffiliateRow[]> {
  // Decision 091: read from the per-day roll-up the database keeps (migration 055), by UTC day
  // started, as the claims' own created_at would be read.
  let query = db
    .selectFrom('affiliate_daily')
    .select([
      'affiliate',
      'status',
      (eb) => eb.fn.sum<number | string>('claims').as('n'),
      // Migration 055 holds a submitted claim's estimate only.
      (eb) => eb.fn.sum<number>('estimated').as('estimated'),
      (eb) => eb.fn.sum<number | string>('repaid_pence').as('repaid'),
    ])
    .groupBy(['affiliate', 'status'])
    // A day's row stays at 0 once its claims move on: no claims, no line.
    .having((eb) => eb.fn.sum('claims'), '>', 0);
  if (range.from) query = query.where('day', '>=', range.from);
  if (range.to) query = query.where('day', '<=', range.to);
  const rows = await query.execute();
  const byAffiliate = new Map<string, AffiliateRow>();
  for (const row of rows) {
    const key = row.affiliate === '' ? '(none)' : row.affiliate;
    const entry =
      byAffiliate.get(key) ??
      ({
        affiliate: key,
        started: 0,
        submitted: 0,
        byStatus: Object.fromEntries(CLAIM_STATUSES.map((s) => [s, 0])),
        estimatedTotal: 0,
        repaidPence: 0,
        conversion: null,
      } as AffiliateRow);
    const n = Number(row.n);
    entry.started += n;
    if (row.status !== 'draft') {
      entry.submitted += n;
      entry.byStatus[row.status] = (entry.byStatus[row.status] ?? 0) + n;
    }
    entry.estimatedTotal += Number(row.estimated);
    entry.repaidPence += Number(row.repaid);
    byAffiliate.set(key, entry);
  }
  return [...byAffiliate.values()]
    .map((e) => ({
      ...e,
      // Pounds and pence: the roll-up's sums of decimal estimates carry float dust.
      estimatedTotal: Math.round(e.estimatedTotal * 100) / 100,
      conversion: e.started === 0 ? null : Math.round((e.submitted / e.started) * 1000) / 10,
    }))
    .sort((a, b) => a.affiliate.localeCompare(b.affiliate));
}

export const AUDIT_PAGE_SIZE = 100;

/** The audit log for admins, newest first, filterable by operator, action and date. */
export async function auditLog(db: Db, query: AuditQuery) {
  // Issue 32.5: what an event is about by its name: a claim's reference, an operator's name.
  let q = auditEventsWithOperator(db)
    .leftJoin('onboarding_claims as oc', 'oc.id', 'a.entity_id')
    .leftJoin('form_responses as fr', 'fr.id', 'a.entity_id')
    .leftJoin('operator_users as subject', 'subject.id', 'a.entity_id')
    .select([
      'oc.submission_reference',
      'fr.id as general_id',
      'fr.reference as general_reference',
      'subject.name as subject_name',
    ]);
  if (query.actor) q = q.where('a.actor', '=', query.actor);
  if (query.action) q = q.where('a.action', '=', query.action);
  if (query.from) q = q.where('a.created_at', '>=', `${query.from}T00:00:00.000Z`);
  if (query.to) q = q.where('a.created_at', '<', nextDay(query.to));
  const rows = await q
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((query.page - 1) * AUDIT_PAGE_SIZE)
    .execute();
  return {
    events: rows.slice(0, AUDIT_PAGE_SIZE).map((r) => ({
      id: r.id,
      actor: r.actor,
      operator: r.operator,
      action: r.action,
      entity: r.entity,
      entityId: r.entity_id,
      subject:
        r.entity === 'claim'
          ? (r.submission_reference ??
            (r.general_id
              ? generalClaimReference({ id: r.general_id, reference: r.general_reference })
              : null))
          : r.entity === 'operator'
            ? r.subject_name
            : null,
      detail: fromJsonText<Record<string, unknown> | null>(r.detail, null),
      at: r.created_at,
    })),
    page: query.page,
    hasMore: rows.length > AUDIT_PAGE_SIZE,
  };
}
