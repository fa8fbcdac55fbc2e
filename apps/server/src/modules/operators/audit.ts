import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuditAction } from '@taxback/domain/admin-schemas';
import type { Database } from '../../db/database.ts';
import { nowIso, toJsonText } from '../../db/values.ts';

type Db = Kysely<Database>;

export interface AuditEntry {
  /** Operator id, or 'anonymous' for a sign-in with an unknown email. */
  actor: string;
  action: AuditAction;
  entity: 'operator' | 'claim' | 'file' | 'claims' | 'report' | 'call-backs' | 'job';
  entityId: string;
  /** Never personal data beyond what the operator already sees. */
  detail?: Record<string, unknown>;
}

/**
 * The append-only audit trail (D22): this module only ever inserts into audit_events, and nothing
 * in the code base updates or deletes its rows.
 */
export function createAuditLog(db: Db, now: () => Date) {
  return {
    async record(entry: AuditEntry, trx: Db = db): Promise<void> {
      await trx
        .insertInto('audit_events')
        .values({
          id: randomUUID(),
          actor: entry.actor,
          action: entry.action,
          entity: entry.entity,
          entity_id: entry.entityId,
          detail: toJsonText(entry.detail ?? null),
          created_at: nowIso(now()),
        })
        .execute();
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;

/** Audit events with the acting operator's name (null for a failed sign-in by an unknown email). */
export function auditEventsWithOperator(db: Kysely<Database>) {
  return db
    .selectFrom('audit_events as a')
    .leftJoin('operator_users as o', 'o.id', 'a.actor')
    .select([
      'a.id',
      'a.actor',
      'a.action',
      'a.entity',
      'a.entity_id',
      'a.detail',
      'a.created_at',
      'o.name as operator',
    ]);
}
